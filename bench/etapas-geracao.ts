/**
 * The SQL of each stage of the benchmark's generator (gerador.ts runs them in order): plain text built from the
 * dimensions, the seed and the reference instant, so the same parameters always give the same statements.
 */
import type { OpcoesGerador } from './gerador.ts';
import { type Dimensoes, dimensoes, ESPECIAIS } from './universidade.ts';
import {
  ACOES,
  AREAS,
  ASSUNTOS,
  arraySql,
  CAMPI,
  COMPLEMENTOS,
  DESPACHOS,
  NOMES,
  OBJETOS,
  PALAVRAS_PLANTADAS,
  PALAVRAS_TEXTO,
  PREFIXOS_UNIDADE,
  SOBRENOMES,
  TIPOS_DOCUMENTO,
} from './vocabulario.ts';

/** What every stage's SQL is a function of. */
export interface ContextoGeracao {
  dim: Dimensoes;
  /** Units. */
  U: number;
  /** Units of the random walk: 1 and 5..U. */
  M: number;
  /** Users per unit. */
  Q: number;
  /** Documents. */
  N: number;
  semente: number;
  /** The reference instant as a timestamptz expression. */
  ref: string;
  opcoes: OpcoesGerador;
}

const lit = (texto: string) => `'${texto.replaceAll("'", "''")}'`;

export function contextoGeracao(opcoes: OpcoesGerador): ContextoGeracao {
  const dim = dimensoes(opcoes.escala);
  return {
    dim,
    U: dim.unidades,
    M: dim.unidades - 3,
    Q: dim.usuarios / dim.unidades,
    N: dim.documentos,
    semente: Math.trunc(opcoes.semente),
    ref: `${lit(opcoes.referencia)}::timestamptz`,
    opcoes,
  };
}

/** Session settings and the helper functions every later stage calls (dropped by sqlLimpeza). */
export function sqlFuncoes({ opcoes, semente }: ContextoGeracao): string {
  return `
    SET work_mem = '256MB';
    SET maintenance_work_mem = '512MB';
    ${opcoes.semGatilhos ? 'SET session_replication_role = replica; SET synchronous_commit = off;' : ''}
    -- uniform [0,1) from (row, stream): deterministic, order-independent
    CREATE OR REPLACE FUNCTION bench_u(i bigint, k integer) RETURNS float8 LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
      $$ SELECT (hashint8extended(i, ${semente}::bigint * 1000 + k) & 2147483647)::float8 / 2147483648.0 $$;
    CREATE OR REPLACE FUNCTION bench_escolher(a text[], u float8) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
      $$ SELECT a[1 + floor(u * array_length(a, 1))::int] $$;
    CREATE OR REPLACE FUNCTION bench_unidade(k bigint) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
      $$ SELECT CASE WHEN k = 0 THEN 1 ELSE (k + 4)::int END $$;
    CREATE OR REPLACE FUNCTION bench_dv(b text) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT CASE WHEN r >= 10 THEN r - 10 ELSE r END FROM (
        SELECT 11 - (sum(substr(b, length(b) - i, 1)::int * (i + 2)) % 11)::int AS r
        FROM generate_series(0, length(b) - 1) i) x $$;
  `;
}

/** Tables whose secondary indexes are dropped during the load and built again afterwards (much faster). */
const TABELAS_GRANDES = [
  'documento',
  'tramitacao',
  'peca',
  'anexo',
  'usuario',
  'interessado',
  'lotacao',
  'arquivo_texto_pagina',
  'arquivo_indexacao',
  'documento_texto',
];

/** The secondary indexes of the big tables (not backing a constraint): their names and definitions. */
export const SQL_INDICES_SECUNDARIOS = `
    SELECT i.indexrelid::regclass::text AS nome, pg_get_indexdef(i.indexrelid) AS definicao
    FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid
    WHERE t.relname IN (${TABELAS_GRANDES.map(lit).join(',')}) AND t.relnamespace = 'public'::regnamespace
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)
    ORDER BY 1`;

