import {
  alterarTipoDocumentoSchema,
  assuntoSchema,
  consultaTiposDocumentoSchema,
  tipoDocumentoSchema,
} from '@tramite/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exigirPermissao } from '../../platform/autenticacao.ts';
import { apenasComPermissao, respostasErro } from '../../platform/rotas.ts';
import { listarAssuntos } from '../assuntos/service.ts';
import * as service from './service.ts';

const idSchema = z.object({ id: z.coerce.number().int().positive() });

export const rotasTiposDocumentos: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tipos-documentos',
    {
      schema: {
        tags: ['tipos-documentos'],
        summary: 'Tipos de documento em ordem de descrição (autorizados, todos ou para o vocabulário controlado)',
        querystring: consultaTiposDocumentoSchema,
        response: { 200: z.array(tipoDocumentoSchema), ...respostasErro(400) },
      },
    },
    async (request) => service.listarTiposDocumento(app.db, request.query, request.usuario !== null),
  );

  app.patch(
    '/tipos-documentos/:id',
    {
      schema: {
        tags: ['tipos-documentos'],
        summary: 'Altera propriedades de um tipo de documento (ADMINISTRACAO_TIPOS_DOCUMENTAIS)',
        params: idSchema,
        body: alterarTipoDocumentoSchema,
        response: {
          200: tipoDocumentoSchema,
          ...respostasErro(400, 401, 403, 404),
        },
      },
      // Permission before the body is validated: no one learns the body's rules without the permission.
      ...apenasComPermissao('ADMINISTRACAO_TIPOS_DOCUMENTAIS'),
    },
    async (request) => {
      const usuario = exigirPermissao(request, 'ADMINISTRACAO_TIPOS_DOCUMENTAIS');
      return service.alterarTipoDocumento(app.db, request.params.id, request.body, {
        idUsuario: usuario.id,
        ip: request.ip,
      });
    },
  );

  app.get(
    '/tipos-documentos/:id/assuntos',
    {
      schema: {
        tags: ['tipos-documentos'],
        summary: 'Assuntos ativos do tipo de documento, com a indicação de atribuível',
        params: idSchema,
        response: { 200: z.array(assuntoSchema), ...respostasErro(400, 404) },
      },
    },
    async (request) => listarAssuntos(app.db, request.params.id),
  );
};
