import {
  consistenciaSchema,
  consultaPassoSchema,
  destinoSchema,
  documentoSchema,
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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exigirUsuario } from '../../platform/autenticacao.ts';
import { apenasComPermissao, apenasUsuarios, idSchema, parametroId, respostasErro } from '../../platform/rotas.ts';
import * as caixa from './caixa-postal.ts';
import * as reencaminhamento from './reencaminhamento.ts';
import * as service from './service.ts';

const parametrosFluxo = z.object({ id: idSchema, idFluxo: idSchema });

/** Re-forwarding is for holders of REENCAMINHAMENTO: 401 or 403 before anything else. */
const apenasReencaminhamento = apenasComPermissao('REENCAMINHAMENTO');

const erros = respostasErro(400, 401, 403, 404, 409);

export const rotasTramitacao: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/documentos/:id/receber',
    {
      ...apenasUsuarios,
      schema: {
        tags: ['tramitacao'],
        summary: 'Recebe, na unidade atual do usuário, o documento que aguarda recebimento nela',
        params: parametroId,
        response: {
          200: documentoSchema,
          ...respostasErro(401, 403, 404, 409),
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
        params: parametroId,
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
        params: parametroId,
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
        params: parametroId,
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
        params: parametroId,
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
        params: parametroId,
        response: { 200: z.array(tramitacaoSchema), ...respostasErro(400, 404) },
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
        params: parametroId,
        response: { 200: tramitacaoSchema.nullable(), ...respostasErro(400, 404) },
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
        response: { 200: z.array(resultadoLoteSchema), ...respostasErro(400, 401, 403) },
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
        response: { 200: paginaCaixaPostalSchema, ...respostasErro(400, 401, 403) },
      },
    },
    async (request) => caixa.caixaPostal(app.db, exigirUsuario(request), request.query),
  );

  app.get(
    '/reencaminhamento/unidades',
    {
      ...apenasReencaminhamento,
      schema: {
        tags: ['reencaminhamento'],
        summary: 'Unidades (ativas ou não) com documentos pendentes ou em posse, por nome',
        response: { 200: z.array(unidadeSchema), ...respostasErro(401, 403) },
      },
    },
    async () => reencaminhamento.listarUnidadesReencaminhamento(app.db),
  );

  app.get(
    '/reencaminhamento/unidades/:id/caixa-postal',
    {
      ...apenasReencaminhamento,
      schema: {
        tags: ['reencaminhamento'],
        summary: 'Documentos pendentes ou em posse da unidade, a reencaminhar',
        params: parametroId,
        querystring: filtrosReencaminhamentoSchema,
        response: { 200: paginaCaixaPostalSchema, ...erros },
      },
    },
    async (request) => reencaminhamento.caixaPostalReencaminhamento(app.db, request.params.id, request.query),
  );

  app.get(
    '/reencaminhamento/documento/:id/fluxos',
    {
      ...apenasReencaminhamento,
      schema: {
        tags: ['reencaminhamento'],
        summary: 'Fluxos com os passos válidos para a unidade que detém o documento (ou que deve recebê-lo)',
        params: parametroId,
        response: { 200: z.array(fluxoSchema), ...erros },
      },
    },
    async (request) => reencaminhamento.listarFluxosReencaminhamento(app.db, exigirUsuario(request), request.params.id),
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
      reencaminhamento.listarDestinosReencaminhamento(
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
        params: parametroId,
        response: { 200: documentoSchema, ...erros },
      },
    },
    async (request) =>
      reencaminhamento.receberEmNomeDaUnidade(
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
        params: parametroId,
        body: reencaminharSchema,
        response: { 201: tramitacaoSchema, ...erros },
      },
    },
    async (request, reply) => {
      const tramitacao = await reencaminhamento.reencaminhar(
        app.db,
        exigirUsuario(request),
        request.params.id,
        request.body,
        {
          ip: request.ip,
          urlPublica: app.config.urlPublica,
        },
      );
      return reply.status(201).send(tramitacao);
    },
  );
};
