import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Assunto, ItemGlossario, SalvarItemGlossario, TipoDocumento } from '@tramite/shared';
import { api } from '../../lib/api';

const CHAVE_GLOSSARIO = ['glossario'] as const;

/** GET glossario: every item of the controlled vocabulary. */
export function useItensVocabulario() {
  return useQuery({
    queryKey: CHAVE_GLOSSARIO,
    queryFn: ({ signal }) => api.get<ItemGlossario[]>('glossario', { signal }),
  });
}

/** Types that can take a glossary item: active, with at least one assignable subject. */
export function useTiposParaVocabulario() {
  return useQuery({
    queryKey: ['tipos-documentos', { paraInclusaoEmVocabularioControlado: true }],
    queryFn: ({ signal }) =>
      api.get<TipoDocumento[]>('tipos-documentos', { params: { paraInclusaoEmVocabularioControlado: true }, signal }),
  });
}

/** GET tipos-documentos/{id}/assuntos, only once a type is chosen. */
export function useAssuntosDoTipo(idTipoDocumento: number | null) {
  return useQuery({
    queryKey: ['tipos-documentos', idTipoDocumento, 'assuntos'],
    queryFn: ({ signal }) => api.get<Assunto[]>(`tipos-documentos/${idTipoDocumento}/assuntos`, { signal }),
    enabled: idTipoDocumento !== null,
  });
}

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
