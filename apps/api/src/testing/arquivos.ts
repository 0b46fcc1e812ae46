import { encode as codificarBmp } from 'bmp-ts';
import { GifWriter } from 'omggif';
import { gerarPng } from '../db/seed/arquivos-demo.ts';

/** Files the tests upload or store: PDFs, images in each accepted format, and one executable. */

export interface OpcoesPdf {
  /**
   * With it, a real PDF (A4 pages, each saying "<marca> pagina <n>") that any reader opens; without it, only a PDF
   * header followed by filler: file-type recognises it by its first bytes, but no reader opens it.
   */
  paginas?: number;
  /** Written in the file (a comment, and the pages' text), so that each test's files have their own bytes. */
  marca?: string;
  /** The file's exact size in bytes, when larger than it needs (header-only PDFs: 2048 by default). */
  tamanho?: number;
}

/** The one PDF builder of the tests (see `OpcoesPdf`). */
export function pdf(opcoes: OpcoesPdf = {}): Buffer {
  const marca = opcoes.marca ?? 'x';
  if (opcoes.paginas === undefined) {
    const cabecalho = Buffer.from(`%PDF-1.4\n%${marca}\n1 0 obj\n<< /Type /Catalog >>\nendobj\n`);
    const conteudo = Buffer.alloc(Math.max(opcoes.tamanho ?? 2048, cabecalho.length), 0x20);
    cabecalho.copy(conteudo);
    return conteudo;
  }
  const minimo = pdfComPaginas(opcoes.paginas, marca, 0);
  if (!opcoes.tamanho || opcoes.tamanho <= minimo.length) return minimo;
  // The filler is a comment before the objects; the offsets (and so the length of the trailer) follow it.
  let preenchimento = opcoes.tamanho - minimo.length;
  let conteudo = pdfComPaginas(opcoes.paginas, marca, preenchimento);
  preenchimento += opcoes.tamanho - conteudo.length;
  if (conteudo.length !== opcoes.tamanho) conteudo = pdfComPaginas(opcoes.paginas, marca, preenchimento);
  return conteudo;
}

/** A classic PDF written by hand (synchronously): catalog, page tree, Helvetica, one text stream per page. */
function pdfComPaginas(paginas: number, marca: string, preenchimento: number): Buffer {
  const texto = (valor: string) => valor.replace(/[\\()]/g, (c) => `\\${c}`);
  const objetos: string[] = [];
  const idPagina = (i: number) => 4 + 2 * i;
  objetos.push('<< /Type /Catalog /Pages 2 0 R >>');
  const filhas = Array.from({ length: paginas }, (_, i) => `${idPagina(i)} 0 R`).join(' ');
  objetos.push(`<< /Type /Pages /Kids [${filhas}] /Count ${paginas} >>`);
  objetos.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  for (let i = 0; i < paginas; i++) {
    objetos.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${idPagina(i) + 1} 0 R >>`,
    );
    const fluxo = `BT /F1 14 Tf 72 400 Td (${texto(`${marca} pagina ${i + 1}`)}) Tj ET`;
    objetos.push(`<< /Length ${Buffer.byteLength(fluxo, 'latin1')} >>\nstream\n${fluxo}\nendstream`);
  }
  // A filler comment line takes 2 bytes besides its spaces.
  const comentario = preenchimento >= 2 ? `%${' '.repeat(preenchimento - 2)}\n` : '';
  let corpo = `%PDF-1.4\n%${texto(marca).replace(/[\r\n]/g, ' ')}\n${comentario}`;
  const posicoes: number[] = [];
  objetos.forEach((objeto, i) => {
    posicoes.push(Buffer.byteLength(corpo, 'latin1'));
    corpo += `${i + 1} 0 obj\n${objeto}\nendobj\n`;
  });
  const inicioXref = Buffer.byteLength(corpo, 'latin1');
  corpo += `xref\n0 ${objetos.length + 1}\n0000000000 65535 f \n`;
  for (const posicao of posicoes) corpo += `${String(posicao).padStart(10, '0')} 00000 n \n`;
  corpo += `trailer\n<< /Size ${objetos.length + 1} /Root 1 0 R >>\nstartxref\n${inicioXref}\n%%EOF\n`;
  return Buffer.from(corpo, 'latin1');
}

/** A PNG of the given size (16×16 by default) with a colour gradient. */
export function png(dimensoes: { largura?: number; altura?: number } = {}): Buffer {
  const { largura = 16, altura = 16 } = dimensoes;
  return gerarPng(largura, altura, (x, y) => [(x * 16) % 256, (y * 16) % 256, 128]);
}

/** A 40×24 24-bit BMP (wider than tall), encoded by bmp-ts (pixels in ABGR order). */
export function bmp(): Buffer {
  const [largura, altura] = [40, 24];
  const data = Buffer.alloc(largura * altura * 4);
  for (let i = 0; i < largura * altura; i++) data.set([0, 200, (i % largura) * 6, 90], i * 4);
  return codificarBmp({ width: largura, height: altura, data, bitPP: 24 }).data;
}

/** A 16×30 GIF with a four-colour palette (taller than wide). */
export function gif(): Buffer {
  const [largura, altura] = [16, 30];
  const buffer = Buffer.alloc(1024);
  const escritor = new GifWriter(buffer, largura, altura, { palette: [0xff0000, 0x00ff00, 0x0000ff, 0xffffff] });
  const indices = Array.from({ length: largura * altura }, (_, i) => Math.floor(i / largura) % 4);
  escritor.addFrame(0, 0, largura, altura, indices);
  return buffer.subarray(0, escritor.end());
}

/** A 24×16 baseline JPEG (made once with a browser canvas). */
export function jpeg(): Buffer {
  return Buffer.from(
    '/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wAARCAAQABgDASIAAhEBAxEB/8QAFgABAQEAAAAAAAAAAAAAAAAABgAF/8QAJBAAAAUBCAMAAAAAAAAAAAAAAQUREhMAAgMEFRciMVFlpOL/xAAXAQADAQAAAAAAAAAAAAAAAAABAwQG/8QAIhEAAAUBCQAAAAAAAAAAAAAAAAEREjECAwQTFCFBYXGB/9oADAMBAAIRAxEAPwDIJC7Nja4wMsUrt7XIlkR4UOqV6d+W9f6ooSGOUm1xjopYnbHNVbIhyg90r1E8T7HzSyTcae+Zx5YEJxPoKHZdlJtf4GWWJu9rVWyA8KPdVR2Y5sbX+Oiilbsc5EsgHKB1VQF1k5lL5TXsf//Z',
    'base64',
  );
}

/** A Windows executable's header (MZ ... PE). */
export function executavel(): Buffer {
  const conteudo = Buffer.alloc(1024, 0);
  conteudo.write('MZ', 0, 'ascii');
  conteudo.writeUInt32LE(0x80, 0x3c);
  conteudo.write('PE\0\0', 0x80, 'binary');
  return conteudo;
}
