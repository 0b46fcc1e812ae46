import { type IncomingMessage, type ServerResponse, STATUS_CODES } from 'node:http';
import { createRequire } from 'node:module';
import type { Socket } from 'node:net';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import { type CodigoErro, MENSAGENS } from '@tramite/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { CODIGO_DO_MOTIVO_TRABALHO, type DetalheErro, ErroDominio, ErroLimiteTaxa, STATUS_DO_CODIGO } from './erros.ts';
import { ErroTrabalho } from './pool-trabalhadores.ts';

/** SQLSTATE classes that mean the database is unreachable or shutting down, not that the request is wrong. */
const CODIGOS_BANCO_INDISPONIVEL = /^(08|57P0|53)/;
/** node-postgres's errors (no SQLSTATE) for a connection lost in the middle of a query (issue 12). */
const CONEXAO_BANCO_PERDIDA = /^(Connection terminated|Client has encountered a connection error|Client was closed)/;
/**
 * SQLSTATEs of a value the database cannot hold that came from the request (an id past int4, NUL in a text, an
 * impossible date, a text too long): the request is wrong, not the server (issue 12, hostile inputs).
 */
const CODIGOS_VALOR_INVALIDO = new Set(['22003', '22P02', '22021', '22P05', '22007', '22008', '22001']);
/**
 * What reading a request body raises when the client goes away in the middle (Node's "aborted" is an ECONNRESET,
 * the same code node-postgres gives for a lost database connection, so the request itself tells them apart).
 */
const CODIGOS_CLIENTE_DESISTIU = new Set(['ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ERR_STREAM_PREMATURE_CLOSE']);

function corpo(codigo: CodigoErro, mensagem: string, erros: DetalheErro[] = []) {
  return { codigo, mensagem, erros };
}

/** One place turns every failure into `{ codigo, mensagem, erros }`; 5xx details stay in the log. */
export function registrarTratamentoErros(app: FastifyInstance): void {
  app.setErrorHandler((erro: FastifyError & { code?: string }, request, reply) => {
    if (erro instanceof ErroDominio) {
      if (erro instanceof ErroLimiteTaxa) reply.header('retry-after', String(erro.tentarEmSegundos));
      return reply.status(erro.status).send(corpo(erro.codigo, erro.message, erro.erros));
    }
    if (erro instanceof ErroTrabalho && erro.motivo !== 'erro') {
      // A heavy job the pool stopped: the input was too much (422), or the server is busy or closing (503).
      const codigo = CODIGO_DO_MOTIVO_TRABALHO[erro.motivo];
      request.log.warn({ motivo: erro.motivo }, 'trabalho pesado interrompido');
      return reply.status(STATUS_DO_CODIGO[codigo]).send(corpo(codigo, erro.message));
    }
    if (hasZodFastifySchemaValidationErrors(erro)) {
      const erros = erro.validation.map((falha) => ({
        campo: [erro.validationContext, ...String(falha.instancePath).split('/').filter(Boolean)].join('.'),
        mensagem: falha.message ?? MENSAGENS.geral.parametrosInvalidos,
      }));
      const primeira = erros.find((e) => !e.mensagem.startsWith('Invalid') && !e.mensagem.startsWith('Too'));
      return reply
        .status(400)
        .send(corpo('REQUISICAO_INVALIDA', primeira?.mensagem ?? MENSAGENS.geral.parametrosInvalidos, erros));
    }
    if (isResponseSerializationError(erro)) {
      request.log.error({ err: erro }, 'resposta fora do esquema');
      return reply.status(500).send(corpo('ERRO_INTERNO', MENSAGENS.geral.erroInterno));
    }
    if (clienteDesistiu(erro, request)) {
      // Nothing is wrong on this side and there is likely nobody left to answer (issue 17): no error-level line.
      request.log.info({ err: erro }, 'requisição interrompida pelo cliente');
      return reply.status(400).send(corpo('REQUISICAO_INTERROMPIDA', MENSAGENS.geral.requisicaoInterrompida));
    }
    if (typeof erro.code === 'string' && CODIGOS_BANCO_INDISPONIVEL.test(erro.code)) {
      request.log.error({ err: erro }, 'banco de dados indisponível');
      return reply.status(503).send(corpo('BANCO_INDISPONIVEL', MENSAGENS.geral.bancoIndisponivel));
    }
    if (typeof erro.code === 'string' && CODIGOS_VALOR_INVALIDO.has(erro.code)) {
      request.log.warn({ err: erro }, 'valor recusado pelo banco de dados');
      return reply.status(400).send(corpo('REQUISICAO_INVALIDA', MENSAGENS.geral.parametrosInvalidos));
    }
    if (erro.code === 'ECONNREFUSED' || erro.code === 'ECONNRESET' || CONEXAO_BANCO_PERDIDA.test(erro.message)) {
      request.log.error({ err: erro }, 'banco de dados indisponível');
      return reply.status(503).send(corpo('BANCO_INDISPONIVEL', MENSAGENS.geral.bancoIndisponivel));
    }
    const status = erro.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send(corpo(codigoParaErroHttp(status, erro), mensagemParaErroHttp(status, erro)));
    }
    request.log.error({ err: erro }, 'erro inesperado');
    return reply.status(500).send(corpo('ERRO_INTERNO', MENSAGENS.geral.erroInterno));
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send(
        corpo('ROTA_NAO_ENCONTRADA', MENSAGENS.geral.rotaNaoEncontrada, [
          { mensagem: `${request.method} ${request.url}` },
        ]),
      );
  });
}