/** Vocabulary, flows, units, users with their lotações and permissions, interested parties. */
export function sqlCadastros({ dim, U, ref, opcoes }: ContextoGeracao): string {
  const tipos = TIPOS_DOCUMENTO.map(
    ([descricao, processo], i) =>
      `(${i + 1}, ${lit(descricao)}, ${processo}, ${descricao === 'Contrato' || descricao === 'Convênio'})`,
  );
  const assuntos = ASSUNTOS.map(([codigo, descricao], i) => `(${i + 1}, ${lit(codigo)}, ${lit(descricao)})`);
  const nTipos = TIPOS_DOCUMENTO.length;
  const nAssuntos = ASSUNTOS.length;
  const nomesPessoa = `bench_escolher(${arraySql(NOMES)}, bench_u(x, 81)) || ' ' || bench_escolher(${arraySql(SOBRENOMES)}, bench_u(x, 82)) || ' ' || bench_escolher(${arraySql(SOBRENOMES)}, bench_u(x, 83))`;
  return `
    INSERT INTO tipo_documento (id, descricao, processo, considerado_processo_na_anexacao) VALUES ${tipos.join(',')};
    INSERT INTO assunto (id, codigo, descricao) VALUES ${assuntos.join(',')};
    INSERT INTO tipo_documento_assunto (id_tipo_documento, id_assunto)
      SELECT DISTINCT t, 1 + (t * 7 + j) % ${nAssuntos} FROM generate_series(1, ${nTipos}) t, generate_series(0, 9) j;
    INSERT INTO hipotese_legal (id, descricao, base_legal) VALUES
      (1, 'Informação pessoal', 'Art. 31 da Lei nº 12.527/2011'),
      (2, 'Documento preparatório', 'Art. 7º, § 3º, da Lei nº 12.527/2011'),
      (3, 'Processo administrativo disciplinar', 'Art. 150 da Lei nº 8.112/1990');
    INSERT INTO fluxo (id, id_tipo_documento, descricao) VALUES (1, NULL, 'Tramitação livre');
    INSERT INTO passo (id, id_fluxo, ordem, descricao, tipo, destino) VALUES
      (1, 1, 1, 'Encaminhar', 'ENCAMINHAR', 'QUALQUER'),
      (2, 1, 2, 'Arquivar', 'ARQUIVAR', 'ARQUIVO'),
      (3, 1, 3, 'Concluir', 'CONCLUIR', 'QUALQUER');

    INSERT INTO unidade (id, sigla, nome, id_unidade_pai, codigo, protocolo, arquivo, email)
    SELECT x,
      CASE x WHEN 1 THEN 'REIT' WHEN 2 THEN 'PROGE' WHEN 3 THEN 'DIREC' WHEN 4 THEN 'SEEXP' WHEN 5 THEN 'ARQC'
        ELSE 'U' || lpad(x::text, 3, '0') END,
      CASE x WHEN 1 THEN 'Reitoria' WHEN 2 THEN 'Protocolo Geral' WHEN 3 THEN 'Divisão de Recebimento'
        WHEN 4 THEN 'Seção de Expedição' WHEN 5 THEN 'Arquivo Central'
        ELSE bench_escolher(${arraySql(PREFIXOS_UNIDADE)}, bench_u(x, 71)) || ' ' || bench_escolher(${arraySql(AREAS)}, bench_u(x, 72))
          || ' (' || x || ')' END,
      CASE WHEN x = 1 THEN NULL WHEN x <= 11 THEN 1 ELSE 6 + ((x - 12) % 6) END,
      23000 + x,
      x IN (2, 4) OR (x >= 6 AND x % 10 = 6),
      x = 5,
      'unidade' || x || '@bench.example'
    FROM generate_series(1, ${U}) x;

    INSERT INTO usuario (id, username, nome, senha_hash, email, id_unidade_atual, criado_em)
    SELECT x,
      CASE x WHEN 2 THEN ${lit(ESPECIAIS.usuarioMovimentada)} WHEN 3 THEN ${lit(ESPECIAIS.usuarioRecebimento)}
        ELSE 'usuario' || x END,
      ${nomesPessoa},
      ${lit(opcoes.hashSenha)},
      'usuario' || x || '@bench.example',
      (x - 1) % ${U} + 1,
      ${ref} - interval '5 years'
    FROM generate_series(1, ${dim.usuarios}) x;
    INSERT INTO lotacao (id_usuario, id_unidade) SELECT x, (x - 1) % ${U} + 1 FROM generate_series(1, ${dim.usuarios}) x;
    INSERT INTO lotacao (id_usuario, id_unidade) VALUES (2, 4);
    INSERT INTO usuario_permissao (id_usuario, permissao) VALUES (2, 'RELATORIOS'), (3, 'RELATORIOS');

    INSERT INTO interessado (id, tipo, nome, codigo, email)
    SELECT x, (ARRAY['S','A','O','F','U'])[1 + (x - 1) % 5],
      CASE (x - 1) % 5 WHEN 2 THEN 'Prefeitura Municipal de ' || bench_escolher(${arraySql(CAMPI)}, bench_u(x, 84)) || ' ' || x
        WHEN 4 THEN 'Unidade externa ' || x ELSE ${nomesPessoa} END,
      lpad(x::text, 8, '0'), 'interessado' || x || '@bench.example'
    FROM generate_series(1, ${dim.interessados}) x;
  `;
}

