import { type Insertable, sql, type Transaction } from 'kysely';
import type { Database } from '../schema.ts';

/** PostgreSQL accepts at most 65535 parameters per statement; stay well below. */
const MAX_PARAMETROS = 20_000;

/** Multi-row inserts, split so that no statement has too many parameters. */
export async function inserirEmLotes<T extends keyof Database & string>(
  trx: Transaction<Database>,
  tabela: T,
  linhas: readonly Insertable<Database[T]>[],
): Promise<number> {
  if (linhas.length === 0) return 0;
  const colunas = Object.keys(linhas[0] as object).length;
  const porLote = Math.max(1, Math.floor(MAX_PARAMETROS / Math.max(colunas, 1)));
  for (let inicio = 0; inicio < linhas.length; inicio += porLote) {
    const lote = linhas.slice(inicio, inicio + porLote);
    await trx
      .insertInto(tabela)
      .values(lote as never)
      .execute();
  }
  return linhas.length;
}

/** After rows with explicit ids, the identity sequences must continue after the highest id. */
export async function ajustarSequencias(trx: Transaction<Database>, tabelas: readonly string[]): Promise<void> {
  const chamadas = tabelas.map(
    (tabela) => sql`setval(pg_get_serial_sequence(${tabela}, 'id'), (SELECT max(id) FROM ${sql.table(tabela)}))`,
  );
  await sql`SELECT ${sql.join(chamadas)}`.execute(trx);
}
