import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

/**
 * Issue 17: how a light request fares while something heavy runs. The operation tests and the bench's "isolamento"
 * section ask GET /api/mensagens one after another (a pause between) while `trabalho` runs, and read the server
 * process's resident memory along. Nothing here imports vitest.
 */
export interface Sondagem<T> {
  resultado: T;
  /** Each answer's time, in ms, in the order asked. */
  tempos: number[];
  /** The largest resident memory of process `pid` seen, in MB (0 without `pid`). */
  memoriaMaximaMb: number;
}

/** Resident memory of a process, in MB (VmRSS of /proc; 0 where it cannot be read). */
export function memoriaResidenteMb(pid: number): number {
  try {
    const linha = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
    return linha ? Number(linha[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** Asks `base`/api/mensagens over and over while `trabalho` runs, and for at least `minimoMs`. */
export async function sondarDurante<T>(
  base: string,
  trabalho: () => Promise<T>,
  opcoes: { pid?: number; pausaMs?: number; minimoMs?: number } = {},
): Promise<Sondagem<T>> {
  const tempos: number[] = [];
  const lerMemoria = () => (opcoes.pid === undefined ? 0 : memoriaResidenteMb(opcoes.pid));
  let memoriaMaximaMb = lerMemoria();
  let terminou = false;
  const inicio = performance.now();
  const sonda = (async () => {
    while (!terminou || performance.now() - inicio < (opcoes.minimoMs ?? 0)) {
      const antes = performance.now();
      const resposta = await fetch(`${base}/api/mensagens`, { signal: AbortSignal.timeout(30_000) });
      await resposta.arrayBuffer();
      if (resposta.status !== 200) throw new Error(`GET /api/mensagens respondeu ${resposta.status}`);
      tempos.push(performance.now() - antes);
      memoriaMaximaMb = Math.max(memoriaMaximaMb, lerMemoria());
      await new Promise((r) => setTimeout(r, opcoes.pausaMs ?? 25));
    }
  })();
  try {
    const resultado = await trabalho();
    terminou = true;
    await sonda;
    return { resultado, tempos, memoriaMaximaMb };
  } finally {
    terminou = true;
    await sonda.catch(() => {});
  }
}

/** The q-quantile (0..1) of the times, nearest rank. */
export function quantil(tempos: readonly number[], q: number): number {
  const ordenados = [...tempos].sort((a, b) => a - b);
  if (ordenados.length === 0) return Number.NaN;
  return ordenados[Math.min(ordenados.length - 1, Math.max(0, Math.ceil(q * ordenados.length) - 1))] as number;
}
