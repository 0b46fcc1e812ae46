import { erroApiSchema, favoritoSchema } from '@tramite/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exigirUsuario } from '../../platform/autenticacao.ts';
import * as service from './service.ts';

const parametroIdDocumento = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const erros = { 400: erroApiSchema, 401: erroApiSchema, 404: erroApiSchema };
const apenasUsuarios = {
  // Anonymous calls get 401 before their parameters are validated.
  preValidation: async (request: Parameters<typeof exigirUsuario>[0]) => {
    exigirUsuario(request);
  },
};

export const rotasFavoritos: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/documentos-favoritos/:id',
    {
      ...apenasUsuarios,
      schema: {
        tags: ['favoritos'],
        summary: 'Marca o documento como favorito do usuário (idempotente)',
        params: parametroIdDocumento,
        response: { 201: favoritoSchema, ...erros },
      },
    },
    async (request, reply) => {
      const favorito = await service.favoritar(app.db, exigirUsuario(request), request.params.id, request.ip);
      return reply.status(201).send(favorito);
    },
  );

  app.delete(
    '/documentos-favoritos/:id',
    {
      ...apenasUsuarios,
      schema: {
        tags: ['favoritos'],
        summary: 'Remove o documento dos favoritos do usuário (idempotente)',
        params: parametroIdDocumento,
        response: { 204: z.null(), ...erros },
      },
    },
    async (request, reply) => {
      await service.desfavoritar(app.db, exigirUsuario(request), request.params.id, request.ip);
      return reply.status(204).send(null);
    },
  );
};
