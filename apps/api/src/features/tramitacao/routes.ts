import {
  alterarPrazoSchema,
  alterarRetornoProgramadoSchema,
  consistenciaSchema,
  consultaPassoSchema,
  contagensCaixaPostalSchema,
  type Destino,
  destinoSchema,
  documentoSchema,
  type Fluxo,
  filtrosCaixaPostalSchema,
  filtrosContagensCaixaPostalSchema,
  filtrosReencaminhamentoSchema,
  fluxoSchema,
  paginaCaixaPostalSchema,
  prazoAlteradoSchema,
  rascunhoDespachoSchema,
  receberLoteSchema,
  reencaminharSchema,
  resultadoLoteSchema,
  resultadoRecebimentoLoteSchema,
  salvarDespachoSchema,
  type Tramitacao,
  tramitacaoSchema,
  tramitarLoteSchema,
  tramitarSchema,
  unidadeSchema,
} from '@tramite/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Banco } from '../../db/connection.ts';
import { exigirUsuario } from '../../platform/autenticacao.ts';
import { apenasComPermissao, apenasUsuarios, idSchema, parametroId, respostasErro } from '../../platform/rotas.ts';
import type { UsuarioAutenticado } from '../../platform/sessao.ts';
import * as caixa from './caixa-postal.ts';
import type { OrigemPedido } from './envio.ts';
import * as envio from './envio.ts';
import * as prazos from './prazos.ts';
import * as recebimento from './recebimento.ts';
import * as reencaminhamento from './reencaminhamento.ts';
import { rotasCancelamentoEnvio } from './routes-cancelamento-envio.ts';
import * as service from './service.ts';

const parametrosFluxo = z.object({ id: idSchema, idFluxo: idSchema });

/** Re-forwarding is for holders of REENCAMINHAMENTO: 401 or 403 before anything else. */
const apenasReencaminhamento = apenasComPermissao('REENCAMINHAMENTO');

const erros = respostasErro(400, 401, 403, 404, 409);

/**
 * GET {prefixo}/fluxos and {prefixo}/fluxos/:idFluxo/destinos: the same pair for the caller's unit and, in
 * re-forwarding, for the unit holding the document.
 */
function rotasFluxosEDestinos(
  app: Parameters<FastifyPluginAsyncZod>[0],
  rotas: {
    prefixo: string;
    preValidation: typeof apenasUsuarios.preValidation;
    tag: string;
    resumoFluxos: string;
    resumoDestinos: string;
    listarFluxos: (db: Banco, usuario: UsuarioAutenticado, idDocumento: number) => Promise<Fluxo[]>;
    listarDestinos: (
      db: Banco,
      usuario: UsuarioAutenticado,
      idDocumento: number,
      idFluxo: number,
      idPasso: number,
    ) => Promise<Destino[]>;
  },
) {
  const { preValidation, tag } = rotas;
  app.get(
    `${rotas.prefixo}/fluxos`,
    {
      preValidation,
      schema: {
        tags: [tag],
        summary: rotas.resumoFluxos,
        params: parametroId,
        response: { 200: z.array(fluxoSchema), ...erros },
      },
    },
    async (request) => rotas.listarFluxos(app.db, exigirUsuario(request), request.params.id),
  );
  app.get(
    `${rotas.prefixo}/fluxos/:idFluxo/destinos`,
    {
      preValidation,
      schema: {
        tags: [tag],
        summary: rotas.resumoDestinos,
        params: parametrosFluxo,
        querystring: consultaPassoSchema,
        response: { 200: z.array(destinoSchema), ...erros },
      },
    },
    async (request) => {
      const { id, idFluxo } = request.params;
      return rotas.listarDestinos(app.db, exigirUsuario(request), id, idFluxo, request.query.idPasso);
    },
  );
}

/**
 * POST {prefixo}/tramitacoes (201): a sending from the caller's unit or, in re-forwarding, in the name of the unit
 * holding the document.
 */
