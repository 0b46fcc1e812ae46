import { createHash, randomBytes } from 'node:crypto';
import { MENSAGENS } from '@tramite/shared';
import * as client from 'openid-client';
import type { ConfigOidc } from '../../config.ts';
import type { Banco } from '../../db/connection.ts';
import { registrarAuditoria } from '../../platform/auditoria.ts';
import * as queries from './queries.ts';

/** Time the user has to sign in at the provider. */
export const PRAZO_TRANSACAO_MINUTOS = 10;

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
  await queries.apagarTransacoesOidcVencidas(db);
  await queries.inserirTransacaoOidc(db, {
    id: hash(handle),
    estado,
    nonce,
    verificadorPkce: verificador,
    redirect,
    expiraEm: new Date(Date.now() + PRAZO_TRANSACAO_MINUTOS * 60_000),
  });
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
  const transacao = await queries.consumirTransacaoOidc(db, hash(handle));
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
    const vinculado = await queries.buscarUsuarioPorOidcSub(trx, sub);
    if (vinculado) {
      if (!vinculado.ativo) throw new ErroOidc(403, MENSAGENS.oidc.usuarioInativo);
      return vinculado.id;
    }
    const valor = claims[config.claimUsuario];
    if (typeof valor !== 'string' || !valor.trim()) throw new ErroOidc(403, MENSAGENS.oidc.usuarioDesconhecido);
    if (config.campoUsuario === 'email' && claims.email_verified === false) {
      throw new ErroOidc(403, MENSAGENS.oidc.usuarioDesconhecido);
    }
    const candidatos = await queries.buscarCandidatosOidc(trx, config.campoUsuario, valor.trim().toLowerCase());
    const [usuario] = candidatos;
    if (!usuario || candidatos.length > 1) throw new ErroOidc(403, MENSAGENS.oidc.usuarioDesconhecido);
    if (usuario.oidcSub !== null) throw new ErroOidc(403, MENSAGENS.oidc.contaJaVinculada);
    if (!usuario.ativo) throw new ErroOidc(403, MENSAGENS.oidc.usuarioInativo);
    await queries.vincularOidcSub(trx, usuario.id, sub);
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
