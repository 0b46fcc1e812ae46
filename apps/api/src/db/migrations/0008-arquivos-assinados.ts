import { type Kysely, sql } from 'kysely';

/**
 * Signed files (issue 8). A signed file is linked to a document by the peça it became: both columns are set
 * together or neither, and a peça comes from at most one signed file. The list reads the newest files first
 * (everybody's linked ones, filtered by visibility).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
ALTER TABLE arquivo_assinado ADD CONSTRAINT arquivo_assinado_vinculo_ck
  CHECK ((id_documento_vinculado IS NULL) = (id_peca_vinculada IS NULL));
CREATE UNIQUE INDEX arquivo_assinado_peca_uk ON arquivo_assinado (id_peca_vinculada)
  WHERE id_peca_vinculada IS NOT NULL;
CREATE INDEX arquivo_assinado_recentes_idx ON arquivo_assinado (assinado_em DESC, id DESC)
  WHERE excluido_em IS NULL;
`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
DROP INDEX arquivo_assinado_recentes_idx;
DROP INDEX arquivo_assinado_peca_uk;
ALTER TABLE arquivo_assinado DROP CONSTRAINT arquivo_assinado_vinculo_ck;
`.execute(db);
}
