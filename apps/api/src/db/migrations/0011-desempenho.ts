import { type Kysely, sql } from 'kysely';

/**
 * Performance at a large university's scale (issue 11, `npm run bench`). The postal box counts and pages every
 * document of the unit in the period: with the heap in the way, a box of 20,000 documents spread over a table of
 * 1,000,000 read 20,000 heap pages per request (430 ms). These indexes carry what the box reads, so both of its
 * parts are index-only scans:
 * - what the unit holds: documento_caixa_postal_idx (0005) again, now with the columns its filters and keys read;
 * - what waits for the unit: the pending principal movements by destination and date, with their document, and
 *   the documents in ENVIADO with the columns the box reads of them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
DROP INDEX documento_caixa_postal_idx;
CREATE INDEX documento_caixa_postal_idx ON documento
  (id_unidade_atual, (coalesce(data_envio, data_criacao)) DESC, id DESC)
  INCLUDE (data_envio, data_criacao, estado_visibilidade_caixa, numero, id_tipo_documento)
  WHERE situacao IN ('RECEBIDO', 'T', 'EM_CRIACAO');

CREATE INDEX tramitacao_caixa_pendente_idx ON tramitacao (id_unidade_destino, dt_despacho DESC)
  INCLUDE (id_documento) WHERE dt_recebimento IS NULL AND id_tramitacao_principal IS NULL;

CREATE INDEX documento_enviado_idx ON documento (id)
  INCLUDE (estado_visibilidade_caixa, numero, id_tipo_documento) WHERE situacao = 'ENVIADO';
`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
DROP INDEX documento_enviado_idx;
DROP INDEX tramitacao_caixa_pendente_idx;
DROP INDEX documento_caixa_postal_idx;
CREATE INDEX documento_caixa_postal_idx ON documento
  (id_unidade_atual, (coalesce(data_envio, data_criacao)) DESC, id DESC)
  WHERE situacao IN ('RECEBIDO', 'T', 'EM_CRIACAO');
`.execute(db);
}
