import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AndamentoIndexacao } from '@tramite/shared';
import { api } from '../../lib/api';

const CHAVE_INDEXACAO = ['administracao-indexacao'] as const;
/** While files are queued or being read, the screen asks again this often. */
const ATUALIZACAO_MS = 10_000;

/** GET administracao/indexacao: the indexing's progress, refreshed every 10 s while there is work. */
export const useAndamentoIndexacao = () =>
  useQuery({
    queryKey: CHAVE_INDEXACAO,
    queryFn: ({ signal }) => api.get<AndamentoIndexacao>('administracao/indexacao', { signal }),
    refetchInterval: (consulta) => {
      const arquivos = consulta.state.data?.arquivos;
      return arquivos && arquivos.naFila + arquivos.emLeitura > 0 ? ATUALIZACAO_MS : false;
    },
  });

/** POST administracao/indexacao/reindexacao: every file ({}), or those of one document. */
export function useReindexar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pedido: { idDocumento?: number }) =>
      api.post<{ arquivos: number }>('administracao/indexacao/reindexacao', pedido),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CHAVE_INDEXACAO }),
  });
}
