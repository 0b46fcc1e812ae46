import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';
import { encode as codificarBmp } from 'bmp-ts';
import { GifWriter } from 'omggif';
import { Aleatorio } from './aleatorio.ts';
import { A4_PONTOS, CORPO_PONTOS, MARGEM_PONTOS, type OpcoesDigitalizacao, quebrar } from './digitalizacao.ts';

// A child process that draws one scanned page (digitalizarTexto in digitalizacao.ts): reads {linhas, opcoes} as JSON
// on stdin, writes the image's bytes on stdout, and ends.

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

/** The scan of `linhas` (see digitalizarTexto in digitalizacao.ts, which runs this in a child process). */
async function desenhar(linhas: string[], opcoes: OpcoesDigitalizacao): Promise<Buffer> {
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

let entrada = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (parte: string) => {
  entrada += parte;
});
process.stdin.on('end', () => {
  const { linhas, opcoes } = JSON.parse(entrada) as { linhas: string[]; opcoes: OpcoesDigitalizacao };
  desenhar(linhas, opcoes).then(
    (imagem) => process.stdout.write(imagem),
    (erro: unknown) => {
      process.stderr.write(String(erro instanceof Error ? erro.stack : erro));
      process.exitCode = 1;
    },
  );
});
