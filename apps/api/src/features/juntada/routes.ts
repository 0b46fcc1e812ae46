import {
  candidatoJuntadaSchema,
  candidatosJuntadaSchema,
  classeJuntadaSchema,
  juntarSchema,
  vinculosSchema,
} from '@tramite/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exigirUsuario } from '../../platform/autenticacao.ts';
import { apenasUsuarios, idSchema, parametroId, respostasErro } from '../../platform/rotas.ts';
import * as service from './service.ts';

const parametrosAgregado = z.object({ id: idSchema, idAgregado: idSchema });

const erros = respostasErro(400, 401, 403, 404, 409);

export const rotasJuntada: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/documentos/:id/agregados',
    {
      schema: {
        tags: ['juntada'],
        summary: 'Vínculos do documento (pública): o documento a que está juntado e os juntados a ele',
        params: parametroId,
        response: { 200: vinculosSchema, ...respostasErro(400, 404) },
      },
    },
    async (request) => service.listarVinculos(app.db, request.params.id, request.usuario),
  );

  app.get(
    '/documentos/:id/agregados/candidatos',
    {
      ...apenasUsuarios,
      schema: {
        tags: ['juntada'],
        summary: 'Documentos da unidade atual, pelo número, que podem ser juntados a este',
        params: parametroId,
        querystring: candidatosJuntadaSchema,
        response: { 200: z.array(candidatoJuntadaSchema), ...erros },
      },
    },
    async (request) =>
      service.buscarCandidatos(app.db, exigirUsuario(request), request.params.id, request.query.numeroDocumento),
  );

  app.get(
    '/documentos/:id/agregados/tipo-documento',
    {
      ...apenasUsuarios,
      schema: {
        tags: ['juntada'],
        summary: 'Se o tipo do documento é processo (ou considerado processo na anexação): decide se recebe anexação',
        params: parametroId,
        response: { 200: classeJuntadaSchema, ...respostasErro(400, 401, 404) },
      },
    },
    async (request) => service.classeJuntada(app.db, exigirUsuario(request), request.params.id),
  );

  app.post(
    '/documentos/:id/agregados',
    {
      ...apenasUsuarios,
      schema: {
        tags: ['juntada'],
        summary: 'Junta um documento a este: tipoAgregacao X (ou ANEXACAO) anexa; qualquer outro valor apensa',
        params: parametroId,
        body: juntarSchema,
        response: { 201: vinculosSchema, ...erros },
      },
    },
    async (request, reply) => {
      const vinculos = await service.juntar(
        app.db,
        exigirUsuario(request),
        request.params.id,
        request.body,
        request.ip,
        app.config.urlPublica,
      );
      return reply.status(201).send(vinculos);
    },
  );

  app.delete(
    '/documentos/:id/agregados/:idAgregado',
    {
      ...apenasUsuarios,
      schema: {
        tags: ['juntada'],
        summary: 'Desfaz uma juntada (desanexar ou desapensar); idAgregado é o id da juntada',
        params: parametrosAgregado,
        response: { 200: vinculosSchema, ...erros },
      },
    },
    async (request) =>
      service.desjuntar(app.db, exigirUsuario(request), request.params.id, request.params.idAgregado, request.ip),
  );
};
