import { createHash, randomBytes } from 'node:crypto';
import { MENSAGENS } from '@tramite/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import * as client from 'openid-client';
import { z } from 'zod';
import type { Config, ConfigOidc } from '../../config.ts';
import type { Banco } from '../../db/connection.ts';
import { registrarAuditoria } from '../../platform/auditoria.ts';
import { COOKIE_SESSAO, criarSessao, encerrarSessao } from '../../platform/sessao.ts';
import { detalhesAcesso } from './service.ts';

/** Holds the random handle of the login in progress between the redirect to the provider and its answer. */
export const COOKIE_OIDC = 'tramite_oidc';
export const CAMINHO_CALLBACK_OIDC = '/api/auth/oidc/callback';
/** Time the user has to sign in at the provider. */
const PRAZO_TRANSACAO_MINUTOS = 10;

/** The same cookie for a password or an OIDC login. */
export function opcoesCookieSessao(config: Config, expiraEm: Date) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: config.sessao.cookieSeguro, expires: expiraEm };
}

/**
 * A same-site destination ready for the Location header: characters outside printable ASCII (accents, spaces) are
 * percent-encoded as UTF-8, since Node refuses them in a header (it used to answer 500).
 */
export function destinoParaLocation(destino: string): string {
  return destino.replace(/[^\x21-\x7e]/gu, (c) =>
    [...Buffer.from(c, 'utf8')].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join(''),
  );
}

const hash = (valor: string) => createHash('sha256').update(valor).digest('hex');

/**
 * The provider's metadata, read once (discovery) and kept; a failed read is not kept, so the next login tries again.
 * Plain http is accepted only for a provider on the loopback interface (tests, a developer's machine).
 */
export class ClienteOidc {
  private configuracao: Promise<client.Configuration> | null = null;

  constructor(readonly config: ConfigOidc) {}

  obterConfiguracao(): Promise<client.Configuration> {
    if (!this.configuracao) {
      const emissor = new URL(this.config.issuer);
      const autenticacao = this.config.clientSecret
        ? client.ClientSecretBasic(this.config.clientSecret)
        : client.None();
      const local = ['localhost', '127.0.0.1', '[::1]'].includes(emissor.hostname);
      this.configuracao = client
        .discovery(
          emissor,
          this.config.clientId,
          { redirect_uris: [this.config.redirectUri], response_types: ['code'] },
          autenticacao,
          emissor.protocol === 'http:' && local ? { execute: [client.allowInsecureRequests] } : undefined,
        )
        .catch((erro) => {
          this.configuracao = null;
          throw erro;
        });
    }
    return this.configuracao;
  }
}

export class ErroOidc extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Starts the authorization code flow with PKCE (S256), state and nonce. The three secrets stay in the database under
 * the hash of a random handle that only the browser's cookie holds.
 */
export async function iniciarLoginOidc(
  db: Banco,
  cliente: ClienteOidc,
  redirect: string,
): Promise<{ url: URL; handle: string }> {
  let configuracao: client.Configuration;
  try {
    configuracao = await cliente.obterConfiguracao();
  } catch {
    throw new ErroOidc(503, MENSAGENS.oidc.provedorIndisponivel);
  }
  const handle = randomBytes(32).toString('base64url');
  const estado = client.randomState();
  const nonce = client.randomNonce();
  const verificador = client.randomPKCECodeVerifier();
  const desafio = await client.calculatePKCECodeChallenge(verificador);
  await db.deleteFrom('oidcTransacao').where('expiraEm', '<=', sql<Date>`now()`).execute();
  await db
    .insertInto('oidcTransacao')
    .values({
      id: hash(handle),
      estado,
      nonce,
      verificadorPkce: verificador,
      redirect,
      expiraEm: new Date(Date.now() + PRAZO_TRANSACAO_MINUTOS * 60_000),
    })
    .execute();
  const url = client.buildAuthorizationUrl(configuracao, {
    redirect_uri: cliente.config.redirectUri,
    scope: cliente.config.scopes,
    response_type: 'code',
    code_challenge: desafio,
    code_challenge_method: 'S256',
    state: estado,
    nonce,
  });
  return { url, handle };
}

export type ResultadoCallback = { idUsuario: number; redirect: string; sub: string; idToken: string };

/**
 * Finishes the flow: the handle's transaction is used once; openid-client checks state, iss, the PKCE verifier (at
 * the token endpoint), the ID token's signature, audience and nonce. Then the provider's user is mapped to a Usuario.
 */
