import type { LotacaoAdministracao, Permissao, UsuarioAdministracao } from '@tramite/shared';
import { type SqlBool, sql } from 'kysely';
import type { Banco } from '../../db/connection.ts';

export interface CriteriosUsuarios {
  busca?: string;
  pagina: number;
  tamanhoPagina: number;
}

/** What an administrator changes of a user: the whole new state, as the service checked it. */
export interface EstadoAdministravel {
  lotacoes: number[];
  idUnidadeAtual: number | null;
  permissoes: Permissao[];
  ativo: boolean;
}

const escaparLike = (texto: string) => texto.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Users whose name (accents and case ignored), username, CPF or SIAPE registration contain the text. The CPF and
 * the registration are compared by their digits, so '123.456' finds the CPF '12345678901'.
 */
function usuariosDaBusca(db: Banco, busca: string | undefined) {
  const consulta = db.selectFrom('usuario as u');
  if (busca === undefined) return consulta;
  const padrao = `%${escaparLike(busca)}%`;
  const digitos = busca.replace(/\D/g, '');
  return consulta.where((eb) =>
    eb.or([
      sql<SqlBool>`sem_acento(u.nome) ILIKE sem_acento(${padrao})`,
      eb('u.username', 'ilike', padrao),
      ...(digitos.length >= 3
        ? [eb('u.cpf', 'like', `%${digitos}%`), eb('u.matriculaSiape', 'like', `%${digitos}%`)]
        : []),
    ]),
  );
}

const lotacoes = sql<LotacaoAdministracao[]>`coalesce((
  SELECT json_agg(json_build_object('id', un.id, 'sigla', un.sigla, 'nome', un.nome, 'ativa', un.ativa)
    ORDER BY un.sigla COLLATE pt_br)
  FROM lotacao l JOIN unidade un ON un.id = l.id_unidade WHERE l.id_usuario = u.id), '[]'::json)`;

const permissoes = sql<Permissao[]>`coalesce((SELECT array_agg(p.permissao ORDER BY p.permissao)
  FROM usuario_permissao p WHERE p.id_usuario = u.id), '{}')`;

const COLUNAS = [
  'u.id',
  'u.username',
  'u.nome',
  'u.cpf',
  'u.matriculaSiape',
  'u.email',
  'u.ativo',
  'u.idUnidadeAtual',
  lotacoes.as('lotacoes'),
  permissoes.as('permissoes'),
] as const;

/** One page of the users found, by name (pt-BR order). */
export async function listarUsuarios(
  db: Banco,
  c: CriteriosUsuarios,
): Promise<{ total: number; itens: UsuarioAdministracao[] }> {
  const [{ total }, itens] = await Promise.all([
    usuariosDaBusca(db, c.busca)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
    usuariosDaBusca(db, c.busca)
      .select(COLUNAS)
      .orderBy(sql`u.nome COLLATE pt_br`)
      .orderBy('u.id')
      .limit(c.tamanhoPagina)
      .offset((c.pagina - 1) * c.tamanhoPagina)
      .execute(),
  ]);
  return { total: Number(total), itens };
}

export function buscarUsuario(db: Banco, id: number): Promise<UsuarioAdministracao | undefined> {
  return db.selectFrom('usuario as u').select(COLUNAS).where('u.id', '=', id).executeTakeFirst();
}

/** Locks the user's row: changes to one user apply one after the other, each reading what the previous wrote. */
export async function travarUsuario(db: Banco, id: number): Promise<boolean> {
  const linha = await db.selectFrom('usuario').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
  return linha !== undefined;
}

/**
 * Of these units, the ids that exist and are active, locked against a change until the transaction ends (a unit
 * closed meanwhile waits for the lotação to be written, or is seen closed).
 */
export async function unidadesAtivas(db: Banco, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const linhas = await db
    .selectFrom('unidade')
    .select('id')
    .where('id', 'in', [...ids])
    .where('ativa', '=', true)
    .forShare()
    .execute();
  return new Set(linhas.map((linha) => linha.id));
}

/** Writes the new state: lotações and permissions replaced, the current unit and `ativo` set. */
export async function gravarEstado(db: Banco, id: number, estado: EstadoAdministravel): Promise<void> {
  await db
    .updateTable('usuario')
    .set({ idUnidadeAtual: estado.idUnidadeAtual, ativo: estado.ativo })
    .where('id', '=', id)
    .execute();
  await db.deleteFrom('lotacao').where('idUsuario', '=', id).execute();
  if (estado.lotacoes.length) {
    await db
      .insertInto('lotacao')
      .values(estado.lotacoes.map((idUnidade) => ({ idUsuario: id, idUnidade })))
      .execute();
  }
  await db.deleteFrom('usuarioPermissao').where('idUsuario', '=', id).execute();
  if (estado.permissoes.length) {
    await db
      .insertInto('usuarioPermissao')
      .values(estado.permissoes.map((permissao) => ({ idUsuario: id, permissao })))
      .execute();
  }
}

/** Ends every session of the user (a deactivated user is signed out everywhere); answers how many there were. */
export async function encerrarSessoes(db: Banco, idUsuario: number): Promise<number> {
  const resultado = await db.deleteFrom('sessao').where('idUsuario', '=', idUsuario).executeTakeFirst();
  return Number(resultado.numDeletedRows);
}
