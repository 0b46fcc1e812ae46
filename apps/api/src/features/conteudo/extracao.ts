import { readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { LIMITES_EXTRACAO, MENSAGENS } from '@tramite/shared';
import { converterParaPng } from '../consolidacao/imagem-png.ts';
import { dimensoesImagem, escalaRenderizacao, normalizarTexto, temCamadaTexto } from './extracao-texto.ts';

/**
 * Issue 21: the reading of a file's text, page by page, in a worker process of the indexing pool
 * (trabalhador-indexacao.ts; never on the server's event loop). A PDF page gives its text layer when it has one,
 * else the page is rendered at 300 dpi and read by OCR in Portuguese; an image is one page, read by OCR.
 * The worker keeps one OCR engine (loaded on first use) and the last PDF it opened, so the pages of a file, asked
 * one at a time, do not parse it again; no more than one page's text is ever in memory.
 */

const requerer = createRequire(import.meta.url);

/** A file whose text cannot be read at all (encrypted, corrupt, over the limits): `message` is the reason. */
export class ArquivoIlegivel extends Error {
  constructor(motivo: string) {
    super(motivo);
    this.name = 'ArquivoIlegivel';
  }
}

const TIPOS_IMAGEM = new Set(['image/png', 'image/jpeg', 'image/bmp', 'image/gif']);
/** Accepted peça types that hold no text to read: they have no pages (the file is done at once). */
const TIPOS_SEM_TEXTO = new Set(['audio/mpeg', 'video/mp4', 'application/zip']);

export interface EntradaArquivoConteudo {
  /** Absolute path of the stored file. */
  caminho: string;
  /** arquivo.tipo_mime. */
  tipoMime: string;
}

export interface PaginaConteudo {
  texto: string;
  /** T: the PDF's text layer; O: OCR. */
  origem: 'T' | 'O';
}

// --- pdfjs --------------------------------------------------------------------------------------------------

type Pdfjs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
type DocumentoPdf = Awaited<ReturnType<Pdfjs['getDocument']>['promise']>;

let pdfjs: Promise<Pdfjs> | null = null;
function carregarPdfjs(): Promise<Pdfjs> {
  pdfjs ??= import(pathToFileURL(requerer.resolve('pdfjs-dist/legacy/build/pdf.mjs')).href) as Promise<Pdfjs>;
  return pdfjs;
}

function pastaFontesPadrao(): string {
  return `${join(dirname(requerer.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;
}

/** The last PDF opened, by path (files are content-addressed: a path's bytes never change). */
let pdfAberto: { caminho: string; documento: Promise<DocumentoPdf> } | null = null;

async function verificarTamanho(caminho: string): Promise<void> {
  const { size } = await stat(caminho);
  if (size > LIMITES_EXTRACAO.tamanhoMaximoMb * 1024 * 1024) {
    throw new ArquivoIlegivel(MENSAGENS.conteudo.grandeDemais(LIMITES_EXTRACAO.tamanhoMaximoMb));
  }
}

async function abrirPdf(caminho: string): Promise<DocumentoPdf> {
  if (pdfAberto?.caminho === caminho) return pdfAberto.documento;
  const anterior = pdfAberto;
  pdfAberto = null;
  if (anterior) await anterior.documento.then((d) => d.destroy()).catch(() => {});
  const documento = (async () => {
    await verificarTamanho(caminho);
    const biblioteca = await carregarPdfjs();
    const dados = new Uint8Array(await readFile(caminho));
    const tarefa = biblioteca.getDocument({
      data: dados,
      isEvalSupported: false,
      standardFontDataUrl: pastaFontesPadrao(),
      useSystemFonts: false,
      disableFontFace: true,
      useWorkerFetch: false,
      verbosity: biblioteca.VerbosityLevel.ERRORS,
    });
    try {
      return await tarefa.promise;
    } catch (erro) {
      await tarefa.destroy().catch(() => {});
      if (erro instanceof Error && erro.name === 'PasswordException') {
        throw new ArquivoIlegivel(MENSAGENS.conteudo.protegido);
      }
      throw new ArquivoIlegivel(MENSAGENS.conteudo.corrompido);
    }
  })();
  pdfAberto = { caminho, documento };
  // A file that failed to open is not kept: the next call tries again (and fails the same way, with its reason).
  documento.catch(() => {
    if (pdfAberto?.documento === documento) pdfAberto = null;
  });
  return documento;
}

async function textoCamada(documento: DocumentoPdf, numero: number): Promise<{ texto: string; pagina: PaginaPdf }> {
  const pagina = await documento.getPage(numero);
  const conteudo = await pagina.getTextContent();
  let texto = '';
  for (const item of conteudo.items) {
    if (!('str' in item)) continue;
    texto += item.str;
    texto += item.hasEOL ? '\n' : '';
  }
  return { texto, pagina };
}

type PaginaPdf = Awaited<ReturnType<DocumentoPdf['getPage']>>;

/** Renders a page at 300 dpi (less when over the pixel limit), white background, as a PNG for the OCR. */
async function renderizar(pagina: PaginaPdf): Promise<Buffer> {
  const { createCanvas } = await import('@napi-rs/canvas');
  const base = pagina.getViewport({ scale: 1 });
  const viewport = pagina.getViewport({ scale: escalaRenderizacao(base.width, base.height) });
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const contexto = canvas.getContext('2d');
  contexto.fillStyle = '#ffffff';
  contexto.fillRect(0, 0, canvas.width, canvas.height);
  // pdf.js' types name the DOM's canvas; in Node it draws on @napi-rs/canvas, which has the same API.
  type ParametrosRender = Parameters<PaginaPdf['render']>[0];
  await pagina.render({
    canvas: canvas as unknown as ParametrosRender['canvas'],
    canvasContext: contexto as unknown as ParametrosRender['canvasContext'],
    viewport,
  }).promise;
  return canvas.encode('png');
}

// --- OCR ----------------------------------------------------------------------------------------------------

type Tesseract = typeof import('tesseract.js');
type MotorOcr = Awaited<ReturnType<Tesseract['createWorker']>>;

let motor: Promise<MotorOcr> | null = null;

/** The worker's one OCR engine (tesseract.js, Portuguese, LSTM), from the traineddata installed by npm. */
function motorOcr(): Promise<MotorOcr> {
  motor ??= (async () => {
    const tesseract = (await import('tesseract.js')) as Tesseract & { default?: Tesseract };
    const { createWorker, OEM } = tesseract.default ?? tesseract;
    const langPath = join(dirname(requerer.resolve('@tesseract.js-data/por/package.json')), '4.0.0_best_int');
    // Without an errorHandler, tesseract.js throws a failed read from an event handler: the process would die.
    return createWorker('por', OEM.LSTM_ONLY, { langPath, cacheMethod: 'none', gzip: true, errorHandler: () => {} });
  })();
  motor.catch(() => {
    motor = null;
  });
  return motor;
}

/** The text of an image; with `arquivo`, an image the OCR cannot decode is the file's fault (corrompido). */
async function ocr(imagem: Buffer, arquivo = false): Promise<string> {
  const atual = await motorOcr();
  try {
    const { data } = await atual.recognize(imagem);
    return data.text ?? '';
  } catch (erro) {
    // Start the next page with a fresh engine: nothing of a failed read is kept.
    if (motor) motor = null;
    await atual.terminate().catch(() => {});
    if (arquivo) throw new ArquivoIlegivel(MENSAGENS.conteudo.corrompido);
    throw erro;
  }
}

/**
 * An image file as the OCR takes it, its pixels checked from the header first. PNG and JPEG go as they are (the
 * OCR's decoders run in WebAssembly: a broken file is an error, never a crash); GIF and BMP are decoded by pure
 * JavaScript and written as PNG, as the consolidation does (a BMP compressed in RLE is refused there, and so here).
 * Not @napi-rs/canvas: its native decoder crashes the process on a PNG with a valid header and garbage data.
 */
async function imagemParaOcr(caminho: string, tipoMime: string): Promise<Buffer> {
  await verificarTamanho(caminho);
  const dados = await readFile(caminho);
  verificarDimensoes(dados);
  if (tipoMime === 'image/png' || tipoMime === 'image/jpeg') return dados;
  try {
    return Buffer.from(converterParaPng(tipoMime, dados));
  } catch {
    throw new ArquivoIlegivel(MENSAGENS.conteudo.corrompido);
  }
}

function verificarDimensoes(dados: Buffer): void {
  const dimensoes = dimensoesImagem(dados);
  if (!dimensoes || dimensoes.largura === 0 || dimensoes.altura === 0) {
    throw new ArquivoIlegivel(MENSAGENS.conteudo.corrompido);
  }
  if (dimensoes.largura * dimensoes.altura > LIMITES_EXTRACAO.pixelsMaximos) {
    throw new ArquivoIlegivel(MENSAGENS.conteudo.imagemGrandeDemais);
  }
}

// --- tasks --------------------------------------------------------------------------------------------------

async function abrirArquivoConteudo(entrada: EntradaArquivoConteudo): Promise<{ paginas: number }> {
  if (entrada.tipoMime === 'application/pdf') {
    const documento = await abrirPdf(entrada.caminho);
    if (documento.numPages > LIMITES_EXTRACAO.paginasMaximas) {
      throw new ArquivoIlegivel(MENSAGENS.conteudo.paginasDemais(LIMITES_EXTRACAO.paginasMaximas));
    }
    if (documento.numPages < 1) throw new ArquivoIlegivel(MENSAGENS.conteudo.corrompido);
    return { paginas: documento.numPages };
  }
  if (TIPOS_IMAGEM.has(entrada.tipoMime)) {
    await verificarTamanho(entrada.caminho);
    verificarDimensoes(await readFile(entrada.caminho));
    return { paginas: 1 };
  }
  if (TIPOS_SEM_TEXTO.has(entrada.tipoMime)) return { paginas: 0 };
  throw new ArquivoIlegivel(MENSAGENS.conteudo.corrompido);
}

async function extrairPaginaConteudo(entrada: EntradaArquivoConteudo & { pagina: number }): Promise<PaginaConteudo> {
  if (entrada.tipoMime === 'application/pdf') {
    const documento = await abrirPdf(entrada.caminho);
    if (!Number.isInteger(entrada.pagina) || entrada.pagina < 1 || entrada.pagina > documento.numPages) {
      throw new RangeError(`página ${entrada.pagina} fora do arquivo (${documento.numPages} páginas)`);
    }
    const { texto, pagina } = await textoCamada(documento, entrada.pagina);
    try {
      if (temCamadaTexto(texto)) return { texto: normalizarTexto(texto), origem: 'T' };
      return { texto: normalizarTexto(await ocr(await renderizar(pagina))), origem: 'O' };
    } finally {
      pagina.cleanup();
    }
  }
  if (TIPOS_IMAGEM.has(entrada.tipoMime)) {
    if (entrada.pagina !== 1) throw new RangeError(`página ${entrada.pagina} fora do arquivo (1 página)`);
    const imagem = await imagemParaOcr(entrada.caminho, entrada.tipoMime);
    return { texto: normalizarTexto(await ocr(imagem, true)), origem: 'O' };
  }
  throw new ArquivoIlegivel(MENSAGENS.conteudo.corrompido);
}

/**
 * The indexing workers' tasks (run by trabalhador-indexacao.ts). Both reject with an Error named 'ArquivoIlegivel'
 * (its message the reason, from MENSAGENS.conteudo) when the file cannot be read at all; any other error is the
 * page's own failure.
 */
export const tarefasConteudo = {
  /** Opens the file and counts its pages (an image is 1; audio, video and zip files have none). */
  abrirArquivoConteudo,
  /** The text of one page (1-based): its text layer, or OCR of the page rendered at 300 dpi; OCR of an image. */
  extrairPaginaConteudo,
};
