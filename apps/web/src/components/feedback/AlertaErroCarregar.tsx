import { Alert, Button } from '@mui/material';

interface AlertaErroCarregarProps {
  /** The list's query: the alert shows while it has failed, and its button asks for the list again. */
  consulta: { isError: boolean; refetch: () => unknown };
  mensagem: string;
}

/** A list that failed to load: the message, and a button that asks for it again. */
export function AlertaErroCarregar({ consulta, mensagem }: AlertaErroCarregarProps) {
  if (!consulta.isError) return null;
  return (
    <Alert
      severity="error"
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" onClick={() => consulta.refetch()}>
          Tentar novamente
        </Button>
      }
    >
      {mensagem}
    </Alert>
  );
}
