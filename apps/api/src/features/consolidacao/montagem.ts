import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { PDFFont } from 'pdf-lib';
import { type DadosCapa, desenharCapa, planejarCapa } from './capa.ts';
import { EscritorPdf, FONTE_CARIMBO, type PaginaEscrita } from './escritor-pdf.ts';
import { documentoDaPeca, ilegivel, lerArquivoDaPeca, type PecaParaConsolidar } from './paginas-peca.ts';
import { novoDocumento } from './texto-pdf.ts';

const TAMANHO_CARIMBO = 8;

export interface ResultadoMontagem {
  paginas: number;
  tamanho: number;
  sha256: string;
  /** Page ranges (1-based, cover included) of each peça, in order. */
  faixas: { inicio: number; fim: number }[];
}

// ---------------------------------------------------------------------------------------------------------------
// Stamp, outline, assembly

/** Escapes a PDF literal string (ASCII text). */
function literal(texto: string): string {
  return `(${texto.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

/** A text string in UTF-16BE with BOM, for titles with any character. */
function textoUnicode(texto: string): string {
  let hex = 'FEFF';
  for (let i = 0; i < texto.length; i++) hex += texto.charCodeAt(i).toString(16).padStart(4, '0');
  return `<${hex}>`;
}

const n = (valor: number) => (Math.round(valor * 100) / 100).toString();

/**
 * The stamp's content stream: the NUP and 'Fl. x de y' at the top right corner as the page is seen (rotation
 * taken into account). It starts with `Q`, closing the `q` put before the page's own content.
 */
function conteudoCarimbo(pagina: PaginaEscrita, linhas: [string, string], fonte: PDFFont): string {
  const [x0, y0, x1, y1] = pagina.caixa;
  const w = x1 - x0;
  const h = y1 - y0;
  const matriz: Record<number, number[]> = {
    0: [1, 0, 0, 1, x0, y0],
    90: [0, 1, -1, 0, x0 + w, y0],
    180: [-1, 0, 0, -1, x0 + w, y0 + h],
    270: [0, -1, 1, 0, x0, y0 + h],
  };
  const [larguraVista, alturaVista] = pagina.rotacao % 180 === 0 ? [w, h] : [h, w];
  let conteudo = `Q\nq\n${(matriz[pagina.rotacao] as number[]).map(n).join(' ')} cm\nBT\n0 g\n${FONTE_CARIMBO} ${TAMANHO_CARIMBO} Tf\n`;
  linhas.forEach((linha, i) => {
    const x = larguraVista - 20 - fonte.widthOfTextAtSize(linha, TAMANHO_CARIMBO);
    const y = alturaVista - 16 - i * (TAMANHO_CARIMBO + 3);
    conteudo += `1 0 0 1 ${n(x)} ${n(y)} Tm\n${literal(linha)} Tj\n`;
  });
  return `${conteudo}ET\nQ\n`;
}

/**
 * Builds the consolidation into `destino`: the cover, then every peça's pages in order, a bookmark per peça and
 * the stamp on every page. Peças are read one at a time (the next one is read while the current one is copied),
 * so memory holds about two files, never the whole result.
 */
export async function montarConsolidacao(
  destino: string,
  capa: DadosCapa,
  pecas: readonly PecaParaConsolidar[],
): Promise<ResultadoMontagem> {
  const escritor = await EscritorPdf.criar(destino);
  try {
    const catalogo = escritor.reservar();
    const raizPaginas = escritor.reservar();
    const raizMarcadores = escritor.reservar();
    const fonteCarimbo = escritor.reservar();
    const q = escritor.reservar();
    const info = escritor.reservar();
    escritor.escreverObjeto(
      fonteCarimbo,
      '<</Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding>>',
    );
    escritor.escreverFluxo(q, '<<>>', Buffer.from('q\n', 'latin1'));
    const numeros = { paginas: raizPaginas, q, fonteCarimbo };

    const { documento: documentoCapa, texto } = await novoDocumento();
    const plano = planejarCapa(texto, capa, pecas.length);
    const paginasCapa = plano.linhasPorPagina.length;

    const ler = (peca: PecaParaConsolidar | undefined) =>
      peca && lerArquivoDaPeca(peca)
        ? peca.ler().then(
            (bytes) => ({ bytes, erro: null }),
            (erro: unknown) => ({ bytes: null, erro }),
          )
        : Promise.resolve({ bytes: null, erro: null });

    const paginasPecas: PaginaEscrita[] = [];
    const faixas: { inicio: number; fim: number }[] = [];
    let proxima = ler(pecas[0]);
    for (let i = 0; i < pecas.length; i++) {
      const peca = pecas[i] as PecaParaConsolidar;
      const lida = await proxima;
      proxima = ler(pecas[i + 1]);
      if (lida.erro) throw ilegivel(peca, 'o arquivo não está disponível no armazenamento.');
      const documento = await documentoDaPeca(peca, lida.bytes);
      // Documents made here embed their fonts and images only on flush.
      await documento.flush();
      const escritas = escritor.copiarPaginas(documento, numeros);
      const inicio = paginasCapa + paginasPecas.length + 1;
      paginasPecas.push(...escritas);
      faixas.push({ inicio, fim: inicio + escritas.length - 1 });
      await escritor.descarregar();
    }

    const total = paginasCapa + paginasPecas.length;
    desenharCapa(documentoCapa, texto, plano, capa, pecas, faixas, total);
    await documentoCapa.flush();
    const escritasCapa = escritor.copiarPaginas(documentoCapa, numeros);
    if (escritasCapa.length !== paginasCapa) throw new Error('A capa não tem o número de páginas planejado');
    const todas = [...escritasCapa, ...paginasPecas];

    const nup = texto.limpar(capa.numero);
    todas.forEach((pagina, i) => {
      const conteudo = conteudoCarimbo(pagina, [nup, `Fl. ${i + 1} de ${total}`], texto.normal);
      escritor.escreverFluxo(pagina.numeroCarimbo, '<<>>', Buffer.from(conteudo, 'latin1'));
    });

    // Outline: one item per peça pointing at its first page (pdf-lib has no outline API: plain objects).
    const itens = pecas.map(() => escritor.reservar());
    itens.forEach((numero, i) => {
      const peca = pecas[i] as PecaParaConsolidar;
      const primeira = todas[(faixas[i] as { inicio: number }).inicio - 1] as PaginaEscrita;
      const vizinhos = `${i > 0 ? ` /Prev ${itens[i - 1]} 0 R` : ''}${i < itens.length - 1 ? ` /Next ${itens[i + 1]} 0 R` : ''}`;
      escritor.escreverObjeto(
        numero,
        `<</Title ${textoUnicode(peca.sequencial === null ? `${peca.nome} (cancelada)` : `${peca.sequencial}. ${peca.nome}`)} /Parent ${raizMarcadores} 0 R${vizinhos} /Dest [${primeira.numero} 0 R /XYZ null null null]>>`,
      );
    });
    escritor.escreverObjeto(
      raizMarcadores,
      itens.length > 0
        ? `<</Type /Outlines /First ${itens[0]} 0 R /Last ${itens[itens.length - 1]} 0 R /Count ${itens.length}>>`
        : '<</Type /Outlines /Count 0>>',
    );
    escritor.escreverObjeto(
      raizPaginas,
      `<</Type /Pages /Count ${total} /Kids [${todas.map((p) => `${p.numero} 0 R`).join(' ')}]>>`,
    );
    escritor.escreverObjeto(
      catalogo,
      `<</Type /Catalog /Pages ${raizPaginas} 0 R /Outlines ${raizMarcadores} 0 R /PageMode /UseOutlines>>`,
    );
    escritor.escreverObjeto(
      info,
      `<</Title ${textoUnicode(`Consolidação ${capa.numero}`)} /Producer ${textoUnicode(`Trâmite — ${capa.instituicao}`)}>>`,
    );
    const { tamanho, sha256 } = await escritor.concluir(
      catalogo,
      info,
      createHash('sha256').update(`${capa.numero}|${capa.geradoEm.toISOString()}`).digest('hex').slice(0, 32),
    );
    return { paginas: total, tamanho, sha256, faixas };
  } catch (erro) {
    await escritor.abandonar();
    throw erro;
  }
}

/** A peça as a worker process gets it: the path of its stored file instead of a reader. */
export type PecaEmArquivo = Omit<PecaParaConsolidar, 'ler'> & { caminho: string };

/** The consolidation's tasks for the pool of worker processes (the whole build runs there, never on the loop). */
export const tarefasConsolidacao = {
  'consolidacao.montar': (entrada: { destino: string; capa: DadosCapa; pecas: PecaEmArquivo[] }) =>
    montarConsolidacao(
      entrada.destino,
      entrada.capa,
      entrada.pecas.map(({ caminho, ...peca }) => ({ ...peca, ler: () => readFile(caminho) })),
    ),
};
