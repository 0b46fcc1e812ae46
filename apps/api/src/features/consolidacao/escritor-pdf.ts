import { type FileHandle, open } from 'node:fs/promises';
import {
  PDFArray,
  PDFDict,
  type PDFDocument,
  PDFInvalidObject,
  PDFName,
  PDFNumber,
  type PDFObject,
  type PDFPageLeaf,
  PDFRef,
  PDFStream,
} from 'pdf-lib';
import { HashParalelo } from './hash-paralelo.ts';

/** Bytes accumulated before one write to disk: big enough to make writes cheap, small enough to bound memory. */
const LIMITE_LOTE = 8 * 1024 * 1024;
/** Text (dictionaries, operators) accumulated before it is turned into a Buffer. */
const LIMITE_TEXTO = 64 * 1024;

const CHAVE_CONTENTS = PDFName.of('Contents');
const CHAVE_RESOURCES = PDFName.of('Resources');
const CHAVE_FONT = PDFName.of('Font');
const CHAVE_PARENT = PDFName.of('Parent');
const CHAVE_LENGTH = PDFName.of('Length');
const CHAVES_HERDADAS = ['Resources', 'MediaBox', 'CropBox', 'Rotate'].map((nome) => PDFName.of(nome));
const CHAVES_HERDADAS_SET = new Set(CHAVES_HERDADAS);

/** Name of the stamp's font in every page's resources (unlikely to clash with a page's own names). */
export const FONTE_CARIMBO = '/TramiteCarimbo';

/** A page already written, with what the stamp needs to place itself. */
export interface PaginaEscrita {
  /** Object number of the page dictionary. */
  numero: number;
  /** Object number reserved for the page's stamp content stream, written at the end. */
  numeroCarimbo: number;
  /** The page's visible box (CropBox, else MediaBox) and rotation. */
  caixa: [number, number, number, number];
  rotacao: 0 | 90 | 180 | 270;
}

/**
 * Writes a PDF straight to a file, object by object, hashing it as it goes. Objects of a source document are
 * copied as they are (stream bytes untouched, references renumbered): no second parse and no whole-file buffer.
 * Objects may be written in any order: the cross-reference table at the end points at each one.
 */
export class EscritorPdf {
  private posicao = 0;
  private texto = '';
  private lote: Uint8Array[] = [];
  private bytesLote = 0;
  private readonly deslocamentos: number[] = [0];
  private escrito = 0;

  private constructor(
    private readonly arquivo: FileHandle,
    private readonly hash: HashParalelo,
  ) {}

  static async criar(caminho: string): Promise<EscritorPdf> {
    const escritor = new EscritorPdf(await open(caminho, 'w'), new HashParalelo(caminho));
    // Binary comment: tells transfer programs the file is binary.
    escritor.escreverTexto('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n');
    return escritor;
  }

  get tamanho(): number {
    return this.posicao + this.texto.length;
  }

  /** A new object number, to be written later with `escreverObjeto`. */
  reservar(): number {
    this.deslocamentos.push(-1);
    return this.deslocamentos.length - 1;
  }

  private escreverTexto(texto: string): void {
    this.texto += texto;
    if (this.texto.length >= LIMITE_TEXTO) this.fecharTexto();
  }

  private fecharTexto(): void {
    if (this.texto.length === 0) return;
    this.adicionarBytes(Buffer.from(this.texto, 'latin1'));
    this.texto = '';
  }

  private adicionarBytes(bytes: Uint8Array): void {
    this.lote.push(bytes);
    this.bytesLote += bytes.length;
    this.posicao += bytes.length;
  }

  private iniciarObjeto(numero: number): void {
    if (this.deslocamentos[numero] !== -1) throw new Error(`Objeto ${numero} não reservado ou já escrito`);
    this.deslocamentos[numero] = this.tamanho;
    this.escreverTexto(`${numero} 0 obj\n`);
  }

  /** Writes an object given as PDF text (a dictionary, an array...). */
  escreverObjeto(numero: number, corpo: string): void {
    this.iniciarObjeto(numero);
    this.escreverTexto(`${corpo}\nendobj\n`);
  }

  /** Writes a stream object: its dictionary (without /Length, added here) and its bytes. */
  escreverFluxo(numero: number, dicionario: string, conteudo: Uint8Array): void {
    this.iniciarObjeto(numero);
    const entradas = dicionario.slice(2, -2);
    this.escreverTexto(`<<${entradas} /Length ${conteudo.length}>>\nstream\n`);
    if (conteudo.length < 4096) {
      this.escreverTexto(Buffer.from(conteudo.buffer, conteudo.byteOffset, conteudo.length).toString('latin1'));
    } else {
      this.fecharTexto();
      this.adicionarBytes(conteudo);
    }
    this.escreverTexto('\nendstream\nendobj\n');
  }

