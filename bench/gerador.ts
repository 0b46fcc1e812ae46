/**
 * The benchmark's university, generated inside the database with INSERT ... SELECT generate_series: every value is a
 * function of (seed, row number) through hashint8extended, so the same parameters give the same rows, in any order
 * and on PostgreSQL 15 or PGlite. Runs after the project's migrations, on an empty schema.
 *
 * Shape (scale 1): 200 units, 5,000 users, 1,000,000 documents, ~5,000,000 tramitações, ~3,000,000 peças (each with
 * its anexo; their files are a few hundred real files given by the caller). Special rows:
 * - unit 2 (PROGE, protocol) is the busy unit: its postal box holds exactly documentos/50 documents (20,000), all
 *   moved in the 25 days before the reference date, 15% still waiting to be received;
 * - unit 3 (DIREC) has documentos/100 documents waiting to be received (the receive benchmark takes them);
 * - unit 4 (SEEXP, protocol) opened documentos/50 documents and sent each once, 60 to 120 days before the reference
 *   (the malote report of unit 4 over that period has documentos/50 rows);
 * - document 1 has 200 tramitações and 100 peças; document 2 has one peça per consolidation PDF; document 3 is
 *   'volumoso' (32005 = 2) and held by unit 3 (the 50 MiB upload goes there).
 *
 * The SQL of each stage is in etapas-geracao.ts; the dimensions and the special rows in universidade.ts.
 */
import {
  type ContextoGeracao,
  contextoGeracao,
  SQL_COLUNAS_DOCUMENTO,
  SQL_INDICES_SECUNDARIOS,
  sqlCadastros,
  sqlDocumentos,
  sqlFuncoes,
  sqlLimpeza,
  sqlPecas,
  sqlPlano,
  sqlTextoConcluir,
  sqlTextoLote,
  sqlTextoPreparar,
  sqlTramitacoes,
} from './etapas-geracao.ts';
import { type Dimensoes, ESPECIAIS } from './universidade.ts';

export { dimensoes, ESPECIAIS } from './universidade.ts';

/** Bump when the generated data changes shape: a stored database of another version is generated again. */
export const VERSAO_GERADOR = 6;

/** Runs one SQL text (several statements when it has no parameters) on ONE connection and answers its rows. */
export type ExecutorSql = (texto: string) => Promise<Record<string, unknown>[]>;

export interface ArquivoReal {
  sha256: string;
  tamanho: number;
  tipoMime: string;
  nome: string;
}

export interface OpcoesGerador {
  escala: number;
  semente: number;
  /** Reference instant ('now' of the generated history), ISO. */
  referencia: string;
  /** scrypt hash stored for every user (one password for all: hashing 5,000 of them would take minutes). */
  hashSenha: string;
  /** Files of ordinary peças (cycled). */
  arquivosComuns: ArquivoReal[];
  /** One peça of document 2 per file, in order (the consolidation benchmark). */
  arquivosConsolidacao: ArquivoReal[];
  /** Server only: session_replication_role=replica during the load (skips FK and trigger checks; needs superuser). */
  semGatilhos?: boolean;
  /** Progress messages. */
  registrar?: (mensagem: string) => void;
}

