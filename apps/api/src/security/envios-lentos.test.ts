import { connect } from 'node:net';
import { setTimeout as esperar } from 'node:timers/promises';
import { MENSAGENS } from '@tramite/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AppTeste, cabecalhosApp, criarAppTeste } from '../testing/app-teste.ts';
import { pdf } from '../testing/arquivos.ts';
import { prepararEnvios } from '../testing/documento-para-envios.ts';
import { abrirEnvioLento, type EnvioLento, respostaEm } from '../testing/envio-lento.ts';
import { arquivosNoArmazenamento } from '../testing/estado.ts';
import { corpoMultipart, enviarPecas } from '../testing/multipart.ts';

/**
 * Issue 17, item 8: slow uploads must not exhaust the process's file handles. Each user has a few uploads open at
 * once (429 past it), the process a few more in all (503), a body that stops arriving is answered 408 with its
 * temporary file deleted, and slow headers and idle keep-alive connections are closed. The caps are tiny here.
 */

const A = MENSAGENS.arquivos;
const N = { tipoCopia: 'N' };
const SIAPE = '7654321';
const POR_USUARIO = 2;
const NO_PROCESSO = 3;

let t: AppTeste;
let porta: number;
let sessoes: { ana: string; bruno: string; carla: string };
let idDocumento: number;
let idTipoAssinatura: number;
let abertos: EnvioLento[] = [];

const temporarios = async () =>
  (await arquivosNoArmazenamento(t.config.arquivosDir)).filter((a) => a.includes('.tmp-'));

async function esperarAte(condicao: () => boolean | Promise<boolean>, ms = 5000): Promise<boolean> {
  const fim = Date.now() + ms;
  while (Date.now() < fim) {
    if (await condicao()) return true;
    await esperar(25);
  }
  return condicao();
}

/** A multipart upload of a peça on a raw socket: dripping (slow but alive) or stalled after its first bytes. */
function envioLento(
  cookie: string,
  opcoes: { parado?: boolean; caminho?: string; campos?: Record<string, string> } = {},
) {
  const envio = abrirEnvioLento({
    porta,
    caminho: opcoes.caminho ?? `/api/documentos/${idDocumento}/anexos`,
    cookie,
    campos: opcoes.campos ?? N,
    gotejarMs: opcoes.parado ? undefined : 200,
  });
  abertos.push(envio);
  return envio;
}

/** Writes `texto` on a raw connection: what came back, and whether the server closed it within 5 s. */
async function conexaoCrua(texto: string): Promise<{ recebido: string; fechada: boolean }> {
  const socket = connect(porta, '127.0.0.1');
  socket.on('error', () => {});
  let recebido = '';
  socket.on('data', (d) => {
    recebido += String(d);
  });
  const fechou = new Promise<void>((r) => socket.once('close', () => r()));
  socket.write(texto);
  const fechada = await Promise.race([fechou.then(() => true), esperar(5000).then(() => false)]);
  socket.destroy();
  return { recebido, fechada };
}

beforeAll(async () => {
  t = await criarAppTeste({
    ENVIO_MAXIMO_POR_USUARIO: String(POR_USUARIO),
    ENVIO_MAXIMO_SIMULTANEOS: String(NO_PROCESSO),
    ENVIO_OCIOSO_SEGUNDOS: '1',
    CABECALHOS_PRAZO_SEGUNDOS: '1',
    MANTER_CONEXAO_SEGUNDOS: '1',
  });
  ({ idDocumento, idTipoAssinatura } = await prepararEnvios(t.banco.db, SIAPE, ['bruno', 'carla']));
  sessoes = { ana: await t.entrar('ana'), bruno: await t.entrar('bruno'), carla: await t.entrar('carla') };
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const endereco = t.app.server.address();
  if (!endereco || typeof endereco === 'string') throw new Error('sem endereço');
  porta = endereco.port;
});

afterEach(async () => {
  for (const envio of abertos) envio.abortar();
  abertos = [];
  await esperarAte(async () => t.app.envios.abertos === 0 && (await temporarios()).length === 0);
});

afterAll(async () => {
  await t?.fechar();
});

