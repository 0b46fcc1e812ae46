import {
  consistenciaSchema,
  consultaPassoSchema,
  destinoSchema,
  documentoSchema,
  erroApiSchema,
  filtrosCaixaPostalSchema,
  filtrosReencaminhamentoSchema,
  fluxoSchema,
  paginaCaixaPostalSchema,
  rascunhoDespachoSchema,
  reencaminharSchema,
  resultadoLoteSchema,
  salvarDespachoSchema,
  tramitacaoSchema,
  tramitarLoteSchema,
  tramitarSchema,
  unidadeSchema,
} from '@tramite/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exigirPermissao, exigirUsuario } from '../../platform/autenticacao.ts';
import * as service from './service.ts';

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const parametroIdDocumento = z.object({ id });
const parametrosFluxo = z.object({ id, idFluxo: id });

/** Anonymous calls get 401 before their parameters are validated. */
const apenasUsuarios = {
  preValidation: async (request: FastifyRequest) => {
    exigirUsuario(request);
  },
};
/** Re-forwarding is for holders of REENCAMINHAMENTO: 401 or 403 before anything else. */
const apenasReencaminhamento = {
  preValidation: async (request: FastifyRequest) => {
    exigirPermissao(request, 'REENCAMINHAMENTO');
  },
};

const erros = { 400: erroApiSchema, 401: erroApiSchema, 403: erroApiSchema, 404: erroApiSchema, 409: erroApiSchema };

