import {
  consultaRelatorioSchema,
  erroApiSchema,
  type TipoRelatorio,
  tipoRelatorioSchema,
  unidadeRelatorioSchema,
} from '@tramite/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exigirPermissao } from '../../platform/autenticacao.ts';
import * as service from './service.ts';

const respostaPdf = {
  200: z.unknown().describe('O relatório em PDF, gerado e enviado aos poucos'),
  400: erroApiSchema,
  401: erroApiSchema,
  403: erroApiSchema,
};

function enviarPdf(reply: FastifyReply, relatorio: service.RelatorioGerado) {
  return (
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${relatorio.nomeArquivo}"`)
      // Reports depend on the moment and on who asks: never reuse a stored copy.
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(relatorio.pdf)
  );
}

/** Report queries read from the read replica when there is one (app.dbLeitura); the permission, from the session. */
export const rotasRelatorios: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/relatorios/:x/unidades',
    {
      schema: {
        tags: ['relatorios'],
        summary:
          'Unidades de procedência que o usuário pode escolher no relatório (malote ou desarquivados): as unidades ativas e as suas lotações',
        params: z.object({ x: tipoRelatorioSchema }),
        response: { 200: z.array(unidadeRelatorioSchema), 400: erroApiSchema, 401: erroApiSchema, 403: erroApiSchema },
      },
      preValidation: async (request) => {
        exigirPermissao(request, 'RELATORIOS');
      },
    },
    async (request) =>
      service.listarUnidades(
        app.dbLeitura,
        exigirPermissao(request, 'RELATORIOS').id,
        request.params.x as TipoRelatorio,
      ),
  );

  app.get(
    '/relatorios/malote',
    {
      schema: {
        tags: ['relatorios'],
        summary:
          'Guia de remessa: documentos enviados pelas unidades no período (inicio e fim como AAAA-MM-DDTHH:mm[:ss], fim inclusive), por unidade de destino',
        querystring: consultaRelatorioSchema,
        produces: ['application/pdf'],
        response: respostaPdf,
      },
      preValidation: async (request) => {
        exigirPermissao(request, 'RELATORIOS');
      },
    },
    async (request, reply) => {
      const usuario = exigirPermissao(request, 'RELATORIOS');
      const relatorio = await service.gerarMalote(app.dbLeitura, app.config, usuario, request.query, (erro) =>
        request.log.error({ err: erro }, 'falha ao gerar o relatório de malote'),
      );
      return enviarPdf(reply, relatorio);
    },
  );

  app.get(
    '/relatorios/desarquivados',
    {
      schema: {
        tags: ['relatorios'],
        summary:
          'Documentos desarquivados por unidade no período (inicio e fim como AAAA-MM-DDTHH:mm[:ss], fim inclusive): quem, quando e por quê',
        querystring: consultaRelatorioSchema,
        produces: ['application/pdf'],
        response: respostaPdf,
      },
      preValidation: async (request) => {
        exigirPermissao(request, 'RELATORIOS');
      },
    },
    async (request, reply) => {
      const usuario = exigirPermissao(request, 'RELATORIOS');
      const relatorio = await service.gerarDesarquivados(app.dbLeitura, app.config, usuario, request.query, (erro) =>
        request.log.error({ err: erro }, 'falha ao gerar o relatório de documentos desarquivados'),
      );
      return enviarPdf(reply, relatorio);
    },
  );
};
