import { type Kysely, sql } from 'kysely';

/**
 * Forwarding and the postal box (issue 5). A unit's box is what is pending to it (tramitacao_destino_pendente_idx, of
 * 0001) plus what it holds, read from this index by unit and date of the last sending (creation for drafts): the
 * filtered date range of a busy unit is an index range.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
CREATE INDEX documento_caixa_postal_idx ON documento
  (id_unidade_atual, (coalesce(data_envio, data_criacao)) DESC, id DESC)
  WHERE situacao IN ('RECEBIDO', 'T', 'EM_CRIACAO');

-- The movements of joined children point to their parent's: receiving the parent receives them too.
CREATE INDEX tramitacao_principal_idx ON tramitacao (id_tramitacao_principal) WHERE id_tramitacao_principal IS NOT NULL;
`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
DROP INDEX tramitacao_principal_idx;
DROP INDEX documento_caixa_postal_idx;
`.execute(db);
}
