import {
  cienciaLoteSchema,
  cienciaSchema,
  filtrosCienciasSchema,
  paginaCienciasSchema,
  registrarCienciaSchema,
  resultadoCienciaLoteSchema,
} from '@tramite/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exigirUsuario } from '../../platform/autenticacao.ts';
import { apenasUsuarios, parametroId, respostasErro } from '../../platform/rotas.ts';
import * as service from './service.ts';

export const rotasCiencia: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/documentos/:id/ciencia',
    {
      ...apenasUsuarios,
      schema: {
        tags: ['ciencia'],
        summary: 'Registra a ciência do usuário no documento, com a sua unidade atual e uma observação opcional',
        description:
          'Uma ciência por usuário e documento: a segunda responde 409 dizendo quando a primeira foi registrada.',
        params: parametroId,
        body: registrarCienciaSchema,
        response: { 201: cienciaSchema, ...respostasErro(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const ciencia = await service.registrarCiencia(
        app.db,
        exigirUsuario(request),
        request.params.id,
        request.body.observacao,
        request.ip,
      );
      return reply.status(201).send(ciencia);
    },
  );

  app.get(
    '/documentos/:id/ciencias',
    {
      ...apenasUsuarios,
      schema: {
        tags: ['ciencia'],
        summary:
          'Quem registrou ciência do documento (paginado, mais recentes primeiro) e a ciência do próprio usuário',
        params: parametroId,
        querystring: filtrosCienciasSchema,
        response: { 200: paginaCienciasSchema, ...respostasErro(400, 401, 404) },
      },
    },
    async (request) => service.listarCiencias(app.db, exigirUsuario(request), request.params.id, request.query),
  );

  app.post(
    '/ciencias/lote',
    {
      ...apenasUsuarios,
      schema: {
        tags: ['ciencia'],
        summary: 'Registra a ciência em vários documentos com a mesma observação; resultado por documento',
        body: cienciaLoteSchema,
        response: { 200: z.array(resultadoCienciaLoteSchema), ...respostasErro(400, 401) },
      },
    },
    async (request) =>
      service.registrarCienciasEmLote(
        app.db,
        exigirUsuario(request),
        request.body.idsDocumentos,
        request.body.observacao,
        request.ip,
        request.log,
      ),
  );
};
