import { type Kysely, sql } from 'kysely';

/**
 * Issue 17 (items 1 and 6), consolidations that are not everyone's and do not live forever:
 * - `restrita`: it holds a peça an anonymous reader could not open, so only its requester may follow and download
 *   it. Rows made before this migration are bound to their requester when they have one (what they hold was not
 *   recorded), so no old uuid keeps opening restricted peças to whoever holds it.
 * - `tamanho_estimado`: the bytes an unfinished one is expected to take (its peças' files), for the disk budget.
 * - `expirada_em`: set by the retention sweep when the PDF is deleted; the row stays as a tombstone so the uuid
 *   answers "expired" rather than "unknown" until the tombstone itself is deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE consolidacao
      ADD COLUMN restrita boolean NOT NULL DEFAULT false,
      ADD COLUMN tamanho_estimado bigint NOT NULL DEFAULT 0,
      ADD COLUMN expirada_em timestamptz`.execute(db);
  await sql`UPDATE consolidacao SET restrita = true WHERE id_usuario IS NOT NULL`.execute(db);
  await sql`
    ALTER TABLE consolidacao
      ADD CONSTRAINT consolidacao_restrita_com_usuario CHECK (NOT restrita OR id_usuario IS NOT NULL)`.execute(db);
  // The stored ones (reuse of an identical request, disk budget, retention sweep) are few: a partial index.
  await sql`CREATE INDEX consolidacao_vigente_idx ON consolidacao (id_documento) WHERE expirada_em IS NULL`.execute(db);
  await sql`CREATE INDEX consolidacao_expirada_idx ON consolidacao (expirada_em) WHERE expirada_em IS NOT NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX consolidacao_expirada_idx`.execute(db);
  await sql`DROP INDEX consolidacao_vigente_idx`.execute(db);
  await sql`
    ALTER TABLE consolidacao
      DROP CONSTRAINT consolidacao_restrita_com_usuario,
      DROP COLUMN expirada_em,
      DROP COLUMN tamanho_estimado,
      DROP COLUMN restrita`.execute(db);
}
