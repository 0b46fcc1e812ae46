import { request as pedidoHttp } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { MENSAGENS } from '@tramite/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { cabecalhosApp } from '../../testing/app-teste.ts';
import { usarAppTeste } from '../../testing/contexto-teste.ts';
import { criarUnidade, criarUsuario } from '../../testing/fabricas.ts';

/**
 * Issue 12: the security headers come on every answer, also on the errors Fastify produces before any hook or route
 * runs (a URL the router cannot decode, a path parameter too long) and on those Node's HTTP parser refuses (a request
 * line or headers too large, a request that is not HTTP), which only happen over a real connection.
 */

const t = usarAppTeste();
let cookie: string;
let base: URL;

beforeAll(async () => {
  const unidade = await criarUnidade(t.banco.db);
  await criarUsuario(t.banco.db, { username: 'ana', lotacoes: [unidade.id] });
  cookie = await t.entrar('ana');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = new URL(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`);
});

/** The same four headers sessoes.test.ts checks on ordinary answers. */
function conferirCabecalhos(cabecalhos: Record<string, unknown>, onde: string) {
  const csp = String(cabecalhos['content-security-policy'] ?? '');
  expect(csp, onde).toContain("default-src 'self'");
  expect(csp, onde).toContain("frame-ancestors 'none'");
  expect(csp, onde).toContain("object-src 'none'");
  expect(cabecalhos['x-content-type-options'], onde).toBe('nosniff');
  expect(cabecalhos['x-frame-options'], onde).toBe('SAMEORIGIN');
  expect(cabecalhos['referrer-policy'], onde).toBe('same-origin');
}

/** The headers helmet sets, as an ordinary API answer carries them. */
async function cabecalhosDeReferencia(): Promise<Record<string, string>> {
  const resposta = await t.app.inject({ method: 'GET', url: '/api/mensagens' });
  expect(resposta.statusCode).toBe(200);
  const nomes = Object.keys(resposta.headers).filter(
    (nome) =>
      nome.startsWith('x-') ||
      nome.startsWith('cross-origin') ||
      nome.includes('polic') ||
      nome === 'origin-agent-cluster',
  );
  expect(nomes.length).toBeGreaterThanOrEqual(8);
  return Object.fromEntries(nomes.map((nome) => [nome, String(resposta.headers[nome])]));
}

describe('cabeçalhos de segurança nas respostas de erro', () => {
  it('vêm nos erros do roteador e do Fastify, pelo app.inject', async () => {
    const referencia = await cabecalhosDeReferencia();
    const casos = [
      // The router cannot decode the path (FST_ERR_BAD_URL).
      { nome: 'URL malformada', status: 400, pedido: { method: 'GET' as const, url: '/api/documentos/%E0%A4%A' } },
      // A path parameter longer than maxParamLength (FST_ERR_MAX_PARAM_LENGTH).
      {
        nome: 'parâmetro longo',
        status: 414,
        pedido: { method: 'GET' as const, url: `/api/documentos/${'9'.repeat(200)}` },
      },
      { nome: 'rota inexistente', status: 404, pedido: { method: 'GET' as const, url: '/api/nao-existe' } },
      {
        nome: 'método inexistente',
        status: 404,
        pedido: { method: 'PATCH' as const, url: '/api/mensagens', headers: cabecalhosApp(cookie) },
      },
      {
        nome: 'JSON inválido',
        status: 400,
        pedido: {
          method: 'POST' as const,
          url: '/api/auth/configuracoes',
          headers: { ...cabecalhosApp(cookie), 'content-type': 'application/json' },
          payload: '{"idUnidadeAtual": ',
        },
      },
      {
        nome: 'corpo grande demais',
        status: 413,
        pedido: {
          method: 'POST' as const,
          url: '/api/auth/configuracoes',
          headers: { ...cabecalhosApp(cookie), 'content-type': 'application/json' },
          payload: `{"x":"${'a'.repeat(1024 * 1024)}"}`,
        },
      },
      {
        nome: 'tipo de conteúdo',
        status: 415,
        pedido: {
          method: 'POST' as const,
          url: '/api/auth/configuracoes',
          headers: { ...cabecalhosApp(cookie), 'content-type': 'application/x-desconhecido' },
          payload: 'x',
        },
      },
      { nome: 'sem cabeçalho CSRF', status: 403, pedido: { method: 'POST' as const, url: '/api/auth/logout' } },
    ];
    for (const caso of casos) {
      const resposta = await t.app.inject(caso.pedido);
      expect(resposta.statusCode, caso.nome).toBe(caso.status);
      expect(resposta.headers['content-type'], caso.nome).toContain('application/json');
      expect(resposta.json().mensagem, caso.nome).toBeTypeOf('string');
      conferirCabecalhos(resposta.headers, caso.nome);
      // Every header helmet sets, with the same value as on an ordinary answer.
      for (const [nome, valor] of Object.entries(referencia)) {
        expect(resposta.headers[nome], `${caso.nome}: ${nome}`).toBe(valor);
      }
    }
  });

  it('vêm nos erros de uma conexão HTTP real, inclusive os recusados pelo Node antes do Fastify', async () => {
    const parametroLongo = await pedir(`/api/documentos/${'9'.repeat(200)}`);
    expect(parametroLongo.status).toBe(414);
    expect(JSON.parse(parametroLongo.corpo).mensagem).toBe(MENSAGENS.geral.parametrosInvalidos);
    conferirCabecalhos(parametroLongo.cabecalhos, '414');

    const urlMalformada = await pedir('/api/documentos/%E0%A4%A');
    expect(urlMalformada.status).toBe(400);
    conferirCabecalhos(urlMalformada.cabecalhos, '400 URL');

    // Past Node's 16 KiB limit for the request line and headers: the parser refuses it (431).
    const urlEnorme = await pedir(`/api/documentos?texto=${'a'.repeat(20_000)}`);
    expect(urlEnorme.status).toBe(431);
    expect(JSON.parse(urlEnorme.corpo)).toEqual({
      codigo: 'REQUISICAO_GRANDE',
      mensagem: 'A requisição é grande demais',
      erros: [],
    });
    conferirCabecalhos(urlEnorme.cabecalhos, '431');

    const naoHttp = await enviarBruto('ISTO NAO E HTTP\r\n\r\n');
    expect(naoHttp).toMatch(/^HTTP\/1\.1 400 /);
    expect(naoHttp.toLowerCase()).toContain('x-content-type-options: nosniff');
    expect(naoHttp.toLowerCase()).toContain("frame-ancestors 'none'");
    expect(naoHttp).toContain(MENSAGENS.geral.parametrosInvalidos);
  });
});

function pedir(caminho: string): Promise<{ status: number; cabecalhos: Record<string, unknown>; corpo: string }> {
  return new Promise((resolve, reject) => {
    const pedido = pedidoHttp(new URL(caminho, base), { method: 'GET' }, (resposta) => {
      const partes: Buffer[] = [];
      resposta.on('data', (parte: Buffer) => partes.push(parte));
      resposta.on('end', () =>
        resolve({
          status: resposta.statusCode ?? 0,
          cabecalhos: resposta.headers,
          corpo: Buffer.concat(partes).toString('utf8'),
        }),
      );
      resposta.on('error', reject);
    });
    pedido.on('error', reject);
    pedido.end();
  });
}

/** Bytes written straight to the socket; answers everything the server wrote before closing. */
function enviarBruto(texto: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(base.port), base.hostname, () => socket.write(texto));
    const partes: Buffer[] = [];
    socket.on('data', (parte) => partes.push(parte));
    socket.on('close', () => resolve(Buffer.concat(partes).toString('utf8')));
    // The server closes the connection right after its answer: a reset then is not a failure.
    socket.on('error', (erro) => (partes.length ? undefined : reject(erro)));
  });
}
