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

/** autocannon for `segundos` (or `quantidade` requests) at `conexoes` connections. */
export async function medirHttp(
  base: string,
  pedido: PedidoHttp,
  opcoes: { conexoes: number; segundos?: number; quantidade?: number },
): Promise<Estatisticas & { codigos: Record<string, number> }> {
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
  return { ...estatisticas(latencias, opcoes.quantidade ? segundos : resultado.duration, erros), codigos };
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
  return estatisticas(latencias, (performance.now() - inicio) / 1000, erros);
}

/** The API and its bare SQL side by side, each at 1 and 32 connections (the 32 left out for a slow request). */
export interface ApiAoLadoDoSql {
  api1: Estatisticas;
  puro1: Estatisticas;
  api32: Estatisticas | null;
  puro32: Estatisticas | null;
}

/**
 * Times one request through the API (`base` + `pedido`) and the statements it ran (`consultas`) on the bare pool:
 * a warm-up at 4 connections, then 1 and 32. A `lento` request is timed by count at 1 connection only: autocannon
 * counts only the answers that arrive within its duration, and 32 connections of multi-second statements on a 2-core
 * machine would run for minutes and say nothing more.
 */
export async function medirApiAoLadoDoSql(
  base: string,
  pedido: PedidoHttp,
  consultas: ConsultaCapturada[],
  opcoes: { poolPuro: pg.Pool; segundos: number; aquecimento: number; lento: boolean },
): Promise<ApiAoLadoDoSql> {
  const { poolPuro, segundos, lento } = opcoes;
  if (!lento) {
    await medirHttp(base, pedido, { conexoes: 4, segundos: opcoes.aquecimento });
    await medirSqlPuro(poolPuro, consultas, { conexoes: 4, segundos: opcoes.aquecimento });
  }
  const api1 = await medirHttp(base, pedido, lento ? { conexoes: 1, quantidade: 3 } : { conexoes: 1, segundos });
  const puro1 = await medirSqlPuro(poolPuro, consultas, { conexoes: 1, segundos });
  const api32 = lento ? null : await medirHttp(base, pedido, { conexoes: 32, segundos });
  const puro32 = lento ? null : await medirSqlPuro(poolPuro, consultas, { conexoes: 32, segundos });
  return { api1, puro1, api32, puro32 };
}
