import type { FormHelperTextProps, InputBaseComponentProps, SxProps, Theme } from '@mui/material';
import { type ReactNode, useId, useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { criarCargaNoGesto } from '../../lib/carga-no-gesto';
import { CampoListaLeve } from '../ListaSuspensa';
import { escolhaDaOpcao } from './escolha-opcao';
import { type CampoControladoProps, useCampoControlado } from './use-campo-controlado';

export interface OpcaoSelecao<V extends string | number> {
  valor: V;
  rotulo: ReactNode;
  desabilitada?: boolean;
}

/** The TextField props a list of a form takes (the light one honours each of them). */
interface PropsCampo {
  id?: string;
  required?: boolean;
  disabled?: boolean;
  fullWidth?: boolean;
  autoFocus?: boolean;
  sx?: SxProps<Theme>;
  slotProps?: { htmlInput?: InputBaseComponentProps; formHelperText?: Partial<FormHelperTextProps> };
}

type CampoSelecaoControladoProps<T extends FieldValues, C, R, V extends string | number> = PropsCampo &
  CampoControladoProps<T, C, R> & {
    rotulo: string;
    opcoes: readonly OpcaoSelecao<V>[];
    /** When given, a first option with this label clears the field (its value becomes null). */
    rotuloVazio?: ReactNode;
    /** Shown below the field while it is invalid, instead of the error's own message (which the screen says elsewhere). */
    textoErro?: ReactNode;
    /** Runs after the value changes, e.g. to clear a field that depends on this one. */
    aoMudar?: (valor: V | null) => void;
    /** Marks the field invalid though its value is not (e.g. its options failed to load, said in `textoAjuda`). */
    erro?: boolean;
  };

/** What the loaded list (TextField `select`) takes: the field's state, and whether the user already asked for it. */
export interface PropsListaCompleta extends Omit<PropsCampo, 'id'> {
  id: string;
  name: string;
  rotulo: string;
  opcoes: readonly OpcaoSelecao<string | number>[];
  rotuloVazio?: ReactNode;
  valor: string;
  aoEscolher: (valor: string) => void;
  onBlur: () => void;
  inputRef: (elemento: HTMLElement | null) => void;
  error: boolean;
  helperText: ReactNode;
  focar: boolean;
  abrir: boolean;
}

// MUI's Select, with TextField, Menu, Popover and Modal (some 14 KB compressed), loads at the user's first gesture on
// the page, not with the form (issue 23); until then the list is ListaSuspensa's light stand-in, of the same look.
const cargaCompleta = criarCargaNoGesto(
  async () => (await import('./CampoSelecaoControladoCompleto')).CampoSelecaoControladoCompleto,
);

/**
 * A list of a react-hook-form form: the field holds the chosen option's own value (number or text) or null; a value
 * that is not among the options (not loaded yet, or no longer offered) shows as empty.
 */
export function CampoSelecaoControlado<T extends FieldValues, C, R, V extends string | number>(
  props: CampoSelecaoControladoProps<T, C, R, V>,
) {
  const { control, name, rotulo, opcoes, rotuloVazio, textoAjuda, textoErro, aoMudar, erro, ...propriedades } = props;
  const { field, invalido, erro: erroCampo, ajuda } = useCampoControlado(props);
  const Completa = cargaCompleta.useModulo();
  const [pedido, setPedido] = useState({ focar: false, abrir: false });
  const idProprio = useId();
  const id = propriedades.id ?? idProprio;
  const escolha = escolhaDaOpcao(opcoes, field, aoMudar);
  const invalida = invalido || erro === true;
  const textoAbaixo = (erroCampo && textoErro) ?? ajuda;
  if (Completa) {
    return (
      <Completa
        {...propriedades}
        {...pedido}
        id={id}
        name={field.name}
        rotulo={rotulo}
        opcoes={opcoes}
        rotuloVazio={rotuloVazio}
        valor={escolha.value}
        aoEscolher={(valor) => escolha.onChange({ target: { value: valor } })}
        onBlur={field.onBlur}
        inputRef={field.ref}
        error={invalida}
        helperText={textoAbaixo}
      />
    );
  }
  const escolhida = opcoes.find((opcao) => String(opcao.valor) === escolha.value);
  return (
    <CampoListaLeve
      id={id}
      rotulo={rotulo}
      valor={escolha.value}
      texto={escolhida?.rotulo ?? ''}
      erro={invalida}
      textoAjuda={textoAbaixo}
      obrigatoria={propriedades.required}
      desabilitada={propriedades.disabled}
      larguraTotal={propriedades.fullWidth === true}
      sx={propriedades.sx}
      slotProps={propriedades.slotProps}
      refExibicao={field.ref}
      aoPedir={() => {
        setPedido({ focar: true, abrir: true });
        void cargaCompleta.carregar();
      }}
      aoFocar={() => {
        setPedido((atual) => (atual.focar ? atual : { focar: true, abrir: false }));
        void cargaCompleta.carregar();
      }}
      aoSair={() => {
        setPedido({ focar: false, abrir: false });
        field.onBlur();
      }}
    />
  );
}
