import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { criarAppComWeb } from './testing/app-com-web.ts';
import { type AppTeste, criarAppTeste } from './testing/app-teste.ts';
import { criarUnidade, criarUsuario } from './testing/fabricas.ts';

let t: AppTeste;

// A built file above the 1 KB the build compresses from, with the twins the build writes beside it.
const SCRIPT = `export const textos = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `texto ${i}`))};\n`;

beforeAll(async () => {
  t = await criarAppComWeb(
    {
      'index.html':
        '<!doctype html><html><head><meta name="tramite:instituicao" content="X" /><meta name="tramite:instituicao-sigla" content="Y" /><meta name="tramite:sessao" content="" /></head><body><div id="raiz"></div></body></html>',
      'assets/app-123.js': SCRIPT,
      'assets/app-123.js.br': brotliCompressSync(SCRIPT),
      'assets/app-123.js.gz': gzipSync(SCRIPT),
      'assets/pequeno-456.js': 'console.log(1)',
    },
    { INSTITUICAO_NOME: 'Universidade Federal "Teste" & Cia', INSTITUICAO_SIGLA: 'UFT' },
  );
  const unidade = await criarUnidade(t.banco.db);
  await criarUsuario(t.banco.db, { username: 'ana', lotacoes: [unidade.id] });
});

afterAll(async () => {
  await t?.fechar();
});

const metaSessao = (html: string) => /<meta name="tramite:sessao" content="([^"]*)"/.exec(html)?.[1];

describe('aplicação web servida pela API', () => {
  it('responde index.html nas rotas do React, com o nome da instituição da configuração', async () => {
    for (const caminho of ['/', '/caixa-postal', '/documentos/12/pecas?x=1', '/index.html']) {
      const resposta = await t.app.inject({ method: 'GET', url: caminho });
      expect(resposta.statusCode).toBe(200);
      expect(resposta.headers['content-type']).toContain('text/html');
      expect(resposta.body).toContain('content="Universidade Federal &quot;Teste&quot; &amp; Cia"');
      expect(resposta.body).toContain('<meta name="tramite:instituicao-sigla" content="UFT" />');
    }
  });

  it('serve os arquivos construídos com cache longo, sem os cabeçalhos de revalidação que um imutável não usa', async () => {
    const resposta = await t.app.inject({ method: 'GET', url: '/assets/app-123.js' });
    expect(resposta.statusCode).toBe(200);
    expect(resposta.headers['cache-control']).toContain('immutable');
    for (const revalidacao of ['etag', 'last-modified', 'accept-ranges']) {
      expect(resposta.headers[revalidacao], revalidacao).toBeUndefined();
    }
  });

  it('manda nos arquivos só os cabeçalhos de segurança que valem para eles; a página leva todos', async () => {
    const arquivo = await t.app.inject({ method: 'GET', url: '/assets/app-123.js' });
    expect(arquivo.headers['x-content-type-options']).toBe('nosniff');
    expect(arquivo.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const soDePagina of ['content-security-policy', 'x-frame-options', 'referrer-policy', 'x-xss-protection']) {
      expect(arquivo.headers[soDePagina], soDePagina).toBeUndefined();
    }
    const pagina = await t.app.inject({ method: 'GET', url: '/caixa-postal' });
    expect(String(pagina.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(pagina.headers['x-frame-options']).toBe('SAMEORIGIN');
    // A file that is not built falls back to the page, with every header.
    const inexistente = await t.app.inject({ method: 'GET', url: '/assets/nao-existe.js' });
    expect(String(inexistente.headers['content-security-policy'])).toContain("default-src 'self'");
  });

  it('mantém o 404 em JSON para caminhos da API', async () => {
    const resposta = await t.app.inject({ method: 'GET', url: '/api/nada' });
    expect(resposta.statusCode).toBe(404);
    expect(resposta.json().mensagem).toBeTypeOf('string');
  });
});

describe('arquivos construídos comprimidos na construção (issue 23)', () => {
  const pedir = (aceita?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/assets/app-123.js',
      headers: aceita === undefined ? {} : { 'accept-encoding': aceita },
    });

  it('envia o .br a quem aceita brotli, o .gz a quem só aceita gzip, e o original a quem não pede', async () => {
    const br = await pedir('gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gz = await pedir('gzip, deflate');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    for (const aceita of [undefined, 'identity', 'deflate']) {
      const original = await pedir(aceita);
      expect(original.headers['content-encoding']).toBeUndefined();
      expect(original.body).toBe(SCRIPT);
    }

    for (const resposta of [br, gz]) {
      expect(resposta.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(Number(resposta.headers['content-length'])).toBe(resposta.rawPayload.length);
    }
  });

  it('mantém o cache imutável e varia pelo Accept-Encoding', async () => {
    for (const aceita of ['br', 'gzip', undefined]) {
      const resposta = await pedir(aceita);
      expect(resposta.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(resposta.headers.vary).toMatch(/accept-encoding/i);
    }
  });

  it('um arquivo sem versão comprimida sai como está', async () => {
    const resposta = await t.app.inject({
      method: 'GET',
      url: '/assets/pequeno-456.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(resposta.headers['content-encoding']).toBeUndefined();
    expect(resposta.body).toBe('console.log(1)');
  });
});

describe('index.html diz se há sessão (issue 23)', () => {
  it('sem cookie, com cookie inválido ou com sessão expirada: ausente; com sessão viva: ativa', async () => {
    const pagina = (cookie?: string) =>
      t.app.inject({ method: 'GET', url: '/busca', headers: cookie ? { cookie } : {} });

    expect(metaSessao((await pagina()).body)).toBe('ausente');
    expect(metaSessao((await pagina('tramite_sessao=nao-existe')).body)).toBe('ausente');

    const cookie = await t.entrar('ana');
    const comSessao = await pagina(cookie);
    expect(metaSessao(comSessao.body)).toBe('ativa');
    expect(comSessao.headers['cache-control']).toBe('no-cache');
    expect(comSessao.headers.vary).toMatch(/cookie/i);
    expect(comSessao.headers.vary).toMatch(/accept-encoding/i);

    await t.banco.db.updateTable('sessao').set({ expiraEm: sql<Date>`now() - interval '1 minute'` }).execute();
    expect(metaSessao((await pagina(cookie)).body)).toBe('ausente');
  });

  it('vem comprimida quando o navegador aceita', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/home', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(metaSessao(brotliDecompressSync(br.rawPayload).toString())).toBe('ausente');
    const gz = await t.app.inject({ method: 'GET', url: '/home', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('content="UFT"');
  });
});

describe('robots.txt (issue 23)', () => {
  it('por padrão fecha aos robôs as páginas públicas com nomes de interessados e a API', async () => {
    const resposta = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(resposta.statusCode).toBe(200);
    expect(resposta.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(resposta.headers['cache-control']).toBe('public, max-age=3600');
    expect(resposta.body.split('\n')).toEqual([
      'User-agent: *',
      'Disallow: /documentos',
      'Disallow: /busca',
      'Disallow: /verificacao',
      'Disallow: /consolidacao',
      'Disallow: /api',
      '',
    ]);
  });

  it('com ROBOTS_PAGINAS_PUBLICAS=permitir fecha só a API', async () => {
    const permitindo = await criarAppTeste({ ROBOTS_PAGINAS_PUBLICAS: 'permitir' });
    try {
      const resposta = await permitindo.app.inject({ method: 'GET', url: '/robots.txt' });
      expect(resposta.statusCode).toBe(200);
      expect(resposta.body).toBe('User-agent: *\nDisallow: /api\n');
    } finally {
      await permitindo.fechar();
    }
  });
});
