import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlterarUsuarioAdministracao, PaginaUsuariosAdministracao, UsuarioAdministracao } from '@tramite/shared';
import { api } from '../../lib/api';
import { atualizarSessao } from '../../lib/sessao';

const CHAVE = ['administracao-usuarios'] as const;

/** The query of GET administracao/usuarios (consultaUsuariosAdministracaoSchema): text and a page from 1. */
export interface ConsultaUsuarios {
  busca: string;
  pagina: number;
  tamanhoPagina: number;
}

/** GET administracao/usuarios: one page of the users found; the previous page stays while the next loads. */
export const consultaUsuarios = (consulta: ConsultaUsuarios) =>
  queryOptions({
    queryKey: [...CHAVE, consulta],
    queryFn: ({ signal }) =>
      api.get<PaginaUsuariosAdministracao>('administracao/usuarios', { params: { ...consulta }, signal }),
    placeholderData: keepPreviousData,
  });

export const useUsuarios = (consulta: ConsultaUsuarios) => useQuery(consultaUsuarios(consulta));

/**
 * PATCH administracao/usuarios/{id}; the lists are reloaded afterwards, and the session too when the user changed is
 * the one signed in (the menu follows their permissions).
 */
export function useAlterarUsuario() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, alteracao }: { id: number; alteracao: AlterarUsuarioAdministracao; proprio: boolean }) =>
      api.patch<UsuarioAdministracao>(`administracao/usuarios/${id}`, alteracao),
    onSuccess: (_usuario, { proprio }) => (proprio ? atualizarSessao(queryClient) : undefined),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CHAVE }),
  });
}
