import {
  cancelarEnvioLoteSchema,
  cancelarEnvioSchema,
  documentoSchema,
  resultadoCancelamentoLoteSchema,
} from '@tramite/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exigirUsuario } from '../../platform/autenticacao.ts';
import { apenasUsuarios, parametroId, respostasErro } from '../../platform/rotas.ts';
import * as cancelamento from './cancelamento-envio.ts';

/** "Cancelar envio" (issue 20): the sending unit recalls what it sent while the destination has not received it. */
export function rotasCancelamentoEnvio(app: Parameters<FastifyPluginAsyncZod>[0]): void {
  app.post(
    '/documentos/:id/cancelar-envio',
    {
      ...apenasUsuarios,
      schema: {
        tags: ['tramitacao'],
        summary: 'Cancela o envio ainda não recebido; só a unidade de origem; o documento volta a como estava',
        description:
          'A última tramitação do documento, da unidade atual do usuário e ainda não recebida, é marcada como ' +
          'cancelada (com quem, quando e o motivo) e nunca apagada; o documento, seus juntados e as peças tramitadas ' +
          'com ela voltam ao que eram antes do envio. 403 para outra unidade; 409 se já recebido ou nada a cancelar.',
        params: parametroId,
        body: cancelarEnvioSchema,
        response: { 200: documentoSchema, ...respostasErro(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      cancelamento.cancelarEnvio(app.db, exigirUsuario(request), request.params.id, request.body.motivo, {
        ip: request.ip,
        urlPublica: app.config.urlPublica,
      }),
  );

  app.post(
    '/tramitacoes/cancelamento/lote',
    {
      ...apenasUsuarios,
      schema: {
        tags: ['tramitacao'],
        summary: 'Cancela o envio de vários documentos com o mesmo motivo, cada um por si; resultado por documento',
        body: cancelarEnvioLoteSchema,
        response: { 200: z.array(resultadoCancelamentoLoteSchema), ...respostasErro(400, 401, 403) },
      },
    },
    async (request) =>
      cancelamento.cancelarEnvioEmLote(
        app.db,
        exigirUsuario(request),
        request.body.idsDocumentos,
        request.body.motivo,
        { ip: request.ip, urlPublica: app.config.urlPublica },
        request.log,
      ),
  );
}
