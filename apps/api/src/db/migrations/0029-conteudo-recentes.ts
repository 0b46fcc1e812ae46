import { type Kysely, sql } from 'kysely';

/**
 * Issue 21: a content search that matches many documents walks the newest texts and checks each until it has its
 * 1,000 (features/documentos/queries-busca.ts, `recentes`). It walked the documents' creation date index and read
 * each document and then its text row: for a common phrase, ~7,000 documents to find 1,000, 74 ms on the bench at
 * scale 1. Walking the text rows' own creation date, the document is read only for the texts that pass.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX documento_texto_criacao_idx ON documento_texto (data_criacao, id_documento)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX documento_texto_criacao_idx`.execute(db);
}
