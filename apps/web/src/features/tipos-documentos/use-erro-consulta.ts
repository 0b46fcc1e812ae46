import { useEffect } from 'react';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { mensagemComDetalhe } from '../../lib/api';

/** Shows a failed load once as an error snackbar: the screen's message, then the server's when it sent one. */
export function useErroConsulta(erro: Error | null, mensagem: string): void {
  const snackbar = useSnackbar();
  useEffect(() => {
    if (erro) snackbar.erro(mensagemComDetalhe(mensagem, erro));
  }, [erro, mensagem, snackbar]);
}
