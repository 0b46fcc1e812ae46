import PDFDocument from 'pdfkit';

/** A4 landscape, in points. */
const LARGURA_PAGINA = 841.89;
const ALTURA_PAGINA = 595.28;
const MARGEM = 36;
const LARGURA_UTIL = LARGURA_PAGINA - 2 * MARGEM;
/** Below this line only the footer is drawn. */
const LIMITE_INFERIOR = ALTURA_PAGINA - MARGEM - 18;
const TOPO_CONTEUDO = MARGEM + 24;
const LARGURA_NUMERACAO = 120;
const ASCENDENTE_HELVETICA = 718;
const FONTE = 'Helvetica';
const FONTE_NEGRITO = 'Helvetica-Bold';
const CORPO = 8;
const RESPIRO_CELULA = 3;
/** A summary longer than this is cut: the row stays shorter than a page. */
const MAXIMO_CARACTERES_CELULA = 600;
/** While this much PDF waits for the client, the report stops reading rows (backpressure). */
const LIMITE_BUFFER_BYTES = 1024 * 1024;

export interface Coluna {
  titulo: string;
  /** Share of the usable width; the shares of a table add up to 1. */
  fracao: number;
}

export interface CabecalhoRelatorio {
  instituicao: { nome: string; sigla: string };
  titulo: string;
  /** Lines under the title on the first page: units, period, generation time. */
  linhas: { rotulo: string; valor: string }[];
  geradoEm: string;
}

interface ColunaPosicionada extends Coluna {
  x: number;
  largura: number;
}

/** Characters the standard PDF fonts (WinAnsi) can show; anything else becomes '?'. */
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

export function textoPdf(valor: string | null | undefined): string {
  if (!valor) return '';
  let texto = valor.normalize('NFC').replace(/[\r\n\t]+/g, ' ');
  if (texto.length > MAXIMO_CARACTERES_CELULA) texto = `${texto.slice(0, MAXIMO_CARACTERES_CELULA - 1)}…`;
  let saida = '';
  for (const caractere of texto) {
    const codigo = caractere.codePointAt(0) ?? 0;
    if (codigo < 0x20 || (codigo >= 0x7f && codigo < 0xa0)) continue;
    saida += codigo <= 0xff || WIN_ANSI_EXTRAS.has(caractere) ? caractere : '?';
  }
  return saida;
}

/**
 * Measuring text is most of the cost of a long report (pdfkit sums glyph widths and kerning pairs for every word of
 * every cell, twice: to size the row and to draw it). Rows repeat the same words, types, names and steps, so the
 * widths are kept per font, size and text. Only plain measurements (no spacing or scaling options) are kept.
 */
function memorizarLarguras(documento: PDFKit.PDFDocument): void {
  const medir = documento.widthOfString.bind(documento);
  const larguras = new Map<string, number>();
  const interno = documento as unknown as { _font: { name: string }; _fontSize: number };
  documento.widthOfString = (texto: string, opcoes?: PDFKit.Mixins.TextOptions) => {
    const escala = (opcoes as { horizontalScaling?: number } | undefined)?.horizontalScaling;
    if (opcoes?.characterSpacing || (escala !== undefined && escala !== 100)) return medir(texto, opcoes);
    const chave = `${interno._font.name}\u0000${interno._fontSize}\u0000${texto}`;
    let largura = larguras.get(chave);
    if (largura === undefined) {
      if (larguras.size > 100_000) larguras.clear();
      largura = medir(texto, opcoes);
      larguras.set(chave, largura);
    }
    return largura;
  };
}

/** The parts of pdfkit this module reaches beyond its typings: page resources and raw indirect objects. */
interface PaginaPdfkit {
  xobjects: Record<string, PDFKit.PDFKitReference>;
}
interface ReferenciaPdfkit {
  data: Record<string, unknown>;
  write(conteudo: string): void;
  end(): void;
}

/**
 * A report laid out while it is written: pdfkit flushes each finished page to the stream, so memory holds one page,
 * not the report. Every page repeats the running header, the current group's title and the table header; the footer
 * says 'Página x de y' through a small form XObject per page whose content is written when the report ends: the page
 * count is only known then, and the pages already sent just point to it (a PDF's objects may come in any order).
 */
