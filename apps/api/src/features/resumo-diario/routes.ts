import { contagensResumoDiarioSchema } from '@tramite/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exigirUsuario } from '../../platform/autenticacao.ts';
import { apenasUsuarios, idSchema, respostasErro } from '../../platform/rotas.ts';
import * as service from './service.ts';

const erros = respostasErro(400, 401, 403);

export const rotasResumoDiario: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/resumo-diario/contagens',
    {
      ...apenasUsuarios,
      schema: {
        tags: ['resumo-diario'],
        summary: 'Prazos da caixa postal da unidade que vencem hoje e vencidos, e retornos programados vencidos',
        description:
          'As mesmas contagens do resumo diário por e-mail, para a unidade atual do usuário (ou idUnidade, uma das ' +
          'suas lotações). Datas no calendário de Brasília.',
        querystring: z.object({ idUnidade: idSchema.optional() }),
        response: { 200: contagensResumoDiarioSchema, ...erros },
      },
    },
    async (request) => service.contarDaUnidade(app.db, exigirUsuario(request), request.query.idUnidade),
  );
};