describe('envios simultâneos limitados (issue 17)', () => {
  it('recusa com 429 o envio além do limite do usuário e com 503 além do limite do processo, sem abrir temporário', async () => {
    envioLento(sessoes.ana);
    envioLento(sessoes.ana);
    expect(await esperarAte(async () => (await temporarios()).length === POR_USUARIO)).toBe(true);

    const terceiro = await respostaEm(envioLento(sessoes.ana), 3000);
    expect(terceiro?.status).toBe(429);
    expect(JSON.parse(terceiro?.corpo ?? '{}').mensagem).toBe(A.muitosEnviosDoUsuario(POR_USUARIO));
    // The cap is the user's, whatever the upload route.
    const { payload, tipo } = corpoMultipart({ matrSiape: SIAPE, idTipoAssinatura: String(idTipoAssinatura) }, [
      { nome: 'a.pdf', conteudo: pdf() },
    ]);
    const assinatura = await t.app.inject({
      method: 'POST',
      url: '/api/arquivos-assinados',
      headers: { ...cabecalhosApp(sessoes.ana), 'content-type': tipo },
      payload,
    });
    expect(assinatura.statusCode).toBe(429);
    expect(assinatura.json().mensagem).toBe(A.muitosEnviosDoUsuario(POR_USUARIO));
    expect(await temporarios()).toHaveLength(POR_USUARIO);

    // Another user still uploads, until the process's cap is reached: then everyone waits (503).
    envioLento(sessoes.bruno);
    expect(await esperarAte(async () => (await temporarios()).length === NO_PROCESSO)).toBe(true);
    expect(t.app.envios.abertos).toBe(NO_PROCESSO);
    const ocupado = await enviarPecas(t, sessoes.carla, idDocumento, N, [{ nome: 'c.pdf', conteudo: pdf() }]);
    expect(ocupado.statusCode).toBe(503);
    expect(ocupado.json().mensagem).toBe(A.enviosEsgotados);
    expect(ocupado.headers.connection).toBe('close');
    expect(await temporarios()).toHaveLength(NO_PROCESSO);

    // A light request is answered at once while the uploads hold their places.
    const inicio = Date.now();
    const mensagens = await fetch(`http://127.0.0.1:${porta}/api/mensagens`);
    expect(mensagens.status).toBe(200);
    expect(Date.now() - inicio).toBeLessThan(2000);

    // One upload goes away: its place is free again, and a whole upload goes through (and frees it too).
    abertos[0]?.abortar();
    expect(await esperarAte(() => t.app.envios.abertos === NO_PROCESSO - 1)).toBe(true);
    const aceito = await enviarPecas(t, sessoes.carla, idDocumento, N, [
      { nome: 'c.pdf', conteudo: pdf({ tamanho: 2048, marca: 'carla' }) },
    ]);
    expect(aceito.statusCode, aceito.body).toBe(201);
    expect(t.app.envios.abertos).toBe(NO_PROCESSO - 1);
  });

  it('as vagas voltam a zero depois de envios abortados, recusados e aceitos, sem temporário sobrando', async () => {
    const vivos = [envioLento(sessoes.ana), envioLento(sessoes.ana), envioLento(sessoes.bruno)];
    expect(await esperarAte(async () => (await temporarios()).length === NO_PROCESSO)).toBe(true);
    expect(t.app.envios.abertos).toBe(NO_PROCESSO);
    const recusados = await Promise.all(
      [sessoes.ana, sessoes.bruno, sessoes.carla, sessoes.ana].map((s) => respostaEm(envioLento(s), 3000)),
    );
    // ana is at her own cap (429); bruno and carla are not, but the process is (503).
    expect(recusados.map((r) => r?.status)).toEqual([429, 503, 503, 429]);
    for (const envio of vivos) envio.abortar();
    expect(await esperarAte(() => t.app.envios.abertos === 0)).toBe(true);
    expect(await esperarAte(async () => (await temporarios()).length === 0)).toBe(true);
    const aceito = await enviarPecas(t, sessoes.ana, idDocumento, N, [
      { nome: 'a.pdf', conteudo: pdf({ tamanho: 2048, marca: 'depois' }) },
    ]);
    expect(aceito.statusCode, aceito.body).toBe(201);
    expect(t.app.envios.abertos).toBe(0);
  });
});

describe('prazos de ociosidade (issue 17)', () => {
  it('um envio que para de chegar recebe 408, e o temporário é apagado', async () => {
    const parado = envioLento(sessoes.ana, { parado: true });
    expect(await esperarAte(async () => (await temporarios()).length === 1)).toBe(true);
    const resposta = await respostaEm(parado, 5000);
    expect(resposta?.status).toBe(408);
    expect(resposta?.reiniciada).toBe(false);
    expect(JSON.parse(resposta?.corpo ?? '{}')).toEqual({ codigo: 'ENVIO_OCIOSO', mensagem: A.envioOcioso, erros: [] });
    expect(await esperarAte(async () => (await temporarios()).length === 0)).toBe(true);
    expect(await esperarAte(() => t.app.envios.abertos === 0)).toBe(true);
  });

  it('o mesmo vale para os arquivos assinados', async () => {
    const parado = envioLento(sessoes.ana, {
      parado: true,
      caminho: '/api/arquivos-assinados',
      campos: { matrSiape: SIAPE, idTipoAssinatura: String(idTipoAssinatura) },
    });
    const resposta = await respostaEm(parado, 5000);
    expect(resposta?.status).toBe(408);
    expect(JSON.parse(resposta?.corpo ?? '{}').mensagem).toBe(A.envioOcioso);
    expect(await esperarAte(async () => (await temporarios()).length === 0)).toBe(true);
    expect(await esperarAte(() => t.app.envios.abertos === 0)).toBe(true);
  });

  it('cabeçalhos que não terminam recebem 408, e uma conexão ociosa entre pedidos é fechada', async () => {
    const lento = await conexaoCrua('GET /api/mensagens HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Lento: ');
    expect(lento.fechada).toBe(true);
    expect(lento.recebido).toMatch(/^HTTP\/1\.1 408 /);

    const ocioso = await conexaoCrua(
      'GET /api/mensagens HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n',
    );
    expect(ocioso.recebido).toMatch(/^HTTP\/1\.1 200 /);
    expect(ocioso.fechada).toBe(true);
  });
});
