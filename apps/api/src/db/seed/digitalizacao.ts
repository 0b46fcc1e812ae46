import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';
import { encode as codificarBmp } from 'bmp-ts';
import { GifWriter } from 'omggif';
import { PDFDocument, type PDFFont, rgb, StandardFonts } from 'pdf-lib';
import PDFKit from 'pdfkit';
import { Aleatorio } from './aleatorio.ts';

/**
 * Issue 21: "paper" as the institution receives it, for the demo seed and the tests of the text of the peças:
 * PDFs with a real text layer, pages of text as a scanner makes them (png, jpeg, gif, bmp), PDFs that are only
 * scanned images, a password-protected PDF and a corrupt one. Deterministic: the same input gives the same bytes,
 * so the content-addressed demo files stay stable.
 */

const requerer = createRequire(import.meta.url);
const FAMILIA = 'Tramite Digitalizacao';
let fonteRegistrada = false;

/** LiberationSans (shipped by pdfjs-dist, SIL OFL): the same glyphs on every machine, accents included. */
function registrarFonte(): void {
  if (fonteRegistrada) return;
  const fontes = join(dirname(requerer.resolve('pdfjs-dist/package.json')), 'standard_fonts');
  GlobalFonts.registerFromPath(join(fontes, 'LiberationSans-Regular.ttf'), FAMILIA);
  fonteRegistrada = true;
}

const A4_PONTOS: [number, number] = [595.28, 841.89];
const MARGEM_PONTOS = 56;
const CORPO_PONTOS = 12;

function quebrar(texto: string, cabe: (linha: string) => boolean): string[] {
  if (texto.trim() === '') return [''];
  const linhas: string[] = [];
  let atual = '';
  for (const palavra of texto.split(/\s+/)) {
    const tentativa = atual ? `${atual} ${palavra}` : palavra;
    if (atual && !cabe(tentativa)) {
      linhas.push(atual);
      atual = palavra;
    } else {
      atual = tentativa;
    }
  }
  if (atual) linhas.push(atual);
  return linhas;
}

/**
 * A PDF with a real text layer: one A4 page per array of lines (long lines wrap). Helvetica with WinAnsi encoding,
 * which holds every Portuguese letter (á, ç, õ, º...); no dates in the file, so its bytes never change.
 */
export async function pdfComTexto(paginas: string[][]): Promise<Buffer> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const fonte: PDFFont = await pdf.embedFont(StandardFonts.Helvetica);
  const largura = A4_PONTOS[0] - 2 * MARGEM_PONTOS;
  for (const linhas of paginas) {
    const pagina = pdf.addPage(A4_PONTOS);
    let y = A4_PONTOS[1] - MARGEM_PONTOS;
    for (const linha of linhas) {
      for (const parte of quebrar(linha, (t) => fonte.widthOfTextAtSize(t, CORPO_PONTOS) <= largura)) {
        if (y < MARGEM_PONTOS) break;
        if (parte)
          pagina.drawText(parte, { x: MARGEM_PONTOS, y, size: CORPO_PONTOS, font: fonte, color: rgb(0, 0, 0) });
        y -= CORPO_PONTOS * 1.5;
      }
    }
  }
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

export type FormatoDigitalizacao = 'png' | 'jpeg' | 'gif' | 'bmp';

export interface OpcoesDigitalizacao {
  /** png by default. */
  formato?: FormatoDigitalizacao;
  /** Resolution of the "scanner": 200 by default (an A4 page is then 1654×2339 pixels). */
  dpi?: number;
  /** Specks, a slight tilt and an uneven paper tone, as a real scan has (true by default). */
  ruido?: boolean;
}

/** A stable seed from the text, so the noise of a page is always the same. */
function semente(texto: string): number {
  let h = 2166136261;
  for (let i = 0; i < texto.length; i++) h = Math.imul(h ^ texto.charCodeAt(i), 16777619);
  return h >>> 0;
}

function desenharPagina(contexto: SKRSContext2D, linhas: string[], escala: number, largura: number): void {
  const margem = MARGEM_PONTOS * escala;
  const corpo = CORPO_PONTOS * escala;
  contexto.fillStyle = '#141414';
  contexto.font = `${corpo}px "${FAMILIA}"`;
  contexto.textBaseline = 'alphabetic';
  let y = margem + corpo;
  for (const linha of linhas) {
    for (const parte of quebrar(linha, (t) => contexto.measureText(t).width <= largura - 2 * margem)) {
      if (parte) contexto.fillText(parte, margem, y);
      y += corpo * 1.5;
    }
  }
}

/**
 * The image of a page of text as a scanner makes it: black text on off-white A4 paper at `dpi`, with specks and a
 * slight tilt when `ruido` (the default). There is no text layer: only OCR reads it.
 */
