import { type Kysely, sql } from 'kysely';

/**
 * Issue 21, content search at the size of a university: a document's public text as one `tsvector`.
 * - Searching page by page made every candidate document cost a walk over its peças, files and pages (bench: 100 µs
 *   a document, 340–720 ms for a common word or a phrase over 12 months). `documento_texto` keeps, per document, the
 *   text of its public peças (public and not desmembrada/desentranhada: what anyone may see, `PUBLICA` in
 *   features/conteudo/visibilidade-sql.ts) page after page, so a document is checked with one row; the pages of its
 *   other peças are still checked one by one, for the readers who may see them.
 * - Pages are joined with a gap of 100 positions marked by a lexeme no search can produce (a space), so a phrase of
 *   the search (at most 200 characters) never spans two pages. `posicoes_exatas` is false when the positions were
 *   cut (over 16,383 words, or a word over 256 times): phrases are then checked page by page. `tsv_publico` is null
 *   when the text passes the size a `tsvector` holds (~1 MB): the document is then searched page by page.
 * - `nao_publicas`: the document has text in peças that are not public.
 * - Kept by triggers in the same transaction as the change (a page read, a peça added, moved, made restricted...),
 *   under a lock per document, so two readers of the same document's files cannot overwrite each other.
 * - A GIN index of the words: a search with few documents reads them from it, the period checked on each row. Not
 *   a GIN index of (creation date, words) with btree_gin: GIN reads every document of the period's date keys before
 *   intersecting them with the word's (bench, scale 1: 116 ms for a word in 20 documents, against 1 ms).
 * - `preencher_documento_texto()` fills it for every document: here and in the bench generator, which loads with
 *   triggers off.
 * - `juntada_na_caixa_de(id, unidade)`: whether the topmost document a joined document is inside (at most 50
 *   levels up) is in the unit's box, for the rule of spec §6 in SQL (features/conteudo/visibilidade-sql.ts). A
 *   recursive query, or even a subquery, in its place cost ~1 ms, then ~60 µs, each time a search re-ran it for a
 *   document, even where it was never reached; a function is only entered when called.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
CREATE FUNCTION juntada_na_caixa_de(alvo bigint, unidade bigint) RETURNS boolean LANGUAGE plpgsql STABLE AS $$
DECLARE
  atual bigint := alvo;
  acima bigint;
BEGIN
  FOR nivel IN 1..50 LOOP
    SELECT d.id_documento_agregador INTO acima FROM documento d WHERE d.id = atual;
    EXIT WHEN acima IS NULL;
    atual := acima;
  END LOOP;
  RETURN EXISTS (SELECT 1 FROM documento r
    WHERE r.id = atual AND r.id <> alvo AND r.id_unidade_atual = unidade AND r.situacao IN ('RECEBIDO', 'EM_CRIACAO'));
END $$;

CREATE FUNCTION juntar_texto_paginas(acumulado tsvector, pagina tsvector) RETURNS tsvector
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
  IF acumulado = '''  '''::tsvector THEN RETURN acumulado; END IF;
  IF pagina IS NULL THEN RETURN acumulado; END IF;
  IF acumulado IS NULL THEN RETURN pagina; END IF;
  IF pg_column_size(acumulado) + pg_column_size(pagina) > 900000 THEN RETURN '''  '''::tsvector; END IF;
  RETURN acumulado || ''' '':100'::tsvector || pagina;
END $$;

CREATE FUNCTION fim_texto_paginas(acumulado tsvector) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN acumulado = '''  '''::tsvector THEN NULL ELSE coalesce(acumulado, ''::tsvector) END
$$;

CREATE AGGREGATE juntar_paginas(tsvector) (
  SFUNC = juntar_texto_paginas, STYPE = tsvector, FINALFUNC = fim_texto_paginas
);

CREATE FUNCTION posicoes_exatas(texto tsvector) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT texto IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM unnest(texto) u
    WHERE coalesce(array_length(u.positions, 1), 0) >= 256 OR 16383 = ANY (u.positions))
$$;

CREATE TABLE documento_texto (
  id_documento bigint PRIMARY KEY REFERENCES documento(id) ON DELETE CASCADE,
  data_criacao timestamptz NOT NULL,
  tsv_publico tsvector,
  posicoes_exatas boolean NOT NULL,
  nao_publicas boolean NOT NULL
);
-- Kept in the row (compressed) up to a page: a search reads one row per document, not its TOAST chunks (bench: a
-- phrase checked over 5,000 documents in 325 ms out of line, 75 ms in the row).
ALTER TABLE documento_texto ALTER COLUMN tsv_publico SET STORAGE MAIN;
ALTER TABLE documento_texto SET (toast_tuple_target = 8160);
CREATE INDEX documento_texto_busca_idx ON documento_texto USING gin (tsv_publico);

CREATE FUNCTION atualizar_documento_texto(alvo bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  publica tsvector;
  tem_texto boolean;
  tem_nao_publicas boolean;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('documento_texto:' || alvo, 0));
  SELECT count(*) > 0,
         coalesce(bool_or(NOT (p.nivel_acesso = 'P' AND p.situacao_vinculo IS NULL)), false),
         juntar_paginas(tp.tsv ORDER BY p.sequencial, p.id, tp.pagina)
           FILTER (WHERE p.nivel_acesso = 'P' AND p.situacao_vinculo IS NULL)
    INTO tem_texto, tem_nao_publicas, publica
    FROM peca p JOIN anexo a ON a.id = p.id_anexo JOIN arquivo_texto_pagina tp ON tp.sha256 = a.sha256
   WHERE p.id_documento = alvo;
  IF NOT tem_texto THEN
    DELETE FROM documento_texto WHERE id_documento = alvo;
    RETURN;
  END IF;
  INSERT INTO documento_texto (id_documento, data_criacao, tsv_publico, posicoes_exatas, nao_publicas)
    SELECT d.id, d.data_criacao, publica, posicoes_exatas(publica), tem_nao_publicas FROM documento d WHERE d.id = alvo
  ON CONFLICT (id_documento) DO UPDATE SET
    data_criacao = EXCLUDED.data_criacao, tsv_publico = EXCLUDED.tsv_publico,
    posicoes_exatas = EXCLUDED.posicoes_exatas, nao_publicas = EXCLUDED.nao_publicas;
END $$;

CREATE FUNCTION documento_texto_por_pagina() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  arquivo text;
  alvo bigint;
BEGIN
  arquivo := CASE WHEN TG_OP = 'DELETE' THEN OLD.sha256 ELSE NEW.sha256 END;
  FOR alvo IN SELECT DISTINCT p.id_documento FROM anexo a JOIN peca p ON p.id_anexo = a.id WHERE a.sha256 = arquivo LOOP
    PERFORM atualizar_documento_texto(alvo);
  END LOOP;
  IF TG_OP = 'UPDATE' AND OLD.sha256 <> NEW.sha256 THEN
    FOR alvo IN SELECT DISTINCT p.id_documento FROM anexo a JOIN peca p ON p.id_anexo = a.id WHERE a.sha256 = OLD.sha256 LOOP
      PERFORM atualizar_documento_texto(alvo);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER arquivo_texto_pagina_documento_texto AFTER INSERT OR DELETE OR UPDATE OF texto, sha256
  ON arquivo_texto_pagina FOR EACH ROW EXECUTE FUNCTION documento_texto_por_pagina();

CREATE FUNCTION documento_texto_por_peca() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN PERFORM atualizar_documento_texto(NEW.id_documento); END IF;
  IF TG_OP = 'DELETE' OR OLD.id_documento <> NEW.id_documento THEN
    PERFORM atualizar_documento_texto(OLD.id_documento);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER peca_documento_texto AFTER INSERT OR DELETE OR UPDATE OF id_documento, id_anexo, nivel_acesso,
  situacao_vinculo, sequencial ON peca FOR EACH ROW EXECUTE FUNCTION documento_texto_por_peca();

CREATE FUNCTION documento_texto_por_documento() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE documento_texto SET data_criacao = NEW.data_criacao WHERE id_documento = NEW.id;
  RETURN NULL;
END $$;
CREATE TRIGGER documento_documento_texto AFTER UPDATE OF data_criacao ON documento
  FOR EACH ROW WHEN (OLD.data_criacao IS DISTINCT FROM NEW.data_criacao)
  EXECUTE FUNCTION documento_texto_por_documento();

CREATE FUNCTION preencher_documento_texto() RETURNS void LANGUAGE sql AS $$
  DELETE FROM documento_texto;
  INSERT INTO documento_texto (id_documento, data_criacao, tsv_publico, posicoes_exatas, nao_publicas)
  SELECT g.id, g.data_criacao, g.publica, posicoes_exatas(g.publica), g.nao_publicas
    FROM (SELECT d.id, d.data_criacao,
                 juntar_paginas(tp.tsv ORDER BY p.sequencial, p.id, tp.pagina)
                   FILTER (WHERE p.nivel_acesso = 'P' AND p.situacao_vinculo IS NULL) AS publica,
                 coalesce(bool_or(NOT (p.nivel_acesso = 'P' AND p.situacao_vinculo IS NULL)), false) AS nao_publicas
            FROM documento d JOIN peca p ON p.id_documento = d.id JOIN anexo a ON a.id = p.id_anexo
            JOIN arquivo_texto_pagina tp ON tp.sha256 = a.sha256
           GROUP BY d.id) g;
  ANALYZE documento_texto;
$$;

SELECT preencher_documento_texto();
`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
DROP TRIGGER documento_documento_texto ON documento;
DROP FUNCTION documento_texto_por_documento();
DROP TRIGGER peca_documento_texto ON peca;
DROP FUNCTION documento_texto_por_peca();
DROP TRIGGER arquivo_texto_pagina_documento_texto ON arquivo_texto_pagina;
DROP FUNCTION documento_texto_por_pagina();
DROP FUNCTION preencher_documento_texto();
DROP FUNCTION atualizar_documento_texto(bigint);
DROP TABLE documento_texto;
DROP FUNCTION posicoes_exatas(tsvector);
DROP AGGREGATE juntar_paginas(tsvector);
DROP FUNCTION fim_texto_paginas(tsvector);
DROP FUNCTION juntar_texto_paginas(tsvector, tsvector);
DROP FUNCTION juntada_na_caixa_de(bigint, bigint);
`.execute(db);
}
