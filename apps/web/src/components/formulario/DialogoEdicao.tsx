import { Dialog, DialogTitle } from '@mui/material';
import type { ReactNode } from 'react';

interface DialogoEdicaoProps {
  aberto: boolean;
  /** The title's id, which also names the form inside (`FormularioDialogo`'s `idTitulo`). */
  idTitulo: string;
  titulo: ReactNode;
  aoFechar: () => void;
  /** The form; unmounted once the dialog is closed, so every opening starts a fresh one. */
  children: ReactNode;
}

/** A dialog that edits one thing, opened and closed by the screen; its form is a `FormularioDialogo`. */
export function DialogoEdicao({ aberto, idTitulo, titulo, aoFechar, children }: DialogoEdicaoProps) {
  return (
    <Dialog open={aberto} onClose={aoFechar} aria-labelledby={idTitulo} fullWidth maxWidth="sm">
      <DialogTitle id={idTitulo}>{titulo}</DialogTitle>
      {children}
    </Dialog>
  );
}
