/**
 * Load generation: autocannon against the API (latencies taken from each response, in fractions of a millisecond)
 * and a loop of the same concurrency replaying captured SQL through `pg` (the bare database).
 */
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import type pg from 'pg';
import type { ConsultaCapturada } from './captura-sql.ts';

export interface Estatisticas {
  p50: number;
  p99: number;
  rps: number;
  n: number;
  erros: number;
}

export function estatisticas(latencias: number[], segundos: number, erros = 0): Estatisticas {
  const ordenadas = [...latencias].sort((a, b) => a - b);
  const quantil = (q: number) =>
    ordenadas.length ? (ordenadas[Math.min(ordenadas.length - 1, Math.ceil(q * ordenadas.length) - 1)] ?? 0) : 0;
  return { p50: quantil(0.5), p99: quantil(0.99), rps: latencias.length / segundos, n: latencias.length, erros };
}

export interface PedidoHttp {
  metodo?: 'GET' | 'POST';
  caminho: string | (() => string);
  cabecalhos?: Record<string, string>;
  corpo?: string;
}

/** What one run measured: every latency (ms), how long it ran and how many requests failed. */
interface Amostra {
  latencias: number[];
  segundos: number;
  erros: number;
}

/** Several runs of the same thing as one: their latencies together over their summed time. */
function juntarAmostras(amostras: Amostra[]): Estatisticas {
  const soma = (f: (a: Amostra) => number) => amostras.reduce((total, a) => total + f(a), 0);
  return estatisticas(
    amostras.flatMap((a) => a.latencias),
    soma((a) => a.segundos),
    soma((a) => a.erros),
  );
}

/** autocannon for `segundos` (or `quantidade` requests) at `conexoes` connections. */
export async function medirHttp(
  base: string,
  pedido: PedidoHttp,
  opcoes: { conexoes: number; segundos?: number; quantidade?: number },
): Promise<Estatisticas & { codigos: Record<string, number> }> {
  const { codigos, ...amostra } = await amostrarHttp(base, pedido, opcoes);
  return { ...juntarAmostras([amostra]), codigos };
}

async function amostrarHttp(
  base: string,
  pedido: PedidoHttp,
  opcoes: { conexoes: number; segundos?: number; quantidade?: number },
): Promise<Amostra & { codigos: Record<string, number> }> {
  const latencias: number[] = [];
  const codigos: Record<string, number> = {};
  let erros = 0;
  const caminho = pedido.caminho;
  const inicio = performance.now();
  const opcoesAutocannon: autocannon.Options = {
    url: base,
    connections: opcoes.conexoes,
    ...(opcoes.quantidade ? { amount: opcoes.quantidade } : { duration: opcoes.segundos ?? 5 }),
    headers: pedido.cabecalhos ?? {},
    requests: [
      {
        method: pedido.metodo ?? 'GET',
        ...(typeof caminho === 'string'
          ? { path: caminho }
          : { setupRequest: (requisicao: autocannon.Request) => ({ ...requisicao, path: caminho() }) }),
        ...(pedido.corpo !== undefined ? { body: pedido.corpo } : {}),
      },
    ],
  };
  const resultado = await new Promise<autocannon.Result>((resolver, rejeitar) => {
    const instancia = autocannon(opcoesAutocannon, (erro, r) => (erro ? rejeitar(erro) : resolver(r)));
    instancia.on('response', (_cliente, status: number, _bytes: number, tempo: number) => {
      codigos[status] = (codigos[status] ?? 0) + 1;
      if (status >= 200 && status < 300) latencias.push(tempo);
      else erros++;
    });
  });
  erros += resultado.errors + resultado.timeouts;
  const segundos = (performance.now() - inicio) / 1000;
  return { latencias, segundos: opcoes.quantidade ? segundos : resultado.duration, erros, codigos };
}

/**
 * Statements that overlapped in the API (a Promise.all over the pool) form one group: replayed in parallel on the
 * pool, groups one after the other, as the API ran them.
 */
export function gruposParalelos(consultas: ConsultaCapturada[]): ConsultaCapturada[][] {
  const grupos: ConsultaCapturada[][] = [];
  let atual: ConsultaCapturada[] = [];
  let fimAtual = Number.NEGATIVE_INFINITY;
  for (const consulta of [...consultas].sort((a, b) => a.inicio - b.inicio)) {
    if (atual.length > 0 && consulta.inicio >= fimAtual) {
      grupos.push(atual);
      atual = [];
      fimAtual = Number.NEGATIVE_INFINITY;
    }
    atual.push(consulta);
    fimAtual = Math.max(fimAtual, consulta.fim);
  }
  if (atual.length) grupos.push(atual);
  return grupos;
}

/** `conexoes` workers replaying the captured request's SQL through the pool for `segundos`. */
export async function medirSqlPuro(
  pool: pg.Pool,
  consultas: ConsultaCapturada[],
  opcoes: { conexoes: number; segundos: number },
): Promise<Estatisticas> {
  return juntarAmostras([await amostrarSqlPuro(pool, consultas, opcoes)]);
}

