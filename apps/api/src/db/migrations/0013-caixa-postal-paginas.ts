import { type Kysely, sql } from 'kysely';

/**
 * The postal box again (issue 11). EXPLAIN (ANALYZE, BUFFERS) on the bench's box of 20,000 documents showed:
 * - the held part filters `situacao IN ('RECEBIDO', 'T')` inside an index whose predicate also admits EM_CRIACAO, so
 *   with situacao outside the index the planner went to the heap: 17,000 heap pages per count (490 ms cold);
 * - the page sorted all 20,000 rows for its 20, because the pending part's index did not give the box's order
 *   (date, then document id) and so the two parts could not be merged in order.
 * Now both indexes carry what the box filters and sorts by: counts are index-only and a page reads about a page.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
DROP INDEX documento_caixa_postal_idx;
CREATE INDEX documento_caixa_postal_idx ON documento
  (id_unidade_atual, (coalesce(data_envio, data_criacao)) DESC, id DESC)
  INCLUDE (situacao, data_envio, data_criacao, estado_visibilidade_caixa, numero, id_tipo_documento)
  WHERE situacao IN ('RECEBIDO', 'T', 'EM_CRIACAO');

DROP INDEX tramitacao_caixa_pendente_idx;
CREATE INDEX tramitacao_caixa_pendente_idx ON tramitacao (id_unidade_destino, dt_despacho DESC, id_documento DESC)
  WHERE dt_recebimento IS NULL AND id_tramitacao_principal IS NULL;
`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
DROP INDEX tramitacao_caixa_pendente_idx;
CREATE INDEX tramitacao_caixa_pendente_idx ON tramitacao (id_unidade_destino, dt_despacho DESC)
  INCLUDE (id_documento) WHERE dt_recebimento IS NULL AND id_tramitacao_principal IS NULL;

DROP INDEX documento_caixa_postal_idx;
CREATE INDEX documento_caixa_postal_idx ON documento
  (id_unidade_atual, (coalesce(data_envio, data_criacao)) DESC, id DESC)
  INCLUDE (data_envio, data_criacao, estado_visibilidade_caixa, numero, id_tipo_documento)
  WHERE situacao IN ('RECEBIDO', 'T', 'EM_CRIACAO');
`.execute(db);
}
