/**
 * The real files of the benchmark, generated from the seed and written to the server's content-addressed store:
 * ordinary peças (small PDFs), the consolidation's PDFs (about 0.5 MB each: a page of text and an uncompressed image
 * of pseudo-random pixels, which no compression shrinks) and the 50 MiB upload.
 */
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import {
  concatTransformationMatrix,
  drawObject,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
  StandardFonts,
} from 'pdf-lib';
import { ArmazenamentoArquivos } from '../apps/api/src/platform/armazenamento.ts';
import type { ArquivoReal } from './gerador.ts';

/** mulberry32: small seeded PRNG. */
function prng(semente: number) {
  let estado = semente >>> 0;
  return () => {
    estado = (estado + 0x6d2b79f5) >>> 0;
    let t = estado;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

function bytesAleatorios(semente: number, tamanho: number): Buffer {
  const proximo = prng(semente);
  const buffer = Buffer.allocUnsafe(tamanho);
  let i = 0;
  for (; i + 4 <= tamanho; i += 4) buffer.writeUInt32LE(proximo(), i);
  for (; i < tamanho; i++) buffer[i] = proximo() & 0xff;
  return buffer;
}

/** A PDF with `paginas` pages of text and, when `bytesImagem` > 0, an uncompressed RGB image of that many bytes. */
export async function gerarPdf(titulo: string, semente: number, paginas: number, bytesImagem: number): Promise<Buffer> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setCreationDate(new Date(Date.UTC(2025, 0, 1)));
  pdf.setModificationDate(new Date(Date.UTC(2025, 0, 1)));
  pdf.setProducer('tramite-bench');
  const fonte = await pdf.embedFont(StandardFonts.Helvetica);
  for (let p = 1; p <= paginas; p++) {
    const pagina = pdf.addPage([595, 842]);
    pagina.drawText(`${titulo} — página ${p} de ${paginas}`, { x: 50, y: 790, size: 14, font: fonte });
    for (let linha = 0; linha < 40; linha++) {
      pagina.drawText(`Linha ${linha + 1}: conteúdo gerado para o benchmark do Trâmite (semente ${semente}).`, {
        x: 50,
        y: 760 - linha * 16,
        size: 9,
        font: fonte,
      });
    }
    if (p === 1 && bytesImagem > 0) {
      const largura = 512;
      const altura = Math.max(1, Math.floor(bytesImagem / (largura * 3)));
      const dados = bytesAleatorios(semente, largura * altura * 3);
      const imagem = pdf.context.stream(dados, {
        Type: 'XObject',
        Subtype: 'Image',
        Width: largura,
        Height: altura,
        ColorSpace: 'DeviceRGB',
        BitsPerComponent: 8,
      });
      const ref = pdf.context.register(imagem);
      const nome = pagina.node.newXObject('ImBench', ref);
      pagina.pushOperators(
        pushGraphicsState(),
        concatTransformationMatrix(256, 0, 0, Math.max(1, altura / 2), 50, 60),
        drawObject(nome),
        popGraphicsState(),
      );
    }
  }
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

export interface ArquivosBench {
  comuns: ArquivoReal[];
  consolidacao: ArquivoReal[];
}

/** Writes the files to the store (content-addressed: writing again what is there is skipped). */
export async function gerarArquivos(
  raizArquivos: string,
  opcoes: { semente: number; comuns: number; pdfsConsolidacao: number; bytesPdfConsolidacao: number },
): Promise<ArquivosBench> {
  const armazenamento = new ArmazenamentoArquivos(raizArquivos);
  const comuns: ArquivoReal[] = [];
  for (let i = 1; i <= opcoes.comuns; i++) {
    const conteudo = await gerarPdf(`Documento anexo ${i}`, opcoes.semente * 10_000 + i, 1 + (i % 3), 2_000 * (i % 7));
    const { sha256, tamanho } = await armazenamento.guardarBuffer(conteudo);
    comuns.push({ sha256, tamanho, tipoMime: 'application/pdf', nome: `anexo-${i}.pdf` });
  }
  const consolidacao: ArquivoReal[] = [];
  for (let i = 1; i <= opcoes.pdfsConsolidacao; i++) {
    const conteudo = await gerarPdf(
      `Peça ${i} da consolidação`,
      opcoes.semente * 100_000 + 50_000 + i,
      2,
      opcoes.bytesPdfConsolidacao,
    );
    const { sha256, tamanho } = await armazenamento.guardarBuffer(conteudo);
    consolidacao.push({ sha256, tamanho, tipoMime: 'application/pdf', nome: `peca-${String(i).padStart(3, '0')}.pdf` });
  }
  return { comuns, consolidacao };
}

/**
 * A valid PDF of exactly `tamanho` bytes: a small PDF followed by pseudo-random padding after %%EOF (readers ignore
 * it; the upload checks the magic bytes), written in pieces so it never sits whole in memory.
 */
export async function gerarArquivoGrande(caminho: string, tamanho: number, semente: number): Promise<void> {
  await mkdir(dirname(caminho), { recursive: true });
  const inicio = await gerarPdf('Arquivo volumoso', semente, 1, 0);
  const saida = createWriteStream(caminho);
  const escrever = (pedaco: Buffer) =>
    new Promise<void>((resolve, reject) => saida.write(pedaco, (erro) => (erro ? reject(erro) : resolve())));
  await escrever(inicio);
  let restante = tamanho - inicio.length;
  let bloco = 0;
  while (restante > 0) {
    const n = Math.min(restante, 1 << 20);
    await escrever(bytesAleatorios(semente + ++bloco, n));
    restante -= n;
  }
  await new Promise<void>((resolve, reject) => saida.end((erro?: Error | null) => (erro ? reject(erro) : resolve())));
}
