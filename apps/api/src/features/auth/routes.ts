import {
  type alterarConfiguracoesSchema,
  configuracoesSchema,
  destinoSeguroAposLogin,
  MENSAGENS,
  permissaoSchema,
  usuarioSchema,
} from '@tramite/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { exigirUsuario } from '../../platform/autenticacao.ts';
import { ErroLimiteTaxa } from '../../platform/erros.ts';
import { respostasErro } from '../../platform/rotas.ts';
import { COOKIE_SESSAO, encerrarSessao } from '../../platform/sessao.ts';
import {
  ClienteOidc,
  concluirLoginOidc,
  ErroOidc,
  iniciarLoginOidc,
  PRAZO_TRANSACAO_MINUTOS,
  type ResultadoCallback,
  urlEncerramentoProvedor,
} from './oidc-cliente.ts';
import { paginaAvisoLogin, paginaLogin } from './pagina-login.ts';
import * as service from './service.ts';

const erros = respostasErro(400, 401, 403);

/** Holds the random handle of the login in progress between the redirect to the provider and its answer. */
const COOKIE_OIDC = 'tramite_oidc';

/** The same cookie for a password or an OIDC login. */
function opcoesCookieSessao(config: Config, expiraEm: Date) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: config.sessao.cookieSeguro, expires: expiraEm };
}

/**
 * A same-site destination ready for the Location header: characters outside printable ASCII (accents, spaces) are
 * percent-encoded as UTF-8, since Node refuses them in a header (it used to answer 500).
 */
function destinoParaLocation(destino: string): string {
  return destino.replace(/[^\x21-\x7e]/gu, (c) =>
    [...Buffer.from(c, 'utf8')].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join(''),
  );
}

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
        if (resultado.erro instanceof ErroLimiteTaxa)
          reply.header('retry-after', String(resultado.erro.tentarEmSegundos));
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
        response: { 200: usuarioSchema, ...erros },
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
        response: { 200: z.array(permissaoSchema), ...erros },
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
        response: { 200: configuracoesSchema, ...erros },
      },
    },
    async (request) => service.buscarConfiguracoes(app.db, exigirUsuario(request).id),
  );

  app.post(
    '/auth/configuracoes',
    {
      schema: {
        tags: ['auth'],
        summary: 'Altera a unidade atual, o e-mail de notificação e o horário do resumo diário (HH:MM ou null)',
        body: z.object({
          idUnidadeAtual: z.unknown(),
          email: z.unknown().optional(),
          notificacoesPorEmail: z.unknown().optional(),
          resumoDiarioHorario: z.unknown().optional(),
        }),
        response: { 200: configuracoesSchema, ...erros },
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
    resumoDiarioHorario: corpo.resumoDiarioHorario ?? null,
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

function responderAvisoLogin(reply: FastifyReply, config: Config, status: number, mensagem: string) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(paginaAvisoLogin(config.instituicao.nome, mensagem, config.loginLocal));
}

/** GET /api/auth/login with OIDC on: sends the browser to the provider. */
async function redirecionarParaProvedor(
  request: FastifyRequest,
  reply: FastifyReply,
  cliente: ClienteOidc,
  redirect: string,
) {
  const { db, config } = request.server;
  try {
    const { url, handle } = await iniciarLoginOidc(db, cliente, redirect);
    return reply
      .header('cache-control', 'no-store')
      .setCookie(COOKIE_OIDC, handle, {
        path: '/api/auth/oidc',
        httpOnly: true,
        // Lax: the provider's answer is a top-level GET navigation from another site, which still carries it.
        sameSite: 'lax',
        secure: config.sessao.cookieSeguro,
        maxAge: PRAZO_TRANSACAO_MINUTOS * 60,
      })
      .redirect(url.href, 302);
  } catch (erro) {
    if (!(erro instanceof ErroOidc)) throw erro;
    request.log.warn({ err: erro }, 'provedor OpenID Connect indisponível');
    return responderAvisoLogin(reply, config, erro.status, erro.message);
  }
}

/** The provider's answer: opens the same database session a password login opens (new token, old one ended). */
const rotasOidc: FastifyPluginAsyncZod<{ cliente: ClienteOidc }> = async (app, { cliente }) => {
  app.get(
    '/auth/oidc/callback',
    {
      schema: {
        tags: ['auth'],
        summary: 'Resposta do provedor OpenID Connect; abre a sessão e redireciona (303) ao destino',
        querystring: z.record(z.string(), z.string().max(4000)),
        produces: ['text/html'],
      },
    },
    async (request, reply) => {
      reply.clearCookie(COOKIE_OIDC, { path: '/api/auth/oidc' });
      let resultado: ResultadoCallback;
      try {
        resultado = await concluirLoginOidc(app.db, cliente, request.cookies[COOKIE_OIDC], request.query, request.ip);
      } catch (erro) {
        if (!(erro instanceof ErroOidc)) throw erro;
        request.log.warn({ err: erro.cause ?? erro }, 'login OpenID Connect recusado');
        return responderAvisoLogin(reply, app.config, erro.status, erro.message);
      }
      const sessao = await service.abrirSessaoOidc(app.db, app.config, resultado, {
        ip: request.ip,
        agente: request.headers['user-agent'],
        tokenAnterior: request.cookies[COOKIE_SESSAO],
      });
      return reply
        .header('cache-control', 'no-store')
        .setCookie(COOKIE_SESSAO, sessao.token, opcoesCookieSessao(app.config, sessao.expiraEm))
        .redirect(destinoParaLocation(resultado.redirect), 303);
    },
  );
};
