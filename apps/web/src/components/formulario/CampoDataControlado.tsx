import type { FieldValues } from 'react-hook-form';
import { CampoData } from '../CampoData';
import type { CampoDataProps } from '../CampoDataLeve';
import { type CampoControladoProps, useCampoControlado } from './use-campo-controlado';

type CampoDataControladoProps<T extends FieldValues, C, R> = Omit<
  CampoDataProps,
  'valor' | 'aoMudar' | 'erro' | 'textoAjuda'
> &
  CampoControladoProps<T, C, R>;

/** A date field (YYYY-MM-DD, '' when empty) of a react-hook-form form: its error message, or else `textoAjuda`. */
export function CampoDataControlado<T extends FieldValues, C, R>(props: CampoDataControladoProps<T, C, R>) {
  const { control, name, textoAjuda, ...propriedades } = props;
  const { field, invalido, ajuda } = useCampoControlado(props);
  return (
    <CampoData
      {...propriedades}
      valor={field.value ?? ''}
      aoMudar={field.onChange}
      erro={invalido || undefined}
      textoAjuda={ajuda}
    />
  );
}
