/**
 * npm run soak — issue 12, Reliability/Load. Starts the real API server (apps/api/src/server.ts) on a new database
 * of a PostgreSQL server with the demo data, runs a realistic mix (search, postal box, detail, upload, send,
 * receive, consolidation) from N connections for a while, samples the server's resident memory, and fails when
 * any answer was a 5xx (or no answer), when memory grew (the live heap after a full garbage collection, lowest of the
 * last third more than 20% above the lowest of the first third, after the warm-up), or when the database and the
 * file store are inconsistent at the end. RSS is sampled and reported too.
 *
 *   npm run soak                                # 10 minutes, 32 connections
 *   npm run soak -- --duracao 60s               # CI size
 *   npm run soak -- --duracao 30m --conexoes 64 --processos 2 --saida soak.json
 *
 * The PostgreSQL server is --banco, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres; a
 * database tramite_soak_* is created there and dropped at the end.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { executarCarga, memoriaResidente, novasEstatisticas, percentil } from '../apps/api/src/operations/carga.ts';
import { conferirIntegridade } from '../apps/api/src/operations/integridade.ts';
import {
  type BancoCriado,
  criarBancoVazio,
  iniciarProcesso,
  lerCenarioDemo,
  type ProcessoServidor,
} from '../apps/api/src/operations/processos.ts';

const { values: args } = parseArgs({
  options: {
    duracao: { type: 'string', default: '10m' },
    conexoes: { type: 'string', default: '32' },
    processos: { type: 'string', default: '1' },
    porta: { type: 'string', default: '4241' },
    banco: { type: 'string' },
    /** Largest growth of the live heap after a full collection, last third over first third, in percent. */
    'crescimento-maximo': { type: 'string', default: '20' },
    saida: { type: 'string' },
  },
});

function lerDuracao(texto: string): number {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(texto.trim());
  if (!m) throw new Error(`Duração inválida: ${texto} (use 90s, 10m, 1h)`);
  const fator = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[(m[2] ?? 's') as 'ms' | 's' | 'm' | 'h'];
  return Number(m[1]) * fator;
}

const duracaoMs = lerDuracao(args.duracao as string);
const conexoes = Number(args.conexoes);
const quantidadeProcessos = Number(args.processos);
const portaInicial = Number(args.porta);
const crescimentoMaximo = Number(args['crescimento-maximo']);
const urlServidor = args.banco ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const log = (mensagem: string) => console.log(`[soak ${new Date().toISOString().slice(11, 19)}] ${mensagem}`);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

let proximoPedido = 1;

/** The server's live heap (heap used + external) right after a full collection, asked to its probe over IPC. */
function heapAposColeta(servidor: ProcessoServidor): Promise<number> {
  const id = proximoPedido++;
  return new Promise((resolver, rejeitar) => {
    const prazo = setTimeout(() => {
      servidor.processo.off('message', ouvir);
      rejeitar(new Error(`O processo da porta ${servidor.porta} não respondeu à medida de memória`));
    }, 30_000);
    const ouvir = (mensagem: { tipo?: string; id?: number; heapUsed?: number; external?: number }) => {
      if (mensagem?.tipo !== 'soak:memoria' || mensagem.id !== id) return;
      clearTimeout(prazo);
      servidor.processo.off('message', ouvir);
      resolver((mensagem.heapUsed ?? 0) + (mensagem.external ?? 0));
    };
    servidor.processo.on('message', ouvir);
    servidor.processo.send({ tipo: 'soak:memoria', id });
  });
}

