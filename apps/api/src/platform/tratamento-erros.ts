import { MENSAGENS } from '@tramite/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { type DetalheErro, ErroDominio } from './erros.ts';

/** SQLSTATE classes that mean the database is unreachable or shutting down, not that the request is wrong. */
const CODIGOS_BANCO_INDISPONIVEL = /^(08|57P0|53)/;

function corpo(mensagem: string, erros: DetalheErro[] = []) {
  return { mensagem, erros };
}

/** One place turns every failure into `{ mensagem, erros }`; 5xx details stay in the log. */
export function registrarTratamentoErros(app: FastifyInstance): void {
  app.setErrorHandler((erro: FastifyError & { code?: string }, request, reply) => {
    if (erro instanceof ErroDominio) {
      return reply.status(erro.status).send(corpo(erro.message, erro.erros));
    }
    if (hasZodFastifySchemaValidationErrors(erro)) {
      const erros = erro.validation.map((falha) => ({
        campo: [erro.validationContext, ...String(falha.instancePath).split('/').filter(Boolean)].join('.'),
        mensagem: falha.message ?? MENSAGENS.geral.parametrosInvalidos,
      }));
      const primeira = erros.find((e) => !e.mensagem.startsWith('Invalid') && !e.mensagem.startsWith('Too'));
      return reply.status(400).send(corpo(primeira?.mensagem ?? MENSAGENS.geral.parametrosInvalidos, erros));
    }
    if (isResponseSerializationError(erro)) {
      request.log.error({ err: erro }, 'resposta fora do esquema');
      return reply.status(500).send(corpo(MENSAGENS.geral.erroInterno));
    }
    if (typeof erro.code === 'string' && CODIGOS_BANCO_INDISPONIVEL.test(erro.code)) {
      request.log.error({ err: erro }, 'banco de dados indisponível');
      return reply.status(503).send(corpo(MENSAGENS.geral.bancoIndisponivel));
    }
    if (erro.code === 'ECONNREFUSED' || erro.code === 'ECONNRESET') {
      request.log.error({ err: erro }, 'banco de dados indisponível');
      return reply.status(503).send(corpo(MENSAGENS.geral.bancoIndisponivel));
    }
    const status = erro.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send(corpo(mensagemParaErroHttp(status, erro)));
    }
    request.log.error({ err: erro }, 'erro inesperado');
    return reply.status(500).send(corpo(MENSAGENS.geral.erroInterno));
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send(corpo(MENSAGENS.geral.rotaNaoEncontrada, [{ mensagem: `${request.method} ${request.url}` }]));
  });
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
