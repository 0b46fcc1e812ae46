import { erroApiSchema, itemGlossarioSchema, salvarItemGlossarioSchema } from '@tramite/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exigirPermissao, exigirUsuario } from '../../platform/autenticacao.ts';
import * as service from './service.ts';

const idSchema = z.object({ id: z.coerce.number().int().positive() });
const respostasErro = {
  400: erroApiSchema,
  401: erroApiSchema,
  403: erroApiSchema,
  404: erroApiSchema,
};

/** Permission first, before the body is validated: without it the answer is 401/403 whatever the body. */
const exigirAdministracaoVocabulario = async (request: Parameters<typeof exigirUsuario>[0]) => {
  exigirPermissao(request, 'ADMINISTRACAO_VOCABULARIO');
};

export const rotasGlossario: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/glossario',
    {
      schema: {
        tags: ['glossario'],
        summary: 'Itens do vocabulário controlado, em ordem de descrição',
        response: { 200: z.array(itemGlossarioSchema), 401: erroApiSchema },
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
        response: { 201: itemGlossarioSchema, ...respostasErro },
      },
      preValidation: exigirAdministracaoVocabulario,
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
        params: idSchema,
        body: salvarItemGlossarioSchema,
        response: { 200: itemGlossarioSchema, ...respostasErro },
      },
      preValidation: exigirAdministracaoVocabulario,
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
        params: idSchema,
        response: { 204: z.null(), ...respostasErro },
      },
      preValidation: exigirAdministracaoVocabulario,
    },
    async (request, reply) => {
      const usuario = exigirPermissao(request, 'ADMINISTRACAO_VOCABULARIO');
      await service.excluirItem(app.db, request.params.id, { idUsuario: usuario.id, ip: request.ip });
      return reply.status(204).send(null);
    },
  );
};