  /** Sends what is accumulated to the file once the batch is big enough (or always, with `tudo`). */
  async descarregar(tudo = false): Promise<void> {
    if (!tudo && this.bytesLote + this.texto.length < LIMITE_LOTE) return;
    this.fecharTexto();
    const lote = this.lote;
    this.lote = [];
    this.bytesLote = 0;
    // writev takes at most IOV_MAX (1024) buffers per call.
    for (let i = 0; i < lote.length; i += 1024) {
      const { bytesWritten } = await this.arquivo.writev(lote.slice(i, i + 1024));
      this.escrito += bytesWritten;
    }
    if (this.escrito !== this.posicao) throw new Error('Gravação incompleta do PDF');
    this.hash.avancar(this.escrito);
  }

  /**
   * Copies the given pages of a parsed document, with every object they reach (but not their /Parent), and
   * answers the pages written. Each page gets a fresh /Contents: `q`, its own streams, then its stamp (which
   * starts with `Q`, so the page's graphics state never leaks into the stamp), and the stamp font in its fonts.
   */
  copiarPaginas(
    documento: PDFDocument,
    numeros: { paginas: number; q: number; fonteCarimbo: number },
  ): PaginaEscrita[] {
    const contexto = documento.context;
    const mapa = new Map<PDFRef, number>();
    const pendentes: PDFRef[] = [];
    const mapear = (ref: PDFRef): number => {
      let numero = mapa.get(ref);
      if (numero === undefined) {
        numero = this.reservar();
        mapa.set(ref, numero);
        pendentes.push(ref);
      }
      return numero;
    };
    const serializar = (objeto: PDFObject | undefined): string => {
      if (objeto === undefined) return 'null';
      if (objeto instanceof PDFRef) return `${mapear(objeto)} 0 R`;
      if (objeto instanceof PDFDict) {
        let texto = '<<';
        for (const [chave, valor] of objeto.entries()) texto += `${chave.toString()} ${serializar(valor)}`;
        return `${texto}>>`;
      }
      if (objeto instanceof PDFArray) {
        const itens: string[] = [];
        for (let i = 0; i < objeto.size(); i++) itens.push(serializar(objeto.get(i)));
        return `[${itens.join(' ')}]`;
      }
      if (objeto instanceof PDFInvalidObject) return 'null';
      return objeto.toString();
    };
    const resolver = (objeto: PDFObject | undefined) => (objeto instanceof PDFRef ? contexto.lookup(objeto) : objeto);

    const paginas: PaginaEscrita[] = [];
    const folhas: { ref: PDFRef; folha: PDFPageLeaf }[] = [];
    for (const pagina of documento.getPages()) {
      // References to a page (links, annotations' /P) point at the page written here.
      const numero = this.reservar();
      mapa.set(pagina.ref, numero);
      folhas.push({ ref: pagina.ref, folha: pagina.node });
    }
    for (const { ref, folha } of folhas) {
      const numero = mapa.get(ref) as number;
      const numeroCarimbo = this.reservar();
      let corpo = `<</Parent ${numeros.paginas} 0 R`;
      for (const [chave, valor] of folha.entries()) {
        if (chave === CHAVE_PARENT || chave === CHAVE_CONTENTS || CHAVES_HERDADAS_SET.has(chave)) continue;
        corpo += `${chave.toString()} ${serializar(valor)}`;
      }
      for (const chave of CHAVES_HERDADAS) {
        if (chave === CHAVE_RESOURCES) continue;
        const valor = folha.getInheritableAttribute(chave);
        if (valor !== undefined) corpo += `${chave.toString()} ${serializar(valor)}`;
      }
      corpo += `/Resources ${this.recursosComFonte(resolver(folha.getInheritableAttribute(CHAVE_RESOURCES)), resolver, serializar, numeros.fonteCarimbo)}`;
      const conteudos: string[] = [`${numeros.q} 0 R`];
      const original = resolver(folha.get(CHAVE_CONTENTS));
      if (original instanceof PDFArray) {
        for (let i = 0; i < original.size(); i++) conteudos.push(serializar(original.get(i)));
      } else if (original !== undefined && folha.get(CHAVE_CONTENTS) instanceof PDFRef) {
        conteudos.push(serializar(folha.get(CHAVE_CONTENTS)));
      }
      conteudos.push(`${numeroCarimbo} 0 R`);
      corpo += `/Contents [${conteudos.join(' ')}]>>`;
      this.escreverObjeto(numero, corpo);
      paginas.push({
        numero,
        numeroCarimbo,
        caixa: caixaVisivel(folha, resolver),
        rotacao: rotacaoDe(resolver(folha.getInheritableAttribute(PDFName.of('Rotate')))),
      });
    }
    while (pendentes.length > 0) {
      const ref = pendentes.pop() as PDFRef;
      const numero = mapa.get(ref) as number;
      const objeto = contexto.lookup(ref);
      if (objeto instanceof PDFStream) {
        let dicionario = '<<';
        for (const [chave, valor] of objeto.dict.entries()) {
          if (chave !== CHAVE_LENGTH) dicionario += `${chave.toString()} ${serializar(valor)}`;
        }
        this.escreverFluxo(numero, `${dicionario}>>`, objeto.getContents());
      } else {
        this.escreverObjeto(numero, serializar(objeto));
      }
    }
    return paginas;
  }

