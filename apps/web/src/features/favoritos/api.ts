import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Favorito, MarcadoresFavorito, PaginaFavoritos } from '@tramite/shared';
import { api } from '../../lib/api';
import { chavesDocumentos } from '../documentos/api';

/** GET documentos-favoritos parameters (dates as YYYY-MM-DD; empty values are left out by the client). */
export interface ConsultaFavoritos {
  dataInicioUltimaAlteracao?: string;
  dataFimUltimaAlteracao?: string;
  resumoDocumento?: string;
  idTipoDocumento?: number;
  pagina: number;
  tamanhoPagina: number;
}

export const chavesFavoritos = {
  todas: ['documentos-favoritos'] as const,
  lista: (consulta: ConsultaFavoritos | null) => ['documentos-favoritos', consulta] as const,
};

/** GET documentos-favoritos; only runs when the filters passed validation (`consulta` not null). */
export const consultaFavoritos = (consulta: ConsultaFavoritos | null) =>
  queryOptions({
    queryKey: chavesFavoritos.lista(consulta),
    queryFn: ({ signal }) =>
      api.get<PaginaFavoritos>('documentos-favoritos', { params: { ...(consulta ?? {}) }, signal }),
    enabled: consulta !== null,
    placeholderData: keepPreviousData,
  });

export const useFavoritos = (consulta: ConsultaFavoritos | null) => useQuery(consultaFavoritos(consulta));

/** After any change the list and the document's detail (its favourite state and tags) are read again. */
function useInvalidar() {
  const queryClient = useQueryClient();
  return (idDocumento: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: chavesFavoritos.todas }),
      queryClient.invalidateQueries({ queryKey: chavesDocumentos.documento(idDocumento) }),
    ]);
}

/** PATCH documentos-favoritos/{id} with acompanhadoPorEmail. */
export function useAlterarAcompanhamento() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: (dados: { idDocumento: number; acompanhadoPorEmail: boolean }) =>
      api.patch<Favorito>(`documentos-favoritos/${dados.idDocumento}`, {
        acompanhadoPorEmail: dados.acompanhadoPorEmail,
      }),
    onSuccess: (_resposta, dados) => invalidar(dados.idDocumento),
  });
}

/** PATCH documentos-favoritos/{id}/tags with the whole list of tags (an empty list clears them). */
export function useSalvarMarcadoresFavorito() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: (dados: { idDocumento: number; tags: string[] }) =>
      api.patch<MarcadoresFavorito>(`documentos-favoritos/${dados.idDocumento}/tags`, { tags: dados.tags }),
    onSuccess: (_resposta, dados) => invalidar(dados.idDocumento),
  });
}

/** DELETE documentos-favoritos/{id}. */
export function useRemoverFavorito() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: (idDocumento: number) => api.delete(`documentos-favoritos/${idDocumento}`),
    onSuccess: (_resposta, idDocumento) => invalidar(idDocumento),
  });
}