export class RelatorioPdf {
  readonly documento: PDFKit.PDFDocument;
  private readonly cabecalho: CabecalhoRelatorio;
  /** One form XObject per page with its 'Página x de y', written when the page count is known. */
  private readonly numeracao: ReferenciaPdfkit[] = [];
  private paginas = 0;
  private colunas: ColunaPosicionada[] = [];
  private tituloGrupo: string | null = null;
  private cortarLinhasPares = false;

  constructor(cabecalho: CabecalhoRelatorio) {
    this.cabecalho = cabecalho;
    this.documento = new PDFDocument({
      size: [LARGURA_PAGINA, ALTURA_PAGINA],
      margin: MARGEM,
      autoFirstPage: false,
      bufferPages: false,
      info: {
        Title: `${cabecalho.titulo} — ${cabecalho.instituicao.sigla}`,
        Author: cabecalho.instituicao.nome,
        Creator: 'Trâmite',
      },
    });
    memorizarLarguras(this.documento);
    this.novaPagina();
    this.primeiraPagina();
  }

  /** Bytes produced and not yet read by the client. */
  get pendente(): number {
    return this.documento.readableLength;
  }

  get cancelado(): boolean {
    return this.documento.destroyed;
  }

  /** Resolves when the client has read enough of what was written (or went away). */
  async aguardarLeitor(): Promise<void> {
    while (this.pendente > LIMITE_BUFFER_BYTES && !this.cancelado) {
      await new Promise<void>((resolver) => {
        const seguir = () => {
          this.documento.off('data', seguir);
          this.documento.off('close', seguir);
          resolver();
        };
        this.documento.once('data', seguir);
        this.documento.once('close', seguir);
      });
    }
  }

  /** A group (e.g. one destination unit) with its table; `novaPagina` starts it on a page of its own. */
  iniciarGrupo(titulo: string, colunas: readonly Coluna[], opcoes: { novaPagina?: boolean } = {}): void {
    let x = MARGEM;
    this.colunas = colunas.map((coluna) => {
      const largura = coluna.fracao * LARGURA_UTIL;
      const posicionada = { ...coluna, x, largura };
      x += largura;
      return posicionada;
    });
    this.tituloGrupo = titulo;
    const alturaCabecalho =
      this.alturaTituloGrupo() +
      this.alturaLinha(
        this.colunas.map((c) => c.titulo),
        true,
      );
    if (opcoes.novaPagina && this.documento.y > TOPO_CONTEUDO + 1) {
      this.novaPagina();
    } else if (this.documento.y + alturaCabecalho + 20 > LIMITE_INFERIOR) {
      this.novaPagina();
    } else {
      this.documento.y += 6;
    }
    this.escreverTituloGrupo(false);
    this.escreverCabecalhoTabela();
  }

  /** One table row; a row that does not fit goes to the next page under a repeated header. */
  linha(valores: readonly string[]): void {
    const altura = this.alturaLinha(valores, false);
    if (this.documento.y + altura > LIMITE_INFERIOR) {
      this.novaPagina();
      this.escreverTituloGrupo(true);
      this.escreverCabecalhoTabela();
    }
    const doc = this.documento;
    const y = doc.y;
    if (this.cortarLinhasPares) {
      doc.save().rect(MARGEM, y, LARGURA_UTIL, altura).fill('#f3f4f6').restore();
    }
    this.cortarLinhasPares = !this.cortarLinhasPares;
    doc.font(FONTE).fontSize(CORPO).fillColor('#111111');
    this.colunas.forEach((coluna, indice) => {
      const texto = valores[indice] ?? '';
      if (texto) {
        doc.text(texto, coluna.x + RESPIRO_CELULA, y + RESPIRO_CELULA, {
          width: coluna.largura - 2 * RESPIRO_CELULA,
          lineGap: 0,
        });
      }
    });
    doc.x = MARGEM;
    doc.y = y + altura;
  }

  /** A line of text after a table (group count, totals, an empty-group notice). */
  paragrafo(texto: string, opcoes: { negrito?: boolean; tamanho?: number } = {}): void {
    const tamanho = opcoes.tamanho ?? 9;
    const doc = this.documento.font(opcoes.negrito ? FONTE_NEGRITO : FONTE).fontSize(tamanho);
    const altura = doc.heightOfString(texto, { width: LARGURA_UTIL }) + 6;
    this.garantirEspaco(altura);
    doc.y += 4;
    doc.fillColor('#111111').text(texto, MARGEM, doc.y, { width: LARGURA_UTIL });
    doc.x = MARGEM;
  }

