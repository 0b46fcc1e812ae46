import { TAMANHO_MAXIMO_JUSTIFICATIVA } from '@tramite/shared';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { CampoTextoControlado } from '../../components/formulario/CampoTextoControlado';

interface CampoJustificativaProps<T extends FieldValues, C, R> {
  control: Control<T, C, R>;
  name: FieldPath<T>;
  rotulo: string;
}

/** The justification an edit or a cancellation of a peça requires: kept in the peça's history. */
export function CampoJustificativa<T extends FieldValues, C, R>({
  rotulo,
  ...campo
}: CampoJustificativaProps<T, C, R>) {
  return (
    <CampoTextoControlado
      {...campo}
      label={rotulo}
      required
      fullWidth
      multiline
      minRows={2}
      maxLength={TAMANHO_MAXIMO_JUSTIFICATIVA}
    />
  );
}
