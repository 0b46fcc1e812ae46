import { type Kysely, sql } from 'kysely';

/**
 * Issue 12, leaving an OpenID Connect session: logging out of the Trâmite also ends the session at the provider
 * (RP-initiated logout), which asks for the ID token it issued as `id_token_hint`. It is kept with the session it
 * opened and deleted with it; NULL for a password login.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE sessao ADD COLUMN id_token_oidc text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE sessao DROP COLUMN id_token_oidc`.execute(db);
}
