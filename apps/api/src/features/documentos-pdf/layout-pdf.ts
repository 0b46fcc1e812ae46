import { formatarCodigoVerificacao, urlVerificacao } from '@tramite/shared';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { formatarDataHora } from '../../platform/data-hora.ts';

/** What every PDF of this feature prints besides the document: the institution and where to verify it. */
export interface ContextoPdf {
  instituicao: { nome: string; sigla: string };
  urlPublica: string;
  /** The moment the PDF is made, printed in the footer. */
  agora?: Date;
}

const MARGEM = 56;
const LARGURA_QR = 96;
const COR_TEXTO = '#1a1a1a';
const COR_SECUNDARIA = '#555555';
const COR_LINHA = '#9e9e9e';

/** A date without time (YYYY-MM-DD, as `date` columns arrive) as DD/MM/YYYY; '' when absent. */
export function formatarData(valor: string | null): string {
  const partes = valor ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(valor) : null;
  return partes ? `${partes[3]}/${partes[2]}/${partes[1]}` : '';
}

// The standard PDF fonts speak WinAnsi (Latin-1 plus a few signs): Portuguese fits whole. Anything else loses its
// accent when it has a plain letter under it, or becomes '?', instead of printing garbage.
const EXTRAS_WIN_ANSI = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
export function textoPdf(texto: string): string {
  let saida = '';
  for (const caractere of texto.normalize('NFC')) {
    const codigo = caractere.codePointAt(0) ?? 0;
    if (caractere === '\n' || (codigo >= 0x20 && codigo <= 0x7e) || (codigo >= 0xa0 && codigo <= 0xff)) {
      saida += caractere;
    } else if (EXTRAS_WIN_ANSI.has(caractere)) {
      saida += caractere;
    } else if (codigo === 0x09) {
      saida += ' ';
    } else if (codigo >= 0x20) {
      const base = caractere.normalize('NFKD').replace(/\p{M}/gu, '');
      saida += /^[\x20-\x7e]+$/.test(base) ? base : '?';
    }
  }
  return saida;
}

/** A PDF being written: pdfkit's document plus the helpers both layouts share. */
export class FolhaPdf {
  readonly doc: PDFKit.PDFDocument;
  private readonly partes: Buffer[] = [];
  private readonly fim: Promise<Buffer>;

  constructor(
    readonly contexto: ContextoPdf,
    titulo: string,
  ) {
    this.doc = new PDFDocument({
      size: 'A4',
      margin: MARGEM,
      bufferPages: true,
      lang: 'pt-BR',
      displayTitle: true,
      info: {
        Title: titulo,
        Author: contexto.instituicao.nome,
        Creator: 'Trâmite',
        CreationDate: contexto.agora ?? new Date(),
      },
    });
    this.doc.on('data', (parte: Buffer) => this.partes.push(parte));
    this.fim = new Promise((resolve, reject) => {
      this.doc.on('end', () => resolve(Buffer.concat(this.partes)));
      this.doc.on('error', reject);
    });
    this.doc.fillColor(COR_TEXTO);
  }

  get largura(): number {
    return this.doc.page.width - MARGEM * 2;
  }

  /** The institution's name and acronym, the product, and the title of the PDF. */
  cabecalho(titulo: string, subtitulo: string): void {
    const { doc } = this;
    doc.font('Helvetica-Bold').fontSize(14).text(textoPdf(this.contexto.instituicao.nome.toUpperCase()), {
      align: 'center',
    });
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor(COR_SECUNDARIA)
      .text(textoPdf(`${this.contexto.instituicao.sigla} · Protocolo eletrônico (Trâmite)`), { align: 'center' });
    doc.moveDown(0.6);
    this.linha();
    doc.moveDown(1.2);
    doc.fillColor(COR_TEXTO).font('Helvetica-Bold').fontSize(18).text(textoPdf(titulo), { align: 'center' });
    doc.font('Helvetica').fontSize(11).fillColor(COR_SECUNDARIA).text(textoPdf(subtitulo), { align: 'center' });
    doc.fillColor(COR_TEXTO).moveDown(1.2);
  }

  /** The NUP in large type inside a frame, with its label. */
  numero(numero: string): void {
    const { doc } = this;
    const topo = doc.y;
    const altura = 74;
    doc.save().lineWidth(1.2).strokeColor(COR_TEXTO).rect(MARGEM, topo, this.largura, altura).stroke().restore();
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(COR_SECUNDARIA)
      .text('NÚMERO ÚNICO DE PROTOCOLO (NUP)', MARGEM, topo + 10, { width: this.largura, align: 'center' });
    doc
      .font('Helvetica-Bold')
      .fontSize(30)
      .fillColor(COR_TEXTO)
      .text(textoPdf(numero), MARGEM, topo + 26, { width: this.largura, align: 'center' });
    doc.x = MARGEM;
    doc.y = topo + altura + 18;
  }

  /** A paragraph of running text. */
  paragrafo(texto: string): void {
    this.doc
      .font('Helvetica')
      .fontSize(11)
      .fillColor(COR_TEXTO)
      .text(textoPdf(texto), MARGEM, this.doc.y, { width: this.largura, align: 'justify', lineGap: 2 });
    this.doc.moveDown(0.8);
  }

