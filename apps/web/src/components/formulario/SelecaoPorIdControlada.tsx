import type { ReactNode } from 'react';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { SelecaoPorId } from '../SelecaoPorId';
import type { SelecaoPorIdProps } from '../SelecaoPorIdLeve';

type SelecaoPorIdControladaProps<T extends FieldValues, C, R, E extends { id: number }> = Omit<
  SelecaoPorIdProps<E>,
  'valor' | 'aoMudar' | 'erro' | 'textoAjuda'
> & {
  control: Control<T, C, R>;
  name: FieldPath<T>;
  /** Shown below the field while it has no error. */
  textoAjuda?: ReactNode;
  /** Runs after the choice changes, e.g. to clear a field that depends on this one. */
  aoMudar?: (valor: number | null) => void;
  /** Marks the field invalid though its value is not (a rule about several fields, whose message the screen shows). */
  erro?: boolean;
};

/** An entity list (id or null) of a react-hook-form form: its error message, or else `textoAjuda`, below it. */
export function SelecaoPorIdControlada<T extends FieldValues, C, R, E extends { id: number }>({
  control,
  name,
  textoAjuda,
  aoMudar,
  erro = false,
  ...propriedades
}: SelecaoPorIdControladaProps<T, C, R, E>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <SelecaoPorId
          {...propriedades}
          valor={typeof field.value === 'number' ? field.value : null}
          aoMudar={(valor) => {
            field.onChange(valor);
            aoMudar?.(valor);
          }}
          erro={fieldState.invalid || erro}
          textoAjuda={fieldState.error?.message ?? textoAjuda}
        />
      )}
    />
  );
}