/** The client closed or reset its connection before its request was read (an upload cancelled, a tab closed). */
function clienteDesistiu(erro: Error & { code?: string }, request: FastifyRequest): boolean {
  const pedido = request.raw;
  const interrompido = pedido.aborted || (pedido.destroyed && !pedido.complete) || pedido.socket?.destroyed === true;
  const doFluxo =
    (typeof erro.code === 'string' && CODIGOS_CLIENTE_DESISTIU.has(erro.code)) || erro.message === 'aborted';
  return interrompido && doFluxo;
}

type MiddlewareHelmet = (req: IncomingMessage, res: ServerResponse, next: (erro?: unknown) => void) => void;
/** helmet as @fastify/helmet loads it (its dependency, not ours): the same version writes the same headers. */
const helmet = createRequire(createRequire(import.meta.url).resolve('@fastify/helmet'))('helmet') as (
  opcoes: object,
) => MiddlewareHelmet;

/**
 * The headers @fastify/helmet writes on every answer, computed once from the same options, for the answers no hook
 * sees (issue 12): they are static (no per-request nonce), so one copy serves every such answer.
 */
export function cabecalhosSeguranca(opcoes: FastifyHelmetOptions): Record<string, string> {
  const { enableCSPNonces: _nonces, global: _global, ...opcoesHelmet } = opcoes;
  const cabecalhos: Record<string, string> = {};
  const gravador = {
    setHeader: (nome: string, valor: unknown) => {
      cabecalhos[nome.toLowerCase()] = String(valor);
    },
    removeHeader: (nome: string) => {
      delete cabecalhos[nome.toLowerCase()];
    },
  };
  helmet(opcoesHelmet)({} as IncomingMessage, gravador as unknown as ServerResponse, () => {});
  return cabecalhos;
}

/**
 * Answers produced before any hook runs, with the same `{ codigo, mensagem, erros }` shape and the security headers:
 * - `frameworkErrors`: Fastify's router refuses some URLs (malformed percent-encoding, a path parameter longer than
 *   maxParamLength → 414);
 * - `clientErrorHandler`: Node's HTTP parser refuses the bytes themselves (request line and headers past 16 KiB →
 *   431, not HTTP at all → 400, too slow → 408); the answer is written on the socket, which is then closed.
 */
export function respostasForaDasRotas(cabecalhos: Record<string, string>) {
  return {
    frameworkErrors(erro: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
      const status = erro.statusCode && erro.statusCode >= 400 && erro.statusCode < 500 ? erro.statusCode : 400;
      reply
        .headers(cabecalhos)
        .status(status)
        .send(corpo(codigoParaErroHttp(status, erro), mensagemParaErroHttp(status, erro)));
    },
    clientErrorHandler(this: FastifyInstance, erro: Error & { code?: string }, socket: Socket): void {
      if (erro.code === 'ECONNRESET' || socket.destroyed) return;
      const status = erro.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : erro.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
      const codigo: CodigoErro =
        status === 408 ? 'TEMPO_ESGOTADO' : status === 431 ? 'REQUISICAO_GRANDE' : 'REQUISICAO_INVALIDA';
      const mensagem =
        status === 408
          ? 'A requisição não chegou a tempo'
          : status === 431
            ? 'A requisição é grande demais'
            : MENSAGENS.geral.parametrosInvalidos;
      this.log.debug({ err: erro }, 'requisição HTTP recusada pelo Node');
      if (socket.writable) {
        const texto = JSON.stringify(corpo(codigo, mensagem));
        const linhas = [
          `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
          ...Object.entries(cabecalhos).map(([nome, valor]) => `${nome}: ${valor}`),
          'content-type: application/json; charset=utf-8',
          `content-length: ${Buffer.byteLength(texto)}`,
          'connection: close',
        ];
        socket.write(`${linhas.join('\r\n')}\r\n\r\n${texto}`);
      }
      socket.destroy(erro);
    },
  };
}

/** The code of Fastify's own 4xx: by its error code when it has a specific one, else by the status. */
function codigoParaErroHttp(status: number, erro: FastifyError): CodigoErro {
  if (erro.code === 'FST_ERR_RATE_LIMIT') return 'LIMITE_TAXA';
  switch (status) {
    case 401:
      return 'NAO_AUTENTICADO';
    case 403:
      return 'SEM_PERMISSAO';
    case 404:
      return 'ROTA_NAO_ENCONTRADA';
    case 408:
      return 'TEMPO_ESGOTADO';
    case 413:
    case 414:
    case 431:
      return 'REQUISICAO_GRANDE';
    case 415:
      return 'TIPO_NAO_SUPORTADO';
    case 429:
      return 'LIMITE_TAXA';
    default:
      return 'REQUISICAO_INVALIDA';
  }
}

/** Fastify's own 4xx (bad JSON, body too large, unsupported media type) in Portuguese. */
function mensagemParaErroHttp(status: number, erro: FastifyError): string {
  switch (erro.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'O corpo da requisição não é um JSON válido';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'O corpo da requisição é grande demais';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Tipo de conteúdo não suportado';
    case 'FST_ERR_RATE_LIMIT':
      return MENSAGENS.login.muitasTentativas;
  }
  if (status === 401) return MENSAGENS.geral.naoAutenticado;
  if (status === 403) return MENSAGENS.geral.semPermissao;
  if (status === 404) return MENSAGENS.geral.rotaNaoEncontrada;
  if (status === 413) return 'O corpo da requisição é grande demais';
  if (status === 415) return 'Tipo de conteúdo não suportado';
  return MENSAGENS.geral.parametrosInvalidos;
}
