import { type Kysely, sql } from 'kysely';

/**
 * Issue 24, step 8 (docs/tramita-govbr-desenho.md §2, §4): the trâmites exchanged with the Tramita GOV.BR, made for
 * both directions although only receiving uses them yet.
 * - `tramite_externo`: one row per trâmite, `sentido` 'E' (sent) or 'R' (received), keyed by the barramento's IDT
 *   (unique; null only for a sending not yet started). `situacao_barramento` is the barramento's state as last seen
 *   (0: not yet in the barramento); `etapa` is the local job's persisted step, so a job that dies resumes where it
 *   stopped. The metadata as received (or as sent) in `metadados`; the refusal's reason and justification; the
 *   receipt sent; the last failure of the job. `id_unidade` is the internal unit (the mapped destination of a
 *   received one); `id_documento` is set in the same transaction that creates the document (never half-created).
 * - `tramite_externo_componente`: one per digital component (document `ordem_documento`, component `ordem`), with
 *   the PEN hash (Base64 of the SHA-256), size, name, MIME, the species and its mapped type, the access level and
 *   mapped hypothesis, `bytes_recebidos` (the download resumes from it) and `estado`; `sha256` (hex, the store's
 *   name) once verified.
 * - `historico_externo`: the origin body's history items of a received process (the document's section "Histórico
 *   no órgão de origem").
 * - `tramita_configuracao.consultada_em` / `erro_consulta`: when the pending trâmites were last asked for, and the
 *   failure of that pass, if any (the periodic consultation of every process, and the monitor).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
CREATE TABLE tramite_externo (
  id serial PRIMARY KEY,
  sentido char(1) NOT NULL CHECK (sentido IN ('E', 'R')),
  idt bigint UNIQUE CHECK (idt > 0),
  nre text CHECK (length(nre) <= 50),
  protocolo text CHECK (length(protocolo) <= 100),
  situacao_barramento smallint NOT NULL DEFAULT 0 CHECK (situacao_barramento BETWEEN 0 AND 99),
  etapa text NOT NULL CHECK (etapa IN (
    'INICIAR', 'ENVIAR_COMPONENTES', 'RECIBO_ENVIO', 'AGUARDANDO',
    'METADADOS', 'VALIDAR', 'BAIXAR', 'REGISTRAR', 'RECIBO', 'RECUSAR',
    'CONCLUIDO', 'RECUSADO', 'CANCELADO', 'FALHOU')),
  metadados jsonb,
  id_repositorio_remetente integer,
  numero_estrutura_remetente bigint,
  id_repositorio_destinatario integer,
  numero_estrutura_destinatario bigint,
  id_unidade integer REFERENCES unidade(id),
  id_documento integer REFERENCES documento(id),
  id_usuario integer REFERENCES usuario(id),
  motivo_recusa text CHECK (motivo_recusa IN ('01', '02', '03', '04', '99')),
  justificativa_recusa text CHECK (length(justificativa_recusa) BETWEEN 1 AND 500),
  recibo_data_recebimento text,
  recibo_hash_assinatura text,
  ultima_falha text CHECK (length(ultima_falha) <= 2000),
  ultima_falha_em timestamptz,
  reservado_ate timestamptz,
  criado_em timestamptz NOT NULL DEFAULT now(),
  atualizado_em timestamptz NOT NULL DEFAULT now(),
  registrado_em timestamptz,
  concluido_em timestamptz,
  CHECK (sentido = 'E' OR idt IS NOT NULL),
  CHECK ((motivo_recusa IS NULL) = (justificativa_recusa IS NULL)),
  CHECK ((id_documento IS NULL) = (registrado_em IS NULL) OR sentido = 'E')
);
CREATE INDEX tramite_externo_documento_idx ON tramite_externo (id_documento) WHERE id_documento IS NOT NULL;
CREATE INDEX tramite_externo_nre_idx ON tramite_externo (nre) WHERE nre IS NOT NULL;

CREATE TABLE tramite_externo_componente (
  id serial PRIMARY KEY,
  id_tramite_externo integer NOT NULL REFERENCES tramite_externo(id) ON DELETE CASCADE,
  ordem_documento integer NOT NULL CHECK (ordem_documento > 0),
  ordem integer NOT NULL CHECK (ordem > 0),
  protocolo text NOT NULL,
  hash text NOT NULL,
  sha256 text CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  tamanho bigint NOT NULL CHECK (tamanho >= 0),
  nome text NOT NULL,
  tipo_mime text NOT NULL,
  codigo_especie integer,
  nome_especie text,
  id_tipo_documento integer REFERENCES tipo_documento(id),
  nivel_acesso char(1) NOT NULL DEFAULT 'P' CHECK (nivel_acesso IN ('P', 'R', 'S')),
  id_hipotese_legal integer REFERENCES hipotese_legal(id),
  retirado boolean NOT NULL DEFAULT false,
  pendente_no_barramento boolean NOT NULL DEFAULT true,
  bytes_recebidos bigint NOT NULL DEFAULT 0 CHECK (bytes_recebidos BETWEEN 0 AND tamanho),
  estado text NOT NULL DEFAULT 'PENDENTE' CHECK (estado IN ('PENDENTE', 'BAIXANDO', 'VERIFICADO', 'ENVIADO')),
  id_peca integer REFERENCES peca(id),
  UNIQUE (id_tramite_externo, ordem_documento, ordem),
  CHECK (estado <> 'VERIFICADO' OR sha256 IS NOT NULL)
);

CREATE TABLE historico_externo (
  id serial PRIMARY KEY,
  id_documento integer NOT NULL REFERENCES documento(id),
  id_tramite_externo integer NOT NULL REFERENCES tramite_externo(id),
  ordem integer NOT NULL CHECK (ordem > 0),
  data_hora timestamptz NOT NULL,
  unidade text NOT NULL,
  operacao text NOT NULL,
  usuario text,
  UNIQUE (id_tramite_externo, ordem)
);
CREATE INDEX historico_externo_documento_idx ON historico_externo (id_documento, data_hora);

-- The live job of a trâmite is looked up by its IDT under the trâmite's row lock (design §4.1).
CREATE INDEX job_tramita_vivo_idx ON job (tipo, (payload->>'idt'))
  WHERE estado IN ('PENDENTE', 'EXECUTANDO') AND tipo LIKE 'tramita.%';

ALTER TABLE tramita_configuracao
  ADD COLUMN consultada_em timestamptz,
  ADD COLUMN erro_consulta text CHECK (length(erro_consulta) <= 2000);
`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
ALTER TABLE tramita_configuracao DROP COLUMN erro_consulta, DROP COLUMN consultada_em;
DROP INDEX job_tramita_vivo_idx;
DROP TABLE historico_externo;
DROP TABLE tramite_externo_componente;
DROP TABLE tramite_externo;
`.execute(db);
}
