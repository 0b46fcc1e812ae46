import bmp from 'bmp-js';
import { GifReader } from 'omggif';
import { PNG } from 'pngjs';

/** Image types pdf-lib cannot embed directly, decoded here and re-encoded as PNG. */
export const TIPOS_IMAGEM_CONVERTIDOS = new Set(['image/bmp', 'image/gif']);

interface PixelsRgba {
  width: number;
  height: number;
  data: Buffer;
}

/** BMP pixels come in ABGR order (bmp-js); the alpha byte is meaningless there, so the picture is opaque. */
function decodificarBmp(bytes: Uint8Array): PixelsRgba {
  const { width, height, data } = bmp.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
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
