import { decode as decodificarBmpAbgr } from 'bmp-ts';
import { GifReader } from 'omggif';
import { PNG } from 'pngjs';

/** Image types pdf-lib cannot embed directly, decoded here and re-encoded as PNG. */
export const TIPOS_IMAGEM_CONVERTIDOS = new Set(['image/bmp', 'image/gif']);

interface PixelsRgba {
  width: number;
  height: number;
  data: Buffer;
}

/** BMP compression codes of the run-length variants, which bmp-ts decodes into the wrong bytes (refused below). */
const BMP_RLE = new Set([1, 2]);

/** A readable image this server cannot reproduce faithfully: the peça becomes a notice page, not a wrong picture. */
export class ImagemNaoReproduzivel extends Error {}

/**
 * BMP pixels (1 to 32 bits, palettes, bit fields, bottom-up or top-down) as RGBA. bmp-ts gives ABGR (its RGBA option
 * is wrong for palettes), and the alpha byte of a BMP without an alpha mask is meaningless, so the picture is opaque.
 */
function decodificarBmp(bytes: Uint8Array): PixelsRgba {
  const arquivo = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (arquivo.length >= 34 && BMP_RLE.has(arquivo.readUInt32LE(30)))
    throw new ImagemNaoReproduzivel('BMP com compressão RLE');
  const { width, height, data } = decodificarBmpAbgr(arquivo);
  const rgba = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    rgba[i * 4] = data[i * 4 + 3] as number;
    rgba[i * 4 + 1] = data[i * 4 + 2] as number;
    rgba[i * 4 + 2] = data[i * 4 + 1] as number;
    rgba[i * 4 + 3] = 255;
  }
  return { width, height, data: rgba };
}

/** The first frame of a GIF (an animation is shown as its first picture), transparency kept. */
function decodificarGif(bytes: Uint8Array): PixelsRgba {
  const leitor = new GifReader(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  const data = Buffer.alloc(leitor.width * leitor.height * 4);
  leitor.decodeAndBlitFrameRGBA(0, data);
  return { width: leitor.width, height: leitor.height, data };
}

/** A BMP or GIF peça as PNG bytes, so it becomes a page like the PNG and JPEG ones. Throws on a damaged file. */
export function converterParaPng(tipoMime: string, bytes: Uint8Array): Uint8Array {
  const pixels = tipoMime === 'image/bmp' ? decodificarBmp(bytes) : decodificarGif(bytes);
  if (pixels.width <= 0 || pixels.height <= 0) throw new Error('imagem sem pixels');
  return PNG.sync.write(pixels as unknown as PNG);
}
