import { type Kysely, sql } from 'kysely';

/**
 * Lookups and administration (issue 10): who belongs to each comissão, so that a comissão can be named as the
 * responsible for tramitações (those sent by its members), and indexes for the name lookups.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
CREATE TABLE comissao_membro (
  id_comissao integer NOT NULL REFERENCES comissao(id) ON DELETE CASCADE,
  id_usuario integer NOT NULL REFERENCES usuario(id) ON DELETE CASCADE,
  PRIMARY KEY (id_comissao, id_usuario)
);
CREATE INDEX comissao_membro_usuario_idx ON comissao_membro (id_usuario);

-- Name lookups match a typed fragment anywhere in the name, accent- and case-insensitively.
CREATE INDEX interessado_nome_trgm_idx ON interessado USING gin (lower(sem_acento(nome)) gin_trgm_ops);
CREATE INDEX usuario_nome_trgm_idx ON usuario USING gin (lower(sem_acento(nome)) gin_trgm_ops);

CREATE INDEX tipo_documento_assunto_assunto_idx ON tipo_documento_assunto (id_assunto);
CREATE INDEX item_glossario_tipo_assunto_idx ON item_glossario (id_tipo_documento, id_assunto);
`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
DROP INDEX item_glossario_tipo_assunto_idx;
DROP INDEX tipo_documento_assunto_assunto_idx;
DROP INDEX usuario_nome_trgm_idx;
DROP INDEX interessado_nome_trgm_idx;
DROP TABLE comissao_membro;
`.execute(db);
}
