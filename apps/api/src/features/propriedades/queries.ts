import { sql } from 'kysely';
import type { Banco } from '../../db/connection.ts';

export function listarHipotesesLegais(db: Banco) {
  return db
    .selectFrom('hipoteseLegal')
    .select(['id', 'descricao', 'baseLegal'])
    .where('ativa', '=', true)
    .orderBy(sql`descricao COLLATE pt_br`)
    .orderBy('id')
    .execute();
}
