import { LIMITES_EXTRACAO } from '@tramite/shared';

/**
 * Pure helpers of the text extraction (issue 21), apart from the libraries so that the server and the tests use
 * them without loading pdfjs or tesseract.
 */

/** Letters a PDF page's text layer needs to count as text; below it (a scan with a page-number stamp) it gets OCR. */
export const LETRAS_MINIMAS_CAMADA_TEXTO = 20;

/** Resolution a PDF page with no text layer is rendered at for OCR. */
export const DPI_OCR = 300;

/**
 * A page's text as stored and searched: NFC, words split across lines by a hyphen joined again, whitespace
 * collapsed, control characters dropped, capped at `LIMITES_EXTRACAO.caracteresPorPagina`.
 */
export function normalizarTexto(texto: string, limite: number = LIMITES_EXTRACAO.caracteresPorPagina): string {
  const normalizado = texto
    .normalize('NFC')
    .replace(/(\p{L})-[ \t]*\r?\n[ \t]*(\p{Ll})/gu, '$1$2')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
    .replace(/[\u0000-\u0008\u000e-\u001f\u007f\u00ad\ufffd]/g, '')
    .replace(/\s+/gu, ' ')
    .trim();
  if (normalizado.length <= limite) return normalizado;
  // Never cut a surrogate pair in two.
  const corte = /[\ud800-\udbff]/.test(normalizado.charAt(limite - 1)) ? limite - 1 : limite;
  return normalizado.slice(0, corte);
}

/** Whether a page's text layer holds real text (at least `LETRAS_MINIMAS_CAMADA_TEXTO` letters). */
export function temCamadaTexto(texto: string): boolean {
  const letras = texto.match(/\p{L}/gu);
  return (letras?.length ?? 0) >= LETRAS_MINIMAS_CAMADA_TEXTO;
}

/**
 * The scale a PDF page (its size in points) is rendered at for OCR: `dpi` (300) unless the image would pass
 * `pixelsMaximos`, then the largest scale under it.
 */
export function escalaRenderizacao(
  larguraPontos: number,
  alturaPontos: number,
  dpi: number = DPI_OCR,
  pixelsMaximos: number = LIMITES_EXTRACAO.pixelsMaximos,
): number {
  const escala = dpi / 72;
  const pixels = larguraPontos * escala * alturaPontos * escala;
  if (pixels <= pixelsMaximos) return escala;
  // A little under the bound: the canvas rounds each side up.
  return Math.sqrt((pixelsMaximos * 0.99) / (larguraPontos * alturaPontos));
}

export interface DimensoesImagem {
  largura: number;
  altura: number;
}

/**
 * Width and height of a PNG, JPEG, GIF or BMP read from its header, without decoding it (a decompression bomb is
 * refused before it takes memory); null when the bytes are not such an image.
 */
export function dimensoesImagem(dados: Buffer): DimensoesImagem | null {
  if (dados.length >= 24 && dados.readUInt32BE(0) === 0x89504e47 && dados.toString('latin1', 12, 16) === 'IHDR') {
    return { largura: dados.readUInt32BE(16), altura: dados.readUInt32BE(20) };
  }
  if (dados.length >= 10 && /^GIF8[79]a$/.test(dados.toString('latin1', 0, 6))) {
    return { largura: dados.readUInt16LE(6), altura: dados.readUInt16LE(8) };
  }
  if (dados.length >= 26 && dados.toString('latin1', 0, 2) === 'BM') {
    const tamanhoCabecalho = dados.readUInt32LE(14);
    if (tamanhoCabecalho === 12) return { largura: dados.readUInt16LE(18), altura: dados.readUInt16LE(20) };
    return { largura: Math.abs(dados.readInt32LE(18)), altura: Math.abs(dados.readInt32LE(22)) };
  }
  if (dados.length >= 4 && dados[0] === 0xff && dados[1] === 0xd8) return dimensoesJpeg(dados);
  return null;
}

/** JPEG: walks the segments to the first start-of-frame (SOF0–SOF15 but DHT, JPG and DAC). */
function dimensoesJpeg(dados: Buffer): DimensoesImagem | null {
  let posicao = 2;
  while (posicao + 9 < dados.length) {
    if (dados[posicao] !== 0xff) return null;
    const marcador = dados[posicao + 1] as number;
    if (marcador === 0xff) {
      posicao++;
      continue;
    }
    if (marcador === 0xd8 || (marcador >= 0xd0 && marcador <= 0xd7) || marcador === 0x01) {
      posicao += 2;
      continue;
    }
    const tamanho = dados.readUInt16BE(posicao + 2);
    if (marcador >= 0xc0 && marcador <= 0xcf && marcador !== 0xc4 && marcador !== 0xc8 && marcador !== 0xcc) {
      return { altura: dados.readUInt16BE(posicao + 5), largura: dados.readUInt16BE(posicao + 7) };
    }
    posicao += 2 + tamanho;
  }
  return null;
}
