import { type Kysely, sql } from 'kysely';

/**
 * Issue 17, rate limits shared by every process: one counter per (rule and subject, window), incremented by a
 * single INSERT … ON CONFLICT so that concurrent requests never read a stale count. Rows are deleted once expired.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE limite_taxa (
      chave text NOT NULL,
      janela bigint NOT NULL,
      contagem integer NOT NULL,
      expira_em timestamptz NOT NULL,
      PRIMARY KEY (chave, janela)
    )`.execute(db);
  await sql`CREATE INDEX limite_taxa_expira_em ON limite_taxa (expira_em)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE limite_taxa`.execute(db);
}
