/**
 * Preloaded into the API server the benchmark starts (`node --import tsx --import ./bench/captura-sql.ts
 * apps/api/src/server.ts`): while the benchmark asks for it over the IPC channel, records every statement the
 * server sends through `pg` (text, parameters, start and end), so the bare-SQL runs replay exactly what the API ran
 * for one request (the one carrying the x-bench-captura header). Outside a capture it only checks a flag.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import pg from 'pg';

export interface ConsultaCapturada {
  texto: string;
  valores: unknown[];
  inicio: number;
  fim: number;
}

export type MensagemCaptura =
  | { tipo: 'capturar' }
  | { tipo: 'parar' }
  | { tipo: 'capturando' }
  | { tipo: 'capturadas'; consultas: ConsultaCapturada[] };

const capturadas: ConsultaCapturada[] = [];
let capturando = false;

/** Only the request that carries this header is captured: the queries of other requests still running are not. */
export const CABECALHO_CAPTURA = 'x-bench-captura';
const pedidoCapturado = new AsyncLocalStorage<true>();
const emitir = http.Server.prototype.emit as (this: http.Server, evento: string, ...resto: unknown[]) => boolean;
http.Server.prototype.emit = function (this: http.Server, evento: string, ...resto: unknown[]) {
  const pedido = resto[0] as http.IncomingMessage | undefined;
  if (evento === 'request' && capturando && pedido?.headers[CABECALHO_CAPTURA]) {
    return pedidoCapturado.run(true, () => emitir.call(this, evento, ...resto));
  }
  return emitir.call(this, evento, ...resto);
} as typeof http.Server.prototype.emit;

type Consulta = (this: pg.Client, ...argumentos: unknown[]) => unknown;
const prototipo = pg.Client.prototype as unknown as { query: Consulta };
const original = prototipo.query;

prototipo.query = function (this: pg.Client, ...argumentos: unknown[]) {
  const resultado = original.apply(this, argumentos);
  if (!capturando || !pedidoCapturado.getStore()) return resultado;
  const [primeiro, segundo] = argumentos;
  const texto =
    typeof primeiro === 'string' ? primeiro : ((primeiro as { text?: string } | undefined)?.text ?? undefined);
  if (texto === undefined || /"job"/.test(texto)) return resultado;
  const valores = Array.isArray(segundo) ? segundo : ((primeiro as { values?: unknown[] }).values ?? []);
  const consulta: ConsultaCapturada = { texto, valores, inicio: performance.now(), fim: Number.POSITIVE_INFINITY };
  capturadas.push(consulta);
  if (resultado && typeof (resultado as Promise<unknown>).then === 'function') {
    (resultado as Promise<unknown>).then(
      () => {
        consulta.fim = performance.now();
      },
      () => {
        consulta.fim = performance.now();
      },
    );
  }
  return resultado;
};

if (process.send) {
  process.on('message', (mensagem: MensagemCaptura) => {
    if (mensagem.tipo === 'capturar') {
      capturadas.length = 0;
      capturando = true;
      process.send?.({ tipo: 'capturando' } satisfies MensagemCaptura);
    } else if (mensagem.tipo === 'parar') {
      capturando = false;
      process.send?.({ tipo: 'capturadas', consultas: capturadas.splice(0) } satisfies MensagemCaptura);
    }
  });
  // The channel must not keep the server alive on its own.
  process.channel?.unref();
}