export async function gerarUniversidade(executar: ExecutorSql, opcoes: OpcoesGerador): Promise<Dimensoes> {
  const contexto = contextoGeracao(opcoes);
  const log = opcoes.registrar ?? (() => {});
  const inicio = Date.now();
  const etapa = async (nome: string, texto: string) => {
    const t0 = Date.now();
    await executar(texto);
    log(`  ${nome}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  };

  const [vazio] = await executar(
    'SELECT NOT EXISTS (SELECT 1 FROM documento) AND NOT EXISTS (SELECT 1 FROM unidade) AS vazio',
  );
  if (!vazio?.vazio) throw new Error('O gerador precisa de um banco migrado e vazio');
  if (opcoes.arquivosComuns.length === 0) throw new Error('O gerador precisa de pelo menos um arquivo comum');

  await executar(sqlFuncoes(contexto));

  // Secondary indexes of the big tables: dropped now, built again after the load with the same definitions.
  const indices = (await executar(SQL_INDICES_SECUNDARIOS)) as { nome: string; definicao: string }[];
  await executar(indices.map((i) => `DROP INDEX ${i.nome};`).join('\n') || 'SELECT 1');
  await etapa('vocabulário, unidades e usuários', sqlCadastros(contexto));
  await etapa('plano dos documentos', sqlPlano(contexto));
  const colunas = (await executar(SQL_COLUNAS_DOCUMENTO)) as { nome: string }[];
  const temCodigo = colunas.some((c) => c.nome === 'codigo_verificacao');
  await etapa('documentos', sqlDocumentos(contexto, temCodigo));
  await etapa('tramitações', sqlTramitacoes(contexto));
  await etapa('anexos e peças', sqlPecas(contexto));
  await textoDasPecas(executar, contexto, etapa, log);
  const doTexto = (i: { definicao: string }) =>
    / ON public\.(arquivo_texto_pagina|arquivo_indexacao|documento_texto) /.test(i.definicao);
  const outros = indices.filter((i) => !doTexto(i));
  await etapa('índices', outros.map((i) => `${i.definicao};`).join('\n') || 'SELECT 1');
  // The load skips triggers: each document's public text (migration 0026) is built here, in one pass.
  await etapa('texto de cada documento', 'SELECT preencher_documento_texto()');
  await etapa(
    'índices do texto das peças (GIN)',
    indices
      .filter(doTexto)
      .map((i) => `${i.definicao};`)
      .join('\n') || 'SELECT 1',
  );
  await etapa('sequências e limpeza', sqlLimpeza(contexto));
  log(`  total: ${((Date.now() - inicio) / 1000).toFixed(1)} s`);
  return contexto.dim;
}

/** Peças per batch of the text load (~2 pages each). */
const PECAS_POR_LOTE = 250_000;

/** Issue 21: ~2 pages of text per peça's file (arquivo_texto_pagina), in batches, and the queue all CONCLUIDO. */
async function textoDasPecas(
  executar: ExecutorSql,
  contexto: ContextoGeracao,
  etapa: (nome: string, texto: string) => Promise<void>,
  log: (mensagem: string) => void,
): Promise<void> {
  const t0 = Date.now();
  await etapa('texto: parágrafos e palavras plantadas', sqlTextoPreparar(contexto));
  const [faixa] = await executar('SELECT min(id)::bigint AS de, max(id)::bigint AS ate FROM bench_pecas');
  const de = Number(faixa?.de ?? 1);
  const ate = Number(faixa?.ate ?? 0);
  for (let inicio = de; inicio <= ate; inicio += PECAS_POR_LOTE) {
    const fim = Math.min(ate, inicio + PECAS_POR_LOTE - 1);
    await etapa(`texto das peças ${inicio}–${fim} de ${ate}`, sqlTextoLote(contexto, inicio, fim));
  }
  await etapa('texto dos arquivos reais e fila concluída', sqlTextoConcluir(contexto));
  log(`  texto das peças (sem o índice GIN): ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

/** What the generated database holds, to check the generator (the vitest test) and print in the report. */
export async function contarUniversidade(executar: ExecutorSql) {
  const [linha] = await executar(`
    SELECT (SELECT count(*) FROM unidade)::int AS unidades,
      (SELECT count(*) FROM usuario)::int AS usuarios,
      (SELECT count(*) FROM documento)::int AS documentos,
      (SELECT count(*) FROM tramitacao)::int AS tramitacoes,
      (SELECT count(*) FROM peca)::int AS pecas,
      (SELECT count(*) FROM anexo)::int AS anexos,
      (SELECT count(*) FROM arquivo_texto_pagina)::int AS paginas_texto,
      (SELECT count(*) FROM tramitacao WHERE id_documento = ${ESPECIAIS.documentoLongo})::int AS tramitacoes_documento_longo`);
  return linha as {
    unidades: number;
    usuarios: number;
    documentos: number;
    tramitacoes: number;
    pecas: number;
    anexos: number;
    paginas_texto: number;
    tramitacoes_documento_longo: number;
  };
}

/** The postal box of a unit counted as the API counts it (pending to it + held by it, visible). */
export function sqlTamanhoCaixa(idUnidade: number): string {
  return `
    SELECT (
      (SELECT count(*) FROM tramitacao t JOIN documento d ON d.id = t.id_documento
        WHERE t.id_unidade_destino = ${idUnidade} AND t.dt_recebimento IS NULL AND t.dt_cancelamento IS NULL AND t.id_tramitacao_principal IS NULL
          AND d.situacao = 'ENVIADO' AND (d.estado_visibilidade_caixa IS NULL OR d.estado_visibilidade_caixa = 1))
      + (SELECT count(*) FROM documento d WHERE d.id_unidade_atual = ${idUnidade}
          AND d.situacao IN ('RECEBIDO', 'T', 'EM_CRIACAO')
          AND (d.estado_visibilidade_caixa IS NULL OR d.estado_visibilidade_caixa = 1)))::int AS total`;
}
