import {
  consolidacaoSchema,
  consolidacaoSolicitadaSchema,
  erroApiSchema,
  LIMITE_CONSULTA_CONSOLIDACOES,
  LIMITE_PECAS_CONSOLIDACAO,
  MENSAGENS,
  nomeArquivoConsolidacao,
  TIPOS_CONSOLIDACAO,
} from '@tramite/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { disposicaoConteudo } from '../pecas/regras.ts';
import * as service from './service.ts';

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const rotasConsolidacao: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, armazenamento: app.armazenamento };

  app.post(
    '/consolidacao/:idDocumento/:tipo',
    {
      schema: {
        tags: ['consolidacao'],
        summary: 'Solicita a consolidação das peças (pública): corpo é a lista de idAnexo; responde o uuid',
        description:
          'As peças vêm em ordem de sequência, qualquer que seja a ordem da lista. Ids que não são peças atuais do documento dão 400; peças restritas que o chamador não pode abrir ficam de fora. O PDF é montado em segundo plano (GET consolidacao/{uuid}/pdf quando concluída). Cada solicitante (usuário, ou IP quando anônimo) tem no máximo 3 consolidações em andamento (429).',
        params: z.object({
          idDocumento: id,
          tipo: z.enum(TIPOS_CONSOLIDACAO, { error: MENSAGENS.consolidacao.tipoInvalido }),
        }),
        body: z.array(id).max(LIMITE_PECAS_CONSOLIDACAO),
        response: {
          202: consolidacaoSolicitadaSchema,
          400: erroApiSchema,
          404: erroApiSchema,
          429: erroApiSchema,
        },
      },
    },
    async (request, reply) => {
      const resposta = await service.solicitar(
        app.db,
        request.usuario,
        request.params.idDocumento,
        request.body,
        request.ip,
      );
      return reply.status(202).send(resposta);
    },
  );

  app.get(
    '/consolidacao',
    {
      schema: {
        tags: ['consolidacao'],
        summary: 'Consolidações recentes do usuário logado (as 20 últimas); lista vazia para quem não entrou',
        response: { 200: z.array(consolidacaoSchema) },
      },
    },
    async (request) => service.listarRecentes(app.db, request.usuario),
  );

  app.post(
    '/consolidacao',
    {
      schema: {
        tags: ['consolidacao'],
        summary: 'Estado das consolidações pedidas (corpo: lista de uuids, os guardados no navegador)',
        description: 'Uuids desconhecidos ou inválidos são ignorados. O uuid é a credencial da consolidação.',
        body: z.array(z.string().max(100)).max(LIMITE_CONSULTA_CONSOLIDACOES),
        response: { 200: z.array(consolidacaoSchema), 400: erroApiSchema },
      },
    },
    async (request) => service.consultar(app.db, request.body),
  );

  app.get(
    '/consolidacao/:uuid/pdf',
    {
      schema: {
        tags: ['consolidacao'],
        summary: 'O PDF de uma consolidação concluída (o uuid, impossível de adivinhar, é a credencial)',
        params: z.object({ uuid: z.uuid() }),
        produces: ['application/pdf'],
        response: {
          200: z.unknown().describe('O PDF consolidado'),
          400: erroApiSchema,
          404: erroApiSchema,
          409: erroApiSchema,
        },
      },
    },
    async (request, reply) => {
      const pdf = await service.abrirPdf(deps, request.params.uuid);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-length', String(pdf.tamanho))
        .header('content-disposition', disposicaoConteudo(nomeArquivoConsolidacao(pdf.numero), false))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(pdf.conteudo);
    },
  );
};
