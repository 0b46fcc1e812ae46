import { TAMANHO_MAXIMO_DESPACHO } from '@tramite/shared';
import type { ComponentProps } from 'react';
import type { FieldValues } from 'react-hook-form';
import { CampoTextoControlado } from './formulario/CampoTextoControlado';

type CampoDespachoProps<T extends FieldValues, C, R> = Omit<
  ComponentProps<typeof CampoTextoControlado<T, C, R>>,
  'maxLength' | 'multiline' | 'minRows' | 'fullWidth'
> & {
  /** Rows shown before it grows: 4 when omitted. */
  linhas?: number;
};

/** A despacho (or despacho preparatório) of a forwarding form: several lines, as long as the API takes. */
export function CampoDespacho<T extends FieldValues, C, R>({
  linhas = 4,
  ...propriedades
}: CampoDespachoProps<T, C, R>) {
  return (
    <CampoTextoControlado {...propriedades} multiline minRows={linhas} fullWidth maxLength={TAMANHO_MAXIMO_DESPACHO} />
  );
}
