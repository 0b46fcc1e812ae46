import { createHash } from 'node:crypto';
import { MENSAGENS } from '@tramite/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lerConfig } from '../../config.ts';
import { type AppTeste, cabecalhosApp, criarAppTeste } from '../../testing/app-teste.ts';
import { criarUnidade, criarUsuario } from '../../testing/fabricas.ts';
import {
  iniciarProvedorOidc,
  NavegadorProvedor,
  POS_SAIDA_URI,
  type ProvedorOidc,
  REDIRECT_URI,
  URL_PUBLICA,
} from '../../testing/provedor-oidc.ts';
import { esperarSessaoAberta } from '../../testing/respostas.ts';

/**
 * End to end against a real OpenID Connect provider (oidc-provider) listening on the loopback interface, with its
 * development login and consent pages driven by plain HTTP calls, as a browser would.
 */

let provedor: ProvedorOidc;
let emissor: string;
let t: AppTeste;
let idAna: number;
/** Authorization requests the provider received (to check PKCE). */
let pedidosAutorizacao: URL[];

beforeAll(async () => {
  provedor = await iniciarProvedorOidc();
  ({ emissor, pedidosAutorizacao } = provedor);
  t = await criarAppTeste({
    PUBLIC_URL: URL_PUBLICA,
    OIDC_ISSUER: emissor,
    OIDC_CLIENT_ID: 'tramite',
    OIDC_CLIENT_SECRET: 'segredo-de-teste',
  });
  const unidade = await criarUnidade(t.banco.db, { sigla: 'PROT', nome: 'Protocolo Central' });
  idAna = (await criarUsuario(t.banco.db, { username: 'ana', nome: 'Ana Paula', lotacoes: [unidade.id] })).id;
  const inativo = await criarUsuario(t.banco.db, { username: 'inativo', lotacoes: [unidade.id] });
  await t.banco.db.updateTable('usuario').set({ ativo: false }).where('id', '=', inativo.id).execute();
});

afterAll(async () => {
  await t?.fechar();
  await provedor?.fechar();
});

/** GET /api/auth/login: the answer must send the browser to the provider and set the transaction cookie. */
async function iniciar(redirect = '/caixa-postal', cookie?: string) {
  const resposta = await t.app.inject({
    method: 'GET',
    url: `/api/auth/login?redirect=${encodeURIComponent(redirect)}`,
    headers: cookie ? { cookie } : {},
  });
  expect(resposta.statusCode).toBe(302);
  const transacao = resposta.cookies.find((c) => c.name === 'tramite_oidc');
  expect(transacao?.httpOnly).toBe(true);
  return { urlAutorizacao: String(resposta.headers.location), cookieOidc: `tramite_oidc=${transacao?.value}` };
}