/** bench_plano: one row per document with its class, creator, dates, number of movements and peças, walk. */
export function sqlPlano({ dim, U, M, N, ref, opcoes }: ContextoGeracao): string {
  const nTipos = TIPOS_DOCUMENTO.length;
  const nProt = Math.floor((U - 6) / 10) + 1; // ordinary protocol units 6, 16, 26...
  const nPdfs = opcoes.arquivosConsolidacao.length;
  const P = dim.porConjunto;
  return `
    CREATE UNLOGGED TABLE bench_plano AS
    WITH base AS (
      SELECT d,
        CASE WHEN d = 1 THEN 'G' WHEN d = 2 THEN 'C' WHEN d = 3 THEN 'V'
          WHEN d % 50 = 0 THEN 'R'
          WHEN d % 50 = 25 AND d / 50 < ${P} THEN 'B'
          WHEN d % 100 = 26 THEN 'P'
          WHEN d % 50 = 27 AND d / 50 < ${P} THEN 'M'
          ELSE 'O' END AS classe
      FROM generate_series(1, ${N}::bigint) d
    ), p AS (
      SELECT d, classe,
        CASE classe WHEN 'M' THEN 4 ELSE 6 + 10 * floor(bench_u(d, 1) * ${nProt})::int END AS criador,
        ${ref} - CASE classe
          WHEN 'B' THEN interval '3 days' + bench_u(d, 2) * interval '22 days'
          WHEN 'P' THEN interval '3 days' + bench_u(d, 2) * interval '22 days'
          WHEN 'M' THEN interval '100 days' + bench_u(d, 2) * interval '20 days'
          WHEN 'G' THEN interval '1100 days'
          WHEN 'C' THEN interval '400 days'
          WHEN 'V' THEN interval '200 days'
          ELSE interval '40 days' + bench_u(d, 2) * interval '3650 days' END AS criacao,
        CASE classe WHEN 'R' THEN 0 WHEN 'G' THEN ${ESPECIAIS.tramitacoesDocumentoLongo} WHEN 'C' THEN 3 WHEN 'V' THEN 2
          WHEN 'M' THEN 1
          ELSE 2 + (d * 3) % 7 + CASE WHEN d % 10 = 1 THEN 1 ELSE 0 END END::int AS n,
        CASE classe WHEN 'P' THEN true WHEN 'B' THEN bench_u(d, 3) < 0.15 WHEN 'O' THEN bench_u(d, 3) < 0.08
          ELSE false END AS pendente,
        CASE classe WHEN 'G' THEN ${ESPECIAIS.pecasDocumentoLongo} WHEN 'C' THEN ${nPdfs} WHEN 'V' THEN 1
          WHEN 'R' THEN (d / 50) % 3 ELSE 1 + (d * 7) % 5 END::int AS k,
        1 + floor(bench_u(d, 4) * ${nTipos})::int AS tipo,
        -- random walk over units 1 and 5..U with a fixed stride per document: consecutive units always differ
        1 + floor(bench_u(d, 5) * ${M - 1})::int AS passo
      FROM base
    )
    SELECT p.*,
      CASE WHEN criador = 1 THEN 0 WHEN criador >= 5 THEN criador - 4 ELSE 0 END AS w0,
      least((${ref} - criacao) / (n + 1), interval '20 days') * (0.3 + 0.7 * bench_u(d, 6)) AS intervalo,
      extract(year FROM criacao AT TIME ZONE 'America/Sao_Paulo')::int AS ano,
      row_number() OVER (PARTITION BY criador, extract(year FROM criacao AT TIME ZONE 'America/Sao_Paulo')
        ORDER BY criacao, d) AS seq,
      coalesce(sum(n) OVER (ORDER BY d ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0)::bigint AS off_t,
      coalesce(sum(k) OVER (ORDER BY d ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0)::bigint AS off_p
    FROM p;
    ALTER TABLE bench_plano ADD COLUMN ultimo_destino integer, ADD COLUMN ultima_origem integer,
      ADD COLUMN prazo date;
    -- Issue 20: about 40% of the documents that moved have a deadline on their last sending, from 20 days overdue to
    -- 30 days ahead of the reference (so the box sorted by deadline has every state).
    UPDATE bench_plano SET prazo = (${ref} AT TIME ZONE 'America/Sao_Paulo')::date
      + (floor(bench_u(d, 7) * 50)::int - 20)
      WHERE n > 0 AND bench_u(d, 8) < 0.4;
    UPDATE bench_plano SET
      ultimo_destino = CASE WHEN n = 0 THEN NULL WHEN classe = 'B' THEN 2 WHEN classe IN ('P', 'V') THEN 3
        ELSE bench_unidade((w0 + n * passo) % ${M}) END,
      ultima_origem = CASE WHEN n = 0 THEN NULL WHEN n = 1 THEN criador
        ELSE bench_unidade((w0 + (n - 1) * passo) % ${M}) END;
  `;
}

