import { assuntoSchema } from '@tramite/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { respostasErro } from '../../platform/rotas.ts';
import * as service from './service.ts';

const erros = respostasErro(400, 404);

export const rotasAssuntos: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/assuntos',
    {
      schema: {
        tags: ['assuntos'],
        summary: 'Assuntos ativos, todos ou os de um tipo de documento, em ordem de código',
        querystring: z.object({ idTipoDocumento: z.coerce.number().int().positive().optional() }),
        response: { 200: z.array(assuntoSchema), ...erros },
      },
    },
    async (request) => service.listarAssuntos(app.db, request.query.idTipoDocumento),
  );

  app.get(
    '/assuntos/:id',
    {
      schema: {
        tags: ['assuntos'],
        summary: 'Um assunto',
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: assuntoSchema, ...erros },
      },
    },
    async (request) => service.buscarAssunto(app.db, request.params.id),
  );
};
