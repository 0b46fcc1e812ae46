import type { ComponentType } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { CampoDataProps } from '../CampoDataLeve';
import { type CampoControladoProps, useCampoControlado } from './use-campo-controlado';

type CampoDataControladoProps<T extends FieldValues, C, R> = Omit<
  CampoDataProps,
  'valor' | 'aoMudar' | 'erro' | 'textoAjuda'
> &
  CampoControladoProps<T, C, R> & {
    /** The date field: CampoData, or CampoDataLeve on a first screen (issue 23). */
    Campo: ComponentType<CampoDataProps>;
  };

/** A date field (YYYY-MM-DD, '' when empty) of a react-hook-form form: its error message, or else `textoAjuda`. */
export function CampoDataControlado<T extends FieldValues, C, R>(props: CampoDataControladoProps<T, C, R>) {
  const { control, name, textoAjuda, Campo, ...propriedades } = props;
  const { field, invalido, ajuda } = useCampoControlado(props);
  return (
    <Campo
      {...propriedades}
      valor={field.value ?? ''}
      aoMudar={field.onChange}
      erro={invalido || undefined}
      textoAjuda={ajuda}
    />
  );
}