async function main(): Promise<number> {
  let banco: BancoCriado;
  try {
    banco = await criarBancoVazio(urlServidor, 'tramite_soak');
  } catch (erro) {
    console.error(`Não foi possível criar o banco do soak em ${urlServidor}: ${(erro as Error).message}`);
    return 2;
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'tramite-soak-'));
  const processos: ProcessoServidor[] = [];
  try {
    log(`banco ${banco.nome}; iniciando ${quantidadeProcessos} processo(s) da API a partir da porta ${portaInicial}`);
    for (let i = 0; i < quantidadeProcessos; i++) {
      processos.push(
        await iniciarProcesso({
          porta: portaInicial + i,
          databaseUrl: banco.url,
          dataDir,
          demo: i === 0,
          // Every connection of the load is one of two users, each uploading as often as it likes: a real user
          // uploads one file at a time, so the per-user cap of open uploads (issue 17) would only refuse the mix.
          env: { ENVIO_MAXIMO_POR_USUARIO: String(conexoes), ENVIO_MAXIMO_SIMULTANEOS: String(Math.max(64, conexoes)) },
          argumentosNode: ['--expose-gc', '--import', './apps/api/src/operations/sonda-memoria.ts'],
          ipc: true,
        }),
      );
    }
    const cenario = await lerCenarioDemo(banco.url);
    const consulta = new pg.Client({ connectionString: banco.url });
    await consulta.connect();
    const primeiroDocumento = Number(
      (await consulta.query('SELECT coalesce(max(id), 0) + 1 AS n FROM documento')).rows[0].n,
    );
    await consulta.end();

    const amostras: { t: number; rss: number }[] = [];
    const inicio = Date.now();
    const amostrar = async () => {
      let rss = 0;
      for (const p of processos) rss += (await memoriaResidente(p.processo.pid as number)) ?? 0;
      amostras.push({ t: Date.now() - inicio, rss });
    };
    await amostrar();
    const intervaloAmostra = Math.max(1000, Math.min(10_000, duracaoMs / 60));
    const temporizador = setInterval(() => void amostrar(), intervaloAmostra);
    // The live heap after a full collection, a dozen times over the run (a collection pauses the server).
    const heaps: { t: number; bytes: number }[] = [];
    const medirHeap = async () => {
      let bytes = 0;
      for (const p of processos) bytes += await heapAposColeta(p);
      heaps.push({ t: Date.now() - inicio, bytes });
    };
    const temporizadorHeap = setInterval(() => void medirHeap(), Math.max(2000, duracaoMs / 12));
    const estatisticas = novasEstatisticas();
    let ultimoRelato = Date.now();
    log(`carga: ${conexoes} conexões por ${args.duracao}`);
    await executarCarga({
      servidores: processos.map((p) => p.base),
      cenario,
      conexoes,
      estatisticas,
      parar: () => {
        const agora = Date.now();
        if (agora - ultimoRelato > 30_000) {
          ultimoRelato = agora;
          const rss = amostras.at(-1)?.rss ?? 0;
          log(
            `${Math.round((agora - inicio) / 1000)} s: ${estatisticas.total} requisições, 5xx ${estatisticas.erros5xx}, RSS ${mb(rss)}`,
          );
        }
        return agora - inicio >= duracaoMs;
      },
    });
    clearInterval(temporizador);
    clearInterval(temporizadorHeap);
    await amostrar();
    await medirHeap();
    const decorrido = (Date.now() - inicio) / 1000;

    // Memory: the warm-up (first 10%, at least 5 s) is left out; then the lowest live heap after a full collection
    // of the first third against the lowest of the last third. A leak raises it; caches filling up during the
    // warm-up, the collector's schedule and the allocator (which move RSS) do not.
    const aquecimento = Math.max(5000, duracaoMs * 0.1);
    const estaveis = heaps.filter((h) => h.t >= aquecimento);
    const terco = Math.max(1, Math.floor(estaveis.length / 3));
    const primeiroTerco = Math.min(...estaveis.slice(0, terco).map((h) => h.bytes));
    const ultimoTerco = Math.min(...estaveis.slice(-terco).map((h) => h.bytes));
    const crescimento = ((ultimoTerco - primeiroTerco) / primeiroTerco) * 100;
    const memoriaEstavel = estaveis.length >= 3 && crescimento <= crescimentoMaximo;
    const rssEstaveis = amostras.filter((a) => a.t >= aquecimento);
    const tercoRss = Math.max(1, Math.floor(rssEstaveis.length / 3));
    const rssInicial = Math.min(...rssEstaveis.slice(0, tercoRss).map((a) => a.rss));
    const rssFinal = Math.min(...rssEstaveis.slice(-tercoRss).map((a) => a.rss));

    // Let the queue finish what the load asked (consolidations), then check the database against the store: a
    // consolidation puts its PDF in place just before committing its row, so the check needs a quiet system.
    const fila = new pg.Client({ connectionString: banco.url });
    await fila.connect();
    const prazoFila = Date.now() + 120_000;
    let naFila = 0;
    do {
      await new Promise((r) => setTimeout(r, 1000));
      naFila = Number(
        (
          await fila.query(
            `SELECT count(*) AS n FROM job WHERE estado IN ('PENDENTE', 'EXECUTANDO') AND executar_em <= now()`,
          )
        ).rows[0].n,
      );
    } while (naFila > 0 && Date.now() < prazoFila);
    const tarefas = (await fila.query('SELECT tipo, estado, count(*)::int AS n FROM job GROUP BY 1, 2 ORDER BY 1, 2'))
      .rows;
    await fila.end();
    const integridade = await conferirIntegridade(banco.url, join(dataDir, 'arquivos'), {
      idDocumentoMinimo: primeiroDocumento,
    });

    const relatorio = {
      duracaoSegundos: Math.round(decorrido),
      conexoes,
      processos: quantidadeProcessos,
      requisicoes: estatisticas.total,
      porSegundo: Math.round(estatisticas.total / decorrido),
      erros5xx: estatisticas.erros5xx,
      semResposta: estatisticas.semResposta,
      exemplos5xx: estatisticas.exemplos5xx,
      latenciaMs: {
        p50: Math.round(percentil(estatisticas.duracoesMs, 50)),
        p95: Math.round(percentil(estatisticas.duracoesMs, 95)),
        p99: Math.round(percentil(estatisticas.duracoesMs, 99)),
      },
      porOperacao: estatisticas.porOperacao,
      memoria: {
        medidasHeap: heaps.length,
        heapPrimeiroTercoMB: Number((primeiroTerco / 1024 / 1024).toFixed(1)),
        heapUltimoTercoMB: Number((ultimoTerco / 1024 / 1024).toFixed(1)),
        crescimentoPorcento: Number(crescimento.toFixed(1)),
        estavel: memoriaEstavel,
        amostrasRss: amostras.length,
        // The floor of RSS in each third, and its peak: reported, not judged.
        pisoRssPrimeiroTercoMB: Number((rssInicial / 1024 / 1024).toFixed(1)),
        pisoRssUltimoTercoMB: Number((rssFinal / 1024 / 1024).toFixed(1)),
        maximoRssMB: Number((Math.max(...amostras.map((a) => a.rss)) / 1024 / 1024).toFixed(1)),
      },
      tarefas,
      arquivosInconsistentes: integridade.problemas,
    };
    console.log(JSON.stringify(relatorio, null, 2));
    if (args.saida) await writeFile(args.saida, `${JSON.stringify({ ...relatorio, amostras, heaps }, null, 2)}\n`);

    const falhas: string[] = [];
    if (estatisticas.erros5xx > 0) falhas.push(`${estatisticas.erros5xx} respostas 5xx`);
    if (estatisticas.semResposta > 0) falhas.push(`${estatisticas.semResposta} requisições sem resposta`);
    if (!memoriaEstavel) {
      falhas.push(
        `memória viva depois da coleta: ${mb(primeiroTerco)} → ${mb(ultimoTerco)} (${crescimento.toFixed(1)}%, limite ${crescimentoMaximo}%)`,
      );
    }
    if (integridade.problemas.length > 0) falhas.push(`${integridade.problemas.length} inconsistências de arquivos`);
    if (naFila > 0) falhas.push(`${naFila} tarefas ainda na fila 120 s depois da carga`);
    if (tarefas.some((t) => t.estado === 'FALHOU')) falhas.push('tarefas em segundo plano falharam');
    for (const p of processos) if (p.processo.exitCode !== null) falhas.push(`o processo da porta ${p.porta} terminou`);
    if (falhas.length) {
      log(`FALHOU: ${falhas.join('; ')}`);
      for (const p of processos) {
        // The server logs at warn level: what it wrote is why it answered 5xx.
        const saida = p.saida().trim();
        if (saida) log(`saída do processo da porta ${p.porta}:\n${saida.slice(-20_000)}`);
      }
      return 1;
    }
    log(
      `ok: ${estatisticas.total} requisições (${relatorio.porSegundo}/s), 0 5xx, memória viva ${mb(primeiroTerco)} → ${mb(ultimoTerco)} (${crescimento.toFixed(1)}%), RSS ${mb(rssInicial)} → ${mb(rssFinal)}`,
    );
    return 0;
  } finally {
    for (const p of processos) await p.parar();
    await banco.apagar();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (codigo) => process.exit(codigo),
  (erro) => {
    console.error(erro);
    process.exit(1);
  },
);
