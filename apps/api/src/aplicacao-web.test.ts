import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { criarAppComWeb } from './testing/app-com-web.ts';
import type { AppTeste } from './testing/app-teste.ts';

let t: AppTeste;

beforeAll(async () => {
  t = await criarAppComWeb(
    {
      'index.html':
        '<!doctype html><html><head><meta name="tramite:instituicao" content="X" /><meta name="tramite:instituicao-sigla" content="Y" /></head><body><div id="raiz"></div></body></html>',
      'assets/app-123.js': 'console.log(1)',
    },
    { INSTITUICAO_NOME: 'Universidade Federal "Teste" & Cia', INSTITUICAO_SIGLA: 'UFT' },
  );
});

afterAll(async () => {
  await t?.fechar();
});

describe('aplicação web servida pela API', () => {
  it('responde index.html nas rotas do React, com o nome da instituição da configuração', async () => {
    for (const caminho of ['/', '/caixa-postal', '/documentos/12/pecas?x=1']) {
      const resposta = await t.app.inject({ method: 'GET', url: caminho });
      expect(resposta.statusCode).toBe(200);
      expect(resposta.headers['content-type']).toContain('text/html');
      expect(resposta.body).toContain('content="Universidade Federal &quot;Teste&quot; &amp; Cia"');
      expect(resposta.body).toContain('<meta name="tramite:instituicao-sigla" content="UFT" />');
    }
  });

  it('serve os arquivos construídos com cache longo', async () => {
    const resposta = await t.app.inject({ method: 'GET', url: '/assets/app-123.js' });
    expect(resposta.statusCode).toBe(200);
    expect(resposta.headers['cache-control']).toContain('immutable');
  });

  it('mantém o 404 em JSON para caminhos da API', async () => {
    const resposta = await t.app.inject({ method: 'GET', url: '/api/nada' });
    expect(resposta.statusCode).toBe(404);
    expect(resposta.json().mensagem).toBeTypeOf('string');
  });
});
