/**
 * npm run bench — see bench/README.md. Generates (or reuses) the benchmark's university, starts the real API server
 * on loopback, measures it against the bare database, qpdf and a plain copy, measures the web app's first screen
 * in Chromium and writes bench/RESULTS.md.
 *
 * This file runs the sections in order; each one lives in its secao-*.ts (measure while the server runs, register
 * its rows after it stopped, in the same order), the server's side in servidor.ts, the results table in resultados.ts.
 */
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import pg from 'pg';
import { EXTENSOES_PGLITE, OPCOES_SESSAO_POSTGRES } from '../apps/api/src/db/connection.ts';
import { copiarBancoEmbutido, type ParametrosBanco, prepararBancoEmbutido, prepararBancoServidor } from './banco.ts';
import { sqlTamanhoCaixa } from './gerador.ts';
import { type MedidaIsolamento, medirIsolamento } from './isolamento.ts';
import { Resultados } from './resultados.ts';
import { medirResumoDiario } from './resumo-diario.ts';
import { medirArquivos, registrarArquivos } from './secao-arquivos.ts';
import { lerPlantadas, medirConteudo, type ResultadoConteudo, registrarConteudo } from './secao-conteudo.ts';
import { caminhoCaixaPostal, medirLeituras } from './secao-leituras.ts';
import { medirLighthouse, type ResultadoLighthouse, registrarLighthouse } from './secao-lighthouse.ts';
import { medirPainel, prepararPainel, type ResultadoPainel, registrarPainel } from './secao-painel.ts';
import { medirRecebimento, prepararRecebimento, registrarRecebimento } from './secao-recebimento.ts';
import { medirMalote, registrarMalote } from './secao-relatorios.ts';
import { construirWeb, medirPrimeiraTela, registrarWeb } from './secao-web.ts';
import { BASE, type ContextoSecao, comBanco, entrar, hojeMais, iniciarServidor, log, RAIZ } from './servidor.ts';
import { ESPECIAIS } from './universidade.ts';
import type { ResultadoWeb } from './web.ts';

const { values: args } = parseArgs({
  options: {
    scale: { type: 'string' },
    seed: { type: 'string', default: '20261123' },
    regenerate: { type: 'boolean', default: false },
    embedded: { type: 'boolean', default: false },
    duration: { type: 'string' },
    referencia: { type: 'string', default: '' },
    'sem-web': { type: 'boolean', default: false },
    'somente-gerar': { type: 'boolean', default: false },
    /** Comma list of sections: leituras, recebimento, arquivos, relatorios, web, isolamento, conteudo, painel, lighthouse (default: all). */
    apenas: { type: 'string', default: '' },
    saida: { type: 'string', default: join(RAIZ, 'bench', 'RESULTS.md') },
  },
});

const escala = Number(args.scale ?? (args.embedded ? 0.01 : 1));
const segundos = Number(args.duration ?? (escala >= 0.5 ? 10 : 3));
const aquecimento = Math.max(2, Math.round(segundos / 3));
const secoes = new Set(args.apenas ? args.apenas.split(',').map((x) => x.trim()) : []);
const rodar: ContextoSecao['rodar'] = (secao) => secoes.size === 0 || secoes.has(secao);

/** Issue 17: the light request alone and under each attack; last before the web, since the attacks load everything. */
async function medirIsolamentoSecao(
  contexto: ContextoSecao,
): Promise<{ medidas: MedidaIsolamento[]; erro: string | null }> {
  if (!rodar('isolamento')) return { medidas: [], erro: null };
  try {
    const unidades = (await (
      await fetch(`${BASE}/api/relatorios/malote/unidades`, { headers: { cookie: contexto.cookieProtocolo } })
    ).json()) as { id: number }[];
    const ref = contexto.banco.parametros.referencia;
    const medidas = await medirIsolamento({
      base: BASE,
      pid: contexto.servidor.processo.pid as number,
      cookiePecas: contexto.cookieRecebedor,
      idDocumento: ESPECIAIS.documentoVolumoso,
      cookieRelatorios: contexto.cookieProtocolo,
      consultaMalote: `idsUnidades=${unidades.map((u) => u.id).join(',')}&inicio=${hojeMais(ref, -3652)}T00:00&fim=${hojeMais(ref, 0)}T23:59`,
      log,
    });
    return { medidas, erro: null };
  } catch (erro) {
    return { medidas: [], erro: String(erro).slice(0, 300) };
  }
}

