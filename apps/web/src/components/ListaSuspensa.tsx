import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import {
  type FormHelperTextProps,
  InputBase,
  type InputBaseComponentProps,
  type SxProps,
  type Theme,
} from '@mui/material';
import {
  type FocusEvent,
  forwardRef,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type Ref,
  useState,
} from 'react';
import { criarCargaNoGesto } from '../lib/carga-no-gesto';
import { CampoTextoLeve } from './CampoTextoLeve';

export interface OpcaoLista {
  valor: string;
  rotulo: string;
}

export interface ListaSuspensaProps {
  id: string;
  /** The field's label (the outlined look). */
  rotulo?: string;
  /** The compact look: the id of the text outside that names the list (a pager's "Documentos por página:"). */
  idRotuloExterno?: string;
  /** '' chooses nothing: the label stays inside the field, as in MUI's Select. */
  valor: string;
  opcoes: readonly OpcaoLista[];
  aoMudar: (valor: string) => void;
  erro?: boolean;
  textoAjuda?: ReactNode;
  /** The pager's look: no outline, body text, beside its label. */
  compacta?: boolean;
}

// MUI's Select, with its Menu, Popover and Modal (some 14 KB compressed), loads at the user's first gesture on the
// page, not with the first screen (issue 23).
const cargaCompleta = criarCargaNoGesto(async () => (await import('./ListaSuspensaCompleta')).ListaSuspensaCompleta);

interface PropsExibicao extends InputBaseComponentProps {
  texto: ReactNode;
  idRotulo: string;
  aoPedir: () => void;
}

const TECLAS_QUE_ABREM = [' ', 'Enter', 'ArrowDown', 'ArrowUp'];

/**
 * What MUI's Select shows in place of the `<input>` (its SelectInput's display): the chosen option's text in a
 * focusable combobox named by the label, which asks for the list on a click or on the keys that open it.
 */
const ExibicaoLista = forwardRef<HTMLDivElement, PropsExibicao>(function ExibicaoLista(props, ref) {
  const { id, className, texto, idRotulo, aoPedir, onFocus, onBlur, disabled } = props;
  return (
    <div
      ref={ref}
      id={id}
      className={className}
      role="combobox"
      tabIndex={disabled ? -1 : 0}
      aria-haspopup="listbox"
      aria-expanded="false"
      aria-disabled={disabled ? 'true' : undefined}
      aria-labelledby={`${idRotulo} ${id}`}
      aria-describedby={props['aria-describedby']}
      aria-invalid={props['aria-invalid']}
      onFocus={onFocus as (evento: FocusEvent<HTMLDivElement>) => void}
      onBlur={onBlur as (evento: FocusEvent<HTMLDivElement>) => void}
      onMouseDown={(evento: MouseEvent) => {
        if (evento.button === 0 && !disabled) aoPedir();
      }}
      onKeyDown={(evento: KeyboardEvent) => {
        if (!TECLAS_QUE_ABREM.includes(evento.key) || disabled) return;
        evento.preventDefault();
        aoPedir();
      }}
    >
      {texto || (
        <span className="notranslate" aria-hidden="true">
          &#8203;
        </span>
      )}
    </div>
  );
});

// MUI's SelectSelect and SelectIcon, on the light field's parts: the same text box and arrow.
const DISPLAY = {
  cursor: 'pointer',
  userSelect: 'none',
  height: 'auto',
  minHeight: '1.4375em',
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
} as const;
const icone = (direita: number) => (
  <ArrowDropDown
    className="MuiSelect-icon"
    sx={{
      position: 'absolute',
      right: direita,
      top: 'calc(50% - .5em)',
      pointerEvents: 'none',
      color: 'action.active',
    }}
  />
);

/**
 * A list of options to choose one (MUI's Select, as a TextField `select` or the pager's compact one). Until MUI's
 * Select is loaded it is its stand-in, of the same look, text, name and keyboard focus; a click or an opening key
 * before it arrives opens the list when it does, so no choice is lost.
 */
