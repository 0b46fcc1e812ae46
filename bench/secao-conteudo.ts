/**
 * Issue 21, "Conteúdo das peças": the content search of Busca (GET /api/documentos?conteudoPecas=, 12 months of
 * creation) as the busy unit's user and anonymously, at 1 and 32 connections next to the same SQL on the bare
 * database; that no restricted text leaks (a word planted only in restricted peças); the indexing's throughput
 * through the real pool tasks (text layer and OCR); and the time from the upload of a 20-page scan to the first
 * search that finds a word of its last page, with the server's own indexer.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import type { ConsultaCapturada } from './captura-sql.ts';
import { type Estatisticas, medirApiAoLadoDoSql } from './medicao.ts';
import { marca, ms, type Resultados } from './resultados.ts';
import { BASE, CABECALHO_CAPTURA, type ContextoSecao, comBanco, hojeMais, log, XRW } from './servidor.ts';
import { ESPECIAIS } from './universidade.ts';
import { PALAVRAS_PLANTADAS, PALAVRAS_TEXTO } from './vocabulario.ts';

/** The content searches measured: (a) rare word, (b) common word, (c) phrase, (d) word + minus. */
export const BUSCAS_CONTEUDO = [
  { nome: 'palavra rara', texto: PALAVRAS_PLANTADAS.publica },
  { nome: 'palavra comum', texto: 'processo' },
  { nome: 'frase', texto: '"prestação de contas"' },
  { nome: 'palavra e exclusão', texto: 'servidor -férias' },
] as const;

const META_P50 = 100;
const META_RAZAO = 1.3;
const META_DIGITALIZACAO_S = 120;
/** A search slower than this alone is measured at 1 connection only, over a few requests. */
const LENTO_MS = 300;

interface MedidaBusca {
  nome: string;
  quem: string;
  texto: string;
  api1: Estatisticas;
  puro1: Estatisticas;
  /** Not measured (null) when one request takes over LENTO_MS. */
  api32: Estatisticas | null;
  puro32: Estatisticas | null;
  consultas: number;
  /** Documents the API says it found (total) and how many of the first page carry an occurrence. */
  total: number | null;
  comOcorrencia: number;
}

interface Vazao {
  paginasTexto: { paginas: number; segundos: number; trabalhadores: number }[];
  paginasOcr: { paginas: number; segundos: number; trabalhadores: number }[];
}

export interface ResultadoConteudo {
  buscas: MedidaBusca[];
  erros: { medida: string; erro: string }[];
  /** The restricted-only word: documents found per caller. */
  vazamento: { quem: string; total: number | null }[];
  /** Ground truth read from the database before the server started. */
  plantadas: { publica: number; restrita: number; paginas: number } | null;
  vazao: Vazao | null;
  /** Seconds from the upload (201) of the 20-page scan to the first search finding its last page's word. */
  digitalizacao: { buscaGeral: number | null; buscaDocumento: number | null; bytes: number } | null;
}

const caminhoBusca = (referencia: string, texto: string) =>
  `/api/documentos?conteudoPecas=${encodeURIComponent(texto)}&dataCriacaoInicio=${hojeMais(referencia, -365)}&dataCriacaoFim=${hojeMais(referencia, 0)}`;

interface PaginaBusca {
  total?: number;
  itens?: { idDocumento: number; ocorrencia?: { pagina: number; sequencial: number } | null }[];
}

async function buscar(caminho: string, cookie: string | null): Promise<PaginaBusca> {
  const resposta = await fetch(`${BASE}${caminho}`, { headers: cookie ? { cookie } : {} });
  const texto = await resposta.text();
  if (!resposta.ok) throw new Error(`HTTP ${resposta.status}: ${texto.slice(0, 200)}`);
  return JSON.parse(texto) as PaginaBusca;
}

