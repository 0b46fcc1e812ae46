import { mensagemNoticiaSchema } from '@tramite/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { buscarMensagensValidas } from './queries.ts';

export const rotasMensagens: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/mensagens',
    {
      schema: {
        tags: ['mensagens'],
        summary: 'Notícias válidas exibidas no layout',
        response: { 200: z.array(mensagemNoticiaSchema) },
      },
    },
    async () => {
      const mensagens = await buscarMensagensValidas(app.db);
      return mensagens.map((m) => ({ ...m, dataValidade: m.dataValidade?.toISOString() ?? null }));
    },
  );
};
