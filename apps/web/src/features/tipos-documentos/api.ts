import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlterarTipoDocumento, TipoDocumento } from '@tramite/shared';
import { api } from '../../lib/api';

const PARAMETROS_TODOS = { todosTipos: true, incluirInativos: true } as const;

/** Every document type, inactive ones included, for the administration screen. */
export function useTodosTiposDocumento() {
  return useQuery({
    queryKey: ['tipos-documentos', PARAMETROS_TODOS],
    queryFn: ({ signal }) => api.get<TipoDocumento[]>('tipos-documentos', { params: PARAMETROS_TODOS, signal }),
  });
}

/** PATCH tipos-documentos/{id}; every cached list of types is reloaded, since activity and properties changed. */
export function useAlterarTipoDocumento() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, alteracao }: { id: number; alteracao: AlterarTipoDocumento }) =>
      api.patch<TipoDocumento>(`tipos-documentos/${id}`, alteracao),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['tipos-documentos'] }),
  });
}
