import { MenuItem, TextField, type TextFieldProps } from '@mui/material';
import type { ReactNode } from 'react';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { escolhaDaOpcao } from './escolha-opcao';

export interface OpcaoSelecao<V extends string | number> {
  valor: V;
  rotulo: ReactNode;
  desabilitada?: boolean;
}

type CampoSelecaoControladoProps<T extends FieldValues, C, R, V extends string | number> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'helperText' | 'select' | 'label' | 'children'
> & {
  control: Control<T, C, R>;
  name: FieldPath<T>;
  rotulo: string;
  opcoes: readonly OpcaoSelecao<V>[];
  /** When given, a first option with this label clears the field (its value becomes null). */
  rotuloVazio?: ReactNode;
  /** Shown below the field while it has no error. */
  textoAjuda?: ReactNode;
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
export function CampoSelecaoControlado<T extends FieldValues, C, R, V extends string | number>({
  control,
  name,
  rotulo,
  opcoes,
  rotuloVazio,
  textoAjuda,
  textoErro,
  aoMudar,
  erro,
  ...propriedades
}: CampoSelecaoControladoProps<T, C, R, V>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...propriedades}
          select
          label={rotulo}
          name={field.name}
          {...escolhaDaOpcao(opcoes, field, aoMudar)}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={fieldState.invalid || erro === true}
          helperText={(fieldState.error && textoErro) ?? fieldState.error?.message ?? textoAjuda}
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
      )}
    />
  );
}
