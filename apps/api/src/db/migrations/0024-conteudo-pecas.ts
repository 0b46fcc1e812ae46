import { type Kysely, sql } from 'kysely';

/**
 * Issue 21: the text of every peça, scans included, searchable in Portuguese.
 * - Text belongs to a file (`arquivo`, by its SHA-256), not to a peça: the same bytes linked to several peças or
 *   moved by desmembramento are read once. `arquivo_texto_pagina` holds one row per page (an image is one page),
 *   with where its text came from (T: the PDF's text layer; O: OCR) or why that page could not be read (`falha`), so
 *   a 500-page scan is stored page by page and an interrupted reading resumes at the first page it lacks.
 * - `arquivo_indexacao` is the queue and the progress of each file: PENDENTE (waiting), EXTRAINDO (taken by a
 *   process until `bloqueado_ate`), CONCLUIDO, ILEGIVEL (encrypted, corrupt or over the limits: `motivo` says why,
 *   never retried unless an administrator asks). Every peça inserted enqueues its file (trigger), whatever path
 *   added it; the files of the peças that exist now are enqueued here, and the background indexer works through
 *   them (resumable: its state is these rows).
 * - Permission ADMINISTRACAO_INDEXACAO: who sees the indexing's progress and asks for a re-indexing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
ALTER TABLE usuario_permissao DROP CONSTRAINT usuario_permissao_permissao_check;
ALTER TABLE usuario_permissao ADD CONSTRAINT usuario_permissao_permissao_check CHECK (permissao IN (
  'VISUALIZACAO_IRRESTRITA_PECAS', 'ADMINISTRACAO_VOCABULARIO', 'ADMINISTRACAO_TIPOS_DOCUMENTAIS', 'REENCAMINHAMENTO',
  'RELATORIOS', 'ADMINISTRACAO_USUARIOS', 'ADMINISTRACAO_CALENDARIO', 'ADMINISTRACAO_INDEXACAO'));

CREATE TABLE arquivo_indexacao (
  sha256 text PRIMARY KEY REFERENCES arquivo(sha256) ON DELETE CASCADE,
  estado text NOT NULL DEFAULT 'PENDENTE' CHECK (estado IN ('PENDENTE', 'EXTRAINDO', 'CONCLUIDO', 'ILEGIVEL')),
  motivo text,
  paginas_total integer,
  paginas_feitas integer NOT NULL DEFAULT 0,
  paginas_ocr integer NOT NULL DEFAULT 0,
  paginas_falhas integer NOT NULL DEFAULT 0,
  tentativas integer NOT NULL DEFAULT 0,
  bloqueado_ate timestamptz,
  enfileirado_em timestamptz NOT NULL DEFAULT now(),
  iniciado_em timestamptz,
  concluido_em timestamptz
);
CREATE INDEX arquivo_indexacao_fila_idx ON arquivo_indexacao (enfileirado_em)
  WHERE estado IN ('PENDENTE', 'EXTRAINDO');

CREATE TABLE arquivo_texto_pagina (
  sha256 text NOT NULL REFERENCES arquivo(sha256) ON DELETE CASCADE,
  pagina integer NOT NULL CHECK (pagina >= 1),
  texto text NOT NULL DEFAULT '',
  origem char(1) NOT NULL CHECK (origem IN ('T', 'O')),
  falha text,
  extraido_em timestamptz NOT NULL DEFAULT now(),
  tsv tsvector GENERATED ALWAYS AS (to_tsvector('public.portugues_sem_acento'::regconfig, texto)) STORED,
  PRIMARY KEY (sha256, pagina)
);
CREATE INDEX arquivo_texto_pagina_tsv_idx ON arquivo_texto_pagina USING gin (tsv);
CREATE INDEX arquivo_texto_pagina_extraido_idx ON arquivo_texto_pagina (extraido_em);

CREATE FUNCTION enfileirar_indexacao_peca() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO arquivo_indexacao (sha256)
    SELECT a.sha256 FROM anexo a WHERE a.id = NEW.id_anexo
  ON CONFLICT (sha256) DO NOTHING;
  RETURN NEW;
END $$;
CREATE TRIGGER peca_enfileirar_indexacao AFTER INSERT OR UPDATE OF id_anexo ON peca
  FOR EACH ROW EXECUTE FUNCTION enfileirar_indexacao_peca();

INSERT INTO arquivo_indexacao (sha256)
  SELECT DISTINCT a.sha256 FROM peca p JOIN anexo a ON a.id = p.id_anexo
ON CONFLICT (sha256) DO NOTHING;
`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
DROP TRIGGER peca_enfileirar_indexacao ON peca;
DROP FUNCTION enfileirar_indexacao_peca();
DROP TABLE arquivo_texto_pagina;
DROP TABLE arquivo_indexacao;
DELETE FROM usuario_permissao WHERE permissao = 'ADMINISTRACAO_INDEXACAO';
ALTER TABLE usuario_permissao DROP CONSTRAINT usuario_permissao_permissao_check;
ALTER TABLE usuario_permissao ADD CONSTRAINT usuario_permissao_permissao_check CHECK (permissao IN (
  'VISUALIZACAO_IRRESTRITA_PECAS', 'ADMINISTRACAO_VOCABULARIO', 'ADMINISTRACAO_TIPOS_DOCUMENTAIS', 'REENCAMINHAMENTO',
  'RELATORIOS', 'ADMINISTRACAO_USUARIOS', 'ADMINISTRACAO_CALENDARIO'));
`.execute(db);
}
