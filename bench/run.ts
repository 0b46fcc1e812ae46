/**
 * npm run bench — see bench/README.md. Generates (or reuses) the benchmark's university, starts the real API server
 * on loopback, measures it against the bare database, qpdf and a plain copy, measures the web app's first screen
 * in Chromium and writes bench/RESULTS.md.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, openAsBlob } from 'node:fs';
import { copyFile, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import pg from 'pg';
import { gerarArquivoGrande } from './arquivos.ts';
import {
  type BancoPreparado,
  copiarBancoEmbutido,
  type ParametrosBanco,
  prepararBancoEmbutido,
  prepararBancoServidor,
} from './banco.ts';
import type { ConsultaCapturada, MensagemCaptura } from './captura-sql.ts';
import { ESPECIAIS, sqlTamanhoCaixa } from './gerador.ts';
import { type MedidaIsolamento, medirIsolamento } from './isolamento.ts';
import { type Estatisticas, estatisticas, medirHttp, medirSqlPuro } from './medicao.ts';
import { medirWeb, type ResultadoWeb } from './web.ts';

/** Budget of the malote report: 0.75 ms per row (20,000 rows in 15 s). */
const MS_POR_LINHA_MALOTE = 0.75;

const RAIZ = resolve(import.meta.dirname, '..');
const PORTA = Number(process.env.BENCH_PORT ?? 3996);
const BASE = `http://127.0.0.1:${PORTA}`;
const XRW = { 'x-requested-with': 'XMLHttpRequest' };
/** The header captura-sql.ts looks for (not imported: importing it would patch pg in this process too). */
const CABECALHO_CAPTURA = 'x-bench-captura';

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
    /** Comma list of sections to run: leituras, recebimento, arquivos, relatorios, web, isolamento (default: all). */
    apenas: { type: 'string', default: '' },
    saida: { type: 'string', default: join(RAIZ, 'bench', 'RESULTS.md') },
  },
});

const escala = Number(args.scale ?? (args.embedded ? 0.01 : 1));
const segundos = Number(args.duration ?? (escala >= 0.5 ? 10 : 3));
const aquecimento = Math.max(2, Math.round(segundos / 3));
const secoes = new Set(args.apenas ? args.apenas.split(',').map((x) => x.trim()) : []);
const rodar = (secao: 'leituras' | 'recebimento' | 'arquivos' | 'relatorios' | 'web' | 'isolamento') =>
  secoes.size === 0 || secoes.has(secao);
const log = (mensagem: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${mensagem}`);

// ---------------------------------------------------------------------------------------------------------------
// Helpers

const hojeMais = (referencia: string, dias: number) =>
  new Date(new Date(referencia).getTime() + dias * 86_400_000).toISOString().slice(0, 10);

function mediana(valores: number[]): number {
  const o = [...valores].sort((a, b) => a - b);
  if (o.length === 0) return Number.NaN;
  const meio = Math.floor(o.length / 2);
  return o.length % 2 ? (o[meio] as number) : ((o[meio - 1] as number) + (o[meio] as number)) / 2;
}

function garantirQpdf(): boolean {
  if (existsSync('/usr/bin/qpdf')) return true;
  if (typeof process.getuid === 'function' && process.getuid() === 0) {
    log('Instalando o qpdf (apt-get install qpdf)...');
    const ambiente = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env: ambiente });
    spawnSync('apt-get', ['install', '-y', '-qq', 'qpdf'], { stdio: 'inherit', env: ambiente });
  }
  return existsSync('/usr/bin/qpdf');
}

interface Servidor {
  processo: ChildProcess;
  capturar(pedido: () => Promise<unknown>): Promise<ConsultaCapturada[]>;
  parar(): Promise<void>;
}

async function iniciarServidor(banco: BancoPreparado, webDist: string | null): Promise<Servidor> {
  const ambiente: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(PORTA),
    HOST: '127.0.0.1',
    DATA_DIR: banco.dataDir,
    DATABASE_URL: banco.urlBanco ?? '',
    DEMO: '0',
    LOG_LEVEL: 'warn',
    WEB_DIST: webDist ?? '',
    NODE_ENV: 'production',
  };
  const processo = spawn(
    process.execPath,
    ['--import', 'tsx', '--import', './bench/captura-sql.ts', 'apps/api/src/server.ts'],
    { cwd: RAIZ, env: ambiente, stdio: ['ignore', 'pipe', 'pipe', 'ipc'], serialization: 'advanced' },
  );
  let saida = '';
  processo.stdout?.on('data', (d) => {
    saida += String(d);
  });
  processo.stderr?.on('data', (d) => {
    saida += String(d);
    process.stderr.write(`[servidor] ${d}`);
  });
  const prazo = Date.now() + 120_000;
  for (;;) {
    if (processo.exitCode !== null) throw new Error(`O servidor terminou ao iniciar:\n${saida}`);
    try {
      const resposta = await fetch(`${BASE}/api/mensagens`);
      if (resposta.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > prazo) throw new Error(`O servidor não respondeu em 120 s:\n${saida}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const esperarMensagem = <T extends MensagemCaptura['tipo']>(tipo: T) =>
    new Promise<Extract<MensagemCaptura, { tipo: T }>>((resolver) => {
      const ouvir = (m: MensagemCaptura) => {
        if (m.tipo === tipo) {
          processo.off('message', ouvir);
          resolver(m as Extract<MensagemCaptura, { tipo: T }>);
        }
      };
      processo.on('message', ouvir);
    });
  return {
    processo,
    async capturar(pedido) {
      const pronto = esperarMensagem('capturando');
      processo.send({ tipo: 'capturar' } satisfies MensagemCaptura);
      await pronto;
      await pedido();
      // Let the response's trailing statements (if any) finish.
      await new Promise((r) => setTimeout(r, 50));
      const capturadas = esperarMensagem('capturadas');
      processo.send({ tipo: 'parar' } satisfies MensagemCaptura);
      return (await capturadas).consultas;
    },
    async parar() {
      if (processo.exitCode !== null) return;
      const fim = new Promise((r) => processo.once('exit', r));
      processo.kill('SIGTERM');
      await Promise.race([fim, new Promise((r) => setTimeout(r, 15_000))]);
      if (processo.exitCode === null) processo.kill('SIGKILL');
    },
  };
}

