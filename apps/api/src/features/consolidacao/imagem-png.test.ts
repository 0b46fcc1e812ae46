import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { bmp } from '../../testing/arquivos.ts';
import { lerPdf } from '../../testing/leitura-pdf.ts';
import { converterParaPng, ImagemNaoReproduzivel } from './imagem-png.ts';
import { documentoDaPeca } from './paginas-peca.ts';

/** Colour 0 red, colour 1 blue. */
const PALETA: [number, number, number][] = [
  [255, 0, 0],
  [0, 0, 255],
];

/** An 8-bit BMP with a 40-byte header and PALETA, pixels already encoded as `dados` (raw rows or RLE8). */
function bmpPaletado(opcoes: { largura: number; altura: number; compressao: 0 | 1; dados: number[] }): Buffer {
  const paleta = Buffer.alloc(PALETA.length * 4);
  for (const [i, [r, g, b]] of PALETA.entries()) paleta.set([b, g, r, 0], i * 4);
  const dados = Buffer.from(opcoes.dados);
  const deslocamento = 14 + 40 + paleta.length;
  const cabecalho = Buffer.alloc(54);
  cabecalho.write('BM', 0, 'ascii');
  cabecalho.writeUInt32LE(deslocamento + dados.length, 2);
  cabecalho.writeUInt32LE(deslocamento, 10);
  cabecalho.writeUInt32LE(40, 14);
  cabecalho.writeInt32LE(opcoes.largura, 18);
  cabecalho.writeInt32LE(opcoes.altura, 22);
  cabecalho.writeUInt16LE(1, 26);
  cabecalho.writeUInt16LE(8, 28);
  cabecalho.writeUInt32LE(opcoes.compressao, 30);
  cabecalho.writeUInt32LE(dados.length, 34);
  cabecalho.writeUInt32LE(PALETA.length, 46);
  return Buffer.concat([cabecalho, paleta, dados]);
}

/** The (r, g, b, a) of each pixel of a PNG, row by row from the top. */
function pixels(png: Uint8Array): number[][] {
  const imagem = PNG.sync.read(Buffer.from(png));
  return Array.from({ length: imagem.width * imagem.height }, (_, i) => [...imagem.data.subarray(i * 4, i * 4 + 4)]);
}

describe('conversão de BMP em PNG', () => {
  it('uma BMP de 24 bits mantém tamanho e cores, opaca', () => {
    const png = PNG.sync.read(Buffer.from(converterParaPng('image/bmp', bmp())));
    expect([png.width, png.height]).toEqual([40, 24]);
    // bmp() paints every pixel r=90, g=(x*6), b=200.
    expect([...png.data.subarray(0, 4)]).toEqual([90, 0, 200, 255]);
    expect([...png.data.subarray(4 * 5, 4 * 6)]).toEqual([90, 30, 200, 255]);
  });

  const VERMELHO = [255, 0, 0, 255];
  const AZUL = [0, 0, 255, 255];

  // 2×2 uncompressed 8-bit rows of colour 0 then colour 1, each padded to 4 bytes. A positive height puts the first
  // row of the file at the bottom (the usual order); a negative one at the top.
  it.each([
    {
      ordem: 'de baixo para cima (altura positiva, a ordem comum)',
      altura: 2,
      esperado: [AZUL, AZUL, VERMELHO, VERMELHO],
    },
    { ordem: 'de cima para baixo (altura negativa)', altura: -2, esperado: [VERMELHO, VERMELHO, AZUL, AZUL] },
  ])('uma BMP de 8 bits com paleta $ordem fica na posição certa', ({ altura, esperado }) => {
    const arquivo = bmpPaletado({ largura: 2, altura, compressao: 0, dados: [0, 0, 0, 0, 1, 1, 0, 0] });
    expect(pixels(converterParaPng('image/bmp', arquivo))).toEqual(esperado);
  });

  it('uma BMP comprimida em RLE8, que a biblioteca lê errado, vira na consolidação uma página de aviso, não uma imagem trocada', async () => {
    // 2×2 RLE8: two pixels of colour 0, end of line, two of colour 1, end of bitmap.
    const arquivo = bmpPaletado({ largura: 2, altura: 2, compressao: 1, dados: [2, 0, 0, 0, 2, 1, 0, 1] });
    expect(() => converterParaPng('image/bmp', arquivo)).toThrow(ImagemNaoReproduzivel);
    const peca = {
      sequencial: 3,
      nome: 'planta-antiga.bmp',
      tipoMime: 'image/bmp',
      tamanho: arquivo.length,
      sha256: 'x',
    };
    const documento = await documentoDaPeca({ ...peca, ler: async () => arquivo }, arquivo);
    const lido = await lerPdf(await documento.save());
    expect(lido.paginas).toBe(1);
    expect(lido.imagensPorPagina).toEqual([[]]);
    expect(lido.texto).toContain('compressão RLE');
  });

  it('uma BMP danificada é recusada com erro, sem travar', () => {
    expect(() => converterParaPng('image/bmp', Buffer.from('BM isto não é uma imagem'))).toThrow();
  });
});
