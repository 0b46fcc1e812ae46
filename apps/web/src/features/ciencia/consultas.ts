import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Ciencia,
  CienciaLoteEntrada,
  EventoDocumento,
  PaginaCiencias,
  RegistrarCienciaEntrada,
  ResultadoCienciaLote,
} from '@tramite/shared';
import { api } from '../../lib/api';

export const chavesCiencia = {
  ciencias: (id: number, pagina: number, tamanhoPagina: number) =>
    ['documentos', id, 'ciencias', pagina, tamanhoPagina] as const,
  eventos: (id: number) => ['documentos', id, 'eventos'] as const,
};

/** GET documentos/{id}/ciencias: a page of who has taken ciência (most recent first) and the user's own. */
export const useCiencias = (idDocumento: number, pagina: number, tamanhoPagina: number, habilitado = true) =>
  useQuery({
    queryKey: chavesCiencia.ciencias(idDocumento, pagina, tamanhoPagina),
    queryFn: ({ signal }) =>
      api.get<PaginaCiencias>(`documentos/${idDocumento}/ciencias`, { params: { pagina, tamanhoPagina }, signal }),
    placeholderData: keepPreviousData,
    enabled: habilitado,
  });

/** GET documentos/{id}/eventos: every event besides the tramitações, by time (public). */
export const useEventosDocumento = (idDocumento: number | null) =>
  useQuery({
    queryKey: chavesCiencia.eventos(idDocumento ?? 0),
    queryFn: ({ signal }) => api.get<EventoDocumento[]>(`documentos/${idDocumento}/eventos`, { signal }),
    enabled: idDocumento !== null,
  });

/** POST documentos/{id}/ciencia. */
export function useRegistrarCiencia(idDocumento: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entrada: RegistrarCienciaEntrada) => api.post<Ciencia>(`documentos/${idDocumento}/ciencia`, entrada),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['documentos', idDocumento] }),
  });
}

/** POST ciencias/lote: one outcome per document. */
export function useCienciaLote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entrada: CienciaLoteEntrada) => api.post<ResultadoCienciaLote[]>('ciencias/lote', entrada),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['documentos'] }),
  });
}
