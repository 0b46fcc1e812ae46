import {
  autuacaoSchema,
  documentoSchema,
  filtrosBuscaSchema,
  marcadoresSchema,
  paginaBuscaDocumentosSchema,
  salvarMarcadoresSchema,
} from '@tramite/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exigirUsuario } from '../../platform/autenticacao.ts';
import { apenasUsuarios, parametroId, respostasErro } from '../../platform/rotas.ts';
import * as service from './service.ts';

const erros = respostasErro(400, 401, 403, 404, 409);

export const rotasDocumentos: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/documentos',
    {
      schema: {
        tags: ['documentos'],
        summary: 'Busca de documentos (pública), paginada; rascunhos só das unidades do usuário',
        querystring: filtrosBuscaSchema,
        response: { 200: paginaBuscaDocumentosSchema, ...respostasErro(400) },
      },
    },
    // From the read replica when there is one: a document just created may take the replica's lag to show up here.
    async (request) => service.pesquisar(app.dbLeitura, request.usuario, request.query),
  );

  app.post(
    '/documentos',
    {
      ...apenasUsuarios,
      schema: {
        tags: ['documentos'],
        summary: 'Autua um documento novo (EM_CRIACAO) na unidade atual do usuário, com seu NUP',
        body: autuacaoSchema,
        response: { 201: documentoSchema, ...erros },
      },
    },
    async (request, reply) => {
      const usuario = exigirUsuario(request);
      const documento = await service.autuar(app.db, app.config, usuario, request.body, request.ip);
      return reply.status(201).send(documento);
    },
  );

  app.get(
    '/documentos/:id',
    {
      schema: {
        tags: ['documentos'],
        summary: 'Dados de um documento (pública; rascunhos só para a unidade que o cria)',
        params: parametroId,
        response: { 200: documentoSchema, ...respostasErro(400, 404) },
      },
    },
    async (request) => service.buscarDocumento(app.db, request.params.id, request.usuario),
  );

  app.patch(
    '/documentos/:id',
    {
      ...apenasUsuarios,
      schema: {
        tags: ['documentos'],
        summary: 'Edita a autuação de um documento ainda em criação',
        params: parametroId,
        body: autuacaoSchema,
        response: { 200: documentoSchema, ...erros },
      },
    },
    async (request) =>
      service.editarAutuacao(app.db, exigirUsuario(request), request.params.id, request.body, request.ip),
  );

  app.post(
    '/documentos/:id/tags',
    {
      ...apenasUsuarios,
      schema: {
        tags: ['documentos'],
        summary: 'Substitui os marcadores do usuário no documento (separados por vírgula; vazio apaga)',
        params: parametroId,
        body: salvarMarcadoresSchema,
        response: { 200: marcadoresSchema, ...erros },
      },
    },
    async (request) => ({
      tags: await service.salvarMarcadores(
        app.db,
        exigirUsuario(request),
        request.params.id,
        request.body.stringTags,
        request.ip,
      ),
    }),
  );
};
