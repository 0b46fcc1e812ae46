import {
  consultaUsuariosLotadosSchema,
  flagConsultaSchema,
  servidorProcedenciaSchema,
  unidadeSchema,
} from '@tramite/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exigirUsuario } from '../../platform/autenticacao.ts';
import { apenasUsuarios, respostasErro } from '../../platform/rotas.ts';
import * as service from './service.ts';

export const rotasProcedencias: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/procedencias/UNIDADE',
    {
      schema: {
        tags: ['procedencias'],
        summary: 'Unidades de procedência em ordem de nome',
        querystring: z.object({ somenteAtivas: flagConsultaSchema }),
        response: { 200: z.array(unidadeSchema), ...respostasErro(400) },
      },
    },
    async (request) => service.listarUnidadesProcedencia(app.db, request.query.somenteAtivas),
  );

  app.get(
    '/procedencias/caixa-postal/UNIDADE',
    {
      schema: {
        tags: ['procedencias'],
        summary: 'Unidades autorizadas para a caixa postal do usuário (suas lotações)',
        response: { 200: z.array(unidadeSchema), ...respostasErro(401) },
      },
    },
    async (request) => service.listarUnidadesCaixaPostal(app.db, exigirUsuario(request).id),
  );

  app.get(
    '/procedencias/usuarios-lotados',
    {
      schema: {
        tags: ['procedencias'],
        summary: 'Servidores lotados nas unidades de procedência (sem a entrada TODOS)',
        querystring: consultaUsuariosLotadosSchema,
        response: { 200: z.array(servidorProcedenciaSchema), ...respostasErro(400, 401) },
      },
      ...apenasUsuarios,
    },
    async (request) => service.listarServidoresLotados(app.db, request.query.idsUnidades),
  );
};
