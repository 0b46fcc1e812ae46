import { type Kysely, sql } from 'kysely';

/**
 * Issue 18: the audit actions got one naming style (UPPER_SNAKE, verb first). The log is append-only (0001's row
 * trigger refuses UPDATE and DELETE, 0012's refuses TRUNCATE) and stays so: rows already written keep the names they
 * were written with, and are read with the current ones through a mapping rather than rewritten.
 * - `auditoria_acao_renomeada`: each old name and its current name (the same list as `ACOES_RENOMEADAS` in
 *   platform/auditoria.ts; a later rename adds rows in a new migration).
 * - `auditoria_vocabulario_atual`: the log with `acao` in the current vocabulary, and the name as written in
 *   `acao_gravada`; what a person or a report reading the log by action queries.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
CREATE TABLE auditoria_acao_renomeada (
  acao_antiga text PRIMARY KEY,
  acao text NOT NULL
);
INSERT INTO auditoria_acao_renomeada (acao_antiga, acao) VALUES
  ('consolidacao.solicitar', 'SOLICITAR_CONSOLIDACAO'),
  ('consolidacao.concluir', 'CONCLUIR_CONSOLIDACAO'),
  ('consolidacao.erro', 'FALHAR_CONSOLIDACAO'),
  ('REENCAMINHAMENTO_RECEBER', 'RECEBER_REENCAMINHAMENTO');

CREATE VIEW auditoria_vocabulario_atual AS
SELECT a.id, a.em, a.id_usuario, coalesce(r.acao, a.acao) AS acao, a.acao AS acao_gravada, a.entidade,
       a.id_entidade, a.antes, a.depois, a.ip
FROM auditoria a
LEFT JOIN auditoria_acao_renomeada r ON r.acao_antiga = a.acao;
`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
DROP VIEW auditoria_vocabulario_atual;
DROP TABLE auditoria_acao_renomeada;
`.execute(db);
}