/** The columns of `documento` (an older schema has no codigo_verificacao). */
export const SQL_COLUNAS_DOCUMENTO = `SELECT column_name AS nome FROM information_schema.columns WHERE table_name = 'documento' AND table_schema = 'public'`;

export function sqlDocumentos({ dim, U, Q, semente }: ContextoGeracao, temCodigo: boolean): string {
  const nAssuntos = ASSUNTOS.length;
  const codigoVerificacao = temCodigo
    ? `, (SELECT string_agg(substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', 1 + (hashint8extended(p.d, ${semente}::bigint * 1000 + 200 + i) & 31)::int, 1), '' ORDER BY i) FROM generate_series(1, 16) i)`
    : '';
  const resumo = `
    bench_escolher(${arraySql(ACOES)}, bench_u(d, 10)) || ' ' ||
    (${arraySql(OBJETOS)})[1 + floor(${OBJETOS.length} * power(bench_u(d, 11), 1.5))::int] || ' ' ||
    replace(replace(replace(replace(replace(replace(
      bench_escolher(${arraySql(COMPLEMENTOS)}, bench_u(d, 12)),
      '{nome}', bench_escolher(${arraySql(NOMES)}, bench_u(d, 13)) || ' ' || bench_escolher(${arraySql(SOBRENOMES)}, bench_u(d, 14))),
      '{ano}', ano::text), '{n}', (1 + d % 97)::text), '{area}', bench_escolher(${arraySql(AREAS)}, bench_u(d, 15))),
      '{campus}', bench_escolher(${arraySql(CAMPI)}, bench_u(d, 16))), '{semestre}', (1 + d % 2)::text)`;
  return `
    INSERT INTO documento (id, numero, numero_digitos, id_tipo_documento, id_assunto, resumo_assunto, observacao, urgente,
      motivo_urgencia, tipo_interessado, id_interessado, id_unidade_procedencia, id_unidade_criadora, id_unidade_atual,
      id_usuario_criador, situacao, estado_processamento, estado_origem, estado_tamanho, data_criacao, data_validade,
      data_envio, data_ultima_alteracao, prazo, data_recebimento_unidade${temCodigo ? ', codigo_verificacao' : ''})
    SELECT d,
      substr(base, 1, 5) || '.' || substr(base, 6, 6) || '/' || substr(base, 12, 4) || '-' || dv1 || bench_dv(base || dv1),
      base || dv1 || bench_dv(base || dv1),
      tipo,
      1 + (tipo * 7 + floor(bench_u(d, 17) * 10)::int) % ${nAssuntos},
      ${resumo},
      CASE WHEN bench_u(d, 18) < 0.1 THEN 'Documento gerado para o benchmark.' END,
      bench_u(d, 19) < 0.03,
      CASE WHEN bench_u(d, 19) < 0.03 THEN 'Prazo legal próximo do fim' END,
      CASE WHEN bench_u(d, 20) < 0.6 THEN (ARRAY['S','A','O','F','U'])[1 + (interessado - 1) % 5] END,
      CASE WHEN bench_u(d, 20) < 0.6 THEN interessado END,
      criador, criador,
      CASE WHEN n = 0 THEN criador WHEN pendente THEN ultima_origem ELSE ultimo_destino END,
      criador + ${U} * floor(bench_u(d, 21) * ${Q})::int,
      CASE WHEN n = 0 THEN 'EM_CRIACAO' WHEN pendente THEN 'ENVIADO' ELSE 'RECEBIDO' END,
      CASE WHEN n = 0 THEN 6 WHEN classe = 'O' AND NOT pendente AND bench_u(d, 22) < 0.1 THEN 3 ELSE 1 END,
      CASE WHEN bench_u(d, 23) < 0.1 THEN 3 ELSE 4 END,
      CASE WHEN classe = 'V' THEN 2 ELSE 1 END,
      criacao,
      CASE WHEN n > 0 THEN criacao + intervalo END,
      CASE WHEN n > 0 THEN criacao + n * intervalo END,
      criacao + greatest(n, 0) * intervalo,
      prazo,
      -- Issue 22 (the triggers of migration 0025 are off during the load): its last receipt, as sqlTramitacoes dates it.
      CASE WHEN n > 0 AND NOT pendente THEN criacao + n * intervalo + intervalo * 0.5 * bench_u(off_t + n, 34)
        WHEN n > 1 THEN criacao + (n - 1) * intervalo + intervalo * 0.5 * bench_u(off_t + n - 1, 34) END${codigoVerificacao}
    FROM (
      SELECT p.*, lpad((23000 + criador)::text, 5, '0') || lpad(seq::text, 6, '0') || ano AS base,
        bench_dv(lpad((23000 + criador)::text, 5, '0') || lpad(seq::text, 6, '0') || ano) AS dv1,
        1 + floor(bench_u(d, 24) * ${dim.interessados})::int AS interessado
      FROM bench_plano p
    ) p;
    INSERT INTO sequencia_nup (codigo_unidade, ano, ultimo)
      SELECT 23000 + criador, ano, max(seq) FROM bench_plano GROUP BY 1, 2;
  `;
}

