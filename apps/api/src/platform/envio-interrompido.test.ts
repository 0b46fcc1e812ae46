import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppTeste, criarAppTeste } from '../testing/app-teste.ts';
import { criarUnidade, criarUsuario } from '../testing/fabricas.ts';

/**
 * Issue 17, item 14: a client that gives up in the middle of its request body (an upload cancelled, a tab closed)
 * is not a database failure: it is logged quietly, never as "banco de dados indisponível" at error level.
 */

interface LinhaLog {
  level: number;
  msg?: string;
  reqId?: string;
}

let t: AppTeste;
let cookie: string;
let porta: number;
const linhas: LinhaLog[] = [];

beforeAll(async () => {
  t = await criarAppTeste(
    { LOG_LEVEL: 'debug' },
    { destinoLog: { write: (linha: string) => void linhas.push(JSON.parse(linha) as LinhaLog) } },
  );
  const unidade = await criarUnidade(t.banco.db);
  const ana = await criarUsuario(t.banco.db, { username: 'ana', lotacoes: [unidade.id] });
  // Signing needs the caller's SIAPE number before the body is read.
  await t.banco.db.updateTable('usuario').set({ matriculaSiape: '1234567' }).where('id', '=', ana.id).execute();
  cookie = await t.entrar('ana');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  porta = (t.app.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await t?.fechar();
});

/** Sends the request line, the headers and the start of a body of `tamanho` bytes, then resets the connection. */
async function enviarEDesistir(url: string, tipo: string, tamanho: number, inicioCorpo: string): Promise<void> {
  const cabecalhos = [
    `POST ${url} HTTP/1.1`,
    `Host: 127.0.0.1:${porta}`,
    `Cookie: ${cookie}`,
    'X-Requested-With: XMLHttpRequest',
    `Content-Type: ${tipo}`,
    `Content-Length: ${tamanho}`,
  ].join('\r\n');
  const socket = connect(porta, '127.0.0.1');
  socket.on('error', () => {});
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write(`${cabecalhos}\r\n\r\n${inicioCorpo}`);
  // Long enough for the route to start reading the body.
  await new Promise((r) => setTimeout(r, 300));
  socket.resetAndDestroy();
}

/** The log lines of the request to `url`, once its failure or its answer is logged (or after 5 s). */
async function linhasDaRequisicao(url: string): Promise<LinhaLog[]> {
  const prazo = Date.now() + 5000;
  for (;;) {
    const reqId = linhas.find((l) => (l as { req?: { url?: string } }).req?.url === url)?.reqId;
    const daRequisicao = linhas.filter((l) => reqId && l.reqId === reqId);
    const fim = daRequisicao.some(
      (l) => l.level >= 40 || l.msg === 'request completed' || l.msg === 'requisição interrompida pelo cliente',
    );
    if (fim || Date.now() > prazo) return daRequisicao;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const FRONTEIRA = 'fronteira123';

describe('requisição interrompida pelo cliente', () => {
  it.each([
    [
      'um envio de arquivo abandonado no meio não é registrado como banco indisponível',
      '/api/arquivos-assinados?abandonado=1',
      `multipart/form-data; boundary=${FRONTEIRA}`,
      5_000_000,
      `--${FRONTEIRA}\r\nContent-Disposition: form-data; name="arquivos"; filename="a.pdf"\r\n` +
        `Content-Type: application/pdf\r\n\r\n%PDF-1.4\n${'x'.repeat(20_000)}`,
    ],
    [
      'um corpo JSON abandonado no meio também não',
      '/api/auth/configuracoes?abandonado=1',
      'application/json',
      1000,
      '{"idUnidadeAtual": ',
    ],
  ])('%s', async (_titulo, url, tipo, tamanho, inicioCorpo) => {
    await enviarEDesistir(url, tipo, tamanho, inicioCorpo);
    const daRequisicao = await linhasDaRequisicao(url);
    expect(daRequisicao.length).toBeGreaterThan(1);
    expect(linhas.filter((l) => l.msg === 'banco de dados indisponível')).toEqual([]);
    expect(linhas.filter((l) => l.level >= 50)).toEqual([]);
    expect(daRequisicao.some((l) => l.msg === 'requisição interrompida pelo cliente' && l.level <= 30)).toBe(true);
  });
});
