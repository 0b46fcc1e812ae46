import { PDFDocument, type PDFFont, StandardFonts } from 'pdf-lib';

// The consolidation's text on pdf-lib pages: page size and margin, and text in the standard 14 fonts (WinAnsi only).

/** A4 in points. */
export const A4: [number, number] = [595.28, 841.89];
export const MARGEM = 56;

export class Texto {
  private readonly suportados: Set<number>;
  constructor(
    readonly normal: PDFFont,
    readonly negrito: PDFFont,
  ) {
    this.suportados = new Set(normal.getCharacterSet());
  }

  /** The text with control characters as spaces and what WinAnsi cannot show without accents, or as '?'. */
  limpar(texto: string): string {
    let saida = '';
    for (const caractere of texto.normalize('NFC').replace(/[\s\p{Cc}]+/gu, ' ')) {
      const codigo = caractere.codePointAt(0) as number;
      if (this.suportados.has(codigo)) {
        saida += caractere;
        continue;
      }
      const semAcento = caractere.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      saida += [...semAcento].every((c) => this.suportados.has(c.codePointAt(0) as number)) ? semAcento : '?';
    }
    return saida.trim();
  }

  /** Cuts the text with an ellipsis so it fits the width. */
  caber(texto: string, fonte: PDFFont, tamanho: number, largura: number): string {
    if (fonte.widthOfTextAtSize(texto, tamanho) <= largura) return texto;
    let fim = texto.length;
    while (fim > 0 && fonte.widthOfTextAtSize(`${texto.slice(0, fim)}…`, tamanho) > largura) fim--;
    return `${texto.slice(0, fim).trimEnd()}…`;
  }

  /** Breaks the text into lines of at most `largura`, at most `maximo` lines (the last one cut). */
  quebrar(texto: string, fonte: PDFFont, tamanho: number, largura: number, maximo: number): string[] {
    const linhas: string[] = [];
    let atual = '';
    for (const palavra of texto.split(' ').filter(Boolean)) {
      const tentativa = atual ? `${atual} ${palavra}` : palavra;
      if (fonte.widthOfTextAtSize(tentativa, tamanho) <= largura || !atual) {
        atual = tentativa;
      } else {
        linhas.push(atual);
        atual = palavra;
      }
    }
    if (atual) linhas.push(atual);
    const cortadas = linhas.slice(0, maximo).map((linha) => this.caber(linha, fonte, tamanho, largura));
    if (linhas.length > maximo) {
      cortadas[maximo - 1] = this.caber(`${cortadas[maximo - 1]} …`, fonte, tamanho, largura);
    }
    return cortadas;
  }
}

export async function novoDocumento(): Promise<{ documento: PDFDocument; texto: Texto }> {
  const documento = await PDFDocument.create({ updateMetadata: false });
  const texto = new Texto(
    await documento.embedFont(StandardFonts.Helvetica),
    await documento.embedFont(StandardFonts.HelveticaBold),
  );
  return { documento, texto };
}

export function formatarDataHora(data: Date): string {
  return new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(data);
}