export function sqlTramitacoes({ U, M, Q }: ContextoGeracao): string {
  return `
    INSERT INTO tramitacao (id, id_documento, sequencia, id_fluxo, id_passo, id_unidade_origem, id_unidade_destino,
      id_usuario_remetente, despacho, tipo_despacho, nivel_acesso, id_hipotese_legal, dt_despacho, dt_recebimento,
      id_usuario_recebedor, prazo, origem_prazo, dt_recebimento_origem)
    SELECT off_t + s, d, s, 1, 1, origem, destino,
      origem + ${U} * floor(bench_u(off_t + s, 30) * ${Q})::int,
      CASE WHEN bench_u(off_t + s, 31) < 0.7 THEN bench_escolher(${arraySql(DESPACHOS)}, bench_u(off_t + s, 32)) END,
      'I',
      CASE WHEN bench_u(off_t + s, 33) < 0.02 THEN 'R' ELSE 'P' END,
      CASE WHEN bench_u(off_t + s, 33) < 0.02 THEN 1 END,
      criacao + s * intervalo,
      CASE WHEN s < n OR NOT pendente THEN criacao + s * intervalo + intervalo * 0.5 * bench_u(off_t + s, 34) END,
      CASE WHEN s < n OR NOT pendente THEN destino + ${U} * floor(bench_u(off_t + s, 35) * ${Q})::int END,
      CASE WHEN s = n THEN prazo END,
      CASE WHEN s = n AND prazo IS NOT NULL THEN 'REMETENTE' END,
      -- Issue 22: the receipt of the previous tramitação, always at this one's origin and received (s - 1 < n).
      CASE WHEN s > 1 THEN criacao + (s - 1) * intervalo + intervalo * 0.5 * bench_u(off_t + s - 1, 34) END
    FROM (
      SELECT p.d, p.n, p.off_t, p.criacao, p.intervalo, p.pendente, p.prazo, s,
        CASE WHEN s = 1 THEN p.criador ELSE bench_unidade((p.w0 + (s - 1) * p.passo) % ${M}) END AS origem,
        CASE WHEN s = p.n THEN p.ultimo_destino ELSE bench_unidade((p.w0 + s * p.passo) % ${M}) END AS destino
      FROM bench_plano p CROSS JOIN LATERAL generate_series(1, p.n) s
    ) t;
  `;
}

