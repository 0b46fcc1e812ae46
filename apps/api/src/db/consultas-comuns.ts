import { sql } from 'kysely';
import type { Banco } from './connection.ts';

// Lookups that several features ask the same way: each feature's queries.ts calls or re-exports them.

/** Whether the query finds a row. */
export async function existe(consulta: { executeTakeFirst(): Promise<unknown> }): Promise<boolean> {
  return (await consulta.executeTakeFirst()) !== undefined;
}

/** The units the user is lotado in (`unidade`), by name in pt-BR order; the caller picks the columns. */
export function lotacoesDoUsuario(db: Banco, idUsuario: number) {
  return db
    .selectFrom('lotacao')
    .innerJoin('unidade', 'unidade.id', 'lotacao.idUnidade')
    .where('lotacao.idUsuario', '=', idUsuario)
    .orderBy(sql`unidade.nome COLLATE pt_br`);
}

/** The subject, if it is linked to the type (`vinculo`), active and assignable. */
export function consultaAssuntoAtribuivel(db: Banco, idTipoDocumento: number, idAssunto: number) {
  return db
    .selectFrom('tipoDocumentoAssunto as vinculo')
    .innerJoin('assunto', 'assunto.id', 'vinculo.idAssunto')
    .select('assunto.id')
    .where('vinculo.idTipoDocumento', '=', idTipoDocumento)
    .where('vinculo.idAssunto', '=', idAssunto)
    .where('assunto.ativo', '=', true)
    .where('assunto.atribuivel', '=', true);
}

/** The legal hypothesis exists and is active. */
export function hipoteseAtiva(db: Banco, id: number): Promise<boolean> {
  return existe(db.selectFrom('hipoteseLegal').select('id').where('id', '=', id).where('ativa', '=', true));
}