  /** Carrier's and receiver's signature lines (name, date, signature), kept together on one page. */
  assinaturas(papeis: readonly string[]): void {
    const alturaBloco = 20 + papeis.length * 42;
    this.garantirEspaco(alturaBloco);
    const doc = this.documento;
    doc.y += 14;
    const larguras = { nome: LARGURA_UTIL * 0.45, data: LARGURA_UTIL * 0.18, assinatura: LARGURA_UTIL * 0.37 };
    for (const papel of papeis) {
      doc.font(FONTE_NEGRITO).fontSize(CORPO).fillColor('#111111');
      doc.text(papel, MARGEM, doc.y, { lineBreak: false });
      // Room above the lines to write and sign by hand.
      const y = doc.y + 26;
      let x = MARGEM;
      for (const [campo, largura] of [
        ['Nome', larguras.nome],
        ['Data: ____/____/________', larguras.data],
        ['Assinatura', larguras.assinatura],
      ] as const) {
        const comLinha = campo !== 'Data: ____/____/________';
        doc.font(FONTE).fontSize(CORPO);
        if (comLinha) {
          doc
            .moveTo(x + 50, y + 8)
            .lineTo(x + largura - 12, y + 8)
            .lineWidth(0.5)
            .strokeColor('#444444')
            .stroke();
        }
        doc.text(comLinha ? `${campo}:` : campo, x, y, { lineBreak: false });
        x += largura;
      }
      doc.y = y + 20;
    }
    doc.x = MARGEM;
  }

  /**
   * Writes every page's 'Página x de y' (right-aligned in its XObject; the text is WinAnsi, which for these characters
   * is Latin-1) and ends the document (the stream then ends).
   */
  finalizar(): void {
    const doc = this.documento.font(FONTE).fontSize(CORPO);
    const fonte = (doc as unknown as { _font: { id: string; ref(): unknown } })._font;
    this.numeracao.forEach((referencia, indice) => {
      const texto = `Página ${indice + 1} de ${this.paginas}`;
      const x = LARGURA_NUMERACAO - doc.widthOfString(texto);
      referencia.data.Resources = { Font: { [fonte.id]: fonte.ref() } };
      referencia.write(
        `BT /${fonte.id} ${CORPO} Tf ${x.toFixed(2)} 2 Td <${Buffer.from(texto, 'latin1').toString('hex')}> Tj ET`,
      );
      referencia.end();
    });
    doc.end();
  }

  private garantirEspaco(altura: number): void {
    if (this.documento.y + altura > LIMITE_INFERIOR) {
      this.novaPagina();
      if (this.tituloGrupo) this.escreverTituloGrupo(true);
    }
  }

