import { type Kysely, sql } from 'kysely';

/**
 * Issue 24, step 5 (docs/tramita-govbr-desenho.md §0, decision 1): the document type of a peça, optional — a
 * non-process type (Ofício, Parecer, Despacho…) whose mapped PEN species the peça is sent as. Chosen when the peça is
 * added or later (PATCH documentos/{id}/pecas/{idAcessoAnexo}/tipo); the server checks the type exists, is active
 * and is not a process type (a database CHECK cannot see another table's row).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
ALTER TABLE peca ADD COLUMN id_tipo_documento integer REFERENCES tipo_documento(id);
CREATE INDEX peca_tipo_documento_idx ON peca (id_tipo_documento) WHERE id_tipo_documento IS NOT NULL;
`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
DROP INDEX peca_tipo_documento_idx;
ALTER TABLE peca DROP COLUMN id_tipo_documento;
`.execute(db);
}
