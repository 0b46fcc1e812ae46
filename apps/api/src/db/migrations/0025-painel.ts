import { type Kysely, sql } from 'kysely';

/**
 * Issue 22: the Painel (a unit's work in charts) and the home page's counts, read from indexes.
 * - Permission PAINEL_INSTITUCIONAL: the Painel of every unit and of the whole institution.
 * - Two instants kept with the rows they describe, because computing them per row at read time does not scale
 *   (on the scale-0.1 bench, looking up the receipt of each of the 89,000 held documents took ~470 ms; at scale 1
 *   the institution's view would take seconds):
 *   - `documento.data_recebimento_unidade`: when the unit that holds it received it (the receipt that brought it to
 *     its current unit), the start of the age of what a unit holds;
 *   - `tramitacao.dt_recebimento_origem`: for a sending, when its origin unit had received the document (the
 *     previous live tramitação of the document, if it went to that unit and was received): the start of the stay
 *     that sending ends. Null when there was no such receipt (the first sending after autuação).
 *   Both are written by triggers in the transaction of the change, whatever path writes tramitações (receipt, batch,
 *   re-forwarding, the joined documents that travel with their principal, the seed): a receipt is an INSERT with
 *   dt_recebimento or an UPDATE setting it; the instant only moves forward, so the order rows are inserted in does
 *   not matter. The bench generator, which loads with triggers off, writes them itself (bench/etapas-geracao.ts).
 *   Existing rows are filled here.
 * - Indexes: sendings by origin and date and receipts by destination and date (each unit's weekly flow and stays),
 *   the same by date alone (the institution's), what each unit holds with its receipt and subject (ages, subjects,
 *   units holding the oldest), each document's type by id (the stays per type read it index-only: a third less time
 *   for the institution's stays on the bench), and a user's audited actions on documents (the home page's recent
 *   documents).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
ALTER TABLE usuario_permissao DROP CONSTRAINT usuario_permissao_permissao_check;
ALTER TABLE usuario_permissao ADD CONSTRAINT usuario_permissao_permissao_check CHECK (permissao IN (
  'VISUALIZACAO_IRRESTRITA_PECAS', 'ADMINISTRACAO_VOCABULARIO', 'ADMINISTRACAO_TIPOS_DOCUMENTAIS', 'REENCAMINHAMENTO',
  'RELATORIOS', 'ADMINISTRACAO_USUARIOS', 'ADMINISTRACAO_CALENDARIO', 'ADMINISTRACAO_INDEXACAO',
  'PAINEL_INSTITUCIONAL'));

ALTER TABLE documento ADD COLUMN data_recebimento_unidade timestamptz;
ALTER TABLE tramitacao ADD COLUMN dt_recebimento_origem timestamptz;

UPDATE tramitacao t SET dt_recebimento_origem = v.recebimento
FROM (
  SELECT id, id_unidade_origem,
    lag(dt_recebimento) OVER w AS recebimento, lag(id_unidade_destino) OVER w AS destino_anterior
  FROM tramitacao WHERE dt_cancelamento IS NULL
  WINDOW w AS (PARTITION BY id_documento ORDER BY sequencia)
) v
WHERE v.id = t.id AND v.recebimento IS NOT NULL AND v.destino_anterior = v.id_unidade_origem;

UPDATE documento d SET data_recebimento_unidade = r.recebimento
FROM (SELECT id_documento, max(dt_recebimento) AS recebimento FROM tramitacao
  WHERE dt_recebimento IS NOT NULL GROUP BY id_documento) r
WHERE r.id_documento = d.id;

CREATE FUNCTION painel_recebimento_documento() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE documento SET data_recebimento_unidade = NEW.dt_recebimento
  WHERE id = NEW.id_documento
    AND (data_recebimento_unidade IS NULL OR data_recebimento_unidade < NEW.dt_recebimento);
  RETURN NULL;
END $$;
CREATE TRIGGER tramitacao_recebimento_insercao AFTER INSERT ON tramitacao
  FOR EACH ROW WHEN (NEW.dt_recebimento IS NOT NULL) EXECUTE FUNCTION painel_recebimento_documento();
CREATE TRIGGER tramitacao_recebimento_alteracao AFTER UPDATE OF dt_recebimento ON tramitacao
  FOR EACH ROW WHEN (NEW.dt_recebimento IS NOT NULL AND NEW.dt_recebimento IS DISTINCT FROM OLD.dt_recebimento)
  EXECUTE FUNCTION painel_recebimento_documento();

-- Row-level BEFORE triggers see the rows an INSERT of several rows has already written, so a document's whole
-- history inserted in one statement (in order of sequencia) links each sending to the receipt before it.
CREATE FUNCTION painel_recebimento_origem() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT CASE WHEN anterior.id_unidade_destino = NEW.id_unidade_origem THEN anterior.dt_recebimento END
    INTO NEW.dt_recebimento_origem
  FROM tramitacao anterior
  WHERE anterior.id_documento = NEW.id_documento AND anterior.sequencia < NEW.sequencia
    AND anterior.dt_cancelamento IS NULL
  ORDER BY anterior.sequencia DESC
  LIMIT 1;
  RETURN NEW;
END $$;
CREATE TRIGGER tramitacao_recebimento_origem BEFORE INSERT ON tramitacao
  FOR EACH ROW EXECUTE FUNCTION painel_recebimento_origem();

CREATE INDEX tramitacao_painel_envio_idx ON tramitacao (id_unidade_origem, dt_despacho)
  INCLUDE (id_documento, dt_recebimento_origem)
  WHERE id_tramitacao_principal IS NULL AND dt_cancelamento IS NULL;
CREATE INDEX tramitacao_painel_envio_data_idx ON tramitacao (dt_despacho)
  INCLUDE (id_documento, dt_recebimento_origem)
  WHERE id_tramitacao_principal IS NULL AND dt_cancelamento IS NULL;
CREATE INDEX tramitacao_painel_recebimento_idx ON tramitacao (id_unidade_destino, dt_recebimento)
  WHERE id_tramitacao_principal IS NULL AND dt_recebimento IS NOT NULL;
CREATE INDEX tramitacao_painel_recebimento_data_idx ON tramitacao (dt_recebimento)
  WHERE id_tramitacao_principal IS NULL AND dt_recebimento IS NOT NULL;
CREATE INDEX documento_painel_posse_idx ON documento (id_unidade_atual)
  INCLUDE (data_recebimento_unidade, data_criacao, id_assunto)
  WHERE situacao IN ('RECEBIDO', 'T') AND id_documento_agregador IS NULL
    AND (estado_visibilidade_caixa IS NULL OR estado_visibilidade_caixa = 1);
CREATE INDEX documento_tipo_idx ON documento (id) INCLUDE (id_tipo_documento);
CREATE INDEX auditoria_usuario_documento_idx ON auditoria (id_usuario, em DESC) WHERE entidade = 'documento';
`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
DROP INDEX auditoria_usuario_documento_idx;
DROP INDEX documento_tipo_idx;
DROP INDEX documento_painel_posse_idx;
DROP INDEX tramitacao_painel_recebimento_data_idx;
DROP INDEX tramitacao_painel_recebimento_idx;
DROP INDEX tramitacao_painel_envio_data_idx;
DROP INDEX tramitacao_painel_envio_idx;
DROP TRIGGER tramitacao_recebimento_origem ON tramitacao;
DROP FUNCTION painel_recebimento_origem();
DROP TRIGGER tramitacao_recebimento_alteracao ON tramitacao;
DROP TRIGGER tramitacao_recebimento_insercao ON tramitacao;
DROP FUNCTION painel_recebimento_documento();
ALTER TABLE tramitacao DROP COLUMN dt_recebimento_origem;
ALTER TABLE documento DROP COLUMN data_recebimento_unidade;
DELETE FROM usuario_permissao WHERE permissao = 'PAINEL_INSTITUCIONAL';
ALTER TABLE usuario_permissao DROP CONSTRAINT usuario_permissao_permissao_check;
ALTER TABLE usuario_permissao ADD CONSTRAINT usuario_permissao_permissao_check CHECK (permissao IN (
  'VISUALIZACAO_IRRESTRITA_PECAS', 'ADMINISTRACAO_VOCABULARIO', 'ADMINISTRACAO_TIPOS_DOCUMENTAIS', 'REENCAMINHAMENTO',
  'RELATORIOS', 'ADMINISTRACAO_USUARIOS', 'ADMINISTRACAO_CALENDARIO', 'ADMINISTRACAO_INDEXACAO'));
`.execute(db);
}
