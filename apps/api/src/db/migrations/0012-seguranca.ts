import { type Kysely, sql } from 'kysely';

/**
 * Issue 12. The audit log is append-only: 0001's row trigger refuses UPDATE and DELETE; TRUNCATE skips row
 * triggers, so a statement trigger refuses it too.
 *
 * OpenID Connect login. Between the redirect to the provider and its answer, the browser holds only a
 * random handle in a cookie; state, nonce and the PKCE verifier stay here, found by the handle's hash and used once.
 * Kept in the database (not in process memory) so the answer may reach any API process.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
CREATE TABLE oidc_transacao (
  id text PRIMARY KEY,
  estado text NOT NULL,
  nonce text NOT NULL,
  verificador_pkce text NOT NULL,
  redirect text NOT NULL,
  criada_em timestamptz NOT NULL DEFAULT now(),
  expira_em timestamptz NOT NULL
);
CREATE INDEX oidc_transacao_expira_idx ON oidc_transacao (expira_em);

CREATE TRIGGER auditoria_sem_truncate BEFORE TRUNCATE ON auditoria
  FOR EACH STATEMENT EXECUTE FUNCTION auditoria_somente_insercao();
`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
DROP TRIGGER auditoria_sem_truncate ON auditoria;
DROP TABLE oidc_transacao;
`.execute(db);
}