export async function digitalizarTexto(linhas: string[], opcoes: OpcoesDigitalizacao = {}): Promise<Buffer> {
  registrarFonte();
  const { formato = 'png', dpi = 200, ruido = true } = opcoes;
  const escala = dpi / 72;
  const largura = Math.round(A4_PONTOS[0] * escala);
  const altura = Math.round(A4_PONTOS[1] * escala);
  const canvas = createCanvas(largura, altura);
  const contexto = canvas.getContext('2d');
  const aleatorio = new Aleatorio(semente(`${linhas.join('\n')}|${dpi}`));
  contexto.fillStyle = ruido ? '#f4f1ea' : '#ffffff';
  contexto.fillRect(0, 0, largura, altura);
  contexto.save();
  if (ruido) {
    // A page fed slightly askew.
    contexto.translate(largura / 2, altura / 2);
    contexto.rotate(aleatorio.real(-0.006, 0.006));
    contexto.translate(-largura / 2, -altura / 2);
  }
  desenharPagina(contexto, linhas, escala, largura);
  contexto.restore();
  if (ruido) {
    contexto.fillStyle = '#5a5a5a';
    const pontos = Math.round((largura * altura) / 4000);
    for (let i = 0; i < pontos; i++) {
      const tamanho = aleatorio.real(0.5, 1.8) * (dpi / 200);
      contexto.fillRect(aleatorio.real(0, largura), aleatorio.real(0, altura), tamanho, tamanho);
    }
  }
  if (formato === 'png') return canvas.encode('png');
  if (formato === 'jpeg') return canvas.encode('jpeg', 85);
  const rgba = contexto.getImageData(0, 0, largura, altura).data;
  if (formato === 'bmp') {
    // bmp-ts takes pixels in ABGR order.
    const abgr = Buffer.alloc(largura * altura * 4);
    for (let i = 0; i < largura * altura; i++) {
      abgr[i * 4] = 0xff;
      abgr[i * 4 + 1] = rgba[i * 4 + 2] as number;
      abgr[i * 4 + 2] = rgba[i * 4 + 1] as number;
      abgr[i * 4 + 3] = rgba[i * 4] as number;
    }
    return codificarBmp({ width: largura, height: altura, data: abgr, bitPP: 24 }).data;
  }
  // GIF: 256 shades of grey, as a greyscale scan.
  const paleta = Array.from({ length: 256 }, (_, i) => (i << 16) | (i << 8) | i);
  const indices = new Uint8Array(largura * altura);
  for (let i = 0; i < largura * altura; i++) {
    const r = rgba[i * 4] as number;
    const g = rgba[i * 4 + 1] as number;
    const b = rgba[i * 4 + 2] as number;
    indices[i] = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
  }
  const saida = Buffer.alloc(largura * altura * 2 + 4096);
  const escritor = new GifWriter(saida, largura, altura, { palette: paleta });
  escritor.addFrame(0, 0, largura, altura, indices as unknown as number[]);
  return Buffer.from(saida.subarray(0, escritor.end()));
}

function ehPng(imagem: Buffer): boolean {
  return imagem.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
}

/**
 * A PDF made only of scanned images, one PNG or JPEG per A4 page, with no text layer (what a scanner's "save as
 * PDF" gives): only OCR reads it.
 */
export async function pdfSomenteImagem(imagens: Buffer[]): Promise<Buffer> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  for (const imagem of imagens) {
    const embutida = ehPng(imagem) ? await pdf.embedPng(imagem) : await pdf.embedJpg(imagem);
    const pagina = pdf.addPage(A4_PONTOS);
    pagina.drawImage(embutida, { x: 0, y: 0, width: A4_PONTOS[0], height: A4_PONTOS[1] });
  }
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

/** A PDF protected by a user password (RC4, PDF 1.4): no reader opens it without the password. */
export function pdfProtegido(linhas: string[] = ['Documento protegido por senha']): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const documento = new PDFKit({
      size: 'A4',
      pdfVersion: '1.4',
      userPassword: 'segredo',
      ownerPassword: 'segredo-do-dono',
      info: { CreationDate: new Date(Date.UTC(2025, 0, 1)), Producer: 'Trâmite', Creator: 'Trâmite' },
    });
    const partes: Buffer[] = [];
    documento.on('data', (parte: Buffer) => partes.push(parte));
    documento.on('end', () => resolve(Buffer.concat(partes)));
    documento.on('error', reject);
    documento.font('Helvetica').fontSize(CORPO_PONTOS);
    for (const linha of linhas) documento.text(linha);
    documento.end();
  });
}

/**
 * A PDF cut short: a real PDF's first part (header and some objects) with the rest lost, as a broken transfer
 * leaves it. It still starts with %PDF-, so file-type takes it for a PDF; no reader opens it.
 */
export async function pdfCorrompido(): Promise<Buffer> {
  const inteiro = await pdfComTexto([['Arquivo que chegou pela metade']]);
  const corte = Buffer.from(inteiro.subarray(0, Math.floor(inteiro.length / 3)));
  // Without its end the reader hunts for objects; garble the middle too so that it finds no page.
  corte.fill(0x3f, 40, corte.length);
  return corte;
}

/** One PDF with the pages of several, in order (e.g. a typed page followed by a scanned annex). */
export async function juntarPdfs(pdfs: Buffer[]): Promise<Buffer> {
  const saida = await PDFDocument.create({ updateMetadata: false });
  for (const pdf of pdfs) {
    const origem = await PDFDocument.load(pdf, { updateMetadata: false });
    for (const pagina of await saida.copyPages(origem, origem.getPageIndices())) saida.addPage(pagina);
  }
  return Buffer.from(await saida.save({ useObjectStreams: false }));
}
