import { z } from 'zod';
import { permissaoSchema } from './auth.ts';
import { paginacaoSchema, paginaDeSchema, unidadeRefSchema } from './documentos.ts';
import { MENSAGENS } from './mensagens.ts';

/** Administração › Usuários (permission ADMINISTRACAO_USUARIOS): the calls of api/administracao/usuarios. */

const vazioComoAusente = (valor: unknown) => (typeof valor === 'string' && valor.trim() === '' ? undefined : valor);

/** GET administracao/usuarios: part of the name, the username, the CPF or the SIAPE registration; and the page. */
export const consultaUsuariosAdministracaoSchema = z.object({
  busca: z.preprocess(vazioComoAusente, z.string().trim().max(100).optional()),
  ...paginacaoSchema.shape,
});
export type ConsultaUsuariosAdministracao = z.input<typeof consultaUsuariosAdministracaoSchema>;

/** A unit the user is lotado in; `ativa` false for a unit closed since (the lotação may stay). */
export const lotacaoAdministracaoSchema = unidadeRefSchema.extend({ ativa: z.boolean() });
export type LotacaoAdministracao = z.infer<typeof lotacaoAdministracaoSchema>;

export const usuarioAdministracaoSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  nome: z.string(),
  cpf: z.string().nullable(),
  matriculaSiape: z.string().nullable(),
  email: z.string().nullable(),
  ativo: z.boolean(),
  idUnidadeAtual: z.number().int().nullable(),
  lotacoes: z.array(lotacaoAdministracaoSchema),
  permissoes: z.array(permissaoSchema),
});
export type UsuarioAdministracao = z.infer<typeof usuarioAdministracaoSchema>;

export const paginaUsuariosAdministracaoSchema = paginaDeSchema(usuarioAdministracaoSchema);
export type PaginaUsuariosAdministracao = z.infer<typeof paginaUsuariosAdministracaoSchema>;

/**
 * PATCH administracao/usuarios/{id}: any of the four; what is left out keeps its value. Lists are the whole new
 * list (repeated ids count once). The rules that need the database (units exist and are active, the current unit
 * among the lotações, an active user has one, nobody removes their own administration) are the server's.
 */
export const alterarUsuarioAdministracaoSchema = z.object({
  lotacoes: z
    .array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER))
    .max(50, MENSAGENS.administracaoUsuarios.muitasLotacoes)
    .transform((ids) => [...new Set(ids)])
    .optional(),
  idUnidadeAtual: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable().optional(),
  permissoes: z
    .array(permissaoSchema)
    .transform((nomes) => [...new Set(nomes)].sort())
    .optional(),
  ativo: z.boolean().optional(),
});
export type AlterarUsuarioAdministracao = z.input<typeof alterarUsuarioAdministracaoSchema>;

/** The current unit must be one of the lotações, and an active user needs one (the form checks the same). */
export function validarUsuarioAdministracao(usuario: {
  lotacoes: readonly number[];
  idUnidadeAtual: number | null;
  ativo: boolean;
}): { mensagem: string; campo: 'lotacoes' | 'idUnidadeAtual' } | null {
  if (usuario.ativo && usuario.lotacoes.length === 0) {
    return { mensagem: MENSAGENS.administracaoUsuarios.semLotacao, campo: 'lotacoes' };
  }
  const atualValida =
    usuario.idUnidadeAtual === null ? usuario.lotacoes.length === 0 : usuario.lotacoes.includes(usuario.idUnidadeAtual);
  if (!atualValida)
    return { mensagem: MENSAGENS.administracaoUsuarios.unidadeAtualForaDasLotacoes, campo: 'idUnidadeAtual' };
  return null;
}
