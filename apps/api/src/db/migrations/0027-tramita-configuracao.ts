import { type Kysely, sql } from 'kysely';

/**
 * Issue 24, step 3: the Tramita GOV.BR configuration (docs/tramita-govbr-desenho.md §1).
 * - Permission ADMINISTRACAO_TRAMITA: who configures the integration (and, in later steps, maps and monitors it).
 * - `tramita_configuracao`: one row (id = 1), absent until an administrator saves it; without it, or with `ativo`
 *   false, the feature is absent from every screen. The system certificate itself lives on disk
 *   (DATA_DIR/certificados/tramita/<ambiente>/); the row keeps what may be shown of the configured environment's
 *   certificate (holder, issuer, validity, SHA-256 fingerprint), never the key or its password. Active only with the
 *   institution's repository and structure and a certificate. `sincronizada_em`: the last sync of the lists.
 * - The PEN's lists, cached: species, legal hypotheses, repositories of structures. What disappears from the PEN is
 *   kept with `ativa`/`ativo` false, never deleted (mappings of step 4 will refer to these rows).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
ALTER TABLE usuario_permissao DROP CONSTRAINT usuario_permissao_permissao_check;
ALTER TABLE usuario_permissao ADD CONSTRAINT usuario_permissao_permissao_check CHECK (permissao IN (
  'VISUALIZACAO_IRRESTRITA_PECAS', 'ADMINISTRACAO_VOCABULARIO', 'ADMINISTRACAO_TIPOS_DOCUMENTAIS', 'REENCAMINHAMENTO',
  'RELATORIOS', 'ADMINISTRACAO_USUARIOS', 'ADMINISTRACAO_CALENDARIO', 'ADMINISTRACAO_INDEXACAO',
  'PAINEL_INSTITUCIONAL', 'ADMINISTRACAO_TRAMITA'));

CREATE TABLE tramita_especie (
  codigo integer PRIMARY KEY,
  nome text NOT NULL,
  ativa boolean NOT NULL DEFAULT true,
  sincronizada_em timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE tramita_hipotese (
  identificacao integer PRIMARY KEY,
  nome text NOT NULL,
  base_legal text,
  ativa boolean NOT NULL DEFAULT true,
  sincronizada_em timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE tramita_repositorio (
  id integer PRIMARY KEY,
  nome text NOT NULL,
  ativo boolean NOT NULL DEFAULT true
);

CREATE TABLE tramita_configuracao (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  ambiente text NOT NULL CHECK (ambiente IN ('HOMOLOGACAO', 'PRODUCAO')),
  url_base text NOT NULL CHECK (url_base LIKE 'https://%' AND length(url_base) <= 500),
  id_repositorio integer CHECK (id_repositorio > 0),
  numero_estrutura_raiz bigint CHECK (numero_estrutura_raiz > 0),
  certificado_impressao text,
  certificado_titular text,
  certificado_emissor text,
  certificado_valido_de timestamptz,
  certificado_valido_ate timestamptz,
  ativo boolean NOT NULL DEFAULT false,
  bloco_mb integer NOT NULL DEFAULT 50 CHECK (bloco_mb BETWEEN 1 AND 200),
  tamanho_maximo_componente_mb integer NOT NULL DEFAULT 100 CHECK (tamanho_maximo_componente_mb BETWEEN 1 AND 2048),
  intervalo_consulta_segundos integer NOT NULL DEFAULT 60 CHECK (intervalo_consulta_segundos BETWEEN 10 AND 3600),
  id_unidade_tramita integer REFERENCES unidade(id),
  id_tipo_documento_recebido integer REFERENCES tipo_documento(id),
  codigo_especie_padrao_envio integer REFERENCES tramita_especie(codigo),
  id_tipo_peca_padrao_recebimento integer REFERENCES tipo_documento(id),
  sincronizada_em timestamptz,
  atualizado_em timestamptz NOT NULL DEFAULT now(),
  id_usuario integer NOT NULL REFERENCES usuario(id),
  CHECK ((certificado_impressao IS NULL) = (certificado_titular IS NULL)
    AND (certificado_impressao IS NULL) = (certificado_emissor IS NULL)
    AND (certificado_impressao IS NULL) = (certificado_valido_de IS NULL)
    AND (certificado_impressao IS NULL) = (certificado_valido_ate IS NULL)),
  CHECK (NOT ativo
    OR (id_repositorio IS NOT NULL AND numero_estrutura_raiz IS NOT NULL AND certificado_impressao IS NOT NULL))
);
`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
DROP TABLE tramita_configuracao;
DROP TABLE tramita_repositorio;
DROP TABLE tramita_hipotese;
DROP TABLE tramita_especie;
DELETE FROM usuario_permissao WHERE permissao = 'ADMINISTRACAO_TRAMITA';
ALTER TABLE usuario_permissao DROP CONSTRAINT usuario_permissao_permissao_check;
ALTER TABLE usuario_permissao ADD CONSTRAINT usuario_permissao_permissao_check CHECK (permissao IN (
  'VISUALIZACAO_IRRESTRITA_PECAS', 'ADMINISTRACAO_VOCABULARIO', 'ADMINISTRACAO_TIPOS_DOCUMENTAIS', 'REENCAMINHAMENTO',
  'RELATORIOS', 'ADMINISTRACAO_USUARIOS', 'ADMINISTRACAO_CALENDARIO', 'ADMINISTRACAO_INDEXACAO',
  'PAINEL_INSTITUCIONAL'));
`.execute(db);
}
