import {
  consultaCalendarioAdministracaoSchema,
  consultaCalendarioSchema,
  diaNaoUtilAdministracaoSchema,
  diaNaoUtilSchema,
  incluirDiaNaoUtilSchema,
  parametroDataDiaNaoUtilSchema,
} from '@tramite/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exigirPermissao } from '../../platform/autenticacao.ts';
import { apenasComPermissao, apenasUsuarios, respostasErro } from '../../platform/rotas.ts';
import * as service from './service.ts';

/** Permission first, before the input is validated: without it the answer is 401/403 whatever the input. */
const apenasAdministracaoCalendario = apenasComPermissao('ADMINISTRACAO_CALENDARIO');

export const rotasCalendario: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/calendario',
    {
      schema: {
        tags: ['calendario'],
        summary: 'Dias não úteis do período (nacionais e da instituição), em ordem de data; no máximo 3 anos',
        querystring: consultaCalendarioSchema,
        response: { 200: z.array(diaNaoUtilSchema), ...respostasErro(400, 401) },
      },
      ...apenasUsuarios,
    },
    async (request) => service.consultarCalendario(app.db, request.query),
  );

  app.get(
    '/administracao/calendario',
    {
      schema: {
        tags: ['calendario'],
        summary: 'Dias não úteis do ano: os nacionais (calculados) e os da instituição (ADMINISTRACAO_CALENDARIO)',
        querystring: consultaCalendarioAdministracaoSchema,
        response: { 200: z.array(diaNaoUtilAdministracaoSchema), ...respostasErro(400, 401, 403) },
      },
      ...apenasAdministracaoCalendario,
    },
    async (request) => service.listarAno(app.db, request.query.ano),
  );

  app.post(
    '/administracao/calendario',
    {
      schema: {
        tags: ['calendario'],
        summary:
          'Inclui um dia não útil da instituição (ADMINISTRACAO_CALENDARIO); 409 quando a data já não é dia útil',
        body: incluirDiaNaoUtilSchema,
        response: { 201: diaNaoUtilSchema, ...respostasErro(400, 401, 403, 409) },
      },
      ...apenasAdministracaoCalendario,
    },
    async (request, reply) => {
      const usuario = exigirPermissao(request, 'ADMINISTRACAO_CALENDARIO');
      const dia = await service.incluirDia(app.db, request.body, { idUsuario: usuario.id, ip: request.ip });
      return reply.status(201).send(dia);
    },
  );

  app.delete(
    '/administracao/calendario/:data',
    {
      schema: {
        tags: ['calendario'],
        summary: 'Exclui um dia não útil da instituição (ADMINISTRACAO_CALENDARIO)',
        params: parametroDataDiaNaoUtilSchema,
        response: { 204: z.null(), ...respostasErro(400, 401, 403, 404) },
      },
      ...apenasAdministracaoCalendario,
    },
    async (request, reply) => {
      const usuario = exigirPermissao(request, 'ADMINISTRACAO_CALENDARIO');
      await service.excluirDia(app.db, request.params.data, { idUsuario: usuario.id, ip: request.ip });
      return reply.status(204).send(null);
    },
  );
};
