import { useEffect } from 'react';
import { useSnackbar } from '../components/feedback/contexto-snackbar';

/** Shows `mensagem` as an error snackbar each time a lookup fails (spec §8: failures show an error snackbar). */
export function useErroConsulta(erro: unknown, mensagem: string | ((erro: unknown) => string)): void {
  const snackbar = useSnackbar();
  // A new error object is a new failure; the message is derived from it, so it is not a dependency.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (erro) snackbar.erro(typeof mensagem === 'function' ? mensagem(erro) : mensagem);
  }, [erro, snackbar]);
}
