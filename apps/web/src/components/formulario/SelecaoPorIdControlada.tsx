import type { FieldValues } from 'react-hook-form';
import type { SelecaoPorIdLeve, SelecaoPorIdProps } from '../SelecaoPorIdLeve';
import { type CampoControladoProps, useCampoControlado } from './use-campo-controlado';

type SelecaoPorIdControladaProps<T extends FieldValues, C, R, E extends { id: number }> = Omit<
  SelecaoPorIdProps<E>,
  'valor' | 'aoMudar' | 'erro' | 'textoAjuda'
> &
  CampoControladoProps<T, C, R> & {
    /** Runs after the choice changes, e.g. to clear a field that depends on this one. */
    aoMudar?: (valor: number | null) => void;
    /** Marks the field invalid though its value is not (a rule about several fields, whose message the screen shows). */
    erro?: boolean;
    /** The list: SelecaoPorId, or SelecaoPorIdLeve on a first screen (issue 23). */
    Selecao: typeof SelecaoPorIdLeve;
  };

/** An entity list (id or null) of a react-hook-form form: its error message, or else `textoAjuda`, below it. */
export function SelecaoPorIdControlada<T extends FieldValues, C, R, E extends { id: number }>(
  props: SelecaoPorIdControladaProps<T, C, R, E>,
) {
  const { control, name, textoAjuda, aoMudar, erro = false, Selecao, ...propriedades } = props;
  const { field, invalido, ajuda } = useCampoControlado(props);
  return (
    <Selecao
      {...propriedades}
      valor={typeof field.value === 'number' ? field.value : null}
      aoMudar={(valor) => {
        field.onChange(valor);
        aoMudar?.(valor);
      }}
      erro={invalido || erro}
      textoAjuda={ajuda}
    />
  );
}