/**
 * The stored files' rows, then one anexo and one peça per planned peça. Issue 21: text belongs to a file (its
 * SHA-256), so the peças of ordinary documents (d > 3) each get a file of their own: an `arquivo` row whose SHA-256
 * is that of a name (no bytes on disk: 3 M files would not fit; no benchmark opens those peças), so every peça has
 * its own text. Documents 1–3 keep the real files the other sections read.
 */
export function sqlPecas({ U, Q, ref, opcoes, semente }: ContextoGeracao): string {
  const todos = [...opcoes.arquivosComuns, ...opcoes.arquivosConsolidacao];
  const unicos = [...new Map(todos.map((a) => [a.sha256, a])).values()];
  const comuns = opcoes.arquivosComuns;
  const pdfs = opcoes.arquivosConsolidacao;
  return `
    INSERT INTO arquivo (sha256, tamanho, tipo_mime, criado_em)
    VALUES ${unicos.map((a) => `(${lit(a.sha256)}, ${a.tamanho}, ${lit(a.tipoMime)}, ${ref} - interval '11 years')`).join(',')};
    CREATE UNLOGGED TABLE bench_pecas AS
    SELECT p.off_p + j AS id, p.d, j, p.n, p.criacao, p.intervalo, p.criador, p.classe,
      1 + floor(bench_u(p.off_p + j, 44) * 3)::int AS paginas,
      CASE WHEN p.d > 3 THEN encode(sha256(convert_to('bench-${semente}-' || (p.off_p + j), 'UTF8')), 'hex')
        WHEN p.classe = 'C' THEN (${arraySql(pdfs.map((a) => a.sha256).concat(''))})[j]
        ELSE (${arraySql(comuns.map((a) => a.sha256))})[1 + (p.d * 31 + j) % ${comuns.length}] END AS sha256,
      CASE WHEN p.classe = 'C' THEN (${arraySql(pdfs.map((a) => a.nome).concat(''))})[j]
        ELSE (${arraySql(comuns.map((a) => a.nome))})[1 + (p.d * 31 + j) % ${comuns.length}] END AS nome,
      CASE WHEN p.n = 0 THEN 1 ELSE 1 + (j - 1) % p.n END AS st
    FROM bench_plano p CROSS JOIN LATERAL generate_series(1, p.k) j;
    INSERT INTO arquivo (sha256, tamanho, tipo_mime, criado_em)
      SELECT sha256, 20000 + paginas * 30000 + floor(bench_u(id, 45) * 10000)::int, 'application/pdf',
        criacao + (st - 1) * intervalo + interval '1 hour'
      FROM bench_pecas WHERE d > 3;
    INSERT INTO anexo (id, sha256, nome, id_usuario, criado_em)
      SELECT id, sha256, nome, criador + ${U} * floor(bench_u(id, 40) * ${Q})::int,
        criacao + (st - 1) * intervalo + interval '1 hour'
      FROM bench_pecas;
    INSERT INTO peca (id, id_documento, id_anexo, sequencial, descricao, tipo_copia, nivel_acesso, id_hipotese_legal,
      sequencia_tramitacao, id_passo, situacao_tramitacao, id_usuario, criado_em)
      SELECT id, d, id, j,
        CASE WHEN bench_u(id, 41) < 0.5 THEN 'Peça ' || j || ' do documento' END,
        (ARRAY['N','O','A','C','S'])[1 + floor(bench_u(id, 42) * 5)::int],
        CASE WHEN d > 3 AND bench_u(id, 43) < 0.03 THEN 'R' ELSE 'P' END,
        CASE WHEN d > 3 AND bench_u(id, 43) < 0.03 THEN 1 END,
        st, CASE WHEN n > 0 THEN 1 END, CASE WHEN n > 0 THEN 'T' END,
        criador + ${U} * floor(bench_u(id, 40) * ${Q})::int,
        criacao + (st - 1) * intervalo + interval '1 hour'
      FROM bench_pecas;
    ALTER TABLE bench_pecas ADD PRIMARY KEY (id);
  `;
}