function rotaEnvio<C extends z.ZodType>(
  app: Parameters<FastifyPluginAsyncZod>[0],
  rota: {
    prefixo: string;
    preValidation: typeof apenasUsuarios.preValidation;
    tag: string;
    resumo: string;
    corpo: C;
    enviar: (
      db: Banco,
      usuario: UsuarioAutenticado,
      idDocumento: number,
      pedido: z.output<C>,
      origem: OrigemPedido,
    ) => Promise<Tramitacao>;
  },
) {
  app.post(
    `${rota.prefixo}/tramitacoes`,
    {
      preValidation: rota.preValidation,
      schema: {
        tags: [rota.tag],
        summary: rota.resumo,
        params: parametroId,
        body: rota.corpo,
        response: { 201: tramitacaoSchema, ...erros },
      },
    },
    async (request, reply) => {
      const origem = { ip: request.ip, urlPublica: app.config.urlPublica };
      // Parsed by `corpo`: the provider's type of a generic schema does not resolve to its output.
      const pedido = request.body as z.output<C>;
      const tramitacao = await rota.enviar(app.db, exigirUsuario(request), request.params.id, pedido, origem);
      return reply.status(201).send(tramitacao);
    },
  );
}

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
      recebimento.receberDocumento(
        app.db,
        exigirUsuario(request),
        request.params.id,
        request.ip,
        app.config.urlPublica,
      ),
  );

  rotasFluxosEDestinos(app, {
    prefixo: '/documentos/:id',
    ...apenasUsuarios,
    tag: 'tramitacao',
    resumoFluxos: 'Fluxos do tipo do documento (por descrição), com os passos que a unidade atual pode dar agora',
    resumoDestinos: 'Unidades de destino permitidas pelo passo, a partir da unidade atual do usuário',
    listarFluxos: service.listarFluxos,
    listarDestinos: service.listarDestinos,
  });

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

  rotaEnvio(app, {
    prefixo: '/documentos/:id',
    ...apenasUsuarios,
    tag: 'tramitacao',
    resumo: 'Tramita o documento a partir da unidade atual do usuário (despacho ausente: usa o salvo)',
    corpo: tramitarSchema,
    enviar: envio.tramitar,
  });

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

  app.patch(
    '/documentos/:id/prazo',
    {
      ...apenasUsuarios,
      schema: {
        tags: ['tramitacao'],
        summary:
          'Altera ou retira (null) o prazo da última tramitação; só a unidade que detém o documento recebido; motivo obrigatório',
        params: parametroId,
        body: alterarPrazoSchema,
        response: { 200: prazoAlteradoSchema, ...erros },
      },
    },
    async (request) => prazos.alterarPrazo(app.db, exigirUsuario(request), request.params.id, request.body, request.ip),
  );

  app.patch(
    '/documentos/:id/retorno-programado',
    {
      ...apenasUsuarios,
      schema: {
        tags: ['tramitacao'],
        summary:
          'Altera ou retira (null) o retorno programado; só a unidade que o programou, enquanto o documento não voltou a ela',
        params: parametroId,
        body: alterarRetornoProgramadoSchema,
        response: { 200: prazoAlteradoSchema, ...erros },
      },
    },
    async (request) =>
      prazos.alterarRetornoProgramado(app.db, exigirUsuario(request), request.params.id, request.body, request.ip),
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
      return envio.tramitarEmLote(
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
    '/caixa-postal/contagens',
    {
      ...apenasUsuarios,
      schema: {
        tags: ['tramitacao'],
        summary:
          'Quantos documentos a caixa postal lista com estes filtros: ao todo e em cada fila (aguardando, recebidos, novos, urgentes)',
        querystring: filtrosContagensCaixaPostalSchema,
        response: { 200: contagensCaixaPostalSchema, ...respostasErro(400, 401, 403) },
      },
    },
    async (request) => caixa.contagensCaixaPostal(app.db, exigirUsuario(request), request.query),
  );

  app.post(
    '/recebimentos/lote',
    {
      ...apenasUsuarios,
      schema: {
        tags: ['tramitacao'],
        summary: 'Recebe, na unidade atual do usuário, vários documentos, cada um por si; resultado por documento',
        body: receberLoteSchema,
        response: { 200: z.array(resultadoRecebimentoLoteSchema), ...respostasErro(400, 401, 403) },
      },
    },
    async (request) =>
      recebimento.receberEmLote(
        app.db,
        exigirUsuario(request),
        request.body.idsDocumentos,
        { ip: request.ip, urlPublica: app.config.urlPublica },
        request.log,
      ),
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

  rotasFluxosEDestinos(app, {
    prefixo: '/reencaminhamento/documento/:id',
    ...apenasReencaminhamento,
    tag: 'reencaminhamento',
    resumoFluxos: 'Fluxos com os passos válidos para a unidade que detém o documento (ou que deve recebê-lo)',
    resumoDestinos: 'Destinos permitidos pelo passo, a partir da unidade que detém o documento',
    listarFluxos: reencaminhamento.listarFluxosReencaminhamento,
    listarDestinos: reencaminhamento.listarDestinosReencaminhamento,
  });

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

  rotaEnvio(app, {
    prefixo: '/reencaminhamento/documento/:id',
    ...apenasReencaminhamento,
    tag: 'reencaminhamento',
    resumo: 'Tramita o documento em nome da unidade que o detém',
    corpo: reencaminharSchema,
    enviar: reencaminhamento.reencaminhar,
  });

  rotasCancelamentoEnvio(app);
};
