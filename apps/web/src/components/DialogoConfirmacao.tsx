import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { type ReactNode, useId, useRef, useState } from 'react';

interface DialogoConfirmacaoProps {
  aberto: boolean;
  titulo: string;
  /** What is about to happen, read by screen readers as the dialog's description. */
  children: ReactNode;
  rotuloConfirmar?: string;
  /** The button that gives up; 'Cancelar' unless told. */
  rotuloCancelar?: string;
  /** Disables both buttons (an action the caller runs elsewhere is still running). */
  ocupado?: boolean;
  /**
   * The confirmed action. When it returns a promise, both buttons stay disabled until it settles, and a second click
   * (a double click) does nothing: the action runs once.
   */
  aoConfirmar: () => unknown;
  aoCancelar: () => void;
}

/** Spec §5 "Confirmations": every confirmation offers 'Cancelar' and a confirm button. Escape cancels. */
export function DialogoConfirmacao({
  aberto,
  titulo,
  children,
  rotuloConfirmar = 'Confirmar',
  rotuloCancelar = 'Cancelar',
  ocupado = false,
  aoConfirmar,
  aoCancelar,
}: DialogoConfirmacaoProps) {
  const id = useId();
  // The ref stops a second click of the same double click, which comes before React renders the disabled button.
  const emAndamento = useRef(false);
  const [confirmando, setConfirmando] = useState(false);
  const desabilitado = ocupado || confirmando;

  async function confirmar() {
    if (emAndamento.current) return;
    emAndamento.current = true;
    setConfirmando(true);
    try {
      await aoConfirmar();
    } finally {
      emAndamento.current = false;
      setConfirmando(false);
    }
  }

  return (
    <Dialog
      open={aberto}
      onClose={() => {
        if (!desabilitado) aoCancelar();
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
        <Button onClick={aoCancelar} disabled={desabilitado} autoFocus>
          {rotuloCancelar}
        </Button>
        <Button onClick={() => void confirmar()} disabled={desabilitado} variant="contained">
          {rotuloConfirmar}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
