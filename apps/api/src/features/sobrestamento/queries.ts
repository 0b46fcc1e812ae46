import { sql } from 'kysely';
import type { Banco } from '../../db/connection.ts';

// Sobrestamento: at most one in force per document (partial unique index), the document's estado 2001 set to 5
// while it lasts and given back (estado_anterior) when it is lifted.

/** Locks the document's row and reads what the suspension rules look at. */
export async function bloquearDocumento(db: Banco, id: number) {
  const documento = await db
    .selectFrom('documento')
    .select([
      'id',
      'numero',
      'situacao',
      'idUnidadeCriadora',
      'idUnidadeAtual',
      'estadoProcessamento',
      'idDocumentoAgregador',
      'idTipoDocumento',
    ])
    .where('id', '=', id)
    .forNoKeyUpdate()
    .executeTakeFirst();
  if (!documento) return undefined;
  return { ...documento, processo: await tipoProcesso(db, documento.idTipoDocumento) };
}

export async function lerDocumento(db: Banco, id: number) {
  return db
    .selectFrom('documento as d')
    .innerJoin('tipoDocumento as td', 'td.id', 'd.idTipoDocumento')
    .select(['d.id', 'd.situacao', 'd.idUnidadeCriadora', 'td.processo'])
    .where('d.id', '=', id)
    .executeTakeFirst();
}

async function tipoProcesso(db: Banco, idTipoDocumento: number): Promise<boolean> {
  const tipo = await db
    .selectFrom('tipoDocumento')
    .select('processo')
    .where('id', '=', idTipoDocumento)
    .executeTakeFirstOrThrow();
  return tipo.processo;
}

function consultaSobrestamentos(db: Banco) {
  return db
    .selectFrom('sobrestamento as s')
    .innerJoin('usuario as u', 'u.id', 's.idUsuario')
    .innerJoin('unidade as un', 'un.id', 's.idUnidade')
    .leftJoin('usuario as ul', 'ul.id', 's.idUsuarioLevantamento')
    .select([
      's.id',
      's.idDocumento',
      's.motivo',
      's.em',
      sql<string | null>`to_char(s.levantar_em, 'YYYY-MM-DD')`.as('levantarEm'),
      's.estadoAnterior',
      's.levantadoEm',
      's.motivoLevantamento',
      'u.nome as usuario',
      'ul.nome as usuarioLevantamento',
      'un.id as idUnidade',
      'un.sigla as siglaUnidade',
      'un.nome as nomeUnidade',
    ]);
}
export type LinhaSobrestamento = NonNullable<Awaited<ReturnType<typeof buscarSobrestamento>>>;

export function buscarSobrestamento(db: Banco, id: number) {
  return consultaSobrestamentos(db).where('s.id', '=', id).executeTakeFirst();
}

export function buscarVigente(db: Banco, idDocumento: number) {
  return consultaSobrestamentos(db)
    .where('s.idDocumento', '=', idDocumento)
    .where('s.levantadoEm', 'is', null)
    .executeTakeFirst();
}

export function inserirSobrestamento(
  db: Banco,
  valores: {
    idDocumento: number;
    idUnidade: number;
    idUsuario: number;
    motivo: string;
    levantarEm: string | null;
    estadoAnterior: number;
  },
) {
  return db.insertInto('sobrestamento').values(valores).returning('id').executeTakeFirstOrThrow();
}

/** estado 2001 to `estado` only when it is still `esperado` (the caller holds the row lock anyway). */
export async function trocarEstado(db: Banco, idDocumento: number, esperado: number, estado: number) {
  const r = await db
    .updateTable('documento')
    .set({ estadoProcessamento: estado })
    .where('id', '=', idDocumento)
    .where('estadoProcessamento', '=', esperado)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * Lifts the suspension if it is still in force (and, for the automatic pass, due by `ate`): the conditional UPDATE
 * is what makes two concurrent liftings, or two processes' passes, lift it once. Undefined when it was not lifted.
 */
export function levantar(
  db: Banco,
  id: number,
  dados: { idUsuario: number | null; motivo: string | null; ate?: string },
) {
  let consulta = db
    .updateTable('sobrestamento')
    .set({ levantadoEm: sql`now()`, idUsuarioLevantamento: dados.idUsuario, motivoLevantamento: dados.motivo })
    .where('id', '=', id)
    .where('levantadoEm', 'is', null);
  if (dados.ate !== undefined) consulta = consulta.where('levantarEm', '<=', sql<string>`${dados.ate}::date`);
  return consulta.returning(['id', 'idDocumento', 'estadoAnterior']).executeTakeFirst();
}

/** Suspensions in force whose date has come (the automatic pass), oldest first. */
export function listarVencidos(db: Banco, ate: string, limite: number) {
  return db
    .selectFrom('sobrestamento')
    .select(['id', 'idDocumento'])
    .where('levantadoEm', 'is', null)
    .where('levantarEm', '<=', sql<string>`${ate}::date`)
    .orderBy('levantarEm')
    .orderBy('id')
    .limit(limite)
    .execute();
}