async function entrar(username: string): Promise<string> {
  const resposta = await fetch(`${BASE}/api/auth/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password: ESPECIAIS.senha, redirect: '/caixa-postal' }).toString(),
  });
  const cookie = resposta.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.startsWith('tramite_sessao='));
  if (resposta.status !== 303 || !cookie) throw new Error(`Login de ${username} falhou (${resposta.status})`);
  return cookie;
}

/** Executes SQL on the benchmark database outside the server (server: a client; embedded: PGlite, server stopped). */
async function comBanco<T>(
  banco: BancoPreparado,
  acao: (q: (texto: string) => Promise<pg.QueryResultRow[]>) => Promise<T>,
) {
  if (banco.urlBanco) {
    const cliente = new pg.Client({ connectionString: banco.urlBanco });
    await cliente.connect();
    try {
      return await acao(async (texto) => {
        const r = await cliente.query(texto);
        return (Array.isArray(r) ? r[r.length - 1] : r).rows;
      });
    } finally {
      await cliente.end();
    }
  }
  const lite = await PGlite.create({ dataDir: join(banco.dataDir, 'pglite'), extensions: { unaccent, pg_trgm } });
  try {
    return await acao(async (texto) => {
      const r = await lite.exec(texto);
      return (r[r.length - 1]?.rows ?? []) as pg.QueryResultRow[];
    });
  } finally {
    await lite.close();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Results

type Situacao = 'ok' | 'falha' | 'info' | 'indisponível';
interface Linha {
  secao: string;
  medida: string;
  valor: string;
  meta: string;
  situacao: Situacao;
}
const linhas: Linha[] = [];
const observacoes: string[] = [];
const ms = (v: number) => (Number.isFinite(v) ? `${v.toFixed(v < 10 ? 2 : 1)} ms` : '—');
const marca = (ok: boolean): Situacao => (ok ? 'ok' : 'falha');

interface LeituraMedida {
  nome: string;
  api1: Estatisticas;
  api32: Estatisticas;
  puro1: Estatisticas;
  puro32: Estatisticas;
  consultas: number;
  limiteP99: number;
}

function registrarLeitura(l: LeituraMedida) {
  const razao1 = l.api1.p50 / l.puro1.p50;
  const razao32 = l.api32.p50 / l.puro32.p50;
  const secao = `Leitura: ${l.nome}`;
  linhas.push({
    secao,
    medida: '1 conexão: API p50 / p99 / req/s',
    valor: `${ms(l.api1.p50)} / ${ms(l.api1.p99)} / ${l.api1.rps.toFixed(0)}`,
    meta: '—',
    situacao: 'info',
  });
  linhas.push({
    secao,
    medida: '1 conexão: SQL puro p50 / p99 / req/s; razão p50',
    valor: `${ms(l.puro1.p50)} / ${ms(l.puro1.p99)} / ${l.puro1.rps.toFixed(0)}; ${razao1.toFixed(2)}×`,
    meta: '—',
    situacao: 'info',
  });
  linhas.push({
    secao,
    medida: '32 conexões: API p50 / p99 / req/s',
    valor: `${ms(l.api32.p50)} / ${ms(l.api32.p99)} / ${l.api32.rps.toFixed(0)}${l.api32.erros ? ` (${l.api32.erros} erros)` : ''}`,
    meta: `p99 < ${l.limiteP99} ms`,
    situacao: marca(l.api32.p99 < l.limiteP99 && l.api32.erros === 0),
  });
  linhas.push({
    secao,
    medida: `32 conexões: SQL puro p50 / p99 / req/s (${l.consultas} comandos por pedido)`,
    valor: `${ms(l.puro32.p50)} / ${ms(l.puro32.p99)} / ${l.puro32.rps.toFixed(0)}`,
    meta: '—',
    situacao: 'info',
  });
  linhas.push({
    secao,
    medida: '32 conexões: razão API / SQL puro (p50)',
    valor: `${razao32.toFixed(2)}×`,
    meta: '≤ 1,5×',
    situacao: marca(razao32 <= 1.5),
  });
}

/** Issue 17: the light request's p99 under each attack at most 3× its p99 alone; the server under 600 MB. */
function registrarIsolamento(medidas: MedidaIsolamento[], erro: string | null) {
  const secao = 'Isolamento (GET /api/mensagens, um pedido por vez)';
  if (erro) {
    linhas.push({ secao, medida: 'medição', valor: erro, meta: 'p99 ≤ 3× sozinho; RSS < 600 MB', situacao: 'falha' });
    return;
  }
  const [sozinho, ...sobCarga] = medidas;
  if (!sozinho) return;
  linhas.push({
    secao,
    medida: `${sozinho.nome}: p50 / p99 (${sozinho.n} pedidos)`,
    valor: `${ms(sozinho.p50)} / ${ms(sozinho.p99)}; RSS do servidor até ${sozinho.memoriaMaximaMb.toFixed(0)} MB`,
    meta: 'referência',
    situacao: 'info',
  });
  for (const medida of sobCarga) {
    const razao = medida.p99 / sozinho.p99;
    linhas.push({
      secao,
      medida: `${medida.nome}: p50 / p99 (${medida.n} pedidos); RSS máximo do servidor — ${medida.detalhe}`,
      valor: `${ms(medida.p50)} / ${ms(medida.p99)} (${razao.toFixed(2)}× sozinho); ${medida.memoriaMaximaMb.toFixed(0)} MB`,
      meta: 'p99 ≤ 3× sozinho; RSS < 600 MB',
      situacao: marca(razao <= 3 && medida.memoriaMaximaMb < 600),
    });
  }
}

async function escreverResultados(contexto: {
  banco: BancoPreparado;
  versaoPg: string;
  inicio: Date;
  segundosTotal: number;
}) {
  const cpu = cpus();
  const { banco } = contexto;
  const c = banco.contagem;
  const cabecalho = [
    '# Resultados do benchmark',
    '',
    `Gerado por \`npm run bench${process.argv.slice(2).length ? ` -- ${process.argv.slice(2).join(' ')}` : ''}\` em ${contexto.inicio.toISOString()} (${(contexto.segundosTotal / 60).toFixed(1)} min). Metas da issue 11; **FALHA** marca as que não foram atingidas.`,
    '',
    '## Máquina',
    '',
    `- CPU: ${cpu[0]?.model ?? '?'} (${cpu.length} núcleos)`,
    `- Memória: ${(totalmem() / 2 ** 30).toFixed(1)} GiB`,
    `- Node.js: ${process.version}`,
    `- Banco: ${contexto.versaoPg}${banco.urlBanco ? '' : ' (PGlite embutido)'}`,
    '',
    '## Dados',
    '',
    `Escala ${banco.parametros.escala}, semente ${banco.parametros.semente}, referência ${banco.parametros.referencia}: ` +
      `${c.unidades} unidades, ${c.usuarios} usuários, ${c.documentos.toLocaleString('pt-BR')} documentos, ` +
      `${c.tramitacoes.toLocaleString('pt-BR')} tramitações, ${c.pecas.toLocaleString('pt-BR')} peças; ` +
      `documento de ${c.tramitacoes_documento_longo} tramitações. ` +
      (banco.geradoAgora ? `Gerado nesta execução em ${banco.segundosGeracao?.toFixed(0)} s.` : 'Banco reaproveitado.'),
    '',
    `Cada medida: aquecimento de ${aquecimento} s, depois ${segundos} s por concorrência (autocannon na API; o mesmo SQL pelo \`pg\` no banco puro).`,
    '',
    '| Seção | Medida | Valor | Meta | Situação |',
    '| --- | --- | --- | --- | --- |',
  ];
  const corpo = linhas.map(
    (l) =>
      `| ${l.secao} | ${l.medida} | ${l.valor} | ${l.meta} | ${l.situacao === 'falha' ? '**FALHA**' : l.situacao === 'ok' ? 'ok' : l.situacao} |`,
  );
  const notas = observacoes.length ? ['', '## Observações', '', ...observacoes.map((o) => `- ${o}`)] : [];
  await writeFile(args.saida, `${[...cabecalho, ...corpo, ...notas].join('\n')}\n`);
  log(`Resultados em ${args.saida}`);
}

