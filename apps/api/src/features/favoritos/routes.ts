import {
  alterarAcompanhamentoSchema,
  favoritoSchema,
  filtrosFavoritosSchema,
  marcadoresFavoritoSchema,
  paginaFavoritosSchema,
  salvarMarcadoresFavoritoSchema,
} from '@tramite/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exigirUsuario } from '../../platform/autenticacao.ts';
import { apenasUsuarios, parametroId, respostasErro } from '../../platform/rotas.ts';
import * as service from './service.ts';

const erros = respostasErro(400, 401, 404);

export const rotasFavoritos: FastifyPluginAsyncZod = async (app) => {
  // The follow e-mails link to the document at the product's public address.

  app.get(
    '/documentos-favoritos',
    {
      ...apenasUsuarios,
      schema: {
        tags: ['favoritos'],
        summary: 'Lista os favoritos do usuário, os alterados mais recentemente primeiro (paginado)',
        description:
          'Filtros: período da última alteração (dataInicioUltimaAlteracao e dataFimUltimaAlteracao, AAAA-MM-DD, ' +
          'os dois ou nenhum), resumoDocumento (mínimo de 3 caracteres, busca textual como a busca de documentos) ' +
          'e idTipoDocumento. ultimaTramitacao é nula para documentos em criação.',
        querystring: filtrosFavoritosSchema,
        response: { 200: paginaFavoritosSchema, ...erros },
      },
    },
    async (request) => service.listarFavoritos(app.db, exigirUsuario(request), request.query),
  );

  app.patch(
    '/documentos-favoritos/:id',
    {
      ...apenasUsuarios,
      schema: {
        tags: ['favoritos'],
        summary: 'Liga ou desliga o acompanhamento do favorito por e-mail',
        params: parametroId,
        body: alterarAcompanhamentoSchema,
        response: { 200: favoritoSchema, ...erros },
      },
    },
    async (request) =>
      service.alterarAcompanhamento(
        app.db,
        exigirUsuario(request),
        request.params.id,
        request.body.acompanhadoPorEmail,
        request.ip,
      ),
  );

  app.patch(
    '/documentos-favoritos/:id/tags',
    {
      ...apenasUsuarios,
      schema: {
        tags: ['favoritos'],
        summary: 'Substitui os marcadores do usuário no favorito (lista vazia apaga)',
        description:
          'Os marcadores do favorito são os do usuário no documento (os mesmos de POST documentos/{id}/tags): ' +
          'repetidos sem diferenciar maiúsculas são descartados, cada um com 1 a 60 caracteres, no máximo 20.',
        params: parametroId,
        body: salvarMarcadoresFavoritoSchema,
        response: { 200: marcadoresFavoritoSchema, ...erros },
      },
    },
    async (request) =>
      service.salvarMarcadores(app.db, exigirUsuario(request), request.params.id, request.body.tags, request.ip),
  );
  app.post(
    '/documentos-favoritos/:id',
    {
      ...apenasUsuarios,
      schema: {
        tags: ['favoritos'],
        summary: 'Marca o documento como favorito do usuário (idempotente)',
        params: parametroId,
        response: { 201: favoritoSchema, ...erros },
      },
    },
    async (request, reply) => {
      const favorito = await service.favoritar(app.db, exigirUsuario(request), request.params.id, request.ip);
      return reply.status(201).send(favorito);
    },
  );

  app.delete(
    '/documentos-favoritos/:id',
    {
      ...apenasUsuarios,
      schema: {
        tags: ['favoritos'],
        summary: 'Remove o documento dos favoritos do usuário (idempotente)',
        params: parametroId,
        response: { 204: z.null(), ...erros },
      },
    },
    async (request, reply) => {
      await service.desfavoritar(app.db, exigirUsuario(request), request.params.id, request.ip);
      return reply.status(204).send(null);
    },
  );
};
