import { type InputHTMLAttributes, useId } from 'react';
import type { FieldValues } from 'react-hook-form';
import { CampoTextoLeve, type CampoTextoLeveProps } from '../CampoTextoLeve';
import { type CampoControladoProps, useCampoControlado } from './use-campo-controlado';

type CampoTextoControladoProps<T extends FieldValues, C, R> = Omit<
  CampoTextoLeveProps,
  'id' | 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'helperText' | 'inputRef' | 'ref' | 'slotProps'
> &
  CampoControladoProps<T, C, R> & {
    /** The label's `for` and the tests' handle; one of its own when omitted, as TextField does. */
    id?: string;
    maxLength: number;
    /** More attributes of the input element itself (inputMode, spellCheck, min...), besides `maxLength`. */
    atributosEntrada?: Omit<InputHTMLAttributes<HTMLInputElement>, 'maxLength'>;
    /** Marks the field invalid besides its own error (a rule the screen checks as the text is typed). */
    erro?: boolean;
    /** Runs after the text changes, e.g. to clear a message about the previous one. */
    aoMudar?: (texto: string) => void;
  };

/**
 * A text field of a react-hook-form form: its error message, or else `textoAjuda`, below it. It is CampoTextoLeve,
 * MUI's outlined TextField without the Select that TextField imports (issue 23: some 14 KB the forms never use).
 */
export function CampoTextoControlado<T extends FieldValues, C, R>(props: CampoTextoControladoProps<T, C, R>) {
  const { control, name, textoAjuda, maxLength, atributosEntrada, erro = false, aoMudar, id, ...propriedades } = props;
  const { field, invalido, ajuda } = useCampoControlado(props);
  const idProprio = useId();
  return (
    <CampoTextoLeve
      {...propriedades}
      {...field}
      id={id ?? idProprio}
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
