import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AlterarConfiguracoes, Configuracoes } from '@tramite/shared';
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
