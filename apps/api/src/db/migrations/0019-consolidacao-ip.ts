import { type Kysely, sql } from 'kysely';

/**
 * Issue 18: the limit of unfinished anonymous consolidations per address read the requester's IP from the audit log.
 * The log records what happened; a rule deciding a request reads the consolidation's own row instead.
 * `ip_solicitante` is filled from the audit row for the rows that have one, so the ones still running when this
 * migration runs keep counting; a row with no such audit row stays null (it is counted for no address).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE consolidacao ADD COLUMN ip_solicitante text`.execute(db);
  await sql`
    UPDATE consolidacao c SET ip_solicitante = au.ip
    FROM auditoria au
    WHERE au.entidade = 'consolidacao' AND au.id_entidade = c.uuid::text AND au.acao = 'consolidacao.solicitar'`.execute(
    db,
  );
  // Only unfinished anonymous ones are counted by address: a small partial index.
  await sql`
    CREATE INDEX consolidacao_anonima_andamento_idx ON consolidacao (ip_solicitante)
    WHERE id_usuario IS NULL AND estado IN ('PENDENTE', 'PROCESSANDO')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX consolidacao_anonima_andamento_idx`.execute(db);
  await sql`ALTER TABLE consolidacao DROP COLUMN ip_solicitante`.execute(db);
}
