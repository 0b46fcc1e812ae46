import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CandidatoJuntada, ClasseJuntada, JuntarEntrada, Vinculos } from '@tramite/shared';
import { api } from '../../lib/api';
import { chavesDocumentos } from '../documentos/api';

export const chavesJuntada = {
  vinculos: (idDocumento: number) => ['documentos', idDocumento, 'agregados'] as const,
};

/** GET documentos/{id}/agregados: the parent of the document and the documents joined into it. */
export const consultaVinculos = (idDocumento: number | null) =>
  queryOptions({
    queryKey: chavesJuntada.vinculos(idDocumento ?? 0),
    queryFn: ({ signal }) => api.get<Vinculos>(`documentos/${idDocumento}/agregados`, { signal }),
    enabled: idDocumento !== null,
  });

export const useVinculos = (idDocumento: number | null) => useQuery(consultaVinculos(idDocumento));

/** GET documentos/{id}/agregados/candidatos: documents of the user's unit that may be joined, by number. */
export const consultaCandidatos = (idDocumento: number | null, numeroDocumento: string | null) =>
  queryOptions({
    queryKey: [...chavesJuntada.vinculos(idDocumento ?? 0), 'candidatos', numeroDocumento] as const,
    queryFn: ({ signal }) =>
      api.get<CandidatoJuntada[]>(`documentos/${idDocumento}/agregados/candidatos`, {
        params: { numeroDocumento },
        signal,
      }),
    enabled: idDocumento !== null && numeroDocumento !== null,
  });

export const useCandidatos = (idDocumento: number | null, numeroDocumento: string | null) =>
  useQuery(consultaCandidatos(idDocumento, numeroDocumento));

/** GET documentos/{id}/agregados/tipo-documento: whether the document's type takes attached documents. */
export const consultaClasseJuntada = (idDocumento: number | null) =>
  queryOptions({
    queryKey: [...chavesJuntada.vinculos(idDocumento ?? 0), 'tipo-documento'] as const,
    queryFn: ({ signal }) => api.get<ClasseJuntada>(`documentos/${idDocumento}/agregados/tipo-documento`, { signal }),
    enabled: idDocumento !== null,
  });

export const useClasseJuntada = (idDocumento: number | null) => useQuery(consultaClasseJuntada(idDocumento));

/** POST documentos/{id}/agregados. */
export function useJuntar(idDocumento: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entrada: JuntarEntrada) => api.post<Vinculos>(`documentos/${idDocumento}/agregados`, entrada),
    // Read again where they are shown next: the wizard, which leaves on success, must not search again meanwhile
    // (its chosen document is no longer a candidate).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chavesDocumentos.todos, refetchType: 'none' }),
  });
}

/** DELETE documentos/{id}/agregados/{idAgregado}: undoes an attach or an append. */
export function useDesjuntar(idDocumento: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (idAgregado: number) => api.delete<Vinculos>(`documentos/${idDocumento}/agregados/${idAgregado}`),
    onSuccess: (vinculos) => {
      queryClient.setQueryData(chavesJuntada.vinculos(idDocumento), vinculos);
      return queryClient.invalidateQueries({ queryKey: chavesDocumentos.todos });
    },
  });
}
