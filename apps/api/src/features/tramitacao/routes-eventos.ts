import { eventoDocumentoSchema } from '@tramite/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parametroId, respostasErro } from '../../platform/rotas.ts';
import { listarEventos } from './eventos.ts';

export const rotasEventosDocumento: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/documentos/:id/eventos',
    {
      schema: {
        tags: ['tramitacao'],
        summary: 'Eventos do documento além das tramitações (público), por data',
        description:
          'Alterações de prazo e de retorno programado, ciências, sobrestamentos e seus levantamentos, envios ' +
          'cancelados. Motivos e observações seguem a regra do despacho: quem não está autenticado, ou não poderia ' +
          'ver o despacho restrito da tramitação em vigor no momento do evento, recebe texto nulo e textoOculto.',
        params: parametroId,
        response: { 200: z.array(eventoDocumentoSchema), ...respostasErro(400, 404) },
      },
    },
    async (request) => listarEventos(app.db, request.usuario, request.params.id),
  );
};