/** The planted words' peças and the text pages, read on the bare database (the answers the searches must give). */
export async function lerPlantadas(contexto: Pick<ContextoSecao, 'banco'>): Promise<ResultadoConteudo['plantadas']> {
  const [linha] = await comBanco(contexto.banco, (q) =>
    q(`SELECT
      (SELECT count(DISTINCT p.id_documento) FROM arquivo_texto_pagina t JOIN anexo a ON a.sha256 = t.sha256
        JOIN peca p ON p.id_anexo = a.id
        WHERE t.tsv @@ websearch_to_tsquery('public.portugues_sem_acento', '${PALAVRAS_PLANTADAS.publica}'))::int AS publica,
      (SELECT count(DISTINCT p.id_documento) FROM arquivo_texto_pagina t JOIN anexo a ON a.sha256 = t.sha256
        JOIN peca p ON p.id_anexo = a.id
        WHERE t.tsv @@ websearch_to_tsquery('public.portugues_sem_acento', '${PALAVRAS_PLANTADAS.restrita}'))::int AS restrita,
      (SELECT reltuples::bigint FROM pg_class WHERE relname = 'arquivo_texto_pagina') AS paginas`),
  );
  return linha
    ? { publica: Number(linha.publica), restrita: Number(linha.restrita), paginas: Number(linha.paginas) }
    : null;
}

/** (1) The content searches, as the busy unit's user and anonymously; (2) the restricted word per caller. */
export async function medirBuscasConteudo(
  contexto: ContextoSecao,
  opcoes: { poolPuro: pg.Pool; segundos: number; aquecimento: number },
  resultado: ResultadoConteudo,
): Promise<void> {
  const { banco, servidor } = contexto;
  const ref = banco.parametros.referencia;
  const chamadores = [
    { quem: `usuário da unidade movimentada (${ESPECIAIS.usuarioMovimentada})`, cookie: contexto.cookieProtocolo },
    { quem: 'anônimo', cookie: null },
  ];
  for (const busca of BUSCAS_CONTEUDO) {
    for (const chamador of chamadores) {
      const caminho = caminhoBusca(ref, busca.texto);
      const medida = `${busca.nome} (${busca.texto}), ${chamador.quem}`;
      let pagina: PaginaBusca;
      try {
        pagina = await buscar(caminho, chamador.cookie);
      } catch (erro) {
        resultado.erros.push({ medida, erro: String(erro) });
        continue;
      }
      const cabecalhos: Record<string, string> = chamador.cookie ? { cookie: chamador.cookie } : {};
      const consultas = await servidor.capturar(async () => {
        await (
          await fetch(`${BASE}${caminho}`, { headers: { ...cabecalhos, [CABECALHO_CAPTURA]: '1' } })
        ).arrayBuffer();
      });
      if (process.env.BENCH_EXPLAIN) {
        await explicar(opcoes.poolPuro, consultas, `${busca.nome}, ${chamador.quem}`);
        continue;
      }
      const pedido = { caminho, cabecalhos };
      const t0 = performance.now();
      await buscar(caminho, chamador.cookie);
      const lento = performance.now() - t0 > LENTO_MS;
      const { api1, puro1, api32, puro32 } = await medirApiAoLadoDoSql(BASE, pedido, consultas, { ...opcoes, lento });
      const comOcorrencia = (pagina.itens ?? []).filter((i) => i.ocorrencia).length;
      log(
        `conteúdo: ${medida}: ${pagina.total ?? '?'} documentos (${comOcorrencia} com trecho na 1ª página); API p50 ${ms(api1.p50)} (1) ${ms(api32?.p50 ?? Number.NaN)} (32); SQL ${ms(puro1.p50)} (1) ${ms(puro32?.p50 ?? Number.NaN)} (32); ${consultas.length} comandos`,
      );
      resultado.buscas.push({
        nome: busca.nome,
        quem: chamador.quem,
        texto: busca.texto,
        api1,
        api32,
        puro1,
        puro32,
        consultas: consultas.length,
        total: pagina.total ?? null,
        comOcorrencia,
      });
    }
  }
  // No hit, for whoever may not see them, on a word that is only in restricted peças.
  for (const chamador of chamadores) {
    try {
      const pagina = await buscar(caminhoBusca(ref, PALAVRAS_PLANTADAS.restrita), chamador.cookie);
      resultado.vazamento.push({ quem: chamador.quem, total: pagina.total ?? pagina.itens?.length ?? null });
    } catch (erro) {
      resultado.erros.push({ medida: `palavra só em peças restritas, ${chamador.quem}`, erro: String(erro) });
    }
  }
}

