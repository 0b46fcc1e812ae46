import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { mensagemComDetalhe } from '../../lib/api';
import { useCarregamento } from '../feedback/contexto-carregamento';
import { useSnackbar } from '../feedback/contexto-snackbar';
import { marcarErrosDoServidor } from './erros-servidor';

/** What the screen says while a form is saved and after. */
export interface TextosSalvamento {
  /** The loading indicator's title while the request runs. */
  titulo: string;
  /** Said once it is saved. */
  sucesso: string;
  /** Said, with the server's detail, when the save is refused. */
  erro: string;
}

/**
 * The save of a form: the request under the loading indicator, then the success message and what follows it (close
 * the dialog, leave the screen); refused, the server's messages under the fields it names (among `campos`) and the
 * failure in the snackbar.
 */
export function useSalvarFormulario<T extends FieldValues>(
  campos: readonly FieldPath<T>[],
  setError: UseFormSetError<T>,
  textos: TextosSalvamento,
) {
  const snackbar = useSnackbar();
  const { executar } = useCarregamento();
  return async (enviar: () => Promise<unknown>, depois: () => unknown) => {
    try {
      await executar(textos.titulo, enviar);
      snackbar.sucesso(textos.sucesso);
      await depois();
    } catch (erro) {
      marcarErrosDoServidor(erro, campos, setError);
      snackbar.erro(mensagemComDetalhe(textos.erro, erro));
    }
  };
}
