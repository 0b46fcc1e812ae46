import {
  levantarSobrestamentoSchema,
  situacaoSobrestamentoSchema,
  sobrestamentoSchema,
  sobrestarSchema,
} from '@tramite/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exigirUsuario } from '../../platform/autenticacao.ts';
import { apenasUsuarios, parametroId, respostasErro } from '../../platform/rotas.ts';
import * as service from './service.ts';

const erros = respostasErro(400, 401, 403, 404, 409);

export const rotasSobrestamento: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/documentos/:id/sobrestamento',
    {
      schema: {
        tags: ['sobrestamento'],
        summary: 'O sobrestamento em vigor do documento (nulo quando não há) e se o tipo do documento é processo',
        description:
          'Público como o detalhe; o motivo segue a regra do despacho (nulo para quem não está autenticado).',
        params: parametroId,
        response: { 200: situacaoSobrestamentoSchema, ...respostasErro(400, 404) },
      },
    },
    async (request) => service.situacao(app.db, request.usuario, request.params.id),
  );

  app.post(
    '/documentos/:id/sobrestamento',
    {
      ...apenasUsuarios,
      schema: {
        tags: ['sobrestamento'],
        summary: 'Sobrestá o processo (estado 2001 = 5) a partir da unidade que o detém e o recebeu',
        description:
          'Só processos em andamento (2001 = 1). levantarEm (AAAA-MM-DD, depois de hoje e no máximo em 2 anos) é a ' +
          'data em que o sobrestamento é levantado sozinho. Enquanto sobrestado, o documento não é tramitado nem juntado.',
        params: parametroId,
        body: sobrestarSchema,
        response: { 201: sobrestamentoSchema, ...erros },
      },
    },
    async (request, reply) => {
      const sobrestamento = await service.sobrestar(
        app.db,
        exigirUsuario(request),
        request.params.id,
        request.body,
        request.ip,
      );
      return reply.status(201).send(sobrestamento);
    },
  );

  app.post(
    '/documentos/:id/sobrestamento/levantamento',
    {
      ...apenasUsuarios,
      schema: {
        tags: ['sobrestamento'],
        summary: 'Levanta o sobrestamento em vigor; o documento volta ao estado que tinha',
        params: parametroId,
        body: levantarSobrestamentoSchema,
        response: { 200: sobrestamentoSchema, ...erros },
      },
    },
    async (request) =>
      service.levantarSobrestamento(app.db, exigirUsuario(request), request.params.id, request.body.motivo, request.ip),
  );
};
