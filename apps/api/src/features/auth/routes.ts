import {
  type alterarConfiguracoesSchema,
  configuracoesSchema,
  destinoSeguroAposLogin,
  erroApiSchema,
  MENSAGENS,
  permissaoSchema,
  usuarioSchema,
} from '@tramite/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exigirUsuario } from '../../platform/autenticacao.ts';
import { COOKIE_SESSAO, encerrarSessao } from '../../platform/sessao.ts';
import {
  ClienteOidc,
  destinoParaLocation,
  opcoesCookieSessao,
  redirecionarParaProvedor,
  responderAvisoLogin,
  rotasOidc,
  urlEncerramentoProvedor,
} from './oidc.ts';
import { paginaLogin } from './pagina-login.ts';
import * as service from './service.ts';

const respostasErro = { 400: erroApiSchema, 401: erroApiSchema, 403: erroApiSchema };

export const rotasAuth: FastifyPluginAsyncZod = async (app) => {
  const cookieSessao = (expiraEm: Date) => opcoesCookieSessao(app.config, expiraEm);
  // OpenID Connect (issue 12): with OIDC_ISSUER set, the login page sends the browser to the provider.
  const oidc = app.config.oidc ? new ClienteOidc(app.config.oidc) : null;
  if (oidc) await app.register(rotasOidc, { cliente: oidc });

  const responderPaginaLogin = (
    reply: FastifyReply,
    status: number,
    dados: { redirect: string; username?: string; erro?: string },
  ) =>
    reply
      .status(status)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(paginaLogin({ instituicao: app.config.instituicao.nome, ...dados }));

  app.get(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Página de login do produto',
        querystring: z.object({ redirect: z.string().max(2000).optional(), local: z.string().max(10).optional() }),
        produces: ['text/html'],
      },
    },
    async (request, reply) => {
      const redirect = destinoSeguroAposLogin(request.query.redirect);
      if (oidc && !(app.config.loginLocal && request.query.local === '1')) {
        return redirecionarParaProvedor(request, reply, oidc, redirect);
      }
      return responderPaginaLogin(reply, 200, { redirect });
    },
  );

  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Envia usuário e senha do formulário de login; redireciona (303) ao destino',
        consumes: ['application/x-www-form-urlencoded'],
        body: z.object({
          username: z.string().max(200).default(''),
          password: z.string().max(1000).default(''),
          redirect: z.string().max(2000).optional(),
        }),
      },
    },
    async (request, reply) => {
      const redirect = destinoSeguroAposLogin(request.body.redirect);
      if (!app.config.loginLocal) {
        return responderAvisoLogin(reply, app.config, 403, MENSAGENS.oidc.loginLocalDesativado);
      }
      if (!origemConfiavel(request)) {
        return responderPaginaLogin(reply, 403, { redirect, erro: MENSAGENS.login.origemInvalida });
      }
      const resultado = await service.entrar(app.db, app.config, request.body, {
        ip: request.ip,
        agente: request.headers['user-agent'],
      });
      if (!resultado.ok) {
        return responderPaginaLogin(reply, resultado.erro.status, {
          redirect,
          username: request.body.username,
          erro: resultado.erro.message,
        });
      }
      const anterior = request.cookies[COOKIE_SESSAO];
      if (anterior) await encerrarSessao(app.db, anterior);
      return reply
        .setCookie(COOKIE_SESSAO, resultado.token, cookieSessao(resultado.expiraEm))
        .redirect(destinoParaLocation(redirect), 303);
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Encerra a sessão; a de um login OIDC responde o endereço que encerra também a sessão no provedor',
        response: {
          200: z.object({ urlSaida: z.string().describe('Endereço de saída do provedor, para o navegador seguir') }),
          204: z.null(),
        },
      },
    },
    async (request, reply) => {
      const token = request.cookies[COOKIE_SESSAO];
      const sessao = token
        ? await service.sair(app.db, token, { ip: request.ip, agente: request.headers['user-agent'] })
        : null;
      reply.clearCookie(COOKIE_SESSAO, { path: '/' }).header('cache-control', 'no-store');
      const urlSaida = oidc && sessao?.idTokenOidc ? await urlEncerramentoProvedor(oidc, sessao.idTokenOidc) : null;
      if (urlSaida) return reply.status(200).send({ urlSaida });
      if (sessao?.idTokenOidc) {
        request.log.warn(
          'sessão no provedor OpenID Connect não encerrada (sem end_session_endpoint, fora do ar ou OIDC desligado)',
        );
      }
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/auth',
    {
      schema: {
        tags: ['auth'],
        summary: 'Usuário autenticado, com permissões, configurações e lotações',
        response: { 200: usuarioSchema, ...respostasErro },
      },
    },
    async (request) => service.buscarUsuario(app.db, exigirUsuario(request).id),
  );

  app.get(
    '/auth/permissoes',
    {
      schema: {
        tags: ['auth'],
        summary: 'Permissões do usuário autenticado',
        response: { 200: z.array(permissaoSchema), ...respostasErro },
      },
    },
    async (request) => exigirUsuario(request).permissoes,
  );

  app.get(
    '/auth/configuracoes',
    {
      schema: {
        tags: ['auth'],
        summary: 'Configurações do usuário (unidade atual e notificações)',
        response: { 200: configuracoesSchema, ...respostasErro },
      },
    },
    async (request) => service.buscarConfiguracoes(app.db, exigirUsuario(request).id),
  );

  app.post(
    '/auth/configuracoes',
    {
      schema: {
        tags: ['auth'],
        summary: 'Altera a unidade atual e o e-mail de notificação',
        body: z.object({
          idUnidadeAtual: z.unknown(),
          email: z.unknown().optional(),
          notificacoesPorEmail: z.unknown().optional(),
        }),
        response: { 200: configuracoesSchema, ...respostasErro },
      },
    },
    async (request) => {
      const usuario = exigirUsuario(request);
      return service.alterarConfiguracoes(app.db, usuario.id, corpoConfiguracoes(request.body), request.ip);
    },
  );
};

/** The body is validated by the shared schema inside the service, so the form and the API give the same messages. */
function corpoConfiguracoes(corpo: Record<string, unknown>) {
  return {
    idUnidadeAtual: corpo.idUnidadeAtual,
    email: corpo.email ?? null,
    notificacoesPorEmail: corpo.notificacoesPorEmail ?? false,
  } as z.input<typeof alterarConfiguracoesSchema>;
}

/** A login form post must come from this site: compare Origin (or Referer) with the request's own host. */
function origemConfiavel(request: FastifyRequest): boolean {
  const origem = request.headers.origin ?? request.headers.referer;
  if (!origem || origem === 'null') return origem === undefined;
  try {
    return new URL(origem).host === request.host;
  } catch {
    return false;
  }
}
