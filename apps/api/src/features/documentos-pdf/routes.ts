import { CABECALHO_CSRF, MENSAGENS, VALOR_CABECALHO_CSRF, verificacaoDocumentoSchema } from '@tramite/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exigirUsuario } from '../../platform/autenticacao.ts';
import { ErroDominio } from '../../platform/erros.ts';
import { enviarArquivo, parametroId, respostasErro } from '../../platform/rotas.ts';
import * as service from './service.ts';

const respostaPdf = z.unknown().describe('O PDF (application/pdf)');

// Drafts are seen only by their unit: enviarArquivo keeps the PDFs out of shared caches.
function enviarPdf(reply: FastifyReply, arquivo: service.ArquivoPdf) {
  return enviarArquivo(reply, {
    tipoMime: 'application/pdf',
    tamanho: arquivo.conteudo.length,
    nomeGerado: arquivo.nome,
    emLinha: true,
    conteudo: arquivo.conteudo,
  });
}

/**
 * Sending e-mail is a state change made through a GET (spec §7): it needs a session and the header a cross-site
 * link or form cannot send, checked before anything else.
 */
const usuarioComCabecalho = {
  preValidation: async (request: FastifyRequest) => {
    exigirUsuario(request);
    if (request.headers[CABECALHO_CSRF] !== VALOR_CABECALHO_CSRF) {
      throw new ErroDominio('CSRF_AUSENTE', MENSAGENS.geral.cabecalhoCsrfAusente);
    }
  },
};

export const rotasDocumentosPdf: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, config: app.config, armazenamento: app.armazenamento, trabalhadores: app.trabalhadores };

  app.get(
    '/documentos/:id/capa',
    {
      schema: {
        tags: ['documentos'],
        summary: 'Capa do documento em PDF (pública, como a tela do documento), só para tipos que geram capa',
        description:
          'A4, com o NUP, tipo, assunto, resumo, interessado, unidade de origem, datas, urgência e o código de verificação com seu código QR. Tipo sem geraCapa: 409.',
        params: parametroId,
        produces: ['application/pdf'],
        response: { 200: respostaPdf, ...respostasErro(400, 404, 409) },
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
        params: parametroId,
        produces: ['application/pdf'],
        response: { 200: respostaPdf, ...respostasErro(400, 404) },
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
          'O e-mail entra na fila de envio na mesma transação da auditoria. Exige o cabeçalho X-Requested-With, como as chamadas que mudam estado. ' +
          'No máximo 10 envios por hora por usuário e 3 por hora ao mesmo destinatário (de todos os usuários): além disso, 429 com Retry-After, auditado, e nada entra na fila.',
        params: parametroId,
        querystring: z.object({ destinatario: z.string().max(1000).optional() }),
        response: {
          200: z.object({ destinatario: z.string() }),
          ...respostasErro(400, 401, 403, 404, 429),
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
        response: { 200: verificacaoDocumentoSchema, ...respostasErro(400, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.verificarCodigo(app.db, request.params.codigo);
    },
  );
};