async function main() {
  const inicio = new Date();
  const parametros: ParametrosBanco = {
    escala,
    semente: Number(args.seed),
    referencia: args.referencia ?? '',
    pdfsConsolidacao: 200,
    bytesPdfConsolidacao: 500_000,
  };
  const dataDirBase = join(RAIZ, 'data', 'bench');
  const banco = args.embedded
    ? await prepararBancoEmbutido(parametros, { regenerar: args.regenerate, dataDirBase, log })
    : await prepararBancoServidor(parametros, { regenerar: args.regenerate, dataDirBase, log });
  log(`Banco pronto: ${JSON.stringify(banco.contagem)}`);
  if (args['somente-gerar']) return;
  const resultados = new Resultados();

  const pendentes = await prepararRecebimento(banco);
  const [info] = await comBanco(banco, (q) =>
    q(`SELECT version() AS versao,
      (SELECT numero FROM documento WHERE id = ${Math.floor(banco.contagem.documentos / 2) + 1}) AS numero,
      (${sqlTamanhoCaixa(ESPECIAIS.unidadeMovimentada)}) AS caixa`),
  );
  const versaoPg = String(info?.versao ?? '?').split(' on ')[0] ?? '?';
  log(
    `Caixa postal da unidade movimentada: ${info?.caixa} documentos; ${pendentes.length} pendentes para o recebimento.`,
  );

  const plantadas = rodar('conteudo') ? await lerPlantadas({ banco }) : null;
  const preparoPainel = rodar('painel') ? await prepararPainel(banco) : null;
  const webDist = !args['sem-web'] && (rodar('web') || rodar('lighthouse')) ? await construirWeb(resultados) : null;
  const servidor = await iniciarServidor(banco, webDist);
  let poolPuro: pg.Pool | null = null;
  let litePuro: PGlite | null = null;
  try {
    const contexto: ContextoSecao = {
      banco,
      servidor,
      cookieProtocolo: await entrar(ESPECIAIS.usuarioMovimentada),
      cookieRecebedor: await entrar(ESPECIAIS.usuarioRecebimento),
      resultados,
      rodar,
    };

    // The bare database: a pool as large as the API's (10) on the server; PGlite (one connection) on a copy.
    if (banco.urlBanco) {
      // The API's session settings (jit off), so the bare SQL runs as the API's does.
      poolPuro = new pg.Pool({ connectionString: banco.urlBanco, max: 10, options: OPCOES_SESSAO_POSTGRES });
    } else {
      const copia = await copiarBancoEmbutido(banco.dataDir, join(tmpdir(), 'tramite-bench-puro'));
      litePuro = await PGlite.create({ dataDir: copia, extensions: EXTENSOES_PGLITE });
      poolPuro = new pg.Pool(createPgConfig(litePuro) as unknown as pg.PoolConfig);
    }

    if (rodar('leituras')) await medirLeituras(contexto, { poolPuro, info, segundos, aquecimento });
    // Issue 21: before the sections that write, so the 20-page scan's OCR runs on an otherwise quiet server.
    let conteudo: ResultadoConteudo | null = null;
    if (rodar('conteudo')) conteudo = await medirConteudo(contexto, { poolPuro, segundos, aquecimento, plantadas });
    // Issue 22: reads only, before the sections that write.
    let painel: ResultadoPainel | null = null;
    if (preparoPainel) {
      painel = await medirPainel(contexto, { poolPuro, segundos, aquecimento, preparo: preparoPainel });
    }
    const recebimento = await medirRecebimento(contexto, pendentes);
    const openapi = (await (await fetch(`${BASE}/api/openapi.json`)).json()) as { paths: Record<string, unknown> };
    const arquivos = await medirArquivos(contexto, Boolean(openapi.paths['/api/consolidacao/{idDocumento}/{tipo}']));
    const malote = await medirMalote(contexto, Boolean(openapi.paths['/api/relatorios/malote']));
    const isolamento = await medirIsolamentoSecao(contexto);
    let web: ResultadoWeb | null = null;
    let erroWeb: string | null = webDist ? null : 'web não construída';
    if (webDist && rodar('web')) {
      ({ web, erro: erroWeb } = await medirPrimeiraTela(
        contexto.cookieProtocolo,
        caminhoCaixaPostal(banco.parametros.referencia),
      ));
    }

    // Issue 23: last, on a server no other section is loading.
    let lighthouse: ResultadoLighthouse | null = null;
    let erroLighthouse: string | null = webDist ? null : 'web não construída';
    if (webDist && rodar('lighthouse')) {
      try {
        lighthouse = await medirLighthouse({
          caminhoCaixa: caminhoCaixaPostal(banco.parametros.referencia).replace('/api/caixa-postal', '/caixa-postal'),
          cookie: contexto.cookieProtocolo,
        });
      } catch (erro) {
        erroLighthouse = String(erro).slice(0, 300);
      }
    }

    await servidor.parar();

    // The checks that read the database, and every section's rows in order, after the server stopped.
    if (conteudo) registrarConteudo(conteudo, resultados);
    if (painel) registrarPainel(painel, resultados);
    if (recebimento.medido) await registrarRecebimento(banco, recebimento, resultados);
    if (rodar('arquivos')) await registrarArquivos(banco, arquivos, resultados);
    if (rodar('relatorios')) await registrarMalote(banco, malote, resultados);
    if (rodar('resumo-diario')) await medirResumoDiario(banco, resultados);
    resultados.registrarIsolamento(isolamento.medidas, isolamento.erro);
    if (web) {
      registrarWeb(web, info?.caixa, resultados);
    } else if (rodar('web') && !args['sem-web']) {
      resultados.adicionar({
        secao: 'Web',
        medida: 'primeira tela',
        valor: erroWeb ?? '—',
        meta: 'JS ≤ 200 KB; FCP < 1 s',
        situacao: 'indisponível',
      });
    }
    if (lighthouse) {
      registrarLighthouse(lighthouse, resultados);
    } else if (rodar('lighthouse') && !args['sem-web']) {
      resultados.adicionar({
        secao: 'Lighthouse',
        medida: 'auditorias',
        valor: erroLighthouse ?? '—',
        meta: 'desempenho ≥ 90 (desktop) e ≥ 75 (móvel)',
        situacao: 'indisponível',
      });
    }
  } finally {
    await servidor.parar();
    await poolPuro?.end().catch(() => {});
    await litePuro?.close().catch(() => {});
    if (webDist) await rm(webDist, { recursive: true, force: true });
  }
  await resultados.escrever(args.saida, {
    banco,
    versaoPg,
    inicio,
    segundosTotal: (Date.now() - inicio.getTime()) / 1000,
    aquecimento,
    segundos,
  });
  log(`Resultados em ${args.saida}`);
  log(`${resultados.linhas.length} medidas, ${resultados.falhas().length} metas não atingidas.`);
}

main().catch((erro) => {
  console.error(erro);
  process.exit(1);
});
