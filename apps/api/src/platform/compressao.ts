import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { acrescentarVary } from './autenticacao.ts';

export type Codificacao = 'br' | 'gzip';

/** Below this, compressing saves less than the time it costs (a small JSON fits one packet anyway). */
const TAMANHO_MINIMO_COMPRESSAO = 1024;

/** JSON, text, HTML, XML, JavaScript and SVG; never an event stream, whose events must go out as they happen. */
const TIPOS_COMPRIMIVEIS =
  /^(?:text\/(?!event-stream)|application\/(?:[\w.-]+\+)?(?:json|xml|javascript)\b|image\/svg\+xml\b)/i;

const comprimirBrotli = promisify(brotliCompress);
const comprimirGzip = promisify(gzip);

/**
 * The encoding to answer with, among the two the server makes, by the request's Accept-Encoding (weights included);
 * null: none (identity). `*` counts as gzip, as @fastify/static reads it for the built files.
 */
export function codificacaoAceita(request: FastifyRequest): Codificacao | null {
  const aceitas = request.headers['accept-encoding'];
  if (!aceitas) return null;
  return negotiate<Codificacao>(aceitas.toLowerCase().replace(/\*/g, 'gzip'), ['br', 'gzip']);
}

/**
 * Compresses the answers the server builds in memory (JSON, the login page...) above 1 KB, with brotli or gzip as
 * the client asks (issue 23). zlib's asynchronous calls run in libuv's thread pool, so the event loop goes on serving
 * meanwhile. Brotli at quality 5: on a page of 100 documents (50 KB of JSON) it takes about a millisecond and beats
 * gzip's level 9 (6.5 KB against 6.7 KB; quality 4 gives 7.2 KB), where quality 11 would take some 60 ms.
 * Left as they are: streams (files read from the store and reports as they are written, so a download keeps its
 * Content-Length), anything sent as a download (Content-Disposition), answers that already have an encoding (the
 * built files, precompressed) and types that are compressed already (PDF, images, ZIP).
 */
export const compressao = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (!comprimivel(reply) || Buffer.byteLength(payload) < TAMANHO_MINIMO_COMPRESSAO) return payload;
    acrescentarVary(reply, 'Accept-Encoding');
    const codificacao = codificacaoAceita(request);
    if (!codificacao) return payload;
    const comprimido = await comprimir(payload, codificacao);
    reply.header('content-encoding', codificacao);
    reply.removeHeader('content-length');
    return comprimido;
  });
});

function comprimivel(reply: FastifyReply): boolean {
  if (reply.hasHeader('content-encoding') || reply.hasHeader('content-disposition')) return false;
  if (reply.statusCode === 206 || reply.statusCode === 204 || reply.statusCode === 304) return false;
  return TIPOS_COMPRIMIVEIS.test(String(reply.getHeader('content-type') ?? ''));
}

/** Compresses `conteudo` off the event loop. */
function comprimir(conteudo: string | Buffer, codificacao: Codificacao): Promise<Buffer> {
  if (codificacao === 'gzip') return comprimirGzip(conteudo, { level: 6 });
  return comprimirBrotli(conteudo, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 5,
      [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(conteudo),
    },
  });
}
