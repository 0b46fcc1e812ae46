import { buscaConteudoDocumentoSchema, resultadoConteudoDocumentoSchema } from '@tramite/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { parametroId, respostasErro } from '../../platform/rotas.ts';
import { buscarConteudoDocumento } from './busca-documento.ts';

export const rotasConteudoDocumento: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/documentos/:id/pecas/conteudo',
    {
      schema: {
        tags: ['pecas'],
        summary: 'Busca no conteúdo das peças do documento (pública): as páginas que contêm o texto, com um trecho',
        description:
          'Só as peças ativas que o chamador pode abrir são pesquisadas (as restritas, sigilosas e canceladas de quem não as pode ver não dão resultado). No máximo 100 páginas, em ordem de sequência e página. pecasEmLeitura conta as peças visíveis cujo texto ainda está sendo lido.',
        params: parametroId,
        querystring: buscaConteudoDocumentoSchema,
        response: { 200: resultadoConteudoDocumentoSchema, ...respostasErro(400, 404) },
      },
    },
    async (request) => buscarConteudoDocumento(app.db, request.usuario, request.params.id, request.query.texto),
  );
};
