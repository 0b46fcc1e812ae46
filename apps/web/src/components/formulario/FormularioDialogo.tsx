import { Button, type ButtonProps, DialogActions, DialogContent, Stack } from '@mui/material';
import type { FormEvent, ReactNode } from 'react';

export interface FormularioDialogoProps {
  /** The id of the dialog's title, which also names the form. */
  idTitulo: string;
  aoEnviar: (evento: FormEvent) => void;
  aoCancelar: () => void;
  enviando: boolean;
  /** The fields, stacked. */
  children: ReactNode;
  /** The submit button's label: "Salvar" when omitted. */
  rotuloEnviar?: string;
  /** The other button's label: "Cancelar" when omitted. */
  rotuloCancelar?: string;
  /** The submit button's colour (e.g. 'error' for what cannot be undone). */
  corEnviar?: ButtonProps['color'];
  /** The other button waits too while `enviando` (a dialog not to be left while its request runs). */
  bloquearCancelar?: boolean;
  /** Disables the submit button though nothing is being sent (e.g. while its only field is invalid). */
  envioBloqueado?: boolean;
  /** False: Enter in a one-line field does not send the form, only the submit button does. */
  enviarComEnter?: boolean;
}

/** The form inside an edit dialog: the fields, then "Cancelar" and "Salvar" (or the labels given). */
export function FormularioDialogo({
  idTitulo,
  aoEnviar,
  aoCancelar,
  enviando,
  children,
  rotuloEnviar = 'Salvar',
  rotuloCancelar = 'Cancelar',
  corEnviar,
  bloquearCancelar = false,
  envioBloqueado = false,
  enviarComEnter = true,
}: FormularioDialogoProps) {
  return (
    <form
      noValidate
      onSubmit={aoEnviar}
      onKeyDown={(evento) => {
        if (!enviarComEnter && evento.key === 'Enter' && evento.target instanceof HTMLInputElement) {
          evento.preventDefault();
        }
      }}
      aria-labelledby={idTitulo}
    >
      <DialogContent>
        <Stack spacing={3} sx={{ pt: 1 }}>
          {children}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={aoCancelar} disabled={bloquearCancelar && enviando}>
          {rotuloCancelar}
        </Button>
        <Button type="submit" variant="contained" color={corEnviar} disabled={enviando || envioBloqueado}>
          {rotuloEnviar}
        </Button>
      </DialogActions>
    </form>
  );
}
