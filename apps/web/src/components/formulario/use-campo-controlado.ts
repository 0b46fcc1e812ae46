import type { ReactNode } from 'react';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';

/** What every field component of a react-hook-form form takes besides its own props. */
export interface CampoControladoProps<T extends FieldValues, C, R> {
  control: Control<T, C, R>;
  name: FieldPath<T>;
  /** Shown below the field while it has no error. */
  textoAjuda?: ReactNode;
}

/**
 * The field a controlled component shows: its value and handlers, whether it is invalid, its error, and what to say
 * below it (the error's message, or else `textoAjuda`).
 */
export function useCampoControlado<T extends FieldValues, C, R>({
  control,
  name,
  textoAjuda,
}: CampoControladoProps<T, C, R>) {
  const { field, fieldState } = useController({ control, name });
  return {
    field,
    invalido: fieldState.invalid,
    erro: fieldState.error,
    ajuda: fieldState.error?.message ?? textoAjuda,
  };
}