export async function concluirLoginOidc(
  db: Banco,
  cliente: ClienteOidc,
  handle: string | undefined,
  consulta: Record<string, string>,
  ip: string,
): Promise<ResultadoCallback> {
  if (!handle) throw new ErroOidc(400, MENSAGENS.oidc.falhaProvedor);
  const transacao = await db
    .deleteFrom('oidcTransacao')
    .where('id', '=', hash(handle))
    .returning(['estado', 'nonce', 'verificadorPkce', 'redirect', 'expiraEm'])
    .executeTakeFirst();
  if (!transacao || new Date(transacao.expiraEm).getTime() <= Date.now()) {
    throw new ErroOidc(400, MENSAGENS.oidc.falhaProvedor);
  }
  let configuracao: client.Configuration;
  try {
    configuracao = await cliente.obterConfiguracao();
  } catch {
    throw new ErroOidc(503, MENSAGENS.oidc.provedorIndisponivel);
  }
  const urlAtual = new URL(cliente.config.redirectUri);
  urlAtual.search = new URLSearchParams(consulta).toString();
  let claims: Record<string, unknown>;
  let idToken: string | undefined;
  try {
    const tokens = await client.authorizationCodeGrant(configuracao, urlAtual, {
      pkceCodeVerifier: transacao.verificadorPkce,
      expectedState: transacao.estado,
      expectedNonce: transacao.nonce,
      idTokenExpected: true,
    });
    const doToken = tokens.claims();
    idToken = tokens.id_token;
    if (!doToken || !idToken) throw new ErroOidc(400, MENSAGENS.oidc.falhaProvedor);
    claims = { ...doToken };
    // With the code flow most providers put profile claims only in the userinfo answer.
    if (claims[cliente.config.claimUsuario] === undefined && configuracao.serverMetadata().userinfo_endpoint) {
      const infos = await client.fetchUserInfo(configuracao, tokens.access_token, doToken.sub);
      claims = { ...infos, ...claims };
    }
  } catch (erro) {
    if (erro instanceof ErroOidc) throw erro;
    throw Object.assign(new ErroOidc(400, MENSAGENS.oidc.falhaProvedor), { cause: erro });
  }
  const idUsuario = await mapearUsuario(db, cliente.config, claims, ip);
  return { idUsuario, redirect: transacao.redirect, sub: String(claims.sub), idToken };
}

/**
 * Opens the Trâmite session of a finished OIDC login (the browser's previous one ended) and audits it as LOGIN_OIDC.
 * The ID token stays with the session, never in the audit: logging out hands it back to the provider.
 */
export async function abrirSessaoOidc(
  db: Banco,
  config: Config,
  resultado: ResultadoCallback,
  origem: { ip: string; agente: string | undefined; tokenAnterior: string | undefined },
): Promise<{ token: string; expiraEm: Date }> {
  return db.transaction().execute(async (trx) => {
    if (origem.tokenAnterior) await encerrarSessao(trx, origem.tokenAnterior);
    const sessao = await criarSessao(trx, resultado.idUsuario, config.sessao, {
      ip: origem.ip,
      agente: origem.agente,
      idTokenOidc: resultado.idToken,
    });
    await registrarAuditoria(trx, {
      idUsuario: resultado.idUsuario,
      acao: 'LOGIN_OIDC',
      entidade: 'sessao',
      idEntidade: sessao.idSessao,
      depois: { ...detalhesAcesso('oidc', origem.agente), emissor: config.oidc?.issuer, oidcSub: resultado.sub },
      ip: origem.ip,
    });
    return sessao;
  });
}

/**
 * RP-initiated logout: the provider's end_session address that ends its session too, with the session's ID token as
 * `id_token_hint` and the login page as `post_logout_redirect_uri`. Null when the provider has no such endpoint or
 * cannot be reached: the Trâmite session is ended anyway.
 */
export async function urlEncerramentoProvedor(cliente: ClienteOidc, idToken: string): Promise<string | null> {
  let configuracao: client.Configuration;
  try {
    configuracao = await cliente.obterConfiguracao();
  } catch {
    return null;
  }
  if (!configuracao.serverMetadata().end_session_endpoint) return null;
  return client.buildEndSessionUrl(configuracao, {
    id_token_hint: idToken,
    post_logout_redirect_uri: cliente.config.posLogoutRedirectUri,
  }).href;
}

