import { type Kysely, sql } from 'kysely';

/**
 * Issue 17, login limits: one row per username under a streak of failures. An attempt is counted here before its
 * password is checked, by one INSERT … ON CONFLICT that also says whether it may go on, so parallel guesses cannot
 * all read the same count; `marca` is the id of the last attempt let through (how the statement tells which won).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE espera_login (
      chave text PRIMARY KEY,
      tentativas integer NOT NULL,
      ultima_em timestamptz NOT NULL,
      marca text NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX espera_login_ultima_em ON espera_login (ultima_em)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE espera_login`.execute(db);
}
