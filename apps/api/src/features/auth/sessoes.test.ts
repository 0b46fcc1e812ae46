import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MENSAGENS } from '@tramite/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppTeste, criarAppTeste } from '../../testing/app-teste.ts';
import { criarUnidade, criarUsuario } from '../../testing/fabricas.ts';

/**
 * Issue 12, sessions checklist: what auth.test.ts and plataforma.test.ts do not already cover (the Secure flag on a
 * real answer, the headers on the SPA and on JSON answers, CSRF on every state-changing operation, encoded open
 * redirects, the per-address login limit).
 */

let t: AppTeste;
let webDist: string;

beforeAll(async () => {
  webDist = await mkdtemp(join(tmpdir(), 'tramite-web-seg-'));
  await mkdir(join(webDist, 'assets'));
  await writeFile(
    join(webDist, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body></body></html>',
  );
  t = await criarAppTeste({ WEB_DIST: webDist, LOGIN_MAX_FALHAS: '2' });
  const unidade = await criarUnidade(t.banco.db);
  await criarUsuario(t.banco.db, { username: 'ana', lotacoes: [unidade.id] });
});

afterAll(async () => {
  await t?.fechar();
  await rm(webDist, { recursive: true, force: true });
});

const formularioLogin = (campos: Record<string, string>) => ({
  method: 'POST' as const,
  url: '/api/auth/login',
  payload: new URLSearchParams(campos).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

describe('cookie de sessão', () => {
  it('é Secure quando o endereço público é https, e não em http', async () => {
    const seguro = await criarAppTeste({ PUBLIC_URL: 'https://protocolo.ufex.edu.br' });
    try {
      const unidade = await criarUnidade(seguro.banco.db);
      await criarUsuario(seguro.banco.db, { username: 'bruno', lotacoes: [unidade.id] });
      const resposta = await seguro.app.inject(formularioLogin({ username: 'bruno', password: 'bruno' }));
      expect(resposta.statusCode).toBe(303);
      const cookie = resposta.cookies.find((c) => c.name === 'tramite_sessao');
      expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(resposta.headers['strict-transport-security']).toContain('max-age=');
    } finally {
      await seguro.fechar();
    }
    const resposta = await t.app.inject(formularioLogin({ username: 'ana', password: 'ana' }));
    const cookie = resposta.cookies.find((c) => c.name === 'tramite_sessao');
    expect(cookie?.secure).toBeFalsy();
    expect(resposta.headers['strict-transport-security']).toBeUndefined();
  });

  it('é apagado no navegador ao sair', async () => {
    const cookie = await t.entrar('ana');
    const saida = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(saida.statusCode).toBe(204);
    const apagado = saida.cookies.find((c) => c.name === 'tramite_sessao');
    expect(apagado?.value).toBe('');
    expect(apagado?.expires?.getTime()).toBeLessThan(Date.now());
  });
});

describe('cabeçalhos de segurança', () => {
  const conferir = (cabecalhos: Record<string, unknown>, onde: string) => {
    const csp = String(cabecalhos['content-security-policy'] ?? '');
    const scripts = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1] ?? '';
    expect(scripts, onde).toContain("'self'");
    expect(scripts, onde).not.toContain('unsafe-inline');
    expect(scripts, onde).not.toContain('unsafe-eval');
    expect(csp, onde).toContain("frame-ancestors 'none'");
    expect(csp, onde).toContain("object-src 'none'");
    expect(cabecalhos['x-content-type-options'], onde).toBe('nosniff');
    expect(cabecalhos['referrer-policy'], onde).toBe('same-origin');
    expect(cabecalhos['x-frame-options'], onde).toBe('SAMEORIGIN');
  };

  it('vêm na página da aplicação web, nos arquivos e nas respostas JSON da API (sucesso e erro)', async () => {
    const cookie = await t.entrar('ana');
    for (const [url, status, tipo] of [
      ['/', 200, 'text/html'],
      ['/caixa-postal', 200, 'text/html'],
      ['/api/auth/login', 200, 'text/html'],
      ['/api/auth', 200, 'application/json'],
      ['/api/mensagens', 200, 'application/json'],
      ['/api/nao-existe', 404, 'application/json'],
    ] as const) {
      const resposta = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(resposta.statusCode, url).toBe(status);
      expect(resposta.headers['content-type'], url).toContain(tipo);
      conferir(resposta.headers, url);
    }
    const anonimo = await t.app.inject({ method: 'GET', url: '/api/auth' });
    expect(anonimo.statusCode).toBe(401);
    conferir(anonimo.headers, '401 /api/auth');
  });
});

describe('CSRF', () => {
  it('recusa sem o cabeçalho X-Requested-With toda operação da API que muda estado', async () => {
    const cookie = await t.entrar('ana');
    const documento = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const operacoes: string[] = [];
    for (const [caminho, metodos] of Object.entries(documento.paths)) {
      for (const metodo of Object.keys(metodos)) {
        if (!['post', 'put', 'patch', 'delete'].includes(metodo)) continue;
        // The login form is the one exception: a plain HTML form, protected by the Origin check instead.
        if (caminho === '/api/auth/login') continue;
        const url = caminho.replace(/\{[^}]+\}/g, '1');
        const resposta = await t.app.inject({
          method: metodo.toUpperCase() as 'POST',
          url,
          headers: { cookie, 'content-type': 'application/json', origin: 'https://malicioso.example' },
          payload: '{}',
        });
        operacoes.push(`${metodo} ${caminho}`);
        expect(resposta.statusCode, `${metodo} ${caminho}`).toBe(403);
        expect(resposta.json().mensagem, `${metodo} ${caminho}`).toBe(MENSAGENS.geral.cabecalhoCsrfAusente);
      }
    }
    expect(operacoes).toContain('post /api/auth/logout');
    expect(operacoes).toContain('post /api/auth/configuracoes');
    expect(operacoes.length).toBeGreaterThan(10);
    // The session survived every refused call (logout included).
    expect((await t.app.inject({ method: 'GET', url: '/api/auth', headers: { cookie } })).statusCode).toBe(200);
  });

  it('julga o caminho que o roteador decodifica: nenhuma grafia de /api/auth/logout encerra a sessão sem o cabeçalho', async () => {
    const cookie = await t.entrar('ana');
    for (const url of [
      '/%61pi/auth/logout',
      '/api/auth/%6Cogout',
      '/%61%70%69/%61uth/logout',
      '/api/auth/logout?x=1',
      '/api/auth/logout/',
      '//api/auth/logout',
      '/api//auth/logout',
      '/api/./auth/logout',
      '/api/auth/../auth/logout',
      '/API/auth/logout',
      '/api%2Fauth%2Flogout',
    ]) {
      const resposta = await t.app.inject({ method: 'POST', url, headers: { cookie } });
      expect([403, 404], url).toContain(resposta.statusCode);
      expect(resposta.cookies, url).toHaveLength(0);
      expect((await t.app.inject({ method: 'GET', url: '/api/auth', headers: { cookie } })).statusCode, url).toBe(200);
    }
    // The same encoded path with the header is the real logout.
    const saida = await t.app.inject({
      method: 'POST',
      url: '/%61pi/auth/logout',
      headers: { cookie, 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(saida.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth', headers: { cookie } })).statusCode).toBe(401);
  });
});

describe('cache das respostas da API', () => {
  it('as respostas JSON da API trazem Cache-Control: no-store e Vary: Cookie; as que têm o seu mantêm', async () => {
    const cookie = await t.entrar('ana');
    for (const [url, status, comCookie] of [
      ['/api/auth', 200, true],
      ['/api/auth/configuracoes', 200, true],
      ['/api/mensagens', 200, false],
      ['/api/auth', 401, false],
      ['/api/nao-existe', 404, true],
      ['/%61pi/auth', 200, true],
    ] as const) {
      const resposta = await t.app.inject({ method: 'GET', url, headers: comCookie ? { cookie } : {} });
      expect(resposta.statusCode, url).toBe(status);
      expect(resposta.headers['cache-control'], url).toBe('no-store');
      expect(String(resposta.headers.vary ?? '').toLowerCase(), url).toContain('cookie');
    }
    const recusada = await t.app.inject({ method: 'POST', url: '/api/auth/configuracoes', headers: { cookie } });
    expect(recusada.statusCode).toBe(403);
    expect(recusada.headers['cache-control']).toBe('no-store');
    // An answer that sets its own (the public files of the API documentation) keeps it.
    const estatico = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui.css' });
    expect(estatico.statusCode).toBe(200);
    expect(estatico.headers['cache-control']).toBe('public, max-age=0');
  });
});

describe('redirecionamento depois do login', () => {
  const ORIGEM = 'https://tramite.ufex.edu.br';
  const destinosHostis = [
    'https://malicioso.example',
    'HTTPS://malicioso.example',
    'http:malicioso.example',
    '//malicioso.example',
    '///malicioso.example',
    '/\\malicioso.example',
    '\\\\malicioso.example',
    '/\t/malicioso.example',
    '/\n/malicioso.example',
    ' //malicioso.example',
    '%2F%2Fmalicioso.example',
    '/%2F/malicioso.example',
    '/%5Cmalicioso.example',
    '%5C%5Cmalicioso.example',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '/@malicioso.example',
    '/.//malicioso.example',
  ];

  it('nunca leva a outro site, nem com variantes codificadas', async () => {
    for (const destino of destinosHostis) {
      // Sent once-encoded and twice-encoded, as a link in an e-mail might carry it.
      for (const valor of [destino, encodeURIComponent(destino)]) {
        const resposta = await t.app.inject(formularioLogin({ username: 'ana', password: 'ana', redirect: valor }));
        expect(resposta.statusCode, valor).toBe(303);
        const local = String(resposta.headers.location);
        expect(new URL(local, ORIGEM).origin, `${valor} → ${local}`).toBe(ORIGEM);
        expect(local.startsWith('/') && !local.startsWith('//') && !local.startsWith('/\\'), local).toBe(true);

        const pagina = await t.app.inject({
          method: 'GET',
          url: `/api/auth/login?redirect=${encodeURIComponent(valor)}`,
        });
        const oculto = /name="redirect" value="([^"]*)"/.exec(pagina.body)?.[1] ?? '';
        const decodificado = oculto
          .replace(/&amp;/g, '&')
          .replace(/&quot;/g, '"')
          .replace(/&lt;/g, '<');
        expect(new URL(decodificado, ORIGEM).origin, `página: ${valor}`).toBe(ORIGEM);
      }
    }
  });

  it('mantém um destino do próprio site com caracteres acentuados', async () => {
    const resposta = await t.app.inject(
      formularioLogin({ username: 'ana', password: 'ana', redirect: '/busca?assunto=licitação 中' }),
    );
    expect(resposta.statusCode).toBe(303);
    const local = String(resposta.headers.location);
    expect(new URL(local, ORIGEM).origin).toBe(ORIGEM);
    expect(decodeURIComponent(local)).toBe('/busca?assunto=licitação 中');
  });
});

describe('limite de tentativas de login', () => {
  const entrarDe = (remoteAddress: string, username: string, password: string) =>
    t.app.inject({ ...formularioLogin({ username, password }), remoteAddress });

  it('também limita um endereço que tenta muitos usuários diferentes, sem recusar a senha certa de quem não está sob ataque', async () => {
    // LOGIN_MAX_FALHAS=2: four times that per address, across usernames.
    for (let i = 0; i < 8; i++) {
      const falha = await entrarDe('203.0.113.7', `alvo${i}`, 'errada');
      expect(falha.statusCode).toBe(401);
    }
    // A second guess at any of those usernames from that address waits (issue 17: one guess each, then slower).
    const bloqueada = await entrarDe('203.0.113.7', 'alvo0', 'outra');
    expect(bloqueada.statusCode).toBe(429);
    expect(bloqueada.body).toContain(MENSAGENS.login.aguardeParaTentar(Number(bloqueada.headers['retry-after'])));
    expect(bloqueada.cookies).toHaveLength(0);
    // A colleague behind the same address, whose account has no failures, gets in.
    const colega = await entrarDe('203.0.113.7', 'ana', 'ana');
    expect(colega.statusCode).toBe(303);
    // Another address is not affected.
    const outra = await entrarDe('198.51.100.9', 'alvo0', 'errada');
    expect(outra.statusCode).toBe(401);
  });
});