/**
 * The provider's user becomes a Usuario: by `oidc_sub` once linked; the first time, by the configured claim
 * (preferred_username against username, or a verified email against email), then the sub is stored (audited).
 * Staff accounts are never created here: an unknown or ambiguous user is refused.
 */
export async function mapearUsuario(
  db: Banco,
  config: ConfigOidc,
  claims: Record<string, unknown>,
  ip: string,
): Promise<number> {
  const sub = typeof claims.sub === 'string' ? claims.sub : '';
  if (!sub) throw new ErroOidc(400, MENSAGENS.oidc.falhaProvedor);
  return db.transaction().execute(async (trx) => {
    const vinculado = await trx
      .selectFrom('usuario')
      .select(['id', 'ativo'])
      .where('oidcSub', '=', sub)
      .executeTakeFirst();
    if (vinculado) {
      if (!vinculado.ativo) throw new ErroOidc(403, MENSAGENS.oidc.usuarioInativo);
      return vinculado.id;
    }
    const valor = claims[config.claimUsuario];
    if (typeof valor !== 'string' || !valor.trim()) throw new ErroOidc(403, MENSAGENS.oidc.usuarioDesconhecido);
    if (config.campoUsuario === 'email' && claims.email_verified === false) {
      throw new ErroOidc(403, MENSAGENS.oidc.usuarioDesconhecido);
    }
    const candidatos = await trx
      .selectFrom('usuario')
      .select(['id', 'ativo', 'oidcSub'])
      .where(sql`lower(${sql.ref(config.campoUsuario)})`, '=', valor.trim().toLowerCase())
      .limit(2)
      .execute();
    const [usuario] = candidatos;
    if (!usuario || candidatos.length > 1) throw new ErroOidc(403, MENSAGENS.oidc.usuarioDesconhecido);
    if (usuario.oidcSub !== null) throw new ErroOidc(403, MENSAGENS.oidc.contaJaVinculada);
    if (!usuario.ativo) throw new ErroOidc(403, MENSAGENS.oidc.usuarioInativo);
    await trx.updateTable('usuario').set({ oidcSub: sub }).where('id', '=', usuario.id).execute();
    await registrarAuditoria(trx, {
      idUsuario: usuario.id,
      acao: 'VINCULAR_OIDC',
      entidade: 'usuario',
      idEntidade: usuario.id,
      antes: { oidcSub: null },
      depois: { oidcSub: sub, emissor: config.issuer, claim: config.claimUsuario },
      ip,
    });
    return usuario.id;
  });
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapar = (texto: string) => texto.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** A plain page (no script) that explains why the login did not happen. */
export function paginaAvisoLogin(instituicao: string, mensagem: string, linkLocal = false): string {
  const outro = linkLocal ? ' · <a href="/api/auth/login?local=1">Entrar com usuário e senha</a>' : '';
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Acesso não concluído — Trâmite</title>
<style>
  body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:#eef2f7;color:#1c2733}
  header{background:#0d3b66;color:#fff;padding:1rem 1.5rem}
  header p{margin:0;font-size:.95rem;opacity:.9}
  main{max-width:36rem;margin:3rem auto;background:#fff;border-radius:8px;box-shadow:0 2px 8px rgba(0,0,0,.12);padding:2rem}
  h1{font-size:1.4rem;margin:0 0 1rem}
  .erro{background:#fdecea;color:#8a1c12;border:1px solid #e5a29a;border-radius:4px;padding:.75rem}
  a{color:#0d3b66}
</style>
</head>
<body>
<header><strong>Trâmite</strong><p>${escapar(instituicao)} — Protocolo eletrônico</p></header>
<main>
<h1>Acesso não concluído</h1>
<p class="erro" role="alert">${escapar(mensagem)}</p>
<p><a href="/api/auth/login">Tentar entrar novamente</a> · <a href="/home">Página inicial</a>${outro}</p>
</main>
</body>
</html>`;
}

export function responderAvisoLogin(reply: FastifyReply, config: Config, status: number, mensagem: string) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(paginaAvisoLogin(config.instituicao.nome, mensagem, config.loginLocal));
}

/** GET /api/auth/login with OIDC on: sends the browser to the provider. */
export async function redirecionarParaProvedor(
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
export const rotasOidc: FastifyPluginAsyncZod<{ cliente: ClienteOidc }> = async (app, { cliente }) => {
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
      const sessao = await abrirSessaoOidc(app.db, app.config, resultado, {
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
