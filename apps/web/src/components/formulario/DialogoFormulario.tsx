import { Dialog, DialogContentText, DialogTitle } from '@mui/material';
import { type ReactNode, useId } from 'react';
import { FormularioDialogo, type FormularioDialogoProps } from './FormularioDialogo';

type DialogoFormularioProps = Omit<FormularioDialogoProps, 'idTitulo'> & {
  titulo: string;
  /** What the dialog is about, above the fields; read by screen readers as the dialog's description. */
  descricao?: ReactNode;
  /** Spreads the dialog up to this width. */
  largura?: 'sm' | 'md';
  testId?: string;
};

/**
 * An open dialog holding one form: title, description, the fields and the form's two buttons. Escape and a click
 * outside count as the other button, and wait with it while `bloquearCancelar` and `enviando`.
 */
export function DialogoFormulario({
  titulo,
  descricao,
  largura,
  testId,
  children,
  ...formulario
}: DialogoFormularioProps) {
  const id = useId();
  const { aoCancelar, enviando, bloquearCancelar } = formulario;
  return (
    <Dialog
      open
      onClose={() => {
        if (!(bloquearCancelar && enviando)) aoCancelar();
      }}
      aria-labelledby={`${id}-titulo`}
      aria-describedby={descricao ? `${id}-descricao` : undefined}
      fullWidth={largura !== undefined}
      maxWidth={largura}
      data-testid={testId}
    >
      <DialogTitle id={`${id}-titulo`}>{titulo}</DialogTitle>
      <FormularioDialogo idTitulo={`${id}-titulo`} {...formulario}>
        {descricao ? (
          <DialogContentText id={`${id}-descricao`} sx={{ overflowWrap: 'anywhere' }}>
            {descricao}
          </DialogContentText>
        ) : null}
        {children}
      </FormularioDialogo>
    </Dialog>
  );
}
