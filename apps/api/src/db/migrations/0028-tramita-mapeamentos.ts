import { type Kysely, sql } from 'kysely';

/**
 * Issue 24, step 4: the Tramita GOV.BR mappings (docs/tramita-govbr-desenho.md §1, 0028), kept by holders of
 * ADMINISTRACAO_TRAMITA.
 * - `tramita_unidade_estrutura`: a unit ↔ one structure of the institution's repository, with what the barramento
 *   said of it when mapped (name, acronym, hierarchy as text, for the screens). `envia`/`recebe`: which way it works.
 * - `tramita_especie_envio` / `tramita_especie_recebimento`: document type ↔ PEN species, one table per direction
 *   (several types may send as the same species; each species arrives as one type).
 * - `tramita_hipotese_envio` / `tramita_hipotese_recebimento`: Trâmite's legal hypothesis ↔ PEN hypothesis, likewise.
 * - `tramita_limite_destino`: what the administrators know of a destination's limits (the barramento publishes
 *   none): a whole repository (`numero_estrutura` null) or one structure; at most one row for each.
 * A species or hypothesis the PEN drops stays in the cache inactive, so the mappings that use it stay (the pre-send
 * check turns them into errors); the caches' rows are never deleted, hence RESTRICT.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
CREATE TABLE tramita_unidade_estrutura (
  id_unidade integer PRIMARY KEY REFERENCES unidade(id),
  numero_estrutura bigint NOT NULL UNIQUE CHECK (numero_estrutura > 0),
  nome text NOT NULL CHECK (length(nome) BETWEEN 1 AND 500),
  sigla text CHECK (length(sigla) <= 100),
  hierarquia text CHECK (length(hierarquia) <= 2000),
  envia boolean NOT NULL DEFAULT true,
  recebe boolean NOT NULL DEFAULT true,
  atualizado_em timestamptz NOT NULL DEFAULT now(),
  id_usuario integer NOT NULL REFERENCES usuario(id),
  CHECK (envia OR recebe)
);

CREATE TABLE tramita_especie_envio (
  id_tipo_documento integer PRIMARY KEY REFERENCES tipo_documento(id),
  codigo_especie integer NOT NULL REFERENCES tramita_especie(codigo) ON DELETE RESTRICT
);
CREATE INDEX tramita_especie_envio_especie_idx ON tramita_especie_envio (codigo_especie);

CREATE TABLE tramita_especie_recebimento (
  codigo_especie integer PRIMARY KEY REFERENCES tramita_especie(codigo) ON DELETE RESTRICT,
  id_tipo_documento integer NOT NULL REFERENCES tipo_documento(id)
);
CREATE INDEX tramita_especie_recebimento_tipo_idx ON tramita_especie_recebimento (id_tipo_documento);

CREATE TABLE tramita_hipotese_envio (
  id_hipotese_legal integer PRIMARY KEY REFERENCES hipotese_legal(id),
  identificacao_pen integer NOT NULL REFERENCES tramita_hipotese(identificacao) ON DELETE RESTRICT
);
CREATE INDEX tramita_hipotese_envio_pen_idx ON tramita_hipotese_envio (identificacao_pen);

CREATE TABLE tramita_hipotese_recebimento (
  identificacao_pen integer PRIMARY KEY REFERENCES tramita_hipotese(identificacao) ON DELETE RESTRICT,
  id_hipotese_legal integer NOT NULL REFERENCES hipotese_legal(id)
);
CREATE INDEX tramita_hipotese_recebimento_hipotese_idx ON tramita_hipotese_recebimento (id_hipotese_legal);

CREATE TABLE tramita_limite_destino (
  id serial PRIMARY KEY,
  id_repositorio integer NOT NULL REFERENCES tramita_repositorio(id) ON DELETE RESTRICT,
  numero_estrutura bigint CHECK (numero_estrutura > 0),
  nome_estrutura text CHECK (length(nome_estrutura) <= 500),
  tamanho_maximo_mb integer CHECK (tamanho_maximo_mb BETWEEN 1 AND 2048),
  extensoes_recusadas text[] NOT NULL DEFAULT '{}'
    CHECK (cardinality(extensoes_recusadas) <= 50 AND array_position(extensoes_recusadas, NULL) IS NULL),
  observacao text CHECK (length(observacao) <= 500),
  atualizado_em timestamptz NOT NULL DEFAULT now(),
  id_usuario integer NOT NULL REFERENCES usuario(id),
  CHECK ((numero_estrutura IS NULL) = (nome_estrutura IS NULL)),
  CHECK (tamanho_maximo_mb IS NOT NULL OR cardinality(extensoes_recusadas) > 0)
);
CREATE UNIQUE INDEX tramita_limite_destino_repositorio_idx ON tramita_limite_destino (id_repositorio)
  WHERE numero_estrutura IS NULL;
CREATE UNIQUE INDEX tramita_limite_destino_estrutura_idx ON tramita_limite_destino (id_repositorio, numero_estrutura)
  WHERE numero_estrutura IS NOT NULL;
`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
DROP TABLE tramita_limite_destino;
DROP TABLE tramita_hipotese_recebimento;
DROP TABLE tramita_hipotese_envio;
DROP TABLE tramita_especie_recebimento;
DROP TABLE tramita_especie_envio;
DROP TABLE tramita_unidade_estrutura;
`.execute(db);
}
