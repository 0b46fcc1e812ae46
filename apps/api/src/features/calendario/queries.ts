import type { TipoDiaNaoUtilInstitucional } from '@tramite/shared';
import { sql } from 'kysely';
import type { Banco } from '../../db/connection.ts';

/** The institution's days without work from `inicio` to `fim` (inclusive), by date. */
export function listarDiasInstitucionais(db: Banco, inicio: string, fim: string) {
  return db
    .selectFrom('diaNaoUtil')
    .select([sql<string>`to_char(data, 'YYYY-MM-DD')`.as('data'), 'descricao', 'tipo'])
    .where('data', '>=', inicio)
    .where('data', '<=', fim)
    .orderBy('data')
    .execute();
}

/** As `listarDiasInstitucionais`, with who registered each day and when, for the administration screen. */
export function listarDiasInstitucionaisComAutor(db: Banco, inicio: string, fim: string) {
  return db
    .selectFrom('diaNaoUtil as d')
    .innerJoin('usuario as u', 'u.id', 'd.idUsuario')
    .select([
      sql<string>`to_char(d.data, 'YYYY-MM-DD')`.as('data'),
      'd.descricao',
      'd.tipo',
      'u.nome as incluidoPor',
      'd.criadoEm as incluidoEm',
    ])
    .where('d.data', '>=', inicio)
    .where('d.data', '<=', fim)
    .orderBy('d.data')
    .execute();
}

/** One registered day, locked until the transaction ends (so a concurrent delete waits); undefined when absent. */
export function travarDia(db: Banco, data: string) {
  return db
    .selectFrom('diaNaoUtil')
    .select([sql<string>`to_char(data, 'YYYY-MM-DD')`.as('data'), 'descricao', 'tipo', 'idUsuario'])
    .where('data', '=', data)
    .forUpdate()
    .executeTakeFirst();
}

export interface ValoresDia {
  data: string;
  descricao: string;
  tipo: TipoDiaNaoUtilInstitucional;
  idUsuario: number;
}

/**
 * Inserts the day unless the date is already registered: the primary key decides between concurrent inserts (the
 * second waits for the first and then inserts nothing). True when this call inserted it.
 */
export async function inserirDia(db: Banco, valores: ValoresDia): Promise<boolean> {
  const linha = await db
    .insertInto('diaNaoUtil')
    .values(valores)
    .onConflict((oc) => oc.column('data').doNothing())
    .returning('data')
    .executeTakeFirst();
  return linha !== undefined;
}

export async function excluirDia(db: Banco, data: string): Promise<boolean> {
  const resultado = await db.deleteFrom('diaNaoUtil').where('data', '=', data).executeTakeFirst();
  return resultado.numDeletedRows > 0n;
}