export function ListaSuspensa(props: ListaSuspensaProps) {
  const Completa = cargaCompleta.useModulo();
  const [pedido, setPedido] = useState({ focar: false, abrir: false });
  if (Completa) return <Completa {...props} {...pedido} />;
  const { id, rotulo, idRotuloExterno, valor, opcoes, erro, textoAjuda, compacta } = props;
  const texto = valor === '' ? '' : (opcoes.find((opcao) => opcao.valor === valor)?.rotulo ?? '');
  const exibicao = {
    texto,
    idRotulo: idRotuloExterno ?? `${id}-label`,
    aoPedir: () => {
      setPedido({ focar: true, abrir: true });
      void cargaCompleta.carregar();
    },
  };
  const aoFocar = () => {
    setPedido((atual) => (atual.focar ? atual : { focar: true, abrir: false }));
    void cargaCompleta.carregar();
  };
  const aoSair = () => setPedido({ focar: false, abrir: false });
  if (compacta) {
    return (
      <InputBase
        id={id}
        value={valor}
        inputComponent={ExibicaoLista as never}
        inputProps={exibicao}
        onFocus={aoFocar}
        onBlur={aoSair}
        endAdornment={icone(0)}
        sx={{ typography: 'body2', '& .MuiInputBase-input': { ...DISPLAY, py: 0.5, pl: 1, pr: 3 } }}
      />
    );
  }
  return (
    <CampoListaLeve
      id={id}
      rotulo={rotulo}
      valor={valor}
      texto={texto}
      erro={erro}
      textoAjuda={textoAjuda}
      aoPedir={exibicao.aoPedir}
      aoFocar={aoFocar}
      aoSair={aoSair}
    />
  );
}

export interface CampoListaLeveProps {
  id: string;
  rotulo?: ReactNode;
  valor: string;
  /** What the chosen option shows ('' or nothing when none is). */
  texto: ReactNode;
  aoPedir: () => void;
  aoFocar: () => void;
  aoSair: () => void;
  erro?: boolean;
  textoAjuda?: ReactNode;
  obrigatoria?: boolean;
  desabilitada?: boolean;
  /** As TextField's `fullWidth`: true unless said otherwise. */
  larguraTotal?: boolean;
  sx?: SxProps<Theme>;
  /** What focuses the list (react-hook-form's field ref, as MUI's Select takes it through `inputRef`). */
  refExibicao?: Ref<HTMLDivElement>;
  slotProps?: { htmlInput?: InputBaseComponentProps; formHelperText?: Partial<FormHelperTextProps> };
}

/**
 * The outlined look of MUI's TextField `select` before its Select is loaded: the chosen option's text in the
 * combobox stand-in (ExibicaoLista), its label, helper text, required mark and error (ListaSuspensa and the lists of
 * the forms, CampoSelecaoControlado).
 */
export function CampoListaLeve(props: CampoListaLeveProps) {
  const { id, rotulo, valor, texto, aoPedir, erro, textoAjuda, slotProps, larguraTotal = true, sx } = props;
  return (
    <CampoTextoLeve
      id={id}
      label={rotulo}
      value={valor}
      error={erro}
      required={props.obrigatoria}
      disabled={props.desabilitada}
      helperText={textoAjuda}
      fullWidth={larguraTotal}
      onFocus={props.aoFocar}
      onBlur={props.aoSair}
      inputRef={props.refExibicao as Ref<never>}
      sx={[
        { '& .MuiOutlinedInput-input': { ...DISPLAY, pr: '32px' } },
        ...(sx === undefined ? [] : Array.isArray(sx) ? sx : [sx]),
      ]}
      slotProps={{
        htmlInput: { ...slotProps?.htmlInput, texto, idRotulo: `${id}-label`, aoPedir },
        input: { inputComponent: ExibicaoLista as never, endAdornment: icone(7) },
        formHelperText: slotProps?.formHelperText,
      }}
    />
  );
}