async function amostrarSqlPuro(
  pool: pg.Pool,
  consultas: ConsultaCapturada[],
  opcoes: { conexoes: number; segundos: number },
): Promise<Amostra> {
  // A captured transaction must run on one connection: then everything is replayed in order on one client.
  const transacao = consultas.some((c) => /^\s*(begin|start transaction)/i.test(c.texto));
  const grupos = transacao ? consultas.map((c) => [c]) : gruposParalelos(consultas);
  const latencias: number[] = [];
  let erros = 0;
  const inicio = performance.now();
  const limite = inicio + opcoes.segundos * 1000;
  const trabalhador = async () => {
    while (performance.now() < limite) {
      const t0 = performance.now();
      try {
        if (transacao) {
          const cliente = await pool.connect();
          try {
            for (const c of consultas) await cliente.query(c.texto, c.valores);
          } finally {
            cliente.release();
          }
          latencias.push(performance.now() - t0);
          continue;
        }
        for (const grupo of grupos) {
          if (grupo.length === 1) {
            const [c] = grupo as [ConsultaCapturada];
            await pool.query(c.texto, c.valores);
          } else {
            await Promise.all(grupo.map((c) => pool.query(c.texto, c.valores)));
          }
        }
        latencias.push(performance.now() - t0);
      } catch {
        erros++;
      }
    }
  };
  await Promise.all(Array.from({ length: opcoes.conexoes }, trabalhador));
  return { latencias, segundos: (performance.now() - inicio) / 1000, erros };
}

/** The API and its bare SQL side by side, each at 1 and 32 connections (the 32 left out for a slow request). */
export interface ApiAoLadoDoSql {
  api1: Estatisticas;
  puro1: Estatisticas;
  api32: Estatisticas | null;
  puro32: Estatisticas | null;
}

/** Rounds each side of `medirApiAoLadoDoSql` is split into, taking turns. */
const RODADAS = 4;

/**
 * Times one request through the API (`base` + `pedido`) and the statements it ran (`consultas`) on the bare pool:
 * a warm-up at 4 connections, then 1 and 32. At each concurrency the two sides take turns in short rounds (API, SQL,
 * SQL, API...): measured one after the other, the second ran on the pages the first had brought into the database's
 * cache (at scale 1 the cache holds a fraction of the text), and the bare SQL looked faster than it is.
 * A `lento` request is timed by count at 1 connection only: autocannon counts only the answers that arrive within its
 * duration, and 32 connections of multi-second statements on a 2-core machine would run for minutes and say nothing
 * more.
 */
export async function medirApiAoLadoDoSql(
  base: string,
  pedido: PedidoHttp,
  consultas: ConsultaCapturada[],
  opcoes: { poolPuro: pg.Pool; segundos: number; aquecimento: number; lento: boolean },
): Promise<ApiAoLadoDoSql> {
  const { poolPuro, segundos, lento } = opcoes;
  if (lento) {
    const api1 = await medirHttp(base, pedido, { conexoes: 1, quantidade: 3 });
    const puro1 = await medirSqlPuro(poolPuro, consultas, { conexoes: 1, segundos });
    return { api1, puro1, api32: null, puro32: null };
  }
  return medirEmTurnos(base, pedido, consultas, opcoes);
}

/** `medirApiAoLadoDoSql` of a request that is not slow: both sides at 1 and 32 connections, in turns. */
export async function medirEmTurnos(
  base: string,
  pedido: PedidoHttp,
  consultas: ConsultaCapturada[],
  opcoes: { poolPuro: pg.Pool; segundos: number; aquecimento: number },
): Promise<{ [Lado in keyof ApiAoLadoDoSql]: Estatisticas }> {
  const { poolPuro, segundos } = opcoes;
  await amostrarHttp(base, pedido, { conexoes: 4, segundos: opcoes.aquecimento });
  await amostrarSqlPuro(poolPuro, consultas, { conexoes: 4, segundos: opcoes.aquecimento });
  const emTurnos = async (conexoes: number) => {
    const api: Amostra[] = [];
    const puro: Amostra[] = [];
    const rodada = { conexoes, segundos: segundos / RODADAS };
    const medirApi = async () => api.push(await amostrarHttp(base, pedido, rodada));
    const medirPuro = async () => puro.push(await amostrarSqlPuro(poolPuro, consultas, rodada));
    for (let i = 0; i < RODADAS; i++) {
      for (const medir of i % 2 === 0 ? [medirApi, medirPuro] : [medirPuro, medirApi]) await medir();
    }
    return { api: juntarAmostras(api), puro: juntarAmostras(puro) };
  };
  const um = await emTurnos(1);
  const trinta = await emTurnos(32);
  return { api1: um.api, puro1: um.puro, api32: trinta.api, puro32: trinta.puro };
}
