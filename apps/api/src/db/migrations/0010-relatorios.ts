import { type Kysely, sql } from 'kysely';

/**
 * Reports (issue 9). The malote lists, per origin and destination unit, the principal movements sent in a period,
 * in dispatch order: with this index each (origin, destination) pair is one index range read in keyset batches,
 * however many movements the origin sends elsewhere. Movements of joined children travel inside their parent and are
 * left out of the guide, hence the partial index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
CREATE INDEX tramitacao_malote_idx ON tramitacao (id_unidade_origem, id_unidade_destino, dt_despacho, id)
  WHERE id_tramitacao_principal IS NULL;
`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX tramitacao_malote_idx;`.execute(db);
}
