import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AlterarTipoDocumento, type Assunto, compararDescricao, type TipoDocumento } from '@tramite/shared';
import { api } from '../../lib/api';

/** The filters of GET tipos-documentos; each combination is its own cached list. */
export interface ParametrosTiposDocumentos {
  todosTipos?: boolean;
  incluirInativos?: boolean;
  paraInclusaoEmVocabularioControlado?: boolean;
  /** Issue 24: the types a peça may have (active, not a process). */
  paraPecas?: boolean;
}

const PARAMETROS_TODOS = { todosTipos: true, incluirInativos: true } as const;

/** GET tipos-documentos, sorted by description (spec §9). */
export const consultaTiposDocumentos = (parametros: ParametrosTiposDocumentos = {}) =>
  queryOptions({
    queryKey: ['tipos-documentos', parametros],
    queryFn: async ({ signal }) =>
      (await api.get<TipoDocumento[]>('tipos-documentos', { params: { ...parametros }, signal })).toSorted(
        compararDescricao,
      ),
  });

/** GET tipos-documentos/{id}/assuntos, only once a type is chosen. */
export const consultaAssuntosDoTipo = (idTipoDocumento: number | null) =>
  queryOptions({
    queryKey: ['tipos-documentos', idTipoDocumento, 'assuntos'],
    queryFn: ({ signal }) => api.get<Assunto[]>(`tipos-documentos/${idTipoDocumento}/assuntos`, { signal }),
    enabled: idTipoDocumento !== null,
  });

export const useTiposDocumentos = (parametros?: ParametrosTiposDocumentos) =>
  useQuery(consultaTiposDocumentos(parametros));

export const useAssuntosDoTipo = (idTipoDocumento: number | null) => useQuery(consultaAssuntosDoTipo(idTipoDocumento));

/** Every document type, inactive ones included, for the administration screen. */
export const useTodosTiposDocumento = () => useQuery(consultaTiposDocumentos(PARAMETROS_TODOS));

/** PATCH tipos-documentos/{id}; every cached list of types is reloaded, since activity and properties changed. */
export function useAlterarTipoDocumento() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, alteracao }: { id: number; alteracao: AlterarTipoDocumento }) =>
      api.patch<TipoDocumento>(`tipos-documentos/${id}`, alteracao),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['tipos-documentos'] }),
  });
}
