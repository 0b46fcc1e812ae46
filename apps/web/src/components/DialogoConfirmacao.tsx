import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { type ReactNode, useId } from 'react';

interface DialogoConfirmacaoProps {
  aberto: boolean;
  titulo: string;
  /** What is about to happen, read by screen readers as the dialog's description. */
  children: ReactNode;
  rotuloConfirmar?: string;
  /** Disables both buttons while the confirmed action runs. */
  ocupado?: boolean;
  aoConfirmar: () => void;
  aoCancelar: () => void;
}

/** Spec §5 "Confirmations": every confirmation offers 'Cancelar' and a confirm button. Escape cancels. */
export function DialogoConfirmacao({
  aberto,
  titulo,
  children,
  rotuloConfirmar = 'Confirmar',
  ocupado = false,
  aoConfirmar,
  aoCancelar,
}: DialogoConfirmacaoProps) {
  const id = useId();
  return (
    <Dialog
      open={aberto}
      onClose={() => {
        if (!ocupado) aoCancelar();
      }}
      aria-labelledby={`${id}-titulo`}
      aria-describedby={`${id}-descricao`}
      data-testid="dialogo-confirmacao"
    >
      <DialogTitle id={`${id}-titulo`}>{titulo}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-descricao`} component="div">
          {children}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={aoCancelar} disabled={ocupado} autoFocus>
          Cancelar
        </Button>
        <Button onClick={aoConfirmar} disabled={ocupado} variant="contained">
          {rotuloConfirmar}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
