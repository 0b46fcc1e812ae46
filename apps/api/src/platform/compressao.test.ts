import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppTeste, criarAppTeste } from '../testing/app-teste.ts';
import { pdf } from '../testing/arquivos.ts';
import { adicionarPecas, criarDocumento, criarTipoDocumento, criarUnidade, criarUsuario } from '../testing/fabricas.ts';

let t: AppTeste;
let cookie: string;
let idDocumento: number;
let idAna: number;
const urlBusca = () =>
  `/api/documentos?dataCriacaoInicio=2000-01-01&dataCriacaoFim=${hojeEmBrasilia()}&tamanhoPagina=100`;

beforeAll(async () => {
  t = await criarAppTeste();
  const unidade = await criarUnidade(t.banco.db);
  const ana = await criarUsuario(t.banco.db, { username: 'ana', lotacoes: [unidade.id] });
  const idTipoDocumento = await criarTipoDocumento(t.banco.db);
  const documentos = [];
  for (let i = 0; i < 60; i++) {
    documentos.push(
      await criarDocumento(t.banco.db, {
        idUnidade: unidade.id,
        idUsuario: ana.id,
        idTipoDocumento,
        situacao: 'ENVIADO',
        resumoAssunto: `Solicitação de diárias e passagens para o evento acadêmico número ${i}`,
      }),
    );
  }
  idDocumento = documentos[0] as number;
  idAna = ana.id;
  cookie = await t.entrar('ana');
});

afterAll(async () => {
  await t?.fechar();
});

describe('respostas da API comprimidas (issue 23)', () => {
  it('uma resposta JSON grande vem em brotli ou gzip conforme o Accept-Encoding, e sem compressão sem ele', async () => {
    const simples = await t.app.inject({ method: 'GET', url: urlBusca(), headers: { cookie } });
    expect(simples.statusCode, simples.body).toBe(200);
    expect(simples.headers['content-encoding']).toBeUndefined();
    expect(simples.headers.vary).toMatch(/accept-encoding/i);
    expect(simples.json().itens).toHaveLength(60);
    const original = simples.rawPayload;
    expect(original.length).toBeGreaterThan(10_000);

    const br = await t.app.inject({
      method: 'GET',
      url: urlBusca(),
      headers: { cookie, 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('application/json');
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(original.length / 4);
    expect(brotliDecompressSync(br.rawPayload).equals(original)).toBe(true);
    // The other headers are those of the uncompressed answer (the session's no-store, Vary: Cookie).
    expect(br.headers['cache-control']).toBe('no-store');
    expect(br.headers.vary).toMatch(/cookie/i);

    const gz = await t.app.inject({ method: 'GET', url: urlBusca(), headers: { cookie, 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(original)).toBe(true);

    const identidade = await t.app.inject({
      method: 'GET',
      url: urlBusca(),
      headers: { cookie, 'accept-encoding': 'identity, br;q=0, gzip;q=0' },
    });
    expect(identidade.headers['content-encoding']).toBeUndefined();
    expect(identidade.rawPayload.equals(original)).toBe(true);
  });

  it('respeita os pesos do Accept-Encoding', async () => {
    const resposta = await t.app.inject({
      method: 'GET',
      url: urlBusca(),
      headers: { cookie, 'accept-encoding': 'br;q=0.5, gzip;q=1' },
    });
    expect(resposta.headers['content-encoding']).toBe('gzip');
  });

  it('não comprime respostas pequenas', async () => {
    const resposta = await t.app.inject({
      method: 'GET',
      url: '/api/auth',
      headers: { cookie, 'accept-encoding': 'br, gzip' },
    });
    expect(resposta.statusCode).toBe(200);
    expect(resposta.rawPayload.length).toBeLessThan(1024);
    expect(resposta.headers['content-encoding']).toBeUndefined();
  });

  it('um download de PDF ou de texto sai como está, com o seu Content-Length', async () => {
    const conteudoPdf = pdf({ tamanho: 5000, marca: 'compressao' });
    const texto = Buffer.from('linha de texto que se repete e comprimiria muito bem\n'.repeat(200));
    const [peca, pecaTexto] = await adicionarPecas(t, { idDocumento, idUsuario: idAna }, [
      { nome: 'oficio.pdf', conteudo: conteudoPdf, tipoMime: 'application/pdf' },
      { nome: 'notas.txt', conteudo: texto, tipoMime: 'text/plain' },
    ]);
    for (const [anexo, conteudo, tipo] of [
      [peca, conteudoPdf, 'application/pdf'],
      [pecaTexto, texto, 'text/plain'],
    ] as const) {
      const resposta = await t.app.inject({
        method: 'GET',
        url: `/api/documentos/${idDocumento}/anexos/${anexo?.idAnexo}/binario`,
        headers: { cookie, 'accept-encoding': 'br, gzip' },
      });
      expect(resposta.statusCode, resposta.body).toBe(200);
      expect(resposta.headers['content-type']).toContain(tipo);
      expect(resposta.headers['content-encoding']).toBeUndefined();
      expect(resposta.headers['content-length']).toBe(String(conteudo.length));
      expect(resposta.rawPayload.equals(conteudo)).toBe(true);
    }
  });
});

function hojeEmBrasilia(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
}
