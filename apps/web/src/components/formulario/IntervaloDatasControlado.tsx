import type { ComponentProps } from 'react';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { IntervaloDatas } from '../IntervaloDatas';

type IntervaloDatasControladoProps<T extends FieldValues, C, R> = Omit<
  ComponentProps<typeof IntervaloDatas>,
  'valor' | 'aoMudar'
> & {
  control: Control<T, C, R>;
  /** The two fields (YYYY-MM-DD, '' when empty), named as the API names them. */
  nomeInicio: FieldPath<T>;
  nomeFim: FieldPath<T>;
};

/**
 * A start and an end date of a react-hook-form form, in one fieldset. Both are marked invalid when either field is,
 * or when `erro` says so (a rule about the pair, whose message the screen shows).
 */
export function IntervaloDatasControlado<T extends FieldValues, C, R>({
  control,
  nomeInicio,
  nomeFim,
  erro,
  ...propriedades
}: IntervaloDatasControladoProps<T, C, R>) {
  const inicio = useController({ control, name: nomeInicio });
  const fim = useController({ control, name: nomeFim });
  return (
    <IntervaloDatas
      {...propriedades}
      valor={{ inicio: inicio.field.value ?? '', fim: fim.field.value ?? '' }}
      aoMudar={(valor) => {
        if (valor.inicio !== inicio.field.value) inicio.field.onChange(valor.inicio);
        if (valor.fim !== fim.field.value) fim.field.onChange(valor.fim);
      }}
      erro={erro || inicio.fieldState.invalid || fim.fieldState.invalid}
    />
  );
}
