import { Button, DialogActions, DialogContent, Stack } from '@mui/material';
import type { FormEvent, ReactNode } from 'react';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ErroHttp } from '../lib/api';

/** The fields a refused save names (`campo` or `body.campo`) get the server's message under them. */
export function marcarErrosDoServidor<T extends FieldValues>(
  erro: unknown,
  campos: readonly FieldPath<T>[],
  setError: UseFormSetError<T>,
): void {
  if (!(erro instanceof ErroHttp)) return;
  for (const { campo, mensagem } of erro.erros) {
    const nome = campos.find((candidato) => campo === candidato || campo === `body.${candidato}`);
    if (nome) setError(nome, { type: 'server', message: mensagem });
  }
}

interface FormularioDialogoProps {
  /** The id of the dialog's title, which also names the form. */
  idTitulo: string;
  aoEnviar: (evento: FormEvent) => void;
  aoCancelar: () => void;
  enviando: boolean;
  /** The fields, stacked. */
  children: ReactNode;
}

/** The form inside an edit dialog: the fields, then "Cancelar" and "Salvar". */
export function FormularioDialogo({ idTitulo, aoEnviar, aoCancelar, enviando, children }: FormularioDialogoProps) {
  return (
    <form noValidate onSubmit={aoEnviar} aria-labelledby={idTitulo}>
      <DialogContent>
        <Stack spacing={3} sx={{ pt: 1 }}>
          {children}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={aoCancelar}>Cancelar</Button>
        <Button type="submit" variant="contained" disabled={enviando}>
          Salvar
        </Button>
      </DialogActions>
    </form>
  );
}
