import { itemGlossarioSchema, salvarItemGlossarioSchema } from '@tramite/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exigirPermissao, exigirUsuario } from '../../platform/autenticacao.ts';
import { apenasComPermissao, respostasErro } from '../../platform/rotas.ts';
import * as service from './service.ts';

const parametroIdItem = z.object({ id: z.coerce.number().int().positive() });
const erros = respostasErro(400, 401, 403, 404);

/** Permission first, before the body is validated: without it the answer is 401/403 whatever the body. */
const apenasAdministracaoVocabulario = apenasComPermissao('ADMINISTRACAO_VOCABULARIO');

export const rotasGlossario: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/glossario',
    {
      schema: {
        tags: ['glossario'],
        summary: 'Itens do vocabulário controlado, em ordem de descrição',
        response: { 200: z.array(itemGlossarioSchema), ...respostasErro(401) },
      },
    },
    async (request) => {
      exigirUsuario(request);
      return service.listarItens(app.db);
    },
  );

  app.post(
    '/glossario',
    {
      schema: {
        tags: ['glossario'],
        summary: 'Inclui um item no vocabulário controlado (ADMINISTRACAO_VOCABULARIO)',
        body: salvarItemGlossarioSchema,
        response: { 201: itemGlossarioSchema, ...erros },
      },
      ...apenasAdministracaoVocabulario,
    },
    async (request, reply) => {
      const usuario = exigirPermissao(request, 'ADMINISTRACAO_VOCABULARIO');
      const item = await service.incluirItem(app.db, request.body, { idUsuario: usuario.id, ip: request.ip });
      return reply.status(201).send(item);
    },
  );

  app.patch(
    '/glossario/:id',
    {
      schema: {
        tags: ['glossario'],
        summary: 'Altera um item do vocabulário controlado (ADMINISTRACAO_VOCABULARIO)',
        params: parametroIdItem,
        body: salvarItemGlossarioSchema,
        response: { 200: itemGlossarioSchema, ...erros },
      },
      ...apenasAdministracaoVocabulario,
    },
    async (request) => {
      const usuario = exigirPermissao(request, 'ADMINISTRACAO_VOCABULARIO');
      return service.alterarItem(app.db, request.params.id, request.body, { idUsuario: usuario.id, ip: request.ip });
    },
  );

  app.delete(
    '/glossario/:id',
    {
      schema: {
        tags: ['glossario'],
        summary: 'Exclui um item do vocabulário controlado (ADMINISTRACAO_VOCABULARIO)',
        params: parametroIdItem,
        response: { 204: z.null(), ...erros },
      },
      ...apenasAdministracaoVocabulario,
    },
    async (request, reply) => {
      const usuario = exigirPermissao(request, 'ADMINISTRACAO_VOCABULARIO');
      await service.excluirItem(app.db, request.params.id, { idUsuario: usuario.id, ip: request.ip });
      return reply.status(204).send(null);
    },
  );
};
