import { hipoteseLegalSchema } from '@tramite/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as service from './service.ts';

export const rotasPropriedades: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/propriedades/hipoteses-legais',
    {
      schema: {
        tags: ['propriedades'],
        summary: 'Hipóteses legais de restrição de acesso ativas, em ordem de descrição',
        response: { 200: z.array(hipoteseLegalSchema) },
      },
    },
    async () => service.listarHipotesesLegais(app.db),
  );
};