/**
 * BENCH_EXPLAIN=dir: instead of measuring, the captured statements of each search and the EXPLAIN (ANALYZE, BUFFERS)
 * of each, in a file of that directory (what to hand to whoever owns the query when a goal is missed).
 */
async function explicar(pool: pg.Pool, consultas: ConsultaCapturada[], nome: string): Promise<void> {
  const partes: string[] = [];
  for (const c of consultas) {
    partes.push(`-- ${JSON.stringify(c.valores)}\n${c.texto}\n`);
    if (!/^\s*(select|with)/i.test(c.texto)) continue;
    const plano = await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${c.texto}`, c.valores);
    partes.push(plano.rows.map((l) => l['QUERY PLAN']).join('\n'));
  }
  const pasta = String(process.env.BENCH_EXPLAIN);
  await mkdir(pasta, { recursive: true });
  await writeFile(join(pasta, `${nome.replace(/[^a-z0-9]+/gi, '-')}.txt`), partes.join('\n\n'));
}

/** Deterministic lines of Portuguese administrative text (Zipf-drawn words), 10 words each (one A4 line). */
function linhasDeTexto(semente: number, quantidade: number): string[] {
  let estado = semente >>> 0 || 1;
  const proximo = () => {
    estado = (Math.imul(estado, 1664525) + 1013904223) >>> 0;
    return estado / 2 ** 32;
  };
  const n = PALAVRAS_TEXTO.length;
  return Array.from({ length: quantidade }, () =>
    Array.from(
      { length: 10 },
      () => PALAVRAS_TEXTO[Math.floor(Math.exp(proximo() * Math.log(n + 1))) - 1] ?? 'de',
    ).join(' '),
  );
}

/** A made-up word (no dictionary has it, OCR reads it letter by letter), different at each run. */
function palavraUnica(): string {
  const silabas = ['ba', 'te', 'di', 'fo', 'lu', 'ma', 've', 'ri', 'so', 'pa', 'ne', 'go'];
  return Array.from({ length: 5 }, () => silabas[Math.floor(Math.random() * silabas.length)]).join('');
}

/**
 * (3) The indexing's throughput through the real pool tasks (features/conteudo: criarPoolIndexacao, the workers'
 * abrirArquivoConteudo / extrairPaginaConteudo): text-layer pages/s and OCR pages/s (A4 scanned at 300 dpi, a full
 * page of Portuguese text), with 1 worker (per core) and with one worker per core of the machine.
 */
export async function medirVazaoIndexacao(): Promise<Vazao> {
  const { criarPoolIndexacao } = await import('../apps/api/src/features/conteudo/pool-indexacao.ts');
  const { pdfComTexto, pdfSomenteImagem, digitalizarTexto } = await import('../apps/api/src/db/seed/digitalizacao.ts');
  const pasta = await mkdtemp(join(tmpdir(), 'tramite-bench-conteudo-'));
  const vazao: Vazao = { paginasTexto: [], paginasOcr: [] };
  try {
    const paginasTexto = Array.from({ length: 60 }, (_, i) => linhasDeTexto(1000 + i, 38));
    const caminhoTexto = join(pasta, 'texto.pdf');
    await writeFile(caminhoTexto, await pdfComTexto(paginasTexto));
    const imagens = await Promise.all(
      Array.from({ length: 4 }, (_, i) => digitalizarTexto(linhasDeTexto(2000 + i, 38), { dpi: 300 })),
    );
    const caminhoScan = join(pasta, 'digitalizado.pdf');
    await writeFile(caminhoScan, await pdfSomenteImagem(imagens));

    const medir = async (caminho: string, trabalhadores: number, paginas: number, origem: 'T' | 'O') => {
      const pool = criarPoolIndexacao({ ativa: true, trabalhadores, memoriaMb: 1024, tempoPaginaMs: 300_000 });
      try {
        // Each worker opens the file once (and loads the OCR engine) before the clock starts, as a running
        // indexer has.
        await Promise.all(
          Array.from({ length: trabalhadores }, (_, i) =>
            pool.executar('extrairPaginaConteudo', { caminho, tipoMime: 'application/pdf', pagina: i + 1 }),
          ),
        );
        const fila = Array.from({ length: paginas }, (_, i) => i + 1);
        const t0 = performance.now();
        await Promise.all(
          Array.from({ length: trabalhadores }, async () => {
            for (let p = fila.shift(); p !== undefined; p = fila.shift()) {
              const pagina = await pool.executar('extrairPaginaConteudo', {
                caminho,
                tipoMime: 'application/pdf',
                pagina: p,
              });
              if (pagina.origem !== origem) throw new Error(`página ${p}: origem ${pagina.origem}, esperada ${origem}`);
            }
          }),
        );
        return { paginas, segundos: (performance.now() - t0) / 1000, trabalhadores };
      } finally {
        await pool.fechar();
      }
    };
    const nucleos = cpus().length;
    vazao.paginasTexto.push(await medir(caminhoTexto, 1, paginasTexto.length, 'T'));
    vazao.paginasTexto.push(await medir(caminhoTexto, nucleos, paginasTexto.length, 'T'));
    vazao.paginasOcr.push(await medir(caminhoScan, 1, imagens.length, 'O'));
    vazao.paginasOcr.push(await medir(caminhoScan, nucleos, imagens.length, 'O'));
    for (const v of [...vazao.paginasTexto, ...vazao.paginasOcr]) {
      log(`indexação: ${v.paginas} páginas em ${v.segundos.toFixed(1)} s com ${v.trabalhadores} trabalhador(es)`);
    }
    return vazao;
  } finally {
    await rm(pasta, { recursive: true, force: true });
  }
}

/**
 * (4) A 20-page scanned process (an image-only PDF, 200 dpi with a scanner's specks and tilt) sent as a peça of
 * document 3 through the real upload; the server's own indexer reads it; the content searches (Busca and the
 * document's own) are polled every second until a word only on its last page is found.
 */
export async function medirDigitalizacaoPesquisavel(
  contexto: ContextoSecao,
): Promise<NonNullable<ResultadoConteudo['digitalizacao']>> {
  const { pdfSomenteImagem, digitalizarTexto } = await import('../apps/api/src/db/seed/digitalizacao.ts');
  const palavra = palavraUnica();
  const paginas = 20;
  const imagens: Buffer[] = [];
  for (let i = 0; i < paginas; i++) {
    const linhas = linhasDeTexto(3000 + i, 36);
    if (i === paginas - 1) linhas.splice(10, 0, `Registro ${palavra} da digitalização.`, `Conferido: ${palavra}.`);
    imagens.push(await digitalizarTexto(linhas));
  }
  const pdf = await pdfSomenteImagem(imagens);
  const formulario = new FormData();
  formulario.set('tipoCopia', 'N');
  formulario.set('nivelAcesso', 'P');
  formulario.set('descricao', 'Processo digitalizado de 20 páginas (benchmark)');
  formulario.set('arquivo', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'digitalizado.pdf');
  const resposta = await fetch(`${BASE}/api/documentos/${ESPECIAIS.documentoVolumoso}/anexos`, {
    method: 'POST',
    headers: { cookie: contexto.cookieRecebedor, ...XRW },
    body: formulario,
  });
  if (resposta.status !== 201)
    throw new Error(`envio: HTTP ${resposta.status}: ${(await resposta.text()).slice(0, 200)}`);
  const t0 = performance.now();
  await resposta.arrayBuffer();
  log(
    `conteúdo: digitalização de ${paginas} páginas (${(pdf.length / 2 ** 20).toFixed(1)} MiB) enviada; procurando "${palavra}"`,
  );
  const ref = contexto.banco.parametros.referencia;
  let buscaGeral: number | null = null;
  let buscaDocumento: number | null = null;
  const limite = t0 + 300_000;
  while ((buscaGeral === null || buscaDocumento === null) && performance.now() < limite) {
    if (buscaGeral === null) {
      const pagina = await buscar(caminhoBusca(ref, palavra), contexto.cookieRecebedor).catch(() => null);
      const achado = pagina?.itens?.find(
        (i) => i.idDocumento === ESPECIAIS.documentoVolumoso && i.ocorrencia?.pagina === paginas,
      );
      if (achado) buscaGeral = (performance.now() - t0) / 1000;
    }
    if (buscaDocumento === null) {
      const r = await fetch(
        `${BASE}/api/documentos/${ESPECIAIS.documentoVolumoso}/pecas/conteudo?texto=${encodeURIComponent(palavra)}`,
        { headers: { cookie: contexto.cookieRecebedor } },
      );
      const corpo = (await r.json().catch(() => null)) as { itens?: { pagina: number }[] } | null;
      if (corpo?.itens?.some((i) => i.pagina === paginas)) buscaDocumento = (performance.now() - t0) / 1000;
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  log(
    `conteúdo: achada pela Busca em ${buscaGeral?.toFixed(1) ?? '—'} s; no documento em ${buscaDocumento?.toFixed(1) ?? '—'} s`,
  );
  return { buscaGeral, buscaDocumento, bytes: pdf.length };
}

/** Everything of the section, while the server runs (the rows are registered after it stops). */
export async function medirConteudo(
  contexto: ContextoSecao,
  opcoes: { poolPuro: pg.Pool; segundos: number; aquecimento: number; plantadas: ResultadoConteudo['plantadas'] },
): Promise<ResultadoConteudo> {
  const resultado: ResultadoConteudo = {
    buscas: [],
    erros: [],
    vazamento: [],
    plantadas: opcoes.plantadas,
    vazao: null,
    digitalizacao: null,
  };
  await medirBuscasConteudo(contexto, opcoes, resultado);
  try {
    resultado.vazao = await medirVazaoIndexacao();
  } catch (erro) {
    resultado.erros.push({ medida: 'vazão da indexação', erro: String(erro) });
  }
  try {
    resultado.digitalizacao = await medirDigitalizacaoPesquisavel(contexto);
  } catch (erro) {
    resultado.erros.push({ medida: 'digitalização de 20 páginas pesquisável', erro: String(erro) });
  }
  return resultado;
}

export function registrarConteudo(r: ResultadoConteudo, resultados: Resultados): void {
  const secao = 'Conteúdo das peças';
  if (r.plantadas) {
    resultados.adicionar({
      secao,
      medida: 'páginas de texto no banco; documentos com a palavra rara / com a palavra só em peças restritas',
      valor: `${r.plantadas.paginas.toLocaleString('pt-BR')}; ${r.plantadas.publica} / ${r.plantadas.restrita}`,
      meta: '—',
      situacao: 'info',
    });
  }
  for (const b of r.buscas) {
    const nome = `${secao}: ${b.nome} (${b.texto}), ${b.quem}`;
    const razao1 = b.api1.p50 / b.puro1.p50;
    resultados.adicionar({
      secao: nome,
      medida: `documentos achados (com trecho na 1ª página); ${b.consultas} comandos SQL por pedido`,
      valor: `${b.total ?? '?'} (${b.comOcorrencia})`,
      meta: '—',
      situacao: 'info',
    });
    resultados.adicionar({
      secao: nome,
      medida: '1 conexão: API p50 / p99; SQL puro p50 / p99',
      valor: `${ms(b.api1.p50)} / ${ms(b.api1.p99)}; ${ms(b.puro1.p50)} / ${ms(b.puro1.p99)}`,
      meta: `p50 ≤ ${META_P50} ms`,
      situacao: marca(b.api1.p50 <= META_P50 && b.api1.erros === 0),
    });
    resultados.adicionar({
      secao: nome,
      medida: '1 conexão: razão API / SQL puro (p50)',
      valor: `${razao1.toFixed(2)}×`,
      meta: `≤ ${META_RAZAO}×`,
      situacao: marca(razao1 <= META_RAZAO),
    });
    if (!b.api32 || !b.puro32) {
      resultados.adicionar({
        secao: nome,
        medida: '32 conexões',
        valor: `não medido: um pedido sozinho passa de ${LENTO_MS} ms`,
        meta: `≤ ${META_RAZAO}×`,
        situacao: 'falha',
      });
      continue;
    }
    const razao32 = b.api32.p50 / b.puro32.p50;
    resultados.adicionar({
      secao: nome,
      medida: '32 conexões: API p50 / p99 / req/s; SQL puro p50 / p99 / req/s; razão p50',
      valor: `${ms(b.api32.p50)} / ${ms(b.api32.p99)} / ${b.api32.rps.toFixed(0)}${b.api32.erros ? ` (${b.api32.erros} erros)` : ''}; ${ms(b.puro32.p50)} / ${ms(b.puro32.p99)} / ${b.puro32.rps.toFixed(0)}; ${razao32.toFixed(2)}×`,
      meta: `≤ ${META_RAZAO}×`,
      situacao: marca(razao32 <= META_RAZAO && b.api32.erros === 0),
    });
  }
  for (const v of r.vazamento) {
    const anonimo = v.quem === 'anônimo';
    resultados.adicionar({
      secao,
      medida: `palavra só em peças restritas (${PALAVRAS_PLANTADAS.restrita}): documentos achados, ${v.quem}`,
      valor: String(v.total ?? '?'),
      meta: anonimo ? '0' : '—',
      situacao: anonimo ? marca(v.total === 0) : 'info',
    });
  }
  if (r.vazao) {
    for (const [tipo, lista] of [
      ['camada de texto do PDF', r.vazao.paginasTexto],
      ['OCR (A4 300 dpi, página cheia)', r.vazao.paginasOcr],
    ] as const) {
      for (const v of lista) {
        resultados.adicionar({
          secao,
          medida: `indexação, ${tipo}: páginas/s com ${v.trabalhadores} trabalhador(es) (${v.paginas} páginas)`,
          valor: `${(v.paginas / v.segundos).toFixed(2)} páginas/s (${((v.segundos / v.paginas) * 1000).toFixed(0)} ms por página)`,
          meta: '—',
          situacao: 'info',
        });
      }
    }
  }
  if (r.digitalizacao) {
    const { buscaGeral, buscaDocumento } = r.digitalizacao;
    resultados.adicionar({
      secao,
      medida: 'digitalização de 20 páginas: do envio à Busca achar a palavra da última página',
      valor: buscaGeral === null ? 'não achada em 300 s' : `${buscaGeral.toFixed(1)} s`,
      meta: `≤ ${META_DIGITALIZACAO_S} s`,
      situacao: marca(buscaGeral !== null && buscaGeral <= META_DIGITALIZACAO_S),
    });
    resultados.adicionar({
      secao,
      medida: 'digitalização de 20 páginas: do envio à busca nas peças do documento achar a mesma palavra',
      valor: buscaDocumento === null ? 'não achada em 300 s' : `${buscaDocumento.toFixed(1)} s`,
      meta: `≤ ${META_DIGITALIZACAO_S} s`,
      situacao: marca(buscaDocumento !== null && buscaDocumento <= META_DIGITALIZACAO_S),
    });
  }
  for (const e of r.erros) {
    resultados.adicionar({
      secao: `${secao}: ${e.medida}`,
      medida: 'medição',
      valor: e.erro.slice(0, 300),
      meta: '—',
      situacao: 'falha',
    });
  }
}