  private novaPagina(): void {
    const doc = this.documento;
    doc.addPage({ size: [LARGURA_PAGINA, ALTURA_PAGINA], margin: MARGEM });
    this.paginas += 1;
    this.cortarLinhasPares = false;
    const { instituicao, titulo, geradoEm } = this.cabecalho;
    // Header and footer sit in the margins: no automatic page break while they are drawn.
    const margemInferior = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font(FONTE_NEGRITO).fontSize(9).fillColor('#111111');
    doc.text(`${textoPdf(instituicao.nome)} (${textoPdf(instituicao.sigla)})`, MARGEM, MARGEM, {
      width: LARGURA_UTIL * 0.6,
      lineBreak: false,
    });
    doc.font(FONTE).text(titulo, MARGEM + LARGURA_UTIL * 0.6, MARGEM, {
      width: LARGURA_UTIL * 0.4,
      align: 'right',
      lineBreak: false,
    });
    doc
      .moveTo(MARGEM, MARGEM + 14)
      .lineTo(MARGEM + LARGURA_UTIL, MARGEM + 14)
      .lineWidth(0.75)
      .strokeColor('#444444')
      .stroke();
    const yRodape = ALTURA_PAGINA - MARGEM - 8;
    doc
      .moveTo(MARGEM, yRodape - 5)
      .lineTo(MARGEM + LARGURA_UTIL, yRodape - 5)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke();
    doc.font(FONTE).fontSize(CORPO).fillColor('#333333');
    doc.text(`Gerado em ${geradoEm} pelo Trâmite`, MARGEM, yRodape, { lineBreak: false });
    // The space is a gap before the XObject rather than a glyph: text extraction (pdf.js) reads a gap as a space.
    const numeracao = doc.ref({
      Type: 'XObject',
      Subtype: 'Form',
      BBox: [0, 0, LARGURA_NUMERACAO, 12],
    }) as unknown as ReferenciaPdfkit;
    this.numeracao.push(numeracao);
    (doc.page as unknown as PaginaPdfkit).xobjects.Numeracao = numeracao as unknown as PDFKit.PDFKitReference;
    // pdfkit's user space is flipped (origin at the top); the XObject is drawn upright, its right edge on the margin.
    const xNumeracao = MARGEM + LARGURA_UTIL - LARGURA_NUMERACAO;
    // pdfkit places text by its top; the XObject's text sits 2 points above its origin: same baseline as the left.
    const baseTexto = yRodape + (ASCENDENTE_HELVETICA / 1000) * CORPO + 2;
    doc.addContent(`q 1 0 0 -1 ${xNumeracao.toFixed(2)} ${baseTexto.toFixed(2)} cm /Numeracao Do Q`);
    doc.page.margins.bottom = margemInferior;
    doc.x = MARGEM;
    doc.y = TOPO_CONTEUDO;
  }

  private primeiraPagina(): void {
    const doc = this.documento;
    doc.font(FONTE_NEGRITO).fontSize(14).fillColor('#111111');
    doc.text(this.cabecalho.titulo, MARGEM, doc.y, { width: LARGURA_UTIL });
    doc.y += 4;
    for (const { rotulo, valor } of this.cabecalho.linhas) {
      doc.font(FONTE_NEGRITO).fontSize(9).text(`${rotulo}: `, MARGEM, doc.y, { continued: true, width: LARGURA_UTIL });
      doc.font(FONTE).text(textoPdf(valor));
    }
    doc.y += 6;
    doc.x = MARGEM;
  }

  private alturaTituloGrupo(): number {
    return 18;
  }

  private escreverTituloGrupo(continuacao: boolean): void {
    if (!this.tituloGrupo) return;
    const doc = this.documento;
    doc.font(FONTE_NEGRITO).fontSize(10).fillColor('#111111');
    doc.text(`${this.tituloGrupo}${continuacao ? ' (continuação)' : ''}`, MARGEM, doc.y, {
      width: LARGURA_UTIL,
      lineBreak: false,
      ellipsis: true,
    });
    doc.y = doc.y + 4;
    doc.x = MARGEM;
  }

  private escreverCabecalhoTabela(): void {
    const doc = this.documento;
    const titulos = this.colunas.map((coluna) => coluna.titulo);
    const altura = this.alturaLinha(titulos, true);
    const y = doc.y;
    doc.save().rect(MARGEM, y, LARGURA_UTIL, altura).fill('#d9dde3').restore();
    doc.font(FONTE_NEGRITO).fontSize(CORPO).fillColor('#111111');
    for (const coluna of this.colunas) {
      doc.text(coluna.titulo, coluna.x + RESPIRO_CELULA, y + RESPIRO_CELULA, {
        width: coluna.largura - 2 * RESPIRO_CELULA,
      });
    }
    doc.x = MARGEM;
    doc.y = y + altura;
    this.cortarLinhasPares = false;
  }

  /** Height of a row: one line unless a cell is wider than its column (measured only then: it is the slow part). */
  private alturaLinha(valores: readonly string[], negrito: boolean): number {
    const doc = this.documento.font(negrito ? FONTE_NEGRITO : FONTE).fontSize(CORPO);
    const umaLinha = doc.currentLineHeight();
    let maior = umaLinha;
    this.colunas.forEach((coluna, indice) => {
      const texto = valores[indice] ?? '';
      const largura = coluna.largura - 2 * RESPIRO_CELULA;
      if (texto && (texto.includes('\n') || doc.widthOfString(texto) > largura)) {
        maior = Math.max(maior, doc.heightOfString(texto, { width: largura, lineGap: 0 }));
      }
    });
    return maior + 2 * RESPIRO_CELULA;
  }
}
