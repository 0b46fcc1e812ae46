import { Alert } from '@mui/material';
import type { useAssistente } from '../../components/EtapaAssistente';

/** The wizard: its step, the step's error, the move to another step and the title focused after it. */
export type Assistente = ReturnType<typeof useAssistente>;

/** The current step's error, below its fields; nothing while there is none. */
export function AlertaEtapa({ assistente }: { assistente: Assistente }) {
  return assistente.erro ? (
    <Alert severity="error" role="status" data-testid="erro-etapa">
      {assistente.erro}
    </Alert>
  ) : null;
}
