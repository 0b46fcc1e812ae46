import type { Banco } from '../../db/connection.ts';

/** Adds the favourite unless it exists; answers the row and whether it was created now. */
export async function adicionarFavorito(db: Banco, idUsuario: number, idDocumento: number) {
  const criado = await db
    .insertInto('favorito')
    .values({ idUsuario, idDocumento })
    .onConflict((oc) => oc.columns(['idUsuario', 'idDocumento']).doNothing())
    .returning(['acompanhadoPorEmail'])
    .executeTakeFirst();
  if (criado) return { criado: true, acompanhadoPorEmail: criado.acompanhadoPorEmail };
  const existente = await db
    .selectFrom('favorito')
    .select('acompanhadoPorEmail')
    .where('idUsuario', '=', idUsuario)
    .where('idDocumento', '=', idDocumento)
    .executeTakeFirstOrThrow();
  return { criado: false, acompanhadoPorEmail: existente.acompanhadoPorEmail };
}

export function removerFavorito(db: Banco, idUsuario: number, idDocumento: number) {
  return db
    .deleteFrom('favorito')
    .where('idUsuario', '=', idUsuario)
    .where('idDocumento', '=', idDocumento)
    .returning(['acompanhadoPorEmail'])
    .executeTakeFirst();
}
