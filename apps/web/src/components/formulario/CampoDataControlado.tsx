import type { ReactNode } from 'react';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { CampoData } from '../CampoData';
import type { CampoDataProps } from '../CampoDataLeve';

type CampoDataControladoProps<T extends FieldValues, C, R> = Omit<
  CampoDataProps,
  'valor' | 'aoMudar' | 'erro' | 'textoAjuda'
> & {
  control: Control<T, C, R>;
  name: FieldPath<T>;
  /** Shown below the field while it has no error. */
  textoAjuda?: ReactNode;
};

/** A date field (YYYY-MM-DD, '' when empty) of a react-hook-form form: its error message, or else `textoAjuda`. */
export function CampoDataControlado<T extends FieldValues, C, R>({
  control,
  name,
  textoAjuda,
  ...propriedades
}: CampoDataControladoProps<T, C, R>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <CampoData
          {...propriedades}
          valor={field.value ?? ''}
          aoMudar={field.onChange}
          erro={fieldState.invalid || undefined}
          textoAjuda={fieldState.error?.message ?? textoAjuda}
        />
      )}
    />
  );
}