/** Paragraphs the pages are made of (a page = 4 of them, ~160 words): how many and the words drawn in each. */
const PARAGRAFOS = 20_000;

/**
 * Issue 21, before the pages: a pool of paragraphs (an action and a subject of the summaries, two sentences of
 * Zipf-drawn words, sometimes a despacho, so phrases like "prestação de contas" recur as in real text) and the
 * planted words of known peças (vocabulario.ts PALAVRAS_PLANTADAS).
 */
export function sqlTextoPreparar({ dim }: ContextoGeracao): string {
  const v = PALAVRAS_TEXTO.length;
  const palavras = arraySql(PALAVRAS_TEXTO);
  const frase = (fluxo: number, minimo: number, variacao: number) => `
    (SELECT string_agg((${palavras})[floor(exp(bench_u(i * 64 + w, ${fluxo}) * ln(${v + 1})))::int], ' ' ORDER BY w)
      FROM generate_series(1, ${minimo} + i % ${variacao}) w)`;
  // Every public peça of 20 documents of the busy box (class B: created 3–25 days before the reference); 20
  // restricted peças of class B documents.
  const passo = Math.max(1, Math.floor(dim.porConjunto / 20));
  return `
    CREATE UNLOGGED TABLE bench_paragrafos AS
    SELECT i AS id,
      bench_escolher(${arraySql(ACOES)}, bench_u(i, 90)) || ' ' ||
      (${arraySql(OBJETOS)})[1 + floor(${OBJETOS.length} * power(bench_u(i, 91), 1.5))::int] || ', ' ||
      ${frase(92, 10, 13)} || '. ' ||
      upper(left(${frase(93, 8, 11)}, 1)) || substr(${frase(93, 8, 11)}, 2) || '.' ||
      CASE WHEN bench_u(i, 94) < 0.4 THEN ' ' || bench_escolher(${arraySql(DESPACHOS)}, bench_u(i, 95)) ELSE '' END
      AS texto
    FROM generate_series(1, ${PARAGRAFOS}) i;
    ALTER TABLE bench_paragrafos ADD PRIMARY KEY (id);
    CREATE UNLOGGED TABLE bench_plantio AS
      SELECT b.sha256, ${lit(PALAVRAS_PLANTADAS.publica)}::text AS palavra FROM bench_pecas b
        WHERE b.classe = 'B' AND (b.d / 50) % ${passo} = 0 AND b.d / 50 < ${passo * 20} AND b.d > 3
          AND NOT (bench_u(b.id, 43) < 0.03)
      UNION ALL
      SELECT sha256, ${lit(PALAVRAS_PLANTADAS.restrita)} FROM (
        SELECT b.sha256 FROM bench_pecas b WHERE b.classe = 'B' AND b.d > 3 AND bench_u(b.id, 43) < 0.03
        ORDER BY b.id LIMIT 20) r;
  `;
}

/** Syllables of the made-up names of the long tail (a real archive's names, places, acronyms). */
const SILABAS = [
  'ba',
  'ce',
  'di',
  'fo',
  'gu',
  'la',
  'me',
  'ni',
  'po',
  'ru',
  'sa',
  'te',
  'vi',
  'xo',
  'za',
  'bra',
  'cle',
  'dri',
  'fla',
  'gro',
  'lu',
  'mo',
  'ne',
  'pi',
];

/**
 * The page text of bench_pecas row `b`, page `g`: 4 paragraphs of the pool, then a line of the long tail every real
 * page has (a process number, a year, an amount, a proper name made of syllables: numbers unique to the page and
 * names of Zipf-like frequency, so the lexicon is large and the statistics see rare lexemes as rare), and the
 * planted word on page 1.
 */
