import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlterarPrazo, PrazoAlterado, Tramitacao } from '@tramite/shared';
import { api } from '../../lib/api';
import { chavesDocumentos } from './api';

/** Under the document's key, so whatever refreshes the document refreshes its deadline too. */
const chaveUltimaTramitacao = (idDocumento: number) => [
  ...chavesDocumentos.documento(idDocumento),
  'ultima-tramitacao',
];

/** GET documentos/{id}/ultima-tramitacao: the last live sending, with its deadline (null when never sent). */
export function useUltimaTramitacao(idDocumento: number) {
  return useQuery({
    queryKey: chaveUltimaTramitacao(idDocumento),
    queryFn: ({ signal }) => api.get<Tramitacao | null>(`documentos/${idDocumento}/ultima-tramitacao`, { signal }),
  });
}

/** PATCH documentos/{id}/prazo: the holding unit changes or removes the deadline, with its reason. */
export function useAlterarPrazo(idDocumento: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pedido: AlterarPrazo) => api.patch<PrazoAlterado>(`documentos/${idDocumento}/prazo`, pedido),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chavesDocumentos.documento(idDocumento) }),
  });
}
