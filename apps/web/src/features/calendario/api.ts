import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DiaNaoUtil, DiaNaoUtilAdministracao, IncluirDiaNaoUtil } from '@tramite/shared';
import { api } from '../../lib/api';
import { CHAVE_CALENDARIO } from '../../lib/calendario';

const CHAVE_ADMINISTRACAO = ['administracao-calendario'] as const;

/** GET administracao/calendario?ano: the year's national days (read-only) and the institution's, by date. */
export const useDiasDoAno = (ano: number) =>
  useQuery({
    queryKey: [...CHAVE_ADMINISTRACAO, ano],
    queryFn: ({ signal }) =>
      api.get<DiaNaoUtilAdministracao[]>('administracao/calendario', { params: { ano }, signal }),
  });

/** A change reloads the screen's year and the calendar every deadline badge counts with. */
function useRecarregarCalendario() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: CHAVE_ADMINISTRACAO }),
      queryClient.invalidateQueries({ queryKey: CHAVE_CALENDARIO }),
    ]);
}

export function useIncluirDiaNaoUtil() {
  const recarregar = useRecarregarCalendario();
  return useMutation({
    mutationFn: (dados: IncluirDiaNaoUtil) => api.post<DiaNaoUtil>('administracao/calendario', dados),
    onSettled: recarregar,
  });
}

export function useExcluirDiaNaoUtil() {
  const recarregar = useRecarregarCalendario();
  return useMutation({
    mutationFn: (data: string) => api.delete(`administracao/calendario/${data}`),
    onSettled: recarregar,
  });
}
