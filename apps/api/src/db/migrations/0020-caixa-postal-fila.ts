import { type Kysely, sql } from 'kysely';

/**
 * The postal box as a work queue (issue 20):
 * - `documento_leitura`: when user U last opened document D (its page, or receiving it). A row of the box is unread
 *   for U while U has no reading of D since D arrived in the unit (docs/domain.md).
 * - `caixa_postal_visita`: U's visits to the box of a unit, for "Novos desde meu último acesso". `dt_ultima` is U's
 *   last request of that box; `dt_anterior` the end of the visit before the current one (null: none yet). A request
 *   more than the visit gap after `dt_ultima` starts a new visit: `dt_anterior` becomes that `dt_ultima`.
 * - the held part of the box's index also carries `urgente`, so the counts per filter stay index-only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
CREATE TABLE documento_leitura (
  id_usuario integer NOT NULL REFERENCES usuario(id) ON DELETE CASCADE,
  id_documento bigint NOT NULL REFERENCES documento(id) ON DELETE CASCADE,
  dt_leitura timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (id_usuario, id_documento)
);

CREATE TABLE caixa_postal_visita (
  id_usuario integer NOT NULL REFERENCES usuario(id) ON DELETE CASCADE,
  id_unidade integer NOT NULL REFERENCES unidade(id) ON DELETE CASCADE,
  dt_ultima timestamptz NOT NULL DEFAULT now(),
  dt_anterior timestamptz,
  PRIMARY KEY (id_usuario, id_unidade)
);

DROP INDEX documento_caixa_postal_idx;
CREATE INDEX documento_caixa_postal_idx ON documento
  (id_unidade_atual, (coalesce(data_envio, data_criacao)) DESC, id DESC)
  INCLUDE (situacao, data_envio, data_criacao, estado_visibilidade_caixa, numero, id_tipo_documento, urgente)
  WHERE situacao IN ('RECEBIDO', 'T', 'EM_CRIACAO');
`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
DROP INDEX documento_caixa_postal_idx;
CREATE INDEX documento_caixa_postal_idx ON documento
  (id_unidade_atual, (coalesce(data_envio, data_criacao)) DESC, id DESC)
  INCLUDE (situacao, data_envio, data_criacao, estado_visibilidade_caixa, numero, id_tipo_documento)
  WHERE situacao IN ('RECEBIDO', 'T', 'EM_CRIACAO');

DROP TABLE caixa_postal_visita;
DROP TABLE documento_leitura;
`.execute(db);
}
