import { TextField, type TextFieldProps } from '@mui/material';
import type { InputHTMLAttributes } from 'react';
import type { FieldValues } from 'react-hook-form';
import { type CampoControladoProps, useCampoControlado } from './use-campo-controlado';

type CampoTextoControladoProps<T extends FieldValues, C, R> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'helperText'
> &
  CampoControladoProps<T, C, R> & {
    maxLength: number;
    /** More attributes of the input element itself (inputMode, spellCheck, min...), besides `maxLength`. */
    atributosEntrada?: Omit<InputHTMLAttributes<HTMLInputElement>, 'maxLength'>;
    /** Marks the field invalid besides its own error (a rule the screen checks as the text is typed). */
    erro?: boolean;
    /** Runs after the text changes, e.g. to clear a message about the previous one. */
    aoMudar?: (texto: string) => void;
  };

/** A text field of a react-hook-form form: its error message, or else `textoAjuda`, below it. */
export function CampoTextoControlado<T extends FieldValues, C, R>(props: CampoTextoControladoProps<T, C, R>) {
  const { control, name, textoAjuda, maxLength, atributosEntrada, erro = false, aoMudar, ...propriedades } = props;
  const { field, invalido, ajuda } = useCampoControlado(props);
  return (
    <TextField
      {...propriedades}
      {...field}
      value={field.value ?? ''}
      onChange={(evento) => {
        field.onChange(evento);
        aoMudar?.(evento.target.value);
      }}
      error={invalido || erro}
      helperText={ajuda}
      slotProps={{ htmlInput: { ...atributosEntrada, maxLength } }}
    />
  );
}
