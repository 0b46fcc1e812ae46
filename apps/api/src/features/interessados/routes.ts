import { consultaEntidadesSchema, emailInteressadoSchema, entidadeSchema, tipoEntidadeSchema } from '@tramite/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exigirUsuario } from '../../platform/autenticacao.ts';
import { respostasErro } from '../../platform/rotas.ts';
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
        response: { 200: z.array(tipoEntidadeSchema), ...respostasErro(400, 404) },
      },
    },
    async (request) => service.listarTiposInteressado(app.db, request.query.idTipoDocumento),
  );

  app.get(
    '/interessados/:tipo',
    {
      schema: {
        tags: ['interessados'],
        summary:
          'Interessados de um tipo (letra ou nome), por parte do nome (ao menos 3 caracteres), código ou id; no máximo 50 (10 sem login)',
        description:
          'Limitada por usuário (ou por endereço, sem login); o CPF completo só acha com login e conta num limite próprio. Recusas (429) são auditadas.',
        params: tipoSchema,
        querystring: consultaEntidadesSchema,
        response: { 200: z.array(entidadeSchema), ...respostasErro(400, 429) },
      },
    },
    async (request) =>
      service.listarInteressados(app.db, request.params.tipo, request.query, {
        usuario: request.usuario,
        ip: request.ip,
      }),
  );

  app.get(
    '/interessados/:id/:tipo/email',
    {
      schema: {
        tags: ['interessados'],
        summary: 'E-mail de um interessado (cada consulta é auditada e limitada por usuário)',
        params: z.object({ id: z.coerce.number().int().positive(), tipo: z.string().max(40) }),
        response: {
          200: emailInteressadoSchema,
          ...respostasErro(400, 401, 404, 429),
        },
      },
    },
    async (request) =>
      service.buscarEmailInteressado(
        app.db,
        exigirUsuario(request),
        request.params.id,
        request.params.tipo,
        request.ip,
      ),
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
        description:
          'O CPF completo (11 dígitos) só acha com login e conta num limite por usuário; recusas (429) são auditadas.',
        response: { 200: z.array(entidadeSchema), ...respostasErro(400, 429) },
      },
    },
    async (request) =>
      service.listarResponsaveis(app.db, request.params.tipo, request.query, {
        usuario: request.usuario,
        ip: request.ip,
      }),
  );
};
