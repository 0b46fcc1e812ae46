import { TextField, type TextFieldProps } from '@mui/material';
import type { InputHTMLAttributes } from 'react';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';

type CampoTextoControladoProps<T extends FieldValues, C, R> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'helperText'
> & {
  control: Control<T, C, R>;
  name: FieldPath<T>;
  maxLength: number;
  /** Shown below the field while it has no error. */
  textoAjuda?: string;
  /** More attributes of the input element itself (inputMode, spellCheck, min...), besides `maxLength`. */
  atributosEntrada?: Omit<InputHTMLAttributes<HTMLInputElement>, 'maxLength'>;
  /** Marks the field invalid besides its own error (a rule the screen checks as the text is typed). */
  erro?: boolean;
  /** Runs after the text changes, e.g. to clear a message about the previous one. */
  aoMudar?: (texto: string) => void;
};

/** A text field of a react-hook-form form: its error message, or else `textoAjuda`, below it. */
export function CampoTextoControlado<T extends FieldValues, C, R>({
  control,
  name,
  maxLength,
  textoAjuda,
  atributosEntrada,
  erro = false,
  aoMudar,
  ...propriedades
}: CampoTextoControladoProps<T, C, R>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...propriedades}
          {...field}
          value={field.value ?? ''}
          onChange={(evento) => {
            field.onChange(evento);
            aoMudar?.(evento.target.value);
          }}
          error={fieldState.invalid || erro}
          helperText={fieldState.error?.message ?? textoAjuda}
          slotProps={{ htmlInput: { ...atributosEntrada, maxLength } }}
        />
      )}
    />
  );
}
