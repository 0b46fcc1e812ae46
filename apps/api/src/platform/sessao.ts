import { createHash, randomBytes } from 'node:crypto';
import type { Permissao } from '@tramite/shared';
import { sql } from 'kysely';
import type { Banco } from '../db/connection.ts';

export const COOKIE_SESSAO = 'tramite_sessao';

export interface PoliticaSessao {
  inatividadeMinutos: number;
  duracaoMaximaHoras: number;
}

/** Who is calling: loaded once per request from the session cookie. */
export interface UsuarioAutenticado {
  id: number;
  username: string;
  idSessao: string;
  idUnidadeAtual: number | null;
  /** The pessoa the user is (an interessado may be the same pessoa: spec §6 lets them see their own peças). */
  idPessoa: number | null;
  permissoes: Permissao[];
  lotacoes: number[];
}

/** Only the token's hash is stored, so a leaked sessions table does not give away live sessions. */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** What a session was opened by: a password, or an OpenID Connect provider (its ID token, for logging out there). */
export type OrigemSessao = { ip: string; agente: string | undefined; idTokenOidc?: string };

export async function criarSessao(
  db: Banco,
  idUsuario: number,
  politica: PoliticaSessao,
  origem: OrigemSessao,
): Promise<{ token: string; expiraEm: Date; idSessao: string }> {
  const token = randomBytes(32).toString('base64url');
  const idSessao = hashToken(token);
  const expiraEm = new Date(Date.now() + politica.duracaoMaximaHoras * 3_600_000);
  await db
    .insertInto('sessao')
    .values({
      id: idSessao,
      idUsuario,
      expiraEm,
      ip: origem.ip,
      agente: origem.agente?.slice(0, 500) ?? null,
      idTokenOidc: origem.idTokenOidc ?? null,
    })
    .execute();
  return { token, expiraEm, idSessao };
}

/** Ends the token's session; answers what it was (null when there was none), for the audit and the OIDC logout. */
export async function encerrarSessao(
  db: Banco,
  token: string,
): Promise<{ idSessao: string; idUsuario: number; idTokenOidc: string | null } | null> {
  const sessao = await db
    .deleteFrom('sessao')
    .where('id', '=', hashToken(token))
    .returning(['id as idSessao', 'idUsuario', 'idTokenOidc'])
    .executeTakeFirst();
  return sessao ?? null;
}

/**
 * Finds the live session of a token: not past its absolute expiry nor idle longer than allowed.
 * The last-access time is written at most once a minute, so reads do not turn every request into a write.
 */
export async function buscarUsuarioDaSessao(
  db: Banco,
  token: string,
  politica: PoliticaSessao,
): Promise<UsuarioAutenticado | null> {
  const id = hashToken(token);
  const linha = await db
    .selectFrom('sessao')
    .innerJoin('usuario', 'usuario.id', 'sessao.idUsuario')
    .select([
      'sessao.id as idSessao',
      'sessao.ultimoAcessoEm',
      'usuario.id',
      'usuario.username',
      'usuario.idUnidadeAtual',
      'usuario.idPessoa',
      sql<Permissao[]>`coalesce((SELECT array_agg(permissao ORDER BY permissao) FROM usuario_permissao
        WHERE id_usuario = usuario.id), '{}')`.as('permissoes'),
      sql<number[]>`coalesce((SELECT array_agg(id_unidade ORDER BY id_unidade) FROM lotacao
        WHERE id_usuario = usuario.id), '{}')`.as('lotacoes'),
    ])
    .where('sessao.id', '=', id)
    .where('usuario.ativo', '=', true)
    .where('sessao.expiraEm', '>', sql<Date>`now()`)
    .where('sessao.ultimoAcessoEm', '>', sql<Date>`now() - make_interval(mins => ${politica.inatividadeMinutos})`)
    .executeTakeFirst();
  if (!linha) return null;
  if (Date.now() - new Date(linha.ultimoAcessoEm).getTime() > 60_000) {
    await db.updateTable('sessao').set({ ultimoAcessoEm: sql`now()` }).where('id', '=', id).execute();
  }
  return {
    id: linha.id,
    username: linha.username,
    idSessao: linha.idSessao,
    idUnidadeAtual: linha.idUnidadeAtual,
    idPessoa: linha.idPessoa,
    permissoes: linha.permissoes,
    lotacoes: linha.lotacoes,
  };
}

export async function removerSessoesExpiradas(db: Banco, politica: PoliticaSessao): Promise<number> {
  const resultado = await db
    .deleteFrom('sessao')
    .where((eb) =>
      eb.or([
        eb('expiraEm', '<=', sql<Date>`now()`),
        eb('ultimoAcessoEm', '<=', sql<Date>`now() - make_interval(mins => ${politica.inatividadeMinutos})`),
      ]),
    )
    .executeTakeFirst();
  return Number(resultado.numDeletedRows);
}
