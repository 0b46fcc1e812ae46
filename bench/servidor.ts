/**
 * The benchmark's side of the real API server: starting it on loopback with the SQL capture, logging in through the
 * real form, and SQL on the benchmark database outside the server (set-up and checks).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { EXTENSOES_PGLITE } from '../apps/api/src/db/connection.ts';
import type { BancoPreparado } from './banco.ts';
import type { ConsultaCapturada, MensagemCaptura } from './captura-sql.ts';
import type { Resultados } from './resultados.ts';
import { ESPECIAIS } from './universidade.ts';

export const RAIZ = resolve(import.meta.dirname, '..');
const PORTA = Number(process.env.BENCH_PORT ?? 3996);
export const BASE = `http://127.0.0.1:${PORTA}`;
export const XRW = { 'x-requested-with': 'XMLHttpRequest' };
/** The header captura-sql.ts looks for (not imported: importing it would patch pg in this process too). */
export const CABECALHO_CAPTURA = 'x-bench-captura';

export const log = (mensagem: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${mensagem}`);

/** The day `dias` after the reference instant, as YYYY-MM-DD. */
export const hojeMais = (referencia: string, dias: number) =>
  new Date(new Date(referencia).getTime() + dias * 86_400_000).toISOString().slice(0, 10);

export interface Servidor {
  processo: ChildProcess;
  capturar(pedido: () => Promise<unknown>): Promise<ConsultaCapturada[]>;
  parar(): Promise<void>;
}

/** What every section measures against. */
export interface ContextoSecao {
  banco: BancoPreparado;
  servidor: Servidor;
  /** The busy unit's user (reads, consolidation, reports) and the receiving unit's user (receipts, uploads). */
  cookieProtocolo: string;
  cookieRecebedor: string;
  resultados: Resultados;
  /** Which sections run (--apenas). */
  rodar(
    secao:
      | 'leituras'
      | 'recebimento'
      | 'arquivos'
      | 'relatorios'
      | 'web'
      | 'isolamento'
      | 'resumo-diario'
      | 'conteudo'
      | 'painel'
      | 'lighthouse',
  ): boolean;
}

export async function iniciarServidor(banco: BancoPreparado, webDist: string | null): Promise<Servidor> {
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

export async function entrar(username: string): Promise<string> {
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
export async function comBanco<T>(
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
  const lite = await PGlite.create({ dataDir: join(banco.dataDir, 'pglite'), extensions: EXTENSOES_PGLITE });
  try {
    return await acao(async (texto) => {
      const r = await lite.exec(texto);
      return (r[r.length - 1]?.rows ?? []) as pg.QueryResultRow[];
    });
  } finally {
    await lite.close();
  }
}