// ---------------------------------------------------------------------------------------------------------------
// Main

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
  const ref = banco.parametros.referencia;

  // The receive pool back to 'waiting' (a previous run received part of it); the verification reads it afterwards.
  const pendentes = await comBanco(banco, async (q) => {
    await q(`
      CREATE TEMP TABLE ultimas AS
        SELECT t.id, t.id_documento, t.id_unidade_origem FROM tramitacao t
        WHERE t.id_unidade_destino = ${ESPECIAIS.unidadeRecebimento} AND t.id_documento <> ${ESPECIAIS.documentoVolumoso}
          AND t.sequencia = (SELECT max(x.sequencia) FROM tramitacao x WHERE x.id_documento = t.id_documento);
      UPDATE tramitacao SET dt_recebimento = NULL, id_usuario_recebedor = NULL
        WHERE id IN (SELECT id FROM ultimas) AND dt_recebimento IS NOT NULL;
      UPDATE documento d SET situacao = 'ENVIADO', id_unidade_atual = u.id_unidade_origem
        FROM ultimas u WHERE d.id = u.id_documento AND d.situacao <> 'ENVIADO';`);
    const ids = await q('SELECT id_documento FROM ultimas ORDER BY id_documento');
    return ids.map((l) => Number(l.id_documento));
  });
  const [info] = await comBanco(banco, (q) =>
    q(`SELECT version() AS versao,
      (SELECT numero FROM documento WHERE id = ${Math.floor(banco.contagem.documentos / 2) + 1}) AS numero,
      (${sqlTamanhoCaixa(ESPECIAIS.unidadeMovimentada)}) AS caixa`),
  );
  const versaoPg = String(info?.versao ?? '?').split(' on ')[0] ?? '?';
  log(
    `Caixa postal da unidade movimentada: ${info?.caixa} documentos; ${pendentes.length} pendentes para o recebimento.`,
  );

  // The web app, built into a temporary folder the server serves.
  let webDist: string | null = null;
  if (!args['sem-web'] && rodar('web')) {
    webDist = await mkdtemp(join(tmpdir(), 'tramite-bench-web-'));
    log(`Construindo a web em ${webDist}...`);
    const vite = spawnSync(
      'npx',
      ['vite', 'build', 'apps/web', '--outDir', webDist, '--emptyOutDir', '--logLevel', 'warn'],
      {
        cwd: RAIZ,
        stdio: 'inherit',
      },
    );
    if (vite.status !== 0) {
      observacoes.push('A construção da web falhou: seção web indisponível.');
      webDist = null;
    }
  }

  const servidor = await iniciarServidor(banco, webDist);
  let poolPuro: pg.Pool | null = null;
  let litePuro: PGlite | null = null;
  try {
    const cookieProtocolo = await entrar(ESPECIAIS.usuarioMovimentada);
    const cookieRecebedor = await entrar(ESPECIAIS.usuarioRecebimento);

    // The bare database: a pool as large as the API's (10) on the server; PGlite (one connection) on a copy.
    if (banco.urlBanco) {
      poolPuro = new pg.Pool({ connectionString: banco.urlBanco, max: 10 });
    } else {
      const copia = await copiarBancoEmbutido(banco.dataDir, join(tmpdir(), 'tramite-bench-puro'));
      litePuro = await PGlite.create({ dataDir: copia, extensions: { unaccent, pg_trgm } });
      poolPuro = new pg.Pool(createPgConfig(litePuro) as unknown as pg.PoolConfig);
    }

    // ------------------------------------------------------------------------------------------- reads
    const inicioCaixa = hojeMais(ref, -30);
    const fimCaixa = hojeMais(ref, 0);
    const caminhoCaixa = `/api/caixa-postal?idUnidadeAtual=${ESPECIAIS.unidadeMovimentada}&dataInicio=${inicioCaixa}&dataFim=${fimCaixa}&pagina=1&tamanhoPagina=20&ordenacao=dataEnvio&direcao=desc`;
    const leituras: { nome: string; caminho: string; limiteP99: number }[] = [
      {
        nome: `caixa postal da unidade movimentada (${info?.caixa} documentos), 1ª página`,
        caminho: caminhoCaixa,
        limiteP99: 50,
      },
      {
        nome: 'busca por número',
        caminho: `/api/documentos?numeroDocumento=${encodeURIComponent(String(info?.numero))}`,
        limiteP99: 50,
      },
      {
        nome: 'busca por período de criação (1 mês)',
        caminho: `/api/documentos?dataCriacaoInicio=${hojeMais(ref, -400)}&dataCriacaoFim=${hojeMais(ref, -370)}`,
        limiteP99: 50,
      },
      {
        nome: 'busca textual no resumo + período (12 meses)',
        caminho: `/api/documentos?resumoAssunto=congresso&dataCriacaoInicio=${hojeMais(ref, -365)}&dataCriacaoFim=${fimCaixa}`,
        limiteP99: 100,
      },
      {
        nome: 'informações do documento',
        caminho: `/api/documentos/${Math.floor(banco.contagem.documentos / 2) + 1}`,
        limiteP99: 50,
      },
      {
        nome: `histórico do documento de ${ESPECIAIS.tramitacoesDocumentoLongo} tramitações`,
        caminho: `/api/documentos/${ESPECIAIS.documentoLongo}/tramitacoes`,
        limiteP99: 50,
      },
      {
        nome: `peças (${ESPECIAIS.pecasDocumentoLongo}) do documento longo`,
        caminho: `/api/documentos/${ESPECIAIS.documentoLongo}/pecas`,
        limiteP99: 50,
      },
    ];
    for (const leitura of rodar('leituras') ? leituras : []) {
      const cabecalhos = { cookie: cookieProtocolo };
      const teste = await fetch(`${BASE}${leitura.caminho}`, { headers: cabecalhos });
      if (!teste.ok) {
        linhas.push({
          secao: `Leitura: ${leitura.nome}`,
          medida: 'resposta',
          valor: `HTTP ${teste.status}: ${(await teste.text()).slice(0, 200)}`,
          meta: '200',
          situacao: 'falha',
        });
        continue;
      }
      await teste.arrayBuffer();
      const consultas = await servidor.capturar(async () => {
        await (
          await fetch(`${BASE}${leitura.caminho}`, { headers: { ...cabecalhos, [CABECALHO_CAPTURA]: '1' } })
        ).arrayBuffer();
      });
      log(`${leitura.nome}: ${consultas.length} comandos SQL por pedido`);
      if (process.env.BENCH_MOSTRAR_SQL) {
        for (const c of consultas) {
          log(
            `    [${c.inicio.toFixed(1)}–${c.fim.toFixed(1)}] ${c.texto.replace(/\s+/g, ' ').slice(0, 400)} ${JSON.stringify(c.valores).slice(0, 200)}`,
          );
        }
      }
      const pedido = { caminho: leitura.caminho, cabecalhos };
      await medirHttp(BASE, pedido, { conexoes: 4, segundos: aquecimento });
      await medirSqlPuro(poolPuro, consultas, { conexoes: 4, segundos: aquecimento });
      const api1 = await medirHttp(BASE, pedido, { conexoes: 1, segundos });
      const puro1 = await medirSqlPuro(poolPuro, consultas, { conexoes: 1, segundos });
      const api32 = await medirHttp(BASE, pedido, { conexoes: 32, segundos });
      const puro32 = await medirSqlPuro(poolPuro, consultas, { conexoes: 32, segundos });
      log(
        `  API p50/p99 ${ms(api1.p50)}/${ms(api1.p99)} (1), ${ms(api32.p50)}/${ms(api32.p99)} (32); puro ${ms(puro1.p50)} (1), ${ms(puro32.p50)} (32)`,
      );
      registrarLeitura({
        nome: leitura.nome,
        api1,
        api32,
        puro1,
        puro32,
        consultas: consultas.length,
        limiteP99: leitura.limiteP99,
      });
    }

    // ------------------------------------------------------------------------------------------- receive
    const inicioRecebimento = new Date(Date.now() - 1000).toISOString();
    let proximo = 0;
    const alvo = () => `/api/documentos/${pendentes[proximo++] ?? 0}/receber`;
    const pedidoReceber = {
      metodo: 'POST' as const,
      caminho: alvo,
      cabecalhos: { cookie: cookieRecebedor, ...XRW },
    };
    const totalPendentes = pendentes.length;
    const qAquec = Math.min(200, Math.floor(totalPendentes * 0.05));
    const q1 = Math.min(1500, Math.floor(totalPendentes * 0.2));
    const q32 = Math.min(6000, totalPendentes - qAquec - q1);
    const fazRecebimento = rodar('recebimento') && q1 > 0 && q32 > 0;
    const semMedida = { ...estatisticas([], 1), codigos: {} as Record<string, number> };
    if (fazRecebimento) await medirHttp(BASE, pedidoReceber, { conexoes: 4, quantidade: Math.max(1, qAquec) });
    const rec1 = fazRecebimento ? await medirHttp(BASE, pedidoReceber, { conexoes: 1, quantidade: q1 }) : semMedida;
    const rec32 = fazRecebimento ? await medirHttp(BASE, pedidoReceber, { conexoes: 32, quantidade: q32 }) : semMedida;
    const recebidos = pendentes.slice(0, proximo);
    log(
      `receber: ${ms(rec1.p50)}/${ms(rec1.p99)} (1), ${ms(rec32.p50)}/${ms(rec32.p99)} (32); ${recebidos.length} documentos`,
    );

    // ------------------------------------------------------------------------------------------- upload
    const arquivoGrande = join(banco.dataDir, 'bench-upload-50mib.pdf');
    if (!existsSync(arquivoGrande) || (await stat(arquivoGrande)).size !== 50 * 2 ** 20) {
      await gerarArquivoGrande(arquivoGrande, 50 * 2 ** 20, banco.parametros.semente);
    }
    const tempos = { upload: [] as number[], copia: [] as number[] };
    let erroUpload: string | null = null;
    for (let i = 0; i < (rodar('arquivos') ? 6 : 0); i++) {
      const formulario = new FormData();
      formulario.set('tipoCopia', 'N');
      formulario.set('nivelAcesso', 'P');
      formulario.set('descricao', `Envio volumoso ${i + 1} do benchmark`);
      formulario.set('arquivo', await openAsBlob(arquivoGrande, { type: 'application/pdf' }), 'volumoso.pdf');
      const t0 = performance.now();
      const resposta = await fetch(`${BASE}/api/documentos/${ESPECIAIS.documentoVolumoso}/anexos`, {
        method: 'POST',
        headers: { cookie: cookieRecebedor, ...XRW },
        body: formulario,
      });
      const texto = await resposta.text();
      const t = performance.now() - t0;
      if (resposta.status !== 201) {
        erroUpload = `HTTP ${resposta.status}: ${texto.slice(0, 200)}`;
        break;
      }
      const destino = join(banco.dataDir, `bench-copia-${i}.pdf`);
      const c0 = performance.now();
      await copyFile(arquivoGrande, destino);
      const c = performance.now() - c0;
      await rm(destino, { force: true });
      if (i > 0) {
        tempos.upload.push(t);
        tempos.copia.push(c);
      }
    }

    // ------------------------------------------------------------------------------------------- consolidation
    const openapi = (await (await fetch(`${BASE}/api/openapi.json`)).json()) as { paths: Record<string, unknown> };
    const temConsolidacao = Boolean(openapi.paths['/api/consolidacao/{idDocumento}/{tipo}']);
    const temMalote = Boolean(openapi.paths['/api/relatorios/malote']);
    const consolidacao = {
      api: [] as number[],
      download: [] as number[],
      qpdf: [] as number[],
      erro: null as string | null,
      paginas: 0,
    };
    if (temConsolidacao && rodar('arquivos')) {
      const anexos = (await (
        await fetch(`${BASE}/api/documentos/${ESPECIAIS.documentoConsolidacao}/anexos`, {
          headers: { cookie: cookieProtocolo },
        })
      ).json()) as { idAnexo: number }[];
      for (let i = 0; i < 3 && !consolidacao.erro; i++) {
        const t0 = performance.now();
        const pedido = await fetch(`${BASE}/api/consolidacao/${ESPECIAIS.documentoConsolidacao}/PDF`, {
          method: 'POST',
          headers: { cookie: cookieProtocolo, ...XRW, 'content-type': 'application/json' },
          // An identical request reuses the finished PDF (issue 17): each run leaves out a different peça.
          body: JSON.stringify(anexos.filter((_, j) => j !== i).map((a) => a.idAnexo)),
        });
        if (pedido.status !== 202) {
          consolidacao.erro = `HTTP ${pedido.status}: ${(await pedido.text()).slice(0, 200)}`;
          break;
        }
        const { uuid } = (await pedido.json()) as { uuid: string };
        for (;;) {
          const estado = (await (
            await fetch(`${BASE}/api/consolidacao`, {
              method: 'POST',
              headers: { cookie: cookieProtocolo, ...XRW, 'content-type': 'application/json' },
              body: JSON.stringify([uuid]),
            })
          ).json()) as { estado: string; paginas?: number | null }[];
          const e = estado[0]?.estado;
          if (e === 'CONCLUIDA') {
            consolidacao.paginas = estado[0]?.paginas ?? 0;
            break;
          }
          if (e !== 'PENDENTE' && e !== 'PROCESSANDO') {
            consolidacao.erro = `estado ${e ?? 'desconhecido'}`;
            break;
          }
          if (performance.now() - t0 > 600_000) {
            consolidacao.erro = 'mais de 10 min';
            break;
          }
          await new Promise((r) => setTimeout(r, 50));
        }
        if (consolidacao.erro) break;
        const pronto = performance.now();
        const pdf = await fetch(`${BASE}/api/consolidacao/${uuid}/pdf`, { headers: { cookie: cookieProtocolo } });
        await pdf.arrayBuffer();
        consolidacao.api.push(pronto - t0);
        consolidacao.download.push(performance.now() - pronto);
      }
    }
    if (rodar('arquivos') && garantirQpdf() && banco.arquivosConsolidacao.length) {
      const saida = join(banco.dataDir, 'bench-qpdf.pdf');
      for (let i = 0; i < 3; i++) {
        const t0 = performance.now();
        const r = spawnSync('/usr/bin/qpdf', [
          '--empty',
          '--pages',
          ...banco.arquivosConsolidacao.map((a) => a.caminho),
          '--',
          saida,
        ]);
        if (r.status !== 0) {
          observacoes.push(`qpdf falhou: ${String(r.stderr).slice(0, 200)}`);
          break;
        }
        consolidacao.qpdf.push(performance.now() - t0);
      }
      await rm(saida, { force: true });
    }

    // ------------------------------------------------------------------------------------------- malote
    const malote = { tempos: [] as number[], bytes: 0, erro: null as string | null };
    const inicioMalote = `${hojeMais(ref, -130)}T00:00`;
    const fimMalote = `${hojeMais(ref, -70)}T00:00`;
    if (temMalote && rodar('relatorios')) {
      for (let i = 0; i < 3; i++) {
        const t0 = performance.now();
        const r = await fetch(
          `${BASE}/api/relatorios/malote?idsUnidades=${ESPECIAIS.unidadeMalote}&inicio=${inicioMalote}&fim=${fimMalote}`,
          { headers: { cookie: cookieProtocolo } },
        );
        const corpo = await r.arrayBuffer();
        if (r.status !== 200) {
          malote.erro = `HTTP ${r.status}: ${Buffer.from(corpo).toString('utf8').slice(0, 200)}`;
          break;
        }
        malote.tempos.push(performance.now() - t0);
        malote.bytes = corpo.byteLength;
      }
    }

    // ------------------------------------------------------------------------------------------- isolation
    // Last before the web: the bomb leaves a peça in the volumous document and the malotes load the whole database.
    let isolamento: MedidaIsolamento[] = [];
    let erroIsolamento: string | null = null;
    if (rodar('isolamento')) {
      try {
        const unidades = (await (
          await fetch(`${BASE}/api/relatorios/malote/unidades`, { headers: { cookie: cookieProtocolo } })
        ).json()) as { id: number }[];
        isolamento = await medirIsolamento({
          base: BASE,
          pid: servidor.processo.pid as number,
          cookiePecas: cookieRecebedor,
          idDocumento: ESPECIAIS.documentoVolumoso,
          cookieRelatorios: cookieProtocolo,
          consultaMalote: `idsUnidades=${unidades.map((u) => u.id).join(',')}&inicio=${hojeMais(ref, -3652)}T00:00&fim=${hojeMais(ref, 0)}T23:59`,
          log,
        });
      } catch (erro) {
        erroIsolamento = String(erro).slice(0, 300);
      }
    }

    // ------------------------------------------------------------------------------------------- web
    let web: ResultadoWeb | null = null;
    let erroWeb: string | null = webDist ? null : 'web não construída';
    if (webDist) {
      try {
        const [nome, valor] = cookieProtocolo.split('=') as [string, string];
        web = await medirWeb({
          base: BASE,
          caminho: caminhoCaixa.replace('/api/caixa-postal', '/caixa-postal'),
          cookie: { name: nome, value: valor },
          repeticoes: 5,
        });
      } catch (erro) {
        erroWeb = String(erro).slice(0, 300);
      }
    }

    await servidor.parar();

    // ------------------------------------------------------------------------------------------- checks after the server stopped
    if (fazRecebimento) {
      const verificacao = await comBanco(banco, (q) =>
        q(`
      WITH alvo AS (SELECT unnest(ARRAY[${recebidos.join(',') || 'NULL'}]::bigint[]) AS id)
      SELECT
        (SELECT count(*) FROM alvo a JOIN documento d ON d.id = a.id
          WHERE d.situacao = 'RECEBIDO' AND d.id_unidade_atual = ${ESPECIAIS.unidadeRecebimento})::int AS recebidos,
        (SELECT count(*) FROM alvo a WHERE (SELECT count(*) FROM auditoria au WHERE au.entidade = 'documento'
          AND au.id_entidade = a.id::text AND au.acao = 'RECEBER_DOCUMENTO' AND au.em >= '${inicioRecebimento}') = 1)::int AS uma_auditoria,
        (SELECT count(*) FROM alvo a JOIN tramitacao t ON t.id_documento = a.id
          WHERE t.id_unidade_destino = ${ESPECIAIS.unidadeRecebimento} AND t.dt_recebimento IS NOT NULL
            AND t.dt_recebimento >= '${inicioRecebimento}')::int AS tramitacoes_recebidas,
        (SELECT count(*) FROM tramitacao t WHERE t.id_unidade_destino = ${ESPECIAIS.unidadeRecebimento}
          AND t.dt_recebimento >= '${inicioRecebimento}')::int AS recebidas_no_total`),
      );
      const v = verificacao[0] ?? {};
      const semPerdaNemDupla =
        v.recebidos === recebidos.length &&
        v.uma_auditoria === recebidos.length &&
        v.tramitacoes_recebidas === recebidos.length &&
        v.recebidas_no_total === recebidos.length &&
        rec1.erros + rec32.erros === 0;
      linhas.push({
        secao: 'Recebimento (POST documentos/{id}/receber, cada pedido um documento)',
        medida: '1 conexão: p50 / p99 / req/s',
        valor: `${ms(rec1.p50)} / ${ms(rec1.p99)} / ${rec1.rps.toFixed(0)} (${rec1.n} pedidos)`,
        meta: '—',
        situacao: 'info',
      });
      linhas.push({
        secao: 'Recebimento (POST documentos/{id}/receber, cada pedido um documento)',
        medida: '32 conexões: p50 / p99 / req/s',
        valor: `${ms(rec32.p50)} / ${ms(rec32.p99)} / ${rec32.rps.toFixed(0)} (${rec32.n} pedidos)`,
        meta: 'p99 < 50 ms',
        situacao: marca(rec32.p99 < 50),
      });
      linhas.push({
        secao: 'Recebimento (POST documentos/{id}/receber, cada pedido um documento)',
        medida: 'sem recebimento perdido nem duplo',
        valor: `${recebidos.length} pedidos; ${v.recebidos} documentos recebidos, ${v.uma_auditoria} com exatamente uma auditoria, ${v.recebidas_no_total} tramitações recebidas; respostas não 2xx: ${rec1.erros + rec32.erros} ${JSON.stringify({ ...rec1.codigos, ...rec32.codigos })}`,
        meta: 'todos exatamente uma vez',
        situacao: marca(semPerdaNemDupla),
      });
    }

    const secaoArquivos = 'Arquivos';
    if (rodar('arquivos')) {
      if (erroUpload) {
        linhas.push({
          secao: secaoArquivos,
          medida: 'envio de 50 MiB',
          valor: erroUpload,
          meta: '≤ 1,5× cópia',
          situacao: 'falha',
        });
      } else {
        const razao = mediana(tempos.upload) / mediana(tempos.copia);
        linhas.push({
          secao: secaoArquivos,
          medida: 'envio de 50 MiB (POST anexos, mediana de 5) vs. fs.copyFile no mesmo disco',
          valor: `${ms(mediana(tempos.upload))} vs. ${ms(mediana(tempos.copia))}: ${razao.toFixed(2)}×`,
          meta: '≤ 1,5×',
          situacao: marca(razao <= 1.5),
        });
      }
      if (!temConsolidacao) {
        linhas.push({
          secao: secaoArquivos,
          medida: 'consolidação de 200 PDFs vs. qpdf',
          valor: 'rota POST consolidacao/{idDocumento}/{tipo} ausente',
          meta: '≤ 1,5× qpdf',
          situacao: 'indisponível',
        });
      } else if (consolidacao.erro || consolidacao.api.length === 0) {
        linhas.push({
          secao: secaoArquivos,
          medida: 'consolidação de 200 PDFs vs. qpdf',
          valor: consolidacao.erro ?? 'sem medida',
          meta: '≤ 1,5× qpdf',
          situacao: 'falha',
        });
      } else {
        const tamanhoTotal = banco.arquivosConsolidacao.length
          ? (await Promise.all(banco.arquivosConsolidacao.map((a) => stat(a.caminho).then((s) => s.size)))).reduce(
              (s, t) => s + t,
              0,
            )
          : 0;
        const razao = mediana(consolidacao.api) / mediana(consolidacao.qpdf);
        linhas.push({
          secao: secaoArquivos,
          medida: `consolidação de ${banco.arquivosConsolidacao.length} PDFs (${(tamanhoTotal / 2 ** 20).toFixed(0)} MiB, ${consolidacao.paginas} páginas): pedido até CONCLUIDA (mediana de 3) vs. qpdf --empty --pages`,
          valor: `${ms(mediana(consolidacao.api))} vs. ${ms(mediana(consolidacao.qpdf))}: ${razao.toFixed(2)}× (download do PDF: ${ms(mediana(consolidacao.download))})`,
          meta: '≤ 1,5× qpdf',
          situacao: marca(razao <= 1.5),
        });
      }
    }
    if (!rodar('relatorios')) {
      // skipped
    } else if (!temMalote) {
      linhas.push({
        secao: 'Relatórios',
        medida: 'malote',
        valor: 'rota GET relatorios/malote ausente',
        meta: 'medir',
        situacao: 'indisponível',
      });
    } else {
      const [contagemMalote] = await comBanco(banco, (q) =>
        q(`SELECT count(*)::int AS n FROM tramitacao WHERE id_unidade_origem = ${ESPECIAIS.unidadeMalote}
            AND id_tramitacao_principal IS NULL
            AND dt_despacho >= ('${inicioMalote}'::timestamp AT TIME ZONE 'America/Sao_Paulo')
            AND dt_despacho < ('${fimMalote}'::timestamp AT TIME ZONE 'America/Sao_Paulo')`),
      );
      // The report's budget (issue 9): 20,000 rows in 15 s, whatever the range, as a cost per row.
      const orcamentoMalote = (contagemMalote?.n ?? 0) * MS_POR_LINHA_MALOTE;
      linhas.push({
        secao: 'Relatórios',
        medida: `malote de ${contagemMalote?.n ?? '?'} tramitações (GET relatorios/malote): tempo até o último byte, mediana de 3`,
        valor: malote.erro ?? `${ms(mediana(malote.tempos))} (${(malote.bytes / 2 ** 20).toFixed(1)} MiB de PDF)`,
        meta: `≤ ${ms(orcamentoMalote)} (${MS_POR_LINHA_MALOTE} ms por linha)`,
        situacao: malote.erro || mediana(malote.tempos) > orcamentoMalote ? 'falha' : 'ok',
      });
    }
    registrarIsolamento(isolamento, erroIsolamento);
    if (web) {
      const total = web.jsGzip + web.cssGzip;
      linhas.push({
        secao: 'Web (/caixa-postal, primeira visita)',
        medida: `JavaScript + CSS da primeira tela, gzip (${web.arquivos.length} arquivos)`,
        valor: `${(web.jsGzip / 1024).toFixed(1)} KB JS + ${(web.cssGzip / 1024).toFixed(1)} KB CSS = ${(total / 1024).toFixed(1)} KB`,
        meta: 'JS ≤ 250 KB',
        situacao: marca(web.jsGzip <= 250 * 1024),
      });
      linhas.push({
        secao: 'Web (/caixa-postal, primeira visita)',
        medida: `first contentful paint (mediana de ${web.fcp.length})`,
        valor: ms(mediana(web.fcp)),
        meta: '< 1 s',
        situacao: marca(mediana(web.fcp) < 1000),
      });
      linhas.push({
        secao: 'Web (/caixa-postal, primeira visita)',
        medida: `tempo até interativo: 1ª página da caixa de ${info?.caixa} documentos na tela (mediana de ${web.tti.length})`,
        valor: ms(mediana(web.tti)),
        meta: 'medir',
        situacao: 'info',
      });
      observacoes.push(
        `Arquivos da primeira tela: ${web.arquivos.map((a) => `${a.url.replace(BASE, '')} (${(a.gzip / 1024).toFixed(1)} KB gzip)`).join(', ')}.`,
      );
    } else if (rodar('web') && !args['sem-web']) {
      linhas.push({
        secao: 'Web',
        medida: 'primeira tela',
        valor: erroWeb ?? '—',
        meta: 'JS ≤ 250 KB; FCP < 1 s',
        situacao: 'indisponível',
      });
    }
  } finally {
    await servidor.parar();
    await poolPuro?.end().catch(() => {});
    await litePuro?.close().catch(() => {});
    if (webDist) await rm(webDist, { recursive: true, force: true });
  }
  await escreverResultados({ banco, versaoPg, inicio, segundosTotal: (Date.now() - inicio.getTime()) / 1000 });
  const falhas = linhas.filter((l) => l.situacao === 'falha');
  log(`${linhas.length} medidas, ${falhas.length} metas não atingidas.`);
}

main().catch((erro) => {
  console.error(erro);
  process.exit(1);
});