async function concluir(callback: URL, cookies: string) {
  return t.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}`, headers: { cookie: cookies } });
}

describe('login OpenID Connect', () => {
  it('vai ao provedor com PKCE S256, state e nonce, e volta com a sessão do usuário mapeado', async () => {
    const { urlAutorizacao, cookieOidc } = await iniciar('/documentos/5?aba=pecas');
    const pedido = new URL(urlAutorizacao);
    expect(pedido.origin).toBe(emissor);
    expect(pedido.searchParams.get('code_challenge_method')).toBe('S256');
    expect(pedido.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(pedido.searchParams.get('state')).toBeTruthy();
    expect(pedido.searchParams.get('nonce')).toBeTruthy();
    expect(pedido.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(pedido.searchParams.get('response_type')).toBe('code');
    // The verifier never leaves the server.
    const transacao = await t.banco.db.selectFrom('oidcTransacao').selectAll().executeTakeFirstOrThrow();
    expect(urlAutorizacao).not.toContain(transacao.verificadorPkce);
    expect(transacao.redirect).toBe('/documentos/5?aba=pecas');

    const callback = await new NavegadorProvedor().entrar(urlAutorizacao, 'idp-ana');
    expect(callback.searchParams.get('code')).toBeTruthy();
    expect(pedidosAutorizacao.at(-1)?.searchParams.get('code_challenge')).toBe(
      pedido.searchParams.get('code_challenge'),
    );

    const resposta = await concluir(callback, cookieOidc);
    const sessao = esperarSessaoAberta(resposta, '/documentos/5?aba=pecas');
    const cookie = `tramite_sessao=${sessao?.value}`;
    const usuario = await t.app.inject({ method: 'GET', url: '/api/auth', headers: { cookie } });
    expect(usuario.statusCode).toBe(200);
    expect(usuario.json()).toMatchObject({ id: idAna, username: 'ana', nome: 'Ana Paula' });

    // The provider's subject is linked to the Usuario, and the link is audited.
    const linha = await t.banco.db.selectFrom('usuario').select('oidcSub').where('id', '=', idAna).executeTakeFirst();
    expect(linha?.oidcSub).toBe('idp-ana');
    const auditoria = await t.banco.db
      .selectFrom('auditoria')
      .selectAll()
      .where('acao', '=', 'VINCULAR_OIDC')
      .executeTakeFirstOrThrow();
    expect(auditoria).toMatchObject({ idUsuario: idAna, entidade: 'usuario', idEntidade: String(idAna) });
    expect(auditoria.depois).toMatchObject({ oidcSub: 'idp-ana' });
    // The transaction is used once.
    expect(await t.banco.db.selectFrom('oidcTransacao').selectAll().execute()).toHaveLength(0);
    const reuso = await concluir(callback, cookieOidc);
    expect(reuso.statusCode).toBe(400);
    expect(reuso.cookies.find((c) => c.name === 'tramite_sessao' && c.value)).toBeUndefined();

    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: cabecalhosApp(cookie) });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth', headers: { cookie } })).statusCode).toBe(401);
  });

  it('reconhece pelo sub um usuário já vinculado, mesmo depois de o username mudar, e troca a sessão anterior', async () => {
    await t.banco.db.updateTable('usuario').set({ username: 'ana.paula' }).where('id', '=', idAna).execute();
    try {
      const anterior = await iniciarEConcluir('idp-ana');
      const { urlAutorizacao, cookieOidc } = await iniciar('/home', anterior);
      const callback = await new NavegadorProvedor().entrar(urlAutorizacao, 'idp-ana');
      const resposta = await concluir(callback, `${cookieOidc}; ${anterior}`);
      expect(resposta.statusCode).toBe(303);
      const novo = `tramite_sessao=${resposta.cookies.find((c) => c.name === 'tramite_sessao')?.value}`;
      expect(novo).not.toBe(anterior);
      const usuario = await t.app.inject({ method: 'GET', url: '/api/auth', headers: { cookie: novo } });
      expect(usuario.json()).toMatchObject({ id: idAna, username: 'ana.paula' });
      // Session rotation at login: the cookie the browser held before no longer works.
      expect((await t.app.inject({ method: 'GET', url: '/api/auth', headers: { cookie: anterior } })).statusCode).toBe(
        401,
      );
    } finally {
      await t.banco.db.updateTable('usuario').set({ username: 'ana' }).where('id', '=', idAna).execute();
    }
  });

  it('recusa a resposta com um state que não é o da transação', async () => {
    const { urlAutorizacao, cookieOidc } = await iniciar();
    const callback = await new NavegadorProvedor().entrar(urlAutorizacao, 'idp-ana');
    callback.searchParams.set('state', 'state-forjado');
    const resposta = await concluir(callback, cookieOidc);
    expect(resposta.statusCode).toBe(400);
    expect(resposta.headers['content-type']).toContain('text/html');
    expect(resposta.body).toContain(MENSAGENS.oidc.falhaProvedor);
    expect(resposta.cookies.find((c) => c.name === 'tramite_sessao' && c.value)).toBeUndefined();
  });

  it('recusa a resposta do provedor sem o cookie da transação (login forçado de outro site)', async () => {
    const { urlAutorizacao } = await iniciar();
    const callback = await new NavegadorProvedor().entrar(urlAutorizacao, 'idp-ana');
    const resposta = await concluir(callback, '');
    expect(resposta.statusCode).toBe(400);
    expect(resposta.body).toContain(MENSAGENS.oidc.falhaProvedor);
    expect(resposta.cookies.find((c) => c.name === 'tramite_sessao' && c.value)).toBeUndefined();
  });

  it('recusa um usuário do provedor que não existe no Trâmite, sem criá-lo', async () => {
    const antes = await t.banco.db.selectFrom('usuario').select('id').execute();
    const { urlAutorizacao, cookieOidc } = await iniciar();
    const callback = await new NavegadorProvedor().entrar(urlAutorizacao, 'idp-forasteiro');
    const resposta = await concluir(callback, cookieOidc);
    expect(resposta.statusCode).toBe(403);
    expect(resposta.body).toContain('<html lang="pt-BR">');
    expect(resposta.body).toContain(MENSAGENS.oidc.usuarioDesconhecido);
    expect(resposta.cookies.find((c) => c.name === 'tramite_sessao' && c.value)).toBeUndefined();
    expect(await t.banco.db.selectFrom('usuario').select('id').execute()).toHaveLength(antes.length);
  });

  it('recusa um usuário desativado', async () => {
    const { urlAutorizacao, cookieOidc } = await iniciar();
    const callback = await new NavegadorProvedor().entrar(urlAutorizacao, 'idp-inativo');
    const resposta = await concluir(callback, cookieOidc);
    expect(resposta.statusCode).toBe(403);
    expect(resposta.body).toContain(MENSAGENS.oidc.usuarioInativo);
  });

  it('ao sair, encerra também a sessão no provedor (RP-initiated logout) e volta à página de login', async () => {
    const navegador = new NavegadorProvedor();
    const primeira = await iniciarEConcluir('idp-ana', navegador);
    expect(navegador.telasDeLogin).toBe(1);
    // Single sign-on: while the provider's session lives, the next login does not ask again.
    const marco = await ultimoIdAuditoria();
    const { urlAutorizacao, cookieOidc } = await iniciar('/home', primeira);
    const resposta = await concluir(await navegador.entrar(urlAutorizacao, 'idp-ana'), `${cookieOidc}; ${primeira}`);
    expect(resposta.statusCode).toBe(303);
    expect(navegador.telasDeLogin).toBe(1);
    expect(navegador.temSessaoNoProvedor).toBe(true);
    const token = resposta.cookies.find((c) => c.name === 'tramite_sessao')?.value ?? '';
    const cookie = `tramite_sessao=${token}`;
    const idSessao = createHash('sha256').update(token).digest('hex');

    // The ID token is kept with the session; the audit names the session by its id (the token's hash) only.
    const sessao = await t.banco.db
      .selectFrom('sessao')
      .selectAll()
      .where('id', '=', idSessao)
      .executeTakeFirstOrThrow();
    expect(sessao.idTokenOidc).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const login = await auditoriaDesde(marco);
    expect(login).toHaveLength(1);
    expect(login[0]).toMatchObject({
      idUsuario: idAna,
      acao: 'LOGIN_OIDC',
      entidade: 'sessao',
      idEntidade: idSessao,
      depois: { metodo: 'oidc', emissor, oidcSub: 'idp-ana' },
    });

    const saida = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: cabecalhosApp(cookie) });
    expect(saida.statusCode).toBe(200);
    expect(saida.headers['cache-control']).toBe('no-store');
    const urlSaida = new URL(saida.json().urlSaida);
    const fimDeSessao = (await (await fetch(`${emissor}/.well-known/openid-configuration`)).json()) as {
      end_session_endpoint: string;
    };
    expect(`${urlSaida.origin}${urlSaida.pathname}`).toBe(fimDeSessao.end_session_endpoint);
    expect(urlSaida.searchParams.get('id_token_hint')).toBe(sessao.idTokenOidc);
    expect(urlSaida.searchParams.get('post_logout_redirect_uri')).toBe(POS_SAIDA_URI);
    expect(urlSaida.searchParams.get('client_id')).toBe('tramite');
    // The local session is over before the browser even goes to the provider.
    expect((await t.app.inject({ method: 'GET', url: '/api/auth', headers: { cookie } })).statusCode).toBe(401);
    expect(await t.banco.db.selectFrom('sessao').select('id').where('id', '=', idSessao).execute()).toEqual([]);
    const registros = await auditoriaDesde(marco);
    expect(registros.map((r) => r.acao)).toEqual(['LOGIN_OIDC', 'LOGOUT']);
    expect(registros[1]).toMatchObject({ idUsuario: idAna, entidade: 'sessao', idEntidade: idSessao });
    expect(registros[1]?.depois).toMatchObject({ metodo: 'oidc' });
    const texto = JSON.stringify(registros);
    expect(texto).not.toContain(String(sessao.idTokenOidc));
    expect(texto).not.toContain(token);

    // At the provider: it accepts the hint and the registered return address, ends its session, comes back.
    expect(await navegador.sair(urlSaida.href)).toEqual(new URL(POS_SAIDA_URI));
    expect(navegador.temSessaoNoProvedor).toBe(false);
    // The next login asks for the password again.
    await iniciarEConcluir('idp-ana', navegador);
    expect(navegador.telasDeLogin).toBe(2);
    // The return address: the login page by default, or OIDC_POST_LOGOUT_REDIRECT_URI.
    expect(lerConfig({ OIDC_ISSUER: emissor, OIDC_CLIENT_ID: 'x', PUBLIC_URL: URL_PUBLICA }).oidc).toMatchObject({
      posLogoutRedirectUri: POS_SAIDA_URI,
    });
    expect(
      lerConfig({
        OIDC_ISSUER: emissor,
        OIDC_CLIENT_ID: 'x',
        OIDC_POST_LOGOUT_REDIRECT_URI: 'https://tramite.ufex.edu.br/home',
      }).oidc?.posLogoutRedirectUri,
    ).toBe('https://tramite.ufex.edu.br/home');
  });

  it('guarda só destinos do próprio site para depois do login', async () => {
    for (const destino of ['https://malicioso.example/x', '//malicioso.example', '/\\malicioso.example']) {
      await t.banco.db.deleteFrom('oidcTransacao').execute();
      await iniciar(destino);
      const transacao = await t.banco.db.selectFrom('oidcTransacao').select('redirect').executeTakeFirstOrThrow();
      expect(transacao.redirect).toBe('/home');
    }
  });

  it('desativa o login por senha quando o OIDC está ligado', async () => {
    const resposta = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: new URLSearchParams({ username: 'ana', password: 'ana' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(resposta.statusCode).toBe(403);
    expect(resposta.body).toContain(MENSAGENS.oidc.loginLocalDesativado);
    expect(resposta.cookies).toHaveLength(0);
    expect(lerConfig({ OIDC_ISSUER: emissor, OIDC_CLIENT_ID: 'x' }).loginLocal).toBe(false);
    expect(lerConfig({ OIDC_ISSUER: emissor, OIDC_CLIENT_ID: 'x', LOGIN_LOCAL: '1' }).loginLocal).toBe(true);
    expect(lerConfig({}).loginLocal).toBe(true);
    expect(() => lerConfig({ OIDC_ISSUER: emissor })).toThrow(/OIDC_CLIENT_ID/);
  });
});

describe('login OpenID Connect com o provedor fora do ar', () => {
  it('mostra uma página clara (503) e mantém o login por senha quando LOGIN_LOCAL=1', async () => {
    const outro = await criarAppTeste({
      OIDC_ISSUER: 'http://127.0.0.1:9/nada',
      OIDC_CLIENT_ID: 'tramite',
      LOGIN_LOCAL: '1',
    });
    try {
      const unidade = await criarUnidade(outro.banco.db);
      await criarUsuario(outro.banco.db, { username: 'bruno', lotacoes: [unidade.id] });
      const resposta = await outro.app.inject({ method: 'GET', url: '/api/auth/login' });
      expect(resposta.statusCode).toBe(503);
      expect(resposta.body).toContain(MENSAGENS.oidc.provedorIndisponivel);
      expect(resposta.body).toContain('href="/api/auth/login?local=1"');
      const local = await outro.app.inject({ method: 'GET', url: '/api/auth/login?local=1' });
      expect(local.statusCode).toBe(200);
      expect(local.body).toContain('<label for="username">Usuário</label>');
      const cookie = await outro.entrar('bruno');
      expect(cookie).toMatch(/^tramite_sessao=/);
      // A password session leaves as before: nothing to end at the provider.
      const saida = await outro.app.inject({ method: 'POST', url: '/api/auth/logout', headers: cabecalhosApp(cookie) });
      expect(saida.statusCode).toBe(204);
      expect(saida.body).toBe('');
    } finally {
      await outro.fechar();
    }
  });
});

async function iniciarEConcluir(login: string, navegador = new NavegadorProvedor()): Promise<string> {
  const { urlAutorizacao, cookieOidc } = await iniciar();
  const callback = await navegador.entrar(urlAutorizacao, login);
  const resposta = await concluir(callback, cookieOidc);
  expect(resposta.statusCode).toBe(303);
  return `tramite_sessao=${resposta.cookies.find((c) => c.name === 'tramite_sessao')?.value}`;
}

async function ultimoIdAuditoria(): Promise<number> {
  const linha = await t.banco.db
    .selectFrom('auditoria')
    .select((eb) => eb.fn.coalesce(eb.fn.max('id'), eb.val(0)).as('id'))
    .executeTakeFirstOrThrow();
  return Number(linha.id);
}

function auditoriaDesde(id: number) {
  return t.banco.db
    .selectFrom('auditoria')
    .selectAll()
    .where('id', '>', id)
    .where('acao', 'in', ['LOGIN_OIDC', 'LOGOUT'])
    .orderBy('id')
    .execute();
}
