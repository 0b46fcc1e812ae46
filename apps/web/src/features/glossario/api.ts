import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ItemGlossario, SalvarItemGlossario } from '@tramite/shared';
import { api } from '../../lib/api';
import { consultaTiposDocumentos } from '../tipos-documentos/api';

const CHAVE_GLOSSARIO = ['glossario'] as const;

/** GET glossario: every item of the controlled vocabulary. */
export const consultaItensVocabulario = () =>
  queryOptions({
    queryKey: CHAVE_GLOSSARIO,
    queryFn: ({ signal }) => api.get<ItemGlossario[]>('glossario', { signal }),
  });

export const useItensVocabulario = () => useQuery(consultaItensVocabulario());

/** Types that can take a glossary item: active, with at least one assignable subject. */
export const useTiposParaVocabulario = () =>
  useQuery(consultaTiposDocumentos({ paraInclusaoEmVocabularioControlado: true }));

/** POST glossario (new item) or PATCH glossario/{id}; the list is reloaded afterwards. */
export function useSalvarItemVocabulario() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, dados }: { id: number | null; dados: SalvarItemGlossario }) =>
      id === null ? api.post<ItemGlossario>('glossario', dados) : api.patch<ItemGlossario>(`glossario/${id}`, dados),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CHAVE_GLOSSARIO }),
  });
}

export function useExcluirItemVocabulario() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`glossario/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CHAVE_GLOSSARIO }),
  });
}
