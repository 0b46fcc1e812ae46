import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  LevantarSobrestamentoEntrada,
  SituacaoSobrestamento,
  Sobrestamento,
  SobrestarEntrada,
} from '@tramite/shared';
import { api } from '../../lib/api';

export const chavesSobrestamento = {
  situacao: (id: number) => ['documentos', id, 'sobrestamento'] as const,
};

/** GET documentos/{id}/sobrestamento: the suspension in force (null: none) and whether the type is a process. */
export const useSobrestamento = (idDocumento: number) =>
  useQuery({
    queryKey: chavesSobrestamento.situacao(idDocumento),
    queryFn: ({ signal }) => api.get<SituacaoSobrestamento>(`documentos/${idDocumento}/sobrestamento`, { signal }),
  });

/** Everything about the document changes with its estado: its data, actions, history. */
function useRelerDocumento(idDocumento: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['documentos', idDocumento] }),
      queryClient.invalidateQueries({ queryKey: ['caixa-postal'] }),
    ]);
}

/** POST documentos/{id}/sobrestamento. */
export function useSobrestar(idDocumento: number) {
  const reler = useRelerDocumento(idDocumento);
  return useMutation({
    mutationFn: (entrada: SobrestarEntrada) =>
      api.post<Sobrestamento>(`documentos/${idDocumento}/sobrestamento`, entrada),
    onSettled: reler,
  });
}

/** POST documentos/{id}/sobrestamento/levantamento. */
export function useLevantarSobrestamento(idDocumento: number) {
  const reler = useRelerDocumento(idDocumento);
  return useMutation({
    mutationFn: (entrada: LevantarSobrestamentoEntrada) =>
      api.post<Sobrestamento>(`documentos/${idDocumento}/sobrestamento/levantamento`, entrada),
    onSettled: reler,
  });
}
