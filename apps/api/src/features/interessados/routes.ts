import {
  consultaEntidadesSchema,
  emailInteressadoSchema,
  entidadeSchema,
  erroApiSchema,
  tipoEntidadeSchema,
} from '@tramite/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exigirUsuario } from '../../platform/autenticacao.ts';
import * as service from './service.ts';

const tipoSchema = z.object({ tipo: z.string().max(40) });

export const rotasInteressados: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/interessados',
    {
      schema: {
        tags: ['interessados'],
        summary: 'Tipos de interessado (nome, código de letra e rótulo)',
        querystring: z.object({ idTipoDocumento: z.coerce.number().int().positive().optional() }),
        response: { 200: z.array(tipoEntidadeSchema), 400: erroApiSchema, 404: erroApiSchema },
      },
    },
    async (request) => service.listarTiposInteressado(app.db, request.query.idTipoDocumento),
  );

  app.get(
    '/interessados/:tipo',
    {
      schema: {
        tags: ['interessados'],
        summary: 'Interessados de um tipo (letra ou nome), por parte do nome, código ou id; no máximo 50',
        params: tipoSchema,
        querystring: consultaEntidadesSchema,
        response: { 200: z.array(entidadeSchema), 400: erroApiSchema },
      },
    },
    async (request) => service.listarInteressados(app.db, request.params.tipo, request.query, request.usuario !== null),
  );

  app.get(
    '/interessados/:id/:tipo/email',
    {
      schema: {
        tags: ['interessados'],
        summary: 'E-mail de um interessado',
        params: z.object({ id: z.coerce.number().int().positive(), tipo: z.string().max(40) }),
        response: {
          200: emailInteressadoSchema,
          400: erroApiSchema,
          401: erroApiSchema,
          404: erroApiSchema,
        },
      },
    },
    async (request) => {
      exigirUsuario(request);
      return service.buscarEmailInteressado(app.db, request.params.id, request.params.tipo);
    },
  );

  app.get(
    '/responsaveis-tramitacao',
    {
      schema: {
        tags: ['interessados'],
        summary: 'Tipos de responsável pela tramitação: Pessoa específica, Unidade, Comissão',
        response: { 200: z.array(tipoEntidadeSchema) },
      },
    },
    async () => service.listarTiposResponsavel(),
  );

  app.get(
    '/responsaveis-tramitacao/:tipo',
    {
      schema: {
        tags: ['interessados'],
        summary: 'Responsáveis pela tramitação de um tipo, por parte do nome, código ou id; no máximo 50',
        params: tipoSchema,
        querystring: consultaEntidadesSchema,
        response: { 200: z.array(entidadeSchema), 400: erroApiSchema },
      },
    },
    async (request) => service.listarResponsaveis(app.db, request.params.tipo, request.query, request.usuario !== null),
  );
};
