import { sql } from 'kysely';
import type { Banco } from '../../db/connection.ts';

export function buscarMensagensValidas(db: Banco) {
  return db
    .selectFrom('mensagemNoticia')
    .select(['id', 'mensagem', 'dataValidade'])
    .where((eb) => eb.or([eb('dataValidade', 'is', null), eb('dataValidade', '>', sql<Date>`now()`)]))
    .orderBy('criadoEm', 'desc')
    .execute();
}
