import { type Kysely, sql } from 'kysely';

/**
 * Peças (issue 6). The services renumber under a lock on the document row; these constraints make a mistake in any
 * feature that writes peças fail loudly instead of leaving a document with holes or repeated numbers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
-- Files no longer referenced are deleted from the store: finding the references of a sha256 must be cheap.
CREATE INDEX anexo_sha256_idx ON anexo (sha256);

ALTER TABLE peca ADD CONSTRAINT peca_cancelamento_justificado
  CHECK ((situacao_vinculo IS NULL) = (justificativa_cancelamento IS NULL));
ALTER TABLE peca ADD CONSTRAINT peca_desmembramento_com_destino
  CHECK (situacao_vinculo IS DISTINCT FROM 'M' OR id_documento_peca_desmembramento IS NOT NULL);

-- A partial unique index cannot be deferred, and shifting numbers would trip it mid-statement; this trigger checks
-- at commit that the active peças of every touched document are numbered 1..n, each number once.
CREATE FUNCTION peca_conferir_sequencia() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  documento bigint;
  total integer;
  distintos integer;
  maior integer;
BEGIN
  IF TG_OP = 'DELETE' THEN documento := OLD.id_documento; ELSE documento := NEW.id_documento; END IF;
  SELECT count(*), count(DISTINCT sequencial), coalesce(max(sequencial), 0)
    INTO total, distintos, maior
    FROM peca WHERE id_documento = documento AND situacao_vinculo IS NULL;
  IF distintos <> total OR maior <> total THEN
    RAISE EXCEPTION 'peças ativas do documento % fora da sequência 1..n', documento USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END
$$;
CREATE CONSTRAINT TRIGGER peca_sequencia_continua AFTER INSERT OR UPDATE OR DELETE ON peca
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION peca_conferir_sequencia();
`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
DROP TRIGGER peca_sequencia_continua ON peca;
DROP FUNCTION peca_conferir_sequencia();
ALTER TABLE peca DROP CONSTRAINT peca_desmembramento_com_destino;
ALTER TABLE peca DROP CONSTRAINT peca_cancelamento_justificado;
DROP INDEX anexo_sha256_idx;
`.execute(db);
}
