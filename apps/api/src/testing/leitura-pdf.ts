import { PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { extractLinks, extractText, getDocumentProxy } from 'unpdf';

/** A PDF as a reader sees it: its text (pages merged), page sizes, links and how many images each page paints. */
export async function lerPdf(conteudo: Buffer | Uint8Array) {
  const bytes = new Uint8Array(conteudo);
  const pdf = await getDocumentProxy(bytes.slice());
  const { text } = await extractText(pdf, { mergePages: true });
  const { links } = await extractLinks(await getDocumentProxy(bytes.slice()));
  const tamanhos: number[][] = [];
  for (let numero = 1; numero <= pdf.numPages; numero++) {
    const pagina = await pdf.getPage(numero);
    tamanhos.push(pagina.view.map((valor) => Math.round(valor)));
  }
  const info = (await pdf.getMetadata()).info as Record<string, unknown>;
  await pdf.destroy();
  // Line breaks and spacing depend on the layout; the tests look for values, not for where they fall.
  const imagensPorPagina = await imagensDasPaginas(bytes);
  return { texto: text.replace(/\s+/g, ' '), paginas: pdf.numPages, tamanhos, imagensPorPagina, links, info };
}

/**
 * The image XObjects in each page's resources, with their pixel size. Read with pdf-lib: PDF.js's operator list
 * needs a newer Node than 20 for images.
 */
async function imagensDasPaginas(bytes: Uint8Array): Promise<{ largura: number; altura: number }[][]> {
  const documento = await PDFDocument.load(bytes);
  return documento.getPages().map((pagina) => {
    const objetos = pagina.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
    if (!objetos) return [];
    return objetos
      .keys()
      .map((chave) => objetos.lookup(chave))
      .filter((objeto): objeto is PDFRawStream => objeto instanceof PDFRawStream)
      .filter((objeto) => objeto.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'))
      .map((objeto) => ({
        largura: Number(objeto.dict.get(PDFName.of('Width'))?.toString()),
        altura: Number(objeto.dict.get(PDFName.of('Height'))?.toString()),
      }));
  });
}

const partes = (data: Date) =>
  Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/Sao_Paulo',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(data)
      .map((p) => [p.type, p.value]),
  );

/** The expected DD/MM/YYYY HH:mm:ss of a timestamp in Brasília time (computed here, apart from the code under test). */
export function dataHoraBrasilia(valor: Date | string): string {
  const p = partes(new Date(valor));
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}:${p.second}`;
}