export const rotasTramitacao: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/documentos/:id/receber',
    {
      ...apenasUsuarios,
      schema: {
        tags: ['tramitacao'],
        summary: 'Recebe, na unidade atual do usuário, o documento que aguarda recebimento nela',
        params: parametroIdDocumento,
        response: {
          200: documentoSchema,
          401: erroApiSchema,
          403: erroApiSchema,
          404: erroApiSchema,
          409: erroApiSchema,
        },
      },
    },
    async (request) =>
      service.receberDocumento(app.db, exigirUsuario(request), request.params.id, request.ip, app.config.urlPublica),
  );

  app.get(
    '/documentos/:id/fluxos',
    {
      ...apenasUsuarios,
      schema: {
        tags: ['tramitacao'],
        summary: 'Fluxos do tipo do documento (por descrição), com os passos que a unidade atual pode dar agora',
        params: parametroIdDocumento,
        response: { 200: z.array(fluxoSchema), ...erros },
      },
    },
    async (request) => service.listarFluxos(app.db, exigirUsuario(request), request.params.id),
  );

  app.get(
    '/documentos/:id/fluxos/:idFluxo/destinos',
    {
      ...apenasUsuarios,
      schema: {
        tags: ['tramitacao'],
        summary: 'Unidades de destino permitidas pelo passo, a partir da unidade atual do usuário',
        params: parametrosFluxo,
        querystring: consultaPassoSchema,
        response: { 200: z.array(destinoSchema), ...erros },
      },
    },
    async (request) =>
      service.listarDestinos(
        app.db,
        exigirUsuario(request),
        request.params.id,
        request.params.idFluxo,
        request.query.idPasso,
      ),
  );

  app.get(
    '/documentos/:id/fluxos/:idFluxo/consistencia',
    {
      ...apenasUsuarios,
      schema: {
        tags: ['tramitacao'],
        summary: 'Valida a tramitação pelo passo: { ERRO: [...], ALERTA: [...] }; um ERRO impede o envio',
        params: parametrosFluxo,
        querystring: consultaPassoSchema,
        response: { 200: consistenciaSchema, ...erros },
      },
    },
    async (request) =>
      service.avaliarConsistenciaEnvio(
        app.db,
        exigirUsuario(request),
        request.params.id,
        request.params.idFluxo,
        request.query.idPasso,
      ),
  );

  app.post(
    '/documentos/:id/tramitacoes',
    {
      ...apenasUsuarios,
      schema: {
        tags: ['tramitacao'],
        summary: 'Tramita o documento a partir da unidade atual do usuário (despacho ausente: usa o salvo)',
        params: parametroIdDocumento,
        body: tramitarSchema,
        response: { 201: tramitacaoSchema, ...erros },
      },
    },
    async (request, reply) => {
      const tramitacao = await service.tramitar(app.db, exigirUsuario(request), request.params.id, request.body, {
        ip: request.ip,
        urlPublica: app.config.urlPublica,
      });
      return reply.status(201).send(tramitacao);
    },
  );

  app.patch(
    '/documentos/:id/tramitacoes',
    {
      ...apenasUsuarios,
      schema: {
        tags: ['tramitacao'],
        summary: 'Salva o despacho e/ou o despacho preparatório da unidade atual para a próxima tramitação',
        params: parametroIdDocumento,
        body: salvarDespachoSchema,
        response: { 200: rascunhoDespachoSchema, ...erros },
      },
    },
    async (request) =>
      service.salvarDespacho(app.db, exigirUsuario(request), request.params.id, request.body, request.ip),
  );

  app.get(
    '/documentos/:id/tramitacoes/despacho',
    {
      ...apenasUsuarios,
      schema: {
        tags: ['tramitacao'],
        summary: 'Despacho e despacho preparatório salvos pela unidade atual (nulos quando não há)',
        params: parametroIdDocumento,
        response: { 200: rascunhoDespachoSchema, ...erros },
      },
    },
    async (request) => service.buscarDespacho(app.db, exigirUsuario(request), request.params.id),
  );

  app.get(
    '/documentos/:id/tramitacoes',
    {
      schema: {
        tags: ['tramitacao'],
        summary: 'Histórico de tramitações (público), em ordem; despachos restritos só para quem pode vê-los',
        params: parametroIdDocumento,
        response: { 200: z.array(tramitacaoSchema), 400: erroApiSchema, 404: erroApiSchema },
      },
    },
    async (request) => service.listarTramitacoes(app.db, request.usuario, request.params.id),
  );

  app.get(
    '/documentos/:id/ultima-tramitacao',
    {
      schema: {
        tags: ['tramitacao'],
        summary: 'Última tramitação do documento (pública), ou null',
        params: parametroIdDocumento,
        response: { 200: tramitacaoSchema.nullable(), 400: erroApiSchema, 404: erroApiSchema },
      },
    },
    async (request) => service.buscarUltimaTramitacao(app.db, request.usuario, request.params.id),
  );

  app.post(
    '/tramitacoes/lote',
    {
      ...apenasUsuarios,
      schema: {
        tags: ['tramitacao'],
        summary: 'Tramita vários documentos com o mesmo passo, destino e despacho; resultado por documento',
        body: tramitarLoteSchema,
        response: { 200: z.array(resultadoLoteSchema), 400: erroApiSchema, 401: erroApiSchema, 403: erroApiSchema },
      },
    },
    async (request) => {
      const { idsDocumentos, ...pedido } = request.body;
      return service.tramitarEmLote(
        app.db,
        exigirUsuario(request),
        idsDocumentos,
        pedido,
        { ip: request.ip, urlPublica: app.config.urlPublica },
        request.log,
      );
    },
  );

  app.get(
    '/caixa-postal',
    {
      ...apenasUsuarios,
      schema: {
        tags: ['tramitacao'],
        summary: 'Caixa postal de uma unidade do usuário (pendentes de recebimento, recebidos e rascunhos), paginada',
        querystring: filtrosCaixaPostalSchema,
        response: { 200: paginaCaixaPostalSchema, 400: erroApiSchema, 401: erroApiSchema, 403: erroApiSchema },
      },
    },
    async (request) => service.caixaPostal(app.db, exigirUsuario(request), request.query),
  );

  app.get(
    '/reencaminhamento/unidades',
    {
      ...apenasReencaminhamento,
      schema: {
        tags: ['reencaminhamento'],
        summary: 'Unidades (ativas ou não) com documentos pendentes ou em posse, por nome',
        response: { 200: z.array(unidadeSchema), 401: erroApiSchema, 403: erroApiSchema },
      },
    },
    async () => service.listarUnidadesReencaminhamento(app.db),
  );

  app.get(
    '/reencaminhamento/unidades/:id/caixa-postal',
    {
      ...apenasReencaminhamento,
      schema: {
        tags: ['reencaminhamento'],
        summary: 'Documentos pendentes ou em posse da unidade, a reencaminhar',
        params: z.object({ id }),
        querystring: filtrosReencaminhamentoSchema,
        response: { 200: paginaCaixaPostalSchema, ...erros },
      },
    },
    async (request) => service.caixaPostalReencaminhamento(app.db, request.params.id, request.query),
  );

  app.get(
    '/reencaminhamento/documento/:id/fluxos',
    {
      ...apenasReencaminhamento,
      schema: {
        tags: ['reencaminhamento'],
        summary: 'Fluxos com os passos válidos para a unidade que detém o documento (ou que deve recebê-lo)',
        params: parametroIdDocumento,
        response: { 200: z.array(fluxoSchema), ...erros },
      },
    },
    async (request) => service.listarFluxosReencaminhamento(app.db, exigirUsuario(request), request.params.id),
  );

  app.get(
    '/reencaminhamento/documento/:id/fluxos/:idFluxo/destinos',
    {
      ...apenasReencaminhamento,
      schema: {
        tags: ['reencaminhamento'],
        summary: 'Destinos permitidos pelo passo, a partir da unidade que detém o documento',
        params: parametrosFluxo,
        querystring: consultaPassoSchema,
        response: { 200: z.array(destinoSchema), ...erros },
      },
    },
    async (request) =>
      service.listarDestinosReencaminhamento(
        app.db,
        exigirUsuario(request),
        request.params.id,
        request.params.idFluxo,
        request.query.idPasso,
      ),
  );

  app.post(
    '/reencaminhamento/documento/:id/receber',
    {
      ...apenasReencaminhamento,
      schema: {
        tags: ['reencaminhamento'],
        summary: 'Recebe o documento em nome da unidade de destino (situação T)',
        params: parametroIdDocumento,
        response: { 200: documentoSchema, ...erros },
      },
    },
    async (request) =>
      service.receberEmNomeDaUnidade(
        app.db,
        exigirUsuario(request),
        request.params.id,
        request.ip,
        app.config.urlPublica,
      ),
  );

  app.post(
    '/reencaminhamento/documento/:id/tramitacoes',
    {
      ...apenasReencaminhamento,
      schema: {
        tags: ['reencaminhamento'],
        summary: 'Tramita o documento em nome da unidade que o detém',
        params: parametroIdDocumento,
        body: reencaminharSchema,
        response: { 201: tramitacaoSchema, ...erros },
      },
    },
    async (request, reply) => {
      const tramitacao = await service.reencaminhar(app.db, exigirUsuario(request), request.params.id, request.body, {
        ip: request.ip,
        urlPublica: app.config.urlPublica,
      });
      return reply.status(201).send(tramitacao);
    },
  );
};
