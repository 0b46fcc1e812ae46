import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { PDFDocument, type PDFFont, rgb, StandardFonts } from 'pdf-lib';
import PDFKit from 'pdfkit';
import { carregadorTypeScript } from '../../platform/pool-trabalhadores.ts';

/**
 * Issue 21: "paper" as the institution receives it, for the demo seed and the tests of the text of the peças:
 * PDFs with a real text layer, pages of text as a scanner makes them (png, jpeg, gif, bmp), PDFs that are only
 * scanned images, a password-protected PDF and a corrupt one. Deterministic: the same input gives the same bytes,
 * so the content-addressed demo files stay stable.
 */

export const A4_PONTOS: [number, number] = [595.28, 841.89];
export const MARGEM_PONTOS = 56;
export const CORPO_PONTOS = 12;

export function quebrar(texto: string, cabe: (linha: string) => boolean): string[] {
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

/** The child process that draws the scans: `@napi-rs/canvas` stays out of the server's and the tests' processes. */
const PROCESSO_DESENHO = fileURLToPath(new URL('./processo-digitalizacao.ts', import.meta.url));
const TENTATIVAS_DESENHO = 3;

function desenharEmOutroProcesso(linhas: string[], opcoes: OpcoesDigitalizacao): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const filho = spawn(process.execPath, ['--import', carregadorTypeScript(), PROCESSO_DESENHO], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const saida: Buffer[] = [];
    let erro = '';
    filho.stdout.on('data', (parte: Buffer) => saida.push(parte));
    filho.stderr.on('data', (parte: Buffer) => {
      erro = (erro + parte.toString('utf8')).slice(-2000);
    });
    filho.on('error', reject);
    filho.on('close', (codigo, sinal) => {
      if (codigo === 0) resolve(Buffer.concat(saida));
      else reject(new Error(`o desenho da digitalização terminou com ${sinal ?? codigo}: ${erro}`));
    });
    filho.stdin.end(JSON.stringify({ linhas, opcoes }));
  });
}

/**
 * The image of a page of text as a scanner makes it: black text on off-white A4 paper at `dpi`, with specks and a
 * slight tilt when `ruido` (the default). There is no text layer: only OCR reads it. Drawn in a short-lived child
 * process (processo-digitalizacao.ts): the native canvas has crashed the process that drew while other native work
 * ran beside it, and a crash there costs only a new attempt (the drawing is deterministic).
 */
export async function digitalizarTexto(linhas: string[], opcoes: OpcoesDigitalizacao = {}): Promise<Buffer> {
  for (let tentativa = 1; ; tentativa++) {
    try {
      return await desenharEmOutroProcesso(linhas, opcoes);
    } catch (erro) {
      if (tentativa >= TENTATIVAS_DESENHO) throw erro;
    }
  }
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
