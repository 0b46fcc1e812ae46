import {
  CABECALHO_CSRF,
  erroApiSchema,
  MENSAGENS,
  VALOR_CABECALHO_CSRF,
  verificacaoDocumentoSchema,
} from '@tramite/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exigirUsuario } from '../../platform/autenticacao.ts';
import { ErroDominio } from '../../platform/erros.ts';
import * as service from './service.ts';

const parametrosDocumento = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const respostaPdf = z.unknown().describe('O PDF (application/pdf)');

function enviarPdf(reply: FastifyReply, arquivo: service.ArquivoPdf) {
  return (
    reply
      .header('content-type', 'application/pdf')
      .header('content-length', String(arquivo.conteudo.length))
      .header('content-disposition', `inline; filename="${arquivo.nome}"`)
      // Drafts are seen only by their unit: never keep a copy in a shared cache.
      .header('cache-control', 'private, no-store')
      .send(arquivo.conteudo)
  );
}

/**
 * Sending e-mail is a state change made through a GET (spec §7): it needs a session and the header a cross-site
 * link or form cannot send, checked before anything else.
 */
const usuarioComCabecalho = {
  preValidation: async (request: FastifyRequest) => {
    exigirUsuario(request);
    if (request.headers[CABECALHO_CSRF] !== VALOR_CABECALHO_CSRF) {
      throw new ErroDominio(403, MENSAGENS.geral.cabecalhoCsrfAusente);
    }
  },
};

export const rotasDocumentosPdf: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, config: app.config, armazenamento: app.armazenamento };

  app.get(
    '/documentos/:id/capa',
    {
      schema: {
        tags: ['documentos'],
        summary: 'Capa do documento em PDF (pública, como a tela do documento), só para tipos que geram capa',
        description:
          'A4, com o NUP, tipo, assunto, resumo, interessado, unidade de origem, datas, urgência e o código de verificação com seu código QR. Tipo sem geraCapa: 409.',
        params: parametrosDocumento,
        produces: ['application/pdf'],
        response: { 200: respostaPdf, 400: erroApiSchema, 404: erroApiSchema, 409: erroApiSchema },
      },
    },
    async (request, reply) => enviarPdf(reply, await service.obterCapa(deps, request.usuario, request.params.id)),
  );

  app.get(
    '/documentos/:id/comprovante',
    {
      schema: {
        tags: ['documentos'],
        summary: 'Comprovante (recibo) de protocolo em PDF (público, como a tela do documento)',
        description:
          'Quem autuou, quando, em que unidade e com que NUP, os dados do documento e o código de verificação com seu código QR.',
        params: parametrosDocumento,
        produces: ['application/pdf'],
        response: { 200: respostaPdf, 400: erroApiSchema, 404: erroApiSchema },
      },
    },
    async (request, reply) =>
      enviarPdf(reply, await service.obterComprovante(deps, request.usuario, request.params.id)),
  );

  app.get(
    '/documentos/:id/comprovante/email',
    {
      ...usuarioComCabecalho,
      schema: {
        tags: ['documentos'],
        summary: 'Envia o comprovante de protocolo em PDF, anexo, ao e-mail destinatario (só usuários)',
        description:
          'O e-mail entra na fila de envio na mesma transação da auditoria. Exige o cabeçalho X-Requested-With, como as chamadas que mudam estado.',
        params: parametrosDocumento,
        querystring: z.object({ destinatario: z.string().max(1000).optional() }),
        response: {
          200: z.object({ destinatario: z.string() }),
          400: erroApiSchema,
          401: erroApiSchema,
          403: erroApiSchema,
          404: erroApiSchema,
        },
      },
    },
    async (request) =>
      service.enviarComprovantePorEmail(
        deps,
        exigirUsuario(request),
        request.params.id,
        request.query.destinatario,
        request.ip,
      ),
  );

  app.get(
    '/verificacao/:codigo',
    {
      schema: {
        tags: ['verificacao'],
        summary: 'Verificação pública de um documento pelo código impresso na capa e no comprovante',
        description:
          'Aceita o código com ou sem hífens, em qualquer caixa. Código inexistente: 404 que não menciona documento algum.',
        params: z.object({ codigo: z.string().max(64) }),
        response: { 200: verificacaoDocumentoSchema, 400: erroApiSchema, 404: erroApiSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.verificarCodigo(app.db, request.params.codigo);
    },
  );
};
