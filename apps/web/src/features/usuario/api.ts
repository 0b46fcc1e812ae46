import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AlterarConfiguracoes, type Configuracoes, MENSAGENS_USUARIO, type Usuario } from '@tramite/shared';
import { useCarregamento } from '../../components/feedback/contexto-carregamento';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { api } from '../../lib/api';
import { atualizarSessao } from '../../lib/sessao';

/** POST auth/configuracoes; on success the cached session is reloaded so the header shows the new unit. */
export function useAlterarConfiguracoes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (configuracoes: AlterarConfiguracoes) => api.post<Configuracoes>('auth/configuracoes', configuracoes),
    onSuccess: () => atualizarSessao(queryClient),
  });
}

/**
 * Switches the user's current unit, keeping the notification choices (the same POST auth/configuracoes as the
 * settings page); every screen then reloads its data for the new unit. The header's unit switcher and the home
 * page's (issue 22) both switch through it.
 */
export function useTrocarUnidade(usuario: Usuario): (idUnidade: number) => Promise<void> {
  const alterar = useAlterarConfiguracoes();
  const queryClient = useQueryClient();
  const { executar } = useCarregamento();
  const snackbar = useSnackbar();
  return async (idUnidade: number) => {
    if (idUnidade === usuario.configuracoes.idUnidadeAtual) return;
    const escolhida = usuario.lotacoes.find((lotacao) => lotacao.id === idUnidade);
    try {
      await executar('Trocando de unidade', () =>
        alterar.mutateAsync({ ...usuario.configuracoes, idUnidadeAtual: idUnidade }),
      );
      // Postal box, permissions on documents, counts: everything shown depends on the current unit.
      await queryClient.invalidateQueries({ predicate: (consulta) => consulta.queryKey[0] !== 'sessao' });
      snackbar.sucesso(MENSAGENS_USUARIO.unidadeAlterada(escolhida?.sigla ?? ''));
    } catch {
      snackbar.erro(MENSAGENS_USUARIO.erroAlterarConfiguracoes);
    }
  };
}
