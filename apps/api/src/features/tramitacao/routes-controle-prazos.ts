import { filtrosControlePrazosSchema, paginaControlePrazosSchema, retornosPendentesSchema } from '@tramite/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exigirUsuario } from '../../platform/autenticacao.ts';
import { apenasUsuarios, respostasErro } from '../../platform/rotas.ts';
import * as controle from './controle-prazos.ts';

/** "Controle de prazos" (issue 20): the deadlines of the caller's current unit. */
export const rotasControlePrazos: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/controle-de-prazos',
    {
      ...apenasUsuarios,
      schema: {
        tags: ['tramitacao'],
        summary:
          'Prazos da unidade atual: documentos na unidade com prazo, aguardados de outras unidades e retornos programados não cumpridos, por data',
        querystring: filtrosControlePrazosSchema,
        response: { 200: paginaControlePrazosSchema, ...respostasErro(400, 401, 403) },
      },
    },
    async (request) => controle.controlePrazos(app.db, exigirUsuario(request), request.query),
  );

  app.get(
    '/controle-de-prazos/retornos-pendentes',
    {
      ...apenasUsuarios,
      schema: {
        tags: ['tramitacao'],
        summary: 'Quantos retornos programados da unidade atual venceram ou vencem hoje (o aviso da caixa postal)',
        response: { 200: retornosPendentesSchema, ...respostasErro(401, 403) },
      },
    },
    async (request) => controle.retornosPendentes(app.db, exigirUsuario(request)),
  );
};
