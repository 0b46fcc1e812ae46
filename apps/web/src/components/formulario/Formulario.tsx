import { Box, type SxProps, type Theme } from '@mui/material';
import type { ComponentProps, ReactNode } from 'react';
import {
  type FieldValues,
  FormProvider,
  type SubmitErrorHandler,
  type SubmitHandler,
  type UseFormReturn,
} from 'react-hook-form';

type FormularioProps<T extends FieldValues, C, R extends FieldValues> = Omit<
  ComponentProps<'form'>,
  'onSubmit' | 'noValidate' | 'ref'
> & {
  /** What `useForm` returned: its fields are available below through `useFormContext` too. */
  formulario: UseFormReturn<T, C, R>;
  /** Called with the resolver's output once every field is valid. */
  aoEnviar: SubmitHandler<R>;
  /** Called with the field errors when a field is invalid (e.g. to put the first message in the snackbar). */
  aoInvalidar?: SubmitErrorHandler<T>;
  sx?: SxProps<Theme>;
  children: ReactNode;
};

/**
 * The one way a screen writes a form: react-hook-form validated by a resolver built from the shared zod schema,
 * the browser's own validation off (the messages are the specification's, under each field), submit by Enter or by
 * the form's submit button.
 */
export function Formulario<T extends FieldValues, C, R extends FieldValues>({
  formulario,
  aoEnviar,
  aoInvalidar,
  children,
  ...propriedades
}: FormularioProps<T, C, R>) {
  return (
    <FormProvider {...formulario}>
      <Box component="form" noValidate onSubmit={formulario.handleSubmit(aoEnviar, aoInvalidar)} {...propriedades}>
        {children}
      </Box>
    </FormProvider>
  );
}
