import { TextField, type TextFieldProps } from '@mui/material';
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
};

/** A text field of a react-hook-form form: its error message, or else `textoAjuda`, below it. */
export function CampoTextoControlado<T extends FieldValues, C, R>({
  control,
  name,
  maxLength,
  textoAjuda,
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
          error={fieldState.invalid}
          helperText={fieldState.error?.message ?? textoAjuda}
          slotProps={{ htmlInput: { maxLength } }}
        />
      )}
    />
  );
}
