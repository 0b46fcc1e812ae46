import type { Banco } from '../../db/connection.ts';

// Ciência: one row per user and document (UNIQUE), with the unit the user acted for.

/** What the ciência rules read of a document: whether the caller may see it, and its number for bulk answers. */
export function lerDocumento(db: Banco, id: number) {
  return db
    .selectFrom('documento')
    .select(['id', 'numero', 'situacao', 'idUnidadeCriadora'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Inserts the ciência unless the user already has one for the document (then undefined): the index decides races. */
export function inserirCiencia(
  db: Banco,
  valores: { idDocumento: number; idUsuario: number; idUnidade: number; observacao: string | null },
) {
  return db
    .insertInto('ciencia')
    .values(valores)
    .onConflict((oc) => oc.columns(['idDocumento', 'idUsuario']).doNothing())
    .returning(['id', 'em'])
    .executeTakeFirst();
}

function consultaCiencias(db: Banco) {
  return db
    .selectFrom('ciencia as c')
    .innerJoin('usuario as u', 'u.id', 'c.idUsuario')
    .innerJoin('unidade as un', 'un.id', 'c.idUnidade')
    .select([
      'c.id',
      'c.idDocumento',
      'c.idUsuario',
      'u.nome as nomeUsuario',
      'un.id as idUnidade',
      'un.sigla as siglaUnidade',
      'un.nome as nomeUnidade',
      'c.observacao',
      'c.em',
    ]);
}
export type LinhaCiencia = NonNullable<Awaited<ReturnType<typeof buscarCiencia>>>;

export function buscarCiencia(db: Banco, idDocumento: number, idUsuario: number) {
  return consultaCiencias(db)
    .where('c.idDocumento', '=', idDocumento)
    .where('c.idUsuario', '=', idUsuario)
    .executeTakeFirst();
}

export function listarCiencias(db: Banco, idDocumento: number, pagina: { pagina: number; tamanhoPagina: number }) {
  return consultaCiencias(db)
    .where('c.idDocumento', '=', idDocumento)
    .orderBy('c.em', 'desc')
    .orderBy('c.id', 'desc')
    .limit(pagina.tamanhoPagina)
    .offset((pagina.pagina - 1) * pagina.tamanhoPagina)
    .execute();
}

export async function contarCiencias(db: Banco, idDocumento: number): Promise<number> {
  const { total } = await db
    .selectFrom('ciencia')
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .where('idDocumento', '=', idDocumento)
    .executeTakeFirstOrThrow();
  return Number(total);
}
