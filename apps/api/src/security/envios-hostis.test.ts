import { request as pedidoHttp } from 'node:http';
import { crc32, deflateRawSync } from 'node:zlib';
import { MENSAGENS, TAMANHO_MAXIMO_ARQUIVO } from '@tramite/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppTeste, cabecalhosApp, criarAppTeste } from '../testing/app-teste.ts';
import { pdf } from '../testing/arquivos.ts';
import { prepararEnvios } from '../testing/documento-para-envios.ts';
import {
  arquivosNoArmazenamento,
  conferirNadaGuardado as conferirGuardado,
  type EstadoGuardado,
  estadoGuardado,
} from '../testing/estado.ts';
import { corpoMultipart, enviarPecas } from '../testing/multipart.ts';

/**
 * Issue 12, security: hostile uploads to POST documentos/{id}/anexos and POST arquivos-assinados/. What
 * features/pecas/envio.test.ts already covers (a PE executable named .pdf, a PNG named .pdf, 5 MiB + 1 with and
 * without a declared length, truncated and aborted streams) is not repeated here. Each hostile file is refused with
 * its message and leaves no row and no file, or is accepted only in a form that is safe (documented in
 * docs/domain.md, "Envios hostis").
 */

const A = MENSAGENS.arquivos;
const N = { tipoCopia: 'N' };
const SIAPE = '1234567';

let t: AppTeste;
let ana: string;
let idDocumento: number;

const raiz = () => t.config.arquivosDir;

const estado = () => estadoGuardado(t);
const conferirNadaGuardado = (antes: EstadoGuardado) => conferirGuardado(t, antes);

// ----- hostile files -----

/** A ZIP archive with one stored entry, written by hand (local header, data, central directory, end record). */
function zip(nome: string, dados: Buffer, opcoes: { comprimir?: boolean; tamanhoDeclarado?: number } = {}): Buffer {
  const nomeBytes = Buffer.from(nome);
  const conteudo = opcoes.comprimir ? deflateRawSync(dados, { level: 9 }) : dados;
  const metodo = opcoes.comprimir ? 8 : 0;
  const tamanho = opcoes.tamanhoDeclarado ?? dados.length;
  const crc = crc32(dados);
  // The fields a local header and its central directory entry share; the entry has them `desvio` bytes later.
  const comuns = (cabecalho: Buffer, desvio: number) => {
    cabecalho.writeUInt16LE(20, 4 + desvio); // version needed to extract
    cabecalho.writeUInt16LE(metodo, 8 + desvio);
    cabecalho.writeUInt32LE(crc, 14 + desvio);
    cabecalho.writeUInt32LE(conteudo.length, 18 + desvio);
    cabecalho.writeUInt32LE(tamanho, 22 + desvio);
    cabecalho.writeUInt16LE(nomeBytes.length, 26 + desvio);
    return cabecalho;
  };
  const local = comuns(Buffer.alloc(30), 0);
  local.writeUInt32LE(0x04034b50, 0);
  const central = comuns(Buffer.alloc(46), 2);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4); // version made by
  const inicioCentral = local.length + nomeBytes.length + conteudo.length;
  const fim = Buffer.alloc(22);
  fim.writeUInt32LE(0x06054b50, 0);
  fim.writeUInt16LE(1, 8);
  fim.writeUInt16LE(1, 10);
  fim.writeUInt32LE(central.length + nomeBytes.length, 12);
  fim.writeUInt32LE(inicioCentral, 16);
  return Buffer.concat([local, nomeBytes, conteudo, central, nomeBytes, fim]);
}

/** A Linux executable's header. */
function elf(): Buffer {
  const conteudo = Buffer.alloc(1024, 0);
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]).copy(conteudo);
  conteudo.writeUInt16LE(2, 16); // ET_EXEC
  conteudo.writeUInt16LE(0x3e, 18); // x86-64
  return conteudo;
}

/** An HTML page that PDF readers also open (the header may sit anywhere in the first 1024 bytes). */
async function htmlPdf(): Promise<Buffer> {
  return Buffer.concat([
    Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>\n'),
    pdf({ paginas: 1, marca: 'poliglota' }),
  ]);
}

let pdfValido: Buffer;
let idTipoAssinatura: number;

beforeAll(async () => {
  t = await criarAppTeste({ LOG_LEVEL: process.env.SEGURANCA_LOG ?? 'silent' });
  ({ idDocumento, idTipoAssinatura } = await prepararEnvios(t.banco.db, SIAPE));
  ana = await t.entrar('ana');
  pdfValido = pdf({ paginas: 1, marca: 'valido' });
});

afterAll(async () => {
  await t?.fechar();
});