function textoPagina(semente: number): string {
  const h = (k: number) => `(hashint8extended(b.id * 8 + g, ${semente}::bigint * 1000 + ${k}) & 2147483647)`;
  const paragrafo = (k: number) => `(SELECT texto FROM bench_paragrafos WHERE id = 1 + ${h(95 + k)} % ${PARAGRAFOS})`;
  const silaba = (k: number) =>
    `(${arraySql(SILABAS)})[floor(exp((${h(k)}::float8 / 2147483648.0) * ln(${SILABAS.length + 1})))::int]`;
  const nome = `${silaba(110)} || ${silaba(111)} || ${silaba(112)}`;
  return `${[1, 2, 3, 4].map(paragrafo).join(" || ' ' || ")}
      || ' Referência: processo nº 23' || lpad((${h(113)} % 1000000)::text, 6, '0') || '/' || (2010 + ${h(114)} % 16)
      || ', valor de R$ ' || (${h(115)} % 100000) || ',' || lpad((${h(116)} % 100)::text, 2, '0') || ', '
      || initcap(${nome}) || '.'
      || CASE WHEN g = 1 AND pl.palavra IS NOT NULL THEN ' Consta a ' || pl.palavra || ' no acervo.' ELSE '' END`;
}

/**
 * Issue 21: the text pages (origin T) of the ordinary peças with ids in [de, ate] — run in batches so a 6 M page load
 * reports progress and never holds one huge transaction.
 */
export function sqlTextoLote({ semente }: ContextoGeracao, de: number, ate: number): string {
  return `
    INSERT INTO arquivo_texto_pagina (sha256, pagina, texto, origem, extraido_em)
    SELECT b.sha256, g, ${textoPagina(semente)}, 'T', b.criacao + interval '2 hours'
    FROM bench_pecas b CROSS JOIN LATERAL generate_series(1, b.paginas) g
      LEFT JOIN bench_plantio pl ON pl.sha256 = b.sha256
    WHERE b.id BETWEEN ${de} AND ${ate} AND b.d > 3;
  `;
}

/**
 * Issue 21, after the pages: the real files (documents 1–3, shared by several peças) get text too, and every file is
 * CONCLUIDO in the indexing queue (the indexer finds nothing to do; a peça inserted later is queued by the trigger).
 */
export function sqlTextoConcluir({ semente }: ContextoGeracao): string {
  return `
    INSERT INTO arquivo_texto_pagina (sha256, pagina, texto, origem, extraido_em)
    SELECT b.sha256, g, ${textoPagina(semente)}, 'T', b.criacao + interval '2 hours'
    FROM (SELECT DISTINCT ON (sha256) * FROM bench_pecas WHERE d <= 3 ORDER BY sha256, id) b
      CROSS JOIN LATERAL generate_series(1, b.paginas) g
      LEFT JOIN bench_plantio pl ON pl.sha256 = b.sha256;
    INSERT INTO arquivo_indexacao (sha256, estado, paginas_total, paginas_feitas, tentativas, enfileirado_em,
      iniciado_em, concluido_em)
    SELECT sha256, 'CONCLUIDO', count(*), count(*), 1, min(extraido_em) - interval '1 hour',
      min(extraido_em) - interval '1 hour', min(extraido_em)
    FROM arquivo_texto_pagina GROUP BY sha256
    ON CONFLICT (sha256) DO UPDATE SET estado = 'CONCLUIDO', paginas_total = excluded.paginas_total,
      paginas_feitas = excluded.paginas_feitas, tentativas = 1, enfileirado_em = excluded.enfileirado_em,
      iniciado_em = excluded.iniciado_em, concluido_em = excluded.concluido_em;
  `;
}

/** Sequences past the generated ids; the plan and the helper functions dropped. */
export function sqlLimpeza({ opcoes }: ContextoGeracao): string {
  return `
    ${[
      'unidade',
      'usuario',
      'interessado',
      'tipo_documento',
      'assunto',
      'hipotese_legal',
      'fluxo',
      'passo',
      'documento',
      'tramitacao',
      'anexo',
      'peca',
    ]
      .map((t) => `SELECT setval(pg_get_serial_sequence('${t}', 'id'), (SELECT max(id) FROM ${t}));`)
      .join('\n')}
    DROP TABLE bench_plano;
    DROP TABLE IF EXISTS bench_pecas;
    DROP TABLE IF EXISTS bench_paragrafos;
    DROP TABLE IF EXISTS bench_plantio;
    DROP FUNCTION bench_dv(text);
    DROP FUNCTION bench_unidade(bigint);
    DROP FUNCTION bench_escolher(text[], float8);
    DROP FUNCTION bench_u(bigint, integer);
    ${opcoes.semGatilhos ? 'SET session_replication_role = DEFAULT;' : ''}
  `;
}