  /** Starts a new page when less than `altura` is left, so a label never ends a page away from its value. */
  private garantirEspaco(altura: number): void {
    if (this.doc.y + altura > this.doc.page.height - this.doc.page.margins.bottom) this.doc.addPage();
  }

  /** One labelled field; empty values are left out, so the PDF never shows a label without data. */
  campo(rotulo: string, valor: string | null | undefined): void {
    if (valor === null || valor === undefined || valor.trim() === '') return;
    const { doc } = this;
    this.garantirEspaco(36);
    doc
      .font('Helvetica-Bold')
      .fontSize(8.5)
      .fillColor(COR_SECUNDARIA)
      .text(textoPdf(rotulo.toUpperCase()), MARGEM, doc.y, { width: this.largura, characterSpacing: 0.3 });
    doc
      .font('Helvetica')
      .fontSize(11.5)
      .fillColor(COR_TEXTO)
      .text(textoPdf(valor), MARGEM, doc.y + 1, { width: this.largura, lineGap: 1.5 });
    doc.moveDown(0.55);
  }

  /** Two short fields side by side (dates), each left out when empty. */
  camposLadoALado(campos: [string, string | null][]): void {
    const presentes = campos.filter(([, valor]) => valor !== null && valor !== '');
    if (presentes.length === 0) return;
    const { doc } = this;
    this.garantirEspaco(36);
    const largura = this.largura / presentes.length;
    const topo = doc.y;
    let fundo = topo;
    presentes.forEach(([rotulo, valor], i) => {
      const x = MARGEM + i * largura;
      doc
        .font('Helvetica-Bold')
        .fontSize(8.5)
        .fillColor(COR_SECUNDARIA)
        .text(textoPdf(rotulo.toUpperCase()), x, topo, { width: largura - 8, characterSpacing: 0.3 });
      doc
        .font('Helvetica')
        .fontSize(11.5)
        .fillColor(COR_TEXTO)
        .text(textoPdf(valor ?? ''), x, doc.y + 1, { width: largura - 8 });
      fundo = Math.max(fundo, doc.y);
    });
    doc.x = MARGEM;
    doc.y = fundo;
    doc.moveDown(0.55);
  }

  linha(): void {
    const { doc } = this;
    doc
      .save()
      .lineWidth(0.6)
      .strokeColor(COR_LINHA)
      .moveTo(MARGEM, doc.y)
      .lineTo(MARGEM + this.largura, doc.y)
      .stroke()
      .restore();
  }

  /**
   * The QR code of the public verification page with the code and the address written out, kept whole on one
   * page: on the first page's foot when it fits there, otherwise after the content on the next page.
   */
  async verificacao(codigo: string): Promise<void> {
    const { doc } = this;
    const url = urlVerificacao(this.contexto.urlPublica, codigo);
    const png = await QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 0, scale: 8 });
    const altura = LARGURA_QR + 24;
    const limite = doc.page.height - MARGEM - 20;
    if (doc.y + altura > limite) doc.addPage();
    const topo = Math.max(doc.y + 12, limite - altura);
    doc.y = topo;
    this.linha();
    const y = topo + 14;
    doc.image(png, MARGEM, y, { width: LARGURA_QR, height: LARGURA_QR });
    const x = MARGEM + LARGURA_QR + 16;
    const largura = this.largura - LARGURA_QR - 16;
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor(COR_TEXTO)
      .text('Verificação de autenticidade', x, y + 4, { width: largura });
    doc
      .font('Helvetica')
      .fontSize(9.5)
      .text(
        textoPdf(
          'A existência e os dados públicos deste documento podem ser conferidos lendo o código QR ao lado ou no endereço abaixo.',
        ),
        x,
        doc.y + 3,
        { width: largura },
      );
    doc
      .font('Helvetica')
      .fontSize(9.5)
      .text('Código de verificação: ', x, doc.y + 5, { width: largura, continued: true })
      .font('Courier-Bold')
      .fontSize(11)
      .text(formatarCodigoVerificacao(codigo));
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor('#0b57d0')
      .text(textoPdf(url), x, doc.y + 3, { width: largura, link: url, underline: false });
    doc.fillColor(COR_TEXTO);
  }

  /** Closes the PDF: a footer with the moment it was made and the page count on every page. */
  async finalizar(): Promise<Buffer> {
    const { doc } = this;
    const quando = formatarDataHora(this.contexto.agora ?? new Date());
    const paginas = doc.bufferedPageRange();
    for (let i = 0; i < paginas.count; i++) {
      doc.switchToPage(paginas.start + i);
      const y = doc.page.height - MARGEM + 14;
      // Writing below the bottom margin would open a new page: lift the margin while writing the footer.
      const margemInferior = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      doc
        .font('Helvetica')
        .fontSize(8)
        .fillColor(COR_SECUNDARIA)
        .text(textoPdf(`Gerado em ${quando} (horário de Brasília)`), MARGEM, y, {
          width: this.largura / 2,
          lineBreak: false,
        })
        .text(`Página ${i + 1} de ${paginas.count}`, MARGEM + this.largura / 2, y, {
          width: this.largura / 2,
          align: 'right',
          lineBreak: false,
        });
      doc.page.margins.bottom = margemInferior;
    }
    doc.end();
    return this.fim;
  }
}
