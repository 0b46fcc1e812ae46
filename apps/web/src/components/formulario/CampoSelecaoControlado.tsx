import { MenuItem, TextField, type TextFieldProps } from '@mui/material';
import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { escolhaDaOpcao } from './escolha-opcao';
import { type CampoControladoProps, useCampoControlado } from './use-campo-controlado';

export interface OpcaoSelecao<V extends string | number> {
  valor: V;
  rotulo: ReactNode;
  desabilitada?: boolean;
}

type CampoSelecaoControladoProps<T extends FieldValues, C, R, V extends string | number> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'helperText' | 'select' | 'label' | 'children'
> &
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

/**
 * A list of a react-hook-form form: the field holds the chosen option's own value (number or text) or null; a value
 * that is not among the options (not loaded yet, or no longer offered) shows as empty.
 */
export function CampoSelecaoControlado<T extends FieldValues, C, R, V extends string | number>(
  props: CampoSelecaoControladoProps<T, C, R, V>,
) {
  const { control, name, rotulo, opcoes, rotuloVazio, textoAjuda, textoErro, aoMudar, erro, ...propriedades } = props;
  const { field, invalido, erro: erroCampo, ajuda } = useCampoControlado(props);
  return (
    <TextField
      {...propriedades}
      select
      label={rotulo}
      name={field.name}
      {...escolhaDaOpcao(opcoes, field, aoMudar)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={invalido || erro === true}
      helperText={(erroCampo && textoErro) ?? ajuda}
    >
      {rotuloVazio !== undefined && (
        <MenuItem value="">
          <em>{rotuloVazio}</em>
        </MenuItem>
      )}
      {opcoes.map((opcao) => (
        <MenuItem key={String(opcao.valor)} value={String(opcao.valor)} disabled={opcao.desabilitada}>
          {opcao.rotulo}
        </MenuItem>
      ))}
    </TextField>
  );
}