  /** The page's resources (copied) with the stamp font added to its /Font dictionary. */
  private recursosComFonte(
    recursos: PDFObject | undefined,
    resolver: (objeto: PDFObject | undefined) => PDFObject | undefined,
    serializar: (objeto: PDFObject | undefined) => string,
    fonteCarimbo: number,
  ): string {
    let texto = '<<';
    let fontes = '';
    if (recursos instanceof PDFDict) {
      for (const [chave, valor] of recursos.entries()) {
        if (chave === CHAVE_FONT) {
          const dicionarioFontes = resolver(valor);
          if (dicionarioFontes instanceof PDFDict) {
            for (const [nome, fonte] of dicionarioFontes.entries()) fontes += `${nome.toString()} ${serializar(fonte)}`;
          }
        } else {
          texto += `${chave.toString()} ${serializar(valor)}`;
        }
      }
    }
    return `${texto}/Font <<${fontes}${FONTE_CARIMBO} ${fonteCarimbo} 0 R>>>>`;
  }

  /** Writes the cross-reference table and the trailer, closes the file and answers its size and SHA-256. */
  async concluir(raiz: number, info: number | null, id: string): Promise<{ tamanho: number; sha256: string }> {
    const pendentes = this.deslocamentos.findIndex((d, i) => i > 0 && d === -1);
    if (pendentes !== -1) throw new Error(`Objeto ${pendentes} reservado e não escrito`);
    const inicioXref = this.tamanho;
    const linhas = [`xref\n0 ${this.deslocamentos.length}\n0000000000 65535 f \n`];
    for (let i = 1; i < this.deslocamentos.length; i++) {
      linhas.push(`${String(this.deslocamentos[i]).padStart(10, '0')} 00000 n \n`);
    }
    this.escreverTexto(linhas.join(''));
    this.escreverTexto(
      `trailer\n<</Size ${this.deslocamentos.length} /Root ${raiz} 0 R${info ? ` /Info ${info} 0 R` : ''} /ID [<${id}> <${id}>]>>\nstartxref\n${inicioXref}\n%%EOF\n`,
    );
    await this.descarregar(true);
    await this.arquivo.close();
    return { tamanho: this.posicao, sha256: await this.hash.concluir(this.posicao) };
  }

  /** Closes the file without finishing it (after a failure). */
  async abandonar(): Promise<void> {
    await this.arquivo.close().catch(() => {});
    await this.hash.cancelar().catch(() => {});
  }
}

function numeroDe(objeto: PDFObject | undefined): number | null {
  return objeto instanceof PDFNumber ? objeto.asNumber() : null;
}

function caixaVisivel(
  folha: PDFPageLeaf,
  resolver: (objeto: PDFObject | undefined) => PDFObject | undefined,
): [number, number, number, number] {
  for (const nome of ['CropBox', 'MediaBox']) {
    const caixa = resolver(folha.getInheritableAttribute(PDFName.of(nome)));
    if (caixa instanceof PDFArray && caixa.size() === 4) {
      const valores = [0, 1, 2, 3].map((i) => numeroDe(resolver(caixa.get(i))));
      if (valores.every((v) => v !== null && Number.isFinite(v))) {
        const [x1, y1, x2, y2] = valores as [number, number, number, number];
        return [Math.min(x1, x2), Math.min(y1, y2), Math.max(x1, x2), Math.max(y1, y2)];
      }
    }
  }
  return [0, 0, 612, 792];
}

function rotacaoDe(objeto: PDFObject | undefined): 0 | 90 | 180 | 270 {
  const valor = numeroDe(objeto) ?? 0;
  return ((((Math.round(valor / 90) * 90) % 360) + 360) % 360) as 0 | 90 | 180 | 270;
}
