import { type Kysely, sql } from 'kysely';

/**
 * Verification code of a document (issue 9): printed on the cover and the receipt with a QR code, it opens the
 * public verification page. 16 characters of an alphabet of 32 without look-alikes (no 0, O, 1, I), i.e. 80 random
 * bits: unguessable, yet short enough to type in four groups of four. The random bytes come from
 * gen_random_uuid() (pg_strong_random, core since PostgreSQL 13, also in PGlite); byte 6 of the first uuid holds
 * the version and is skipped, the variant byte (8) keeps its five low bits random. The column DEFAULT gives every
 * new document its code wherever it is inserted (opening, demo seed), and the same expression fills the existing
 * rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
CREATE FUNCTION gerar_codigo_verificacao() RETURNS text LANGUAGE sql VOLATILE PARALLEL SAFE AS $$
  SELECT string_agg(substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', get_byte(b.bytes, i) % 32 + 1, 1), '' ORDER BY i)
  FROM (SELECT uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()) AS bytes) AS b,
       unnest(ARRAY[0, 1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]) AS i
$$;

ALTER TABLE documento ADD COLUMN codigo_verificacao text;
UPDATE documento SET codigo_verificacao = gerar_codigo_verificacao();
ALTER TABLE documento
  ALTER COLUMN codigo_verificacao SET DEFAULT gerar_codigo_verificacao(),
  ALTER COLUMN codigo_verificacao SET NOT NULL,
  ADD CONSTRAINT documento_codigo_verificacao_formato CHECK (codigo_verificacao ~ '^[2-9A-HJ-NP-Z]{16}$');
CREATE UNIQUE INDEX documento_codigo_verificacao_idx ON documento (codigo_verificacao);
`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
DROP INDEX documento_codigo_verificacao_idx;
ALTER TABLE documento DROP COLUMN codigo_verificacao;
DROP FUNCTION gerar_codigo_verificacao();
`.execute(db);
}
