import { andamentoIndexacaoSchema, pedidoReindexacaoSchema, resultadoReindexacaoSchema } from '@tramite/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exigirPermissao } from '../../platform/autenticacao.ts';
import { apenasComPermissao, respostasErro } from '../../platform/rotas.ts';
import * as service from './administracao.ts';

/** Permission first, before the input is validated: without it the answer is 401/403 whatever the input. */
const apenasAdministracaoIndexacao = apenasComPermissao('ADMINISTRACAO_INDEXACAO');

export const rotasAdministracaoIndexacao: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/administracao/indexacao',
    {
      schema: {
        tags: ['conteudo'],
        summary:
          'Andamento da leitura do texto das peças: arquivos por estado, páginas, ritmo e os últimos ilegíveis (ADMINISTRACAO_INDEXACAO)',
        response: { 200: andamentoIndexacaoSchema, ...respostasErro(401, 403) },
      },
      ...apenasAdministracaoIndexacao,
    },
    async () => service.consultarAndamento(app.db),
  );

  app.post(
    '/administracao/indexacao/reindexacao',
    {
      schema: {
        tags: ['conteudo'],
        summary:
          'Devolve à fila de indexação todos os arquivos ou os das peças de um documento (ADMINISTRACAO_INDEXACAO); a leitura ocorre em segundo plano',
        body: pedidoReindexacaoSchema,
        response: { 202: resultadoReindexacaoSchema, ...respostasErro(400, 401, 403, 404) },
      },
      ...apenasAdministracaoIndexacao,
    },
    async (request, reply) => {
      const usuario = exigirPermissao(request, 'ADMINISTRACAO_INDEXACAO');
      const resultado = await service.reindexar(app.db, request.body, { idUsuario: usuario.id, ip: request.ip });
      return reply.status(202).send(resultado);
    },
  );
};