function assinar(arquivos: { nome: string; conteudo: Buffer; tipo?: string }[]) {
  const { payload, tipo } = corpoMultipart({ matrSiape: SIAPE, idTipoAssinatura: String(idTipoAssinatura) }, arquivos);
  return t.app.inject({
    method: 'POST',
    url: '/api/arquivos-assinados',
    headers: { ...cabecalhosApp(ana), 'content-type': tipo },
    payload,
  });
}

describe('arquivos poliglotas e executáveis', () => {
  it('um PDF com um ZIP colado no fim é aceito como PDF e servido só como PDF (nosniff, anexo com tipo fixo)', async () => {
    const poliglota = Buffer.concat([pdfValido, zip('leia-me.html', Buffer.from('<script>alert(1)</script>'))]);
    const resposta = await enviarPecas(t, ana, idDocumento, N, [{ nome: 'poliglota.pdf', conteudo: poliglota }]);
    expect(resposta.statusCode, resposta.body).toBe(201);
    expect(resposta.json()).toMatchObject({ tipoMime: 'application/pdf', tamanho: poliglota.length });
    const binario = await t.app.inject({
      method: 'GET',
      url: `/api/documentos/${idDocumento}/anexos/${resposta.json().idAnexo}/binario`,
      headers: cabecalhosApp(ana),
    });
    expect(binario.statusCode).toBe(200);
    expect(binario.headers['content-type']).toBe('application/pdf');
    expect(binario.headers['x-content-type-options']).toBe('nosniff');
    expect(String(binario.headers['content-security-policy'])).toContain("default-src 'none'");
    expect(binario.rawPayload.equals(poliglota)).toBe(true);
  });

  it('um HTML que também abre como PDF é recusado (o conteúdo não começa como PDF), sem nada guardado', async () => {
    const antes = await estado();
    const resposta = await enviarPecas(t, ana, idDocumento, N, [{ nome: 'fatura.pdf', conteudo: await htmlPdf() }]);
    expect(resposta.statusCode).toBe(415);
    expect(resposta.json().mensagem).toBe(A.conteudoDivergente('pdf'));
    const semExtensao = await enviarPecas(t, ana, idDocumento, N, [{ nome: 'fatura', conteudo: await htmlPdf() }]);
    expect(semExtensao.statusCode).toBe(415);
    expect(semExtensao.json().mensagem).toBe(A.tipoNaoReconhecido);
    await conferirNadaGuardado(antes);
  });

  it('um executável ELF chamado .pdf é recusado nas peças e nos arquivos assinados, sem nada guardado', async () => {
    const antes = await estado();
    const peca = await enviarPecas(t, ana, idDocumento, N, [
      { nome: 'nota.pdf', conteudo: elf(), tipo: 'application/pdf' },
    ]);
    expect(peca.statusCode).toBe(415);
    expect(peca.json().mensagem).toBe(A.conteudoDivergente('pdf'));
    const assinado = await assinar([{ nome: 'nota.pdf', conteudo: elf(), tipo: 'application/pdf' }]);
    expect(assinado.statusCode).toBe(415);
    expect(assinado.json().mensagem).toBe(MENSAGENS.arquivosAssinados.apenasPdf);
    await conferirNadaGuardado(antes);
  });

  it('arquivos assinados: HTML/PDF poliglota e ZIP recusados; o PDF com ZIP colado vira um PDF assinado', async () => {
    const antes = await estado();
    for (const arquivo of [
      { nome: 'fatura.pdf', conteudo: await htmlPdf() },
      { nome: 'pacote.pdf', conteudo: zip('a.txt', Buffer.from('a')) },
    ]) {
      const resposta = await assinar([arquivo]);
      expect(resposta.statusCode, arquivo.nome).toBe(415);
      expect(resposta.json().mensagem).toBe(MENSAGENS.arquivosAssinados.apenasPdf);
    }
    await conferirNadaGuardado(antes);
    const poliglota = Buffer.concat([pdfValido, zip('leia-me.html', Buffer.from('<script>alert(1)</script>'))]);
    const aceito = await assinar([{ nome: 'poliglota.pdf', conteudo: poliglota }]);
    expect(aceito.statusCode, aceito.body).toBe(201);
    const [criado] = aceito.json() as { idArquivoAssinado: number }[];
    const baixado = await t.app.inject({
      method: 'GET',
      url: `/api/arquivos-assinados/${criado?.idArquivoAssinado}`,
      headers: cabecalhosApp(ana),
    });
    expect(baixado.statusCode).toBe(200);
    expect(baixado.headers['content-type']).toBe('application/pdf');
    expect(baixado.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('bomba de ZIP', () => {
  it('é guardada como ZIP opaco: nunca descomprimida, tamanho real, baixada como anexo', async () => {
    // 64 MiB of zeros deflate to ~64 KiB; the entry also declares 4 GiB - 1 as its size.
    const bomba = zip('zeros.bin', Buffer.alloc(64 * 1024 * 1024), { comprimir: true, tamanhoDeclarado: 0xffffffff });
    expect(bomba.length).toBeLessThan(200_000);
    const memoriaAntes = process.memoryUsage().rss;
    const resposta = await enviarPecas(t, ana, idDocumento, N, [{ nome: 'zeros.zip', conteudo: bomba }]);
    expect(resposta.statusCode, resposta.body).toBe(201);
    expect(resposta.json()).toMatchObject({ tipoMime: 'application/zip', tamanho: bomba.length });
    // Never inflated: the process did not grow by anything near the 64 MiB (or 4 GiB) inside.
    expect(process.memoryUsage().rss - memoriaAntes).toBeLessThan(48 * 1024 * 1024);
    const binario = await t.app.inject({
      method: 'GET',
      url: `/api/documentos/${idDocumento}/anexos/${resposta.json().idAnexo}/binario`,
      headers: cabecalhosApp(ana),
    });
    expect(binario.headers['content-type']).toBe('application/zip');
    expect(String(binario.headers['content-disposition'])).toMatch(/^attachment;/);
    expect(binario.rawPayload.length).toBe(bomba.length);
  });
});

describe('nomes de arquivo hostis', () => {
  /** Uploads a peça whose file part's Content-Disposition is written verbatim (the name parameters as given). */
  function enviarComDisposicao(parametrosNome: string, conteudo: Buffer) {
    const fronteira = '----tramiteseguranca7f3a';
    const payload = Buffer.concat([
      Buffer.from(`--${fronteira}\r\nContent-Disposition: form-data; name="tipoCopia"\r\n\r\nN\r\n`),
      Buffer.from(`--${fronteira}\r\nContent-Disposition: form-data; name="arquivo"; ${parametrosNome}\r\n`, 'latin1'),
      Buffer.from('Content-Type: application/pdf\r\n\r\n'),
      conteudo,
      Buffer.from(`\r\n--${fronteira}--\r\n`),
    ]);
    return t.app.inject({
      method: 'POST',
      url: `/api/documentos/${idDocumento}/anexos`,
      headers: { ...cabecalhosApp(ana), 'content-type': `multipart/form-data; boundary=${fronteira}` },
      payload,
    });
  }

  const hostil = '..\\..//../../etc/\u0000pass\r\nwd\u001b[31m\u202egnp.exe\u0007 "x"; filename=mal.html.pdf';
  it('um nome só em filename* (RFC 5987, com CR, LF, NUL e aspas) não é um arquivo em form-data (RFC 7578): recusado, nada guardado', async () => {
    const antes = await estado();
    const resposta = await enviarComDisposicao(
      `filename*=UTF-8''${encodeURIComponent(hostil)}`,
      pdf({ paginas: 1, marca: 'filename*' }),
    );
    expect(resposta.statusCode).toBe(400);
    expect(resposta.json().mensagem).toBe(A.arquivoAusente);
    await conferirNadaGuardado(antes);
  });

  it('`../` e caracteres de controle no filename: nome guardado limpo, arquivo no lugar do conteúdo, download seguro', async () => {
    const arquivosAntes = await arquivosNoArmazenamento(raiz());
    // What a client can put raw in the parameter (CR, LF and a quote would end the header or the parameter).
    const resposta = await enviarComDisposicao(
      'filename="..\\../../etc/\u0001pa\tss\u001b[31m\u007fwd\u202egnp.exe\u0007.pdf"',
      pdf({ paginas: 1, marca: 'nome cru' }),
    );
    expect(resposta.statusCode, resposta.body).toBe(201);
    const nome: string = resposta.json().nome;
    // The hostile name did arrive (cleaned, its last segment), not a default.
    expect(nome).toContain('pa');
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is that none are left
    expect(nome).not.toMatch(/[\u0000-\u001f\u007f\u202e/\\]/);
    expect(nome.startsWith('.')).toBe(false);
    expect(nome.endsWith('.pdf')).toBe(true);
    const linha = await t.banco.db
      .selectFrom('anexo')
      .select('nome')
      .where('id', '=', resposta.json().idAnexo)
      .executeTakeFirstOrThrow();
    expect(linha.nome).toBe(nome);
    // The only new file is content-addressed under the store (ab/cd/<sha256>), whatever the name said.
    const novos = (await arquivosNoArmazenamento(raiz())).filter((a) => !arquivosAntes.includes(a));
    expect(novos).toHaveLength(1);
    expect(novos[0]).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64}$/);
    const binario = await t.app.inject({
      method: 'GET',
      url: `/api/documentos/${idDocumento}/anexos/${resposta.json().idAnexo}/binario`,
      headers: cabecalhosApp(ana),
    });
    expect(binario.statusCode).toBe(200);
    const disposicao = String(binario.headers['content-disposition']);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: no header injection, no control characters
    expect(disposicao).not.toMatch(/[\u0000-\u001f\u007f]/);
    const ascii = /filename="([^"]*)"/.exec(disposicao)?.[1];
    expect(ascii).toBeDefined();
    expect(ascii).not.toMatch(/[/\\]/);
    // One filename parameter, and a filename* only when the ASCII one is not the exact name: nothing smuggled in.
    expect(disposicao.match(/filename=/g)).toHaveLength(1);
    expect(disposicao.match(/filename\*=/g) ?? []).toHaveLength(ascii === nome ? 0 : 1);
    expect(binario.headers['set-cookie']).toBeUndefined();
  });

  it('o mesmo nome num arquivo assinado é guardado limpo', async () => {
    const resposta = await assinar([
      { nome: '..\\../../\u0001seg\u001bredo\u007f.pdf', conteudo: pdf({ paginas: 1, marca: 'assinado' }) },
    ]);
    expect(resposta.statusCode, resposta.body).toBe(201);
    const [criado] = resposta.json() as { idArquivoAssinado: number; nomeOriginal: string }[];
    // biome-ignore lint/suspicious/noControlCharactersInRegex: none left
    expect(criado?.nomeOriginal).not.toMatch(/[\u0000-\u001f\u007f/\\]/);
    expect(criado?.nomeOriginal).toContain('redo');
  });
});

describe('corpo maior que o limite sem Content-Length (chunked)', () => {
  let porta: number;

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const endereco = t.app.server.address();
    if (!endereco || typeof endereco === 'string') throw new Error('sem endereço');
    porta = endereco.port;
  });

  /** Streams `tamanho` bytes of file in 64 KiB chunks, no Content-Length; answers status and body. */
  function enviarEmPedacos(caminho: string, campos: Record<string, string>, tamanho: number) {
    const { payload, tipo } = corpoMultipart(campos, [
      { nome: 'grande.pdf', conteudo: Buffer.from('%PDF-1.4\n'), tipo: 'application/pdf' },
    ]);
    // Split the body where the file content sits and put `tamanho` bytes of filler there.
    const marca = payload.indexOf('%PDF-1.4\n') + '%PDF-1.4\n'.length;
    const inicio = payload.subarray(0, marca);
    const fim = payload.subarray(marca);
    return new Promise<{ status: number; corpo: string }>((resolve, rejeitar) => {
      const req = pedidoHttp(
        {
          host: '127.0.0.1',
          port: porta,
          method: 'POST',
          path: caminho,
          headers: { ...cabecalhosApp(ana), 'content-type': tipo, 'transfer-encoding': 'chunked' },
        },
        (res) => {
          const partes: Buffer[] = [];
          res.on('data', (p: Buffer) => partes.push(p));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, corpo: Buffer.concat(partes).toString() }));
        },
      );
      req.on('error', rejeitar);
      const pedaco = Buffer.alloc(64 * 1024, 0x20);
      let enviados = 0;
      req.write(inicio);
      const escrever = () => {
        while (enviados < tamanho) {
          if (req.destroyed) return;
          enviados += pedaco.length;
          if (!req.write(pedaco)) {
            req.once('drain', escrever);
            return;
          }
        }
        req.end(fim);
      };
      escrever();
    });
  }

  it('peças: 413 com a mensagem do limite, nada guardado', async () => {
    const antes = await estado();
    const resposta = await enviarEmPedacos(
      `/api/documentos/${idDocumento}/anexos`,
      N,
      TAMANHO_MAXIMO_ARQUIVO + 256 * 1024,
    );
    expect(resposta.status).toBe(413);
    expect(JSON.parse(resposta.corpo).mensagem).toBe(A.arquivoGrande('5 MiB'));
    await conferirNadaGuardado(antes);
  });

  it('arquivos assinados: 413 com a mensagem do limite, nada guardado', async () => {
    const antes = await estado();
    const resposta = await enviarEmPedacos(
      '/api/arquivos-assinados',
      { matrSiape: SIAPE, idTipoAssinatura: String(idTipoAssinatura) },
      50 * 1024 * 1024 + 256 * 1024,
    );
    expect(resposta.status).toBe(413);
    expect(JSON.parse(resposta.corpo).mensagem).toBe(A.arquivoGrande('50 MiB'));
    await conferirNadaGuardado(antes);
  });
});
