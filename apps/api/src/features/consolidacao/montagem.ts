import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { descreverTamanho } from '@tramite/shared';
import {
  EncryptedPDFError,
  ParseSpeeds,
  type PDFContext,
  PDFDocument,
  type PDFFont,
  type PDFPage,
  PDFParser,
  rgb,
  StandardFonts,
} from 'pdf-lib';
import { EscritorPdf, FONTE_CARIMBO, type PaginaEscrita } from './escritor-pdf.ts';
import { converterParaPng, TIPOS_IMAGEM_CONVERTIDOS } from './imagem-png.ts';

/** A4 in points. */
const A4: [number, number] = [595.28, 841.89];
const MARGEM = 56;
const TAMANHO_CARIMBO = 8;

export interface PecaParaConsolidar {
  /** The peça's number in the document (sequencial). */
  sequencial: number;
  nome: string;
  tipoMime: string;
  tamanho: number;
  sha256: string;
  /** Reads the stored file (only called for types that become pages). */
  ler(): Promise<Uint8Array>;
}

export interface DadosCapa {
  instituicao: string;
  numero: string;
  tipo: string;
  resumo: string;
  geradoEm: Date;
}

export interface ResultadoMontagem {
  paginas: number;
  tamanho: number;
  sha256: string;
  /** Page ranges (1-based, cover included) of each peça, in order. */
  faixas: { inicio: number; fim: number }[];
}

/** A peça whose file cannot be read: the consolidation ends in ERRO with this message. */
export class ErroPecaConsolidacao extends Error {
  constructor(mensagem: string) {
    super(mensagem);
    this.name = 'ErroPecaConsolidacao';
  }
}

const TIPOS_IMAGEM_DESENHAVEIS = new Set(['image/png', 'image/jpeg', ...TIPOS_IMAGEM_CONVERTIDOS]);

/** What a peça becomes: its own pages (PDF), one page with the picture, or one page describing the file. */
function formaDaPeca(tipoMime: string): 'pdf' | 'imagem' | 'aviso' {
  if (tipoMime === 'application/pdf') return 'pdf';
  if (TIPOS_IMAGEM_DESENHAVEIS.has(tipoMime)) return 'imagem';
  return 'aviso';
}

// ---------------------------------------------------------------------------------------------------------------
// Text helpers (standard 14 fonts: WinAnsi only)

class Texto {
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

async function novoDocumento(): Promise<{ documento: PDFDocument; texto: Texto }> {
  const documento = await PDFDocument.create({ updateMetadata: false });
  const texto = new Texto(
    await documento.embedFont(StandardFonts.Helvetica),
    await documento.embedFont(StandardFonts.HelveticaBold),
  );
  return { documento, texto };
}

function formatarDataHora(data: Date): string {
  return new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(data);
}

// ---------------------------------------------------------------------------------------------------------------
// Cover

const LINHA_TABELA = 14;
const MAXIMO_LINHAS_RESUMO = 8;

interface PlanoCapa {
  resumo: string[];
  /** How many peça rows each cover page holds. */
  linhasPorPagina: number[];
}

/** The cover's layout depends only on the texts and the number of peças: its page count is known up front. */
function planejarCapa(texto: Texto, capa: DadosCapa, quantidade: number): PlanoCapa {
  const largura = A4[0] - 2 * MARGEM;
  const resumo = texto.quebrar(texto.limpar(capa.resumo) || '-', texto.normal, 11, largura, MAXIMO_LINHAS_RESUMO);
  // Title block, data lines and the table header (see desenharCapa), then the rows down to the bottom margin.
  const cabecalhoPrimeira = 16 + 28 + 5 * 18 + resumo.length * 15 + 18 + 24 + LINHA_TABELA;
  const primeira = Math.floor((A4[1] - 2 * MARGEM - cabecalhoPrimeira) / LINHA_TABELA);
  const demais = Math.floor((A4[1] - 2 * MARGEM - 24 - LINHA_TABELA) / LINHA_TABELA);
  const naPrimeira = Math.min(quantidade, primeira);
  const linhasPorPagina = [naPrimeira];
  let restantes = quantidade - naPrimeira;
  while (restantes > 0) {
    linhasPorPagina.push(Math.min(restantes, demais));
    restantes -= demais;
  }
  return { resumo, linhasPorPagina };
}

function desenharCapa(
  documento: PDFDocument,
  texto: Texto,
  plano: PlanoCapa,
  capa: DadosCapa,
  pecas: readonly PecaParaConsolidar[],
  faixas: readonly { inicio: number; fim: number }[],
  total: number,
): void {
  const { normal, negrito } = texto;
  const largura = A4[0] - 2 * MARGEM;
  const colunaFolhas = 90;
  const colunaNumero = 40;
  const larguraNome = largura - colunaFolhas - colunaNumero - 8;
  const cinza = rgb(0.35, 0.35, 0.35);
  let indice = 0;
  plano.linhasPorPagina.forEach((linhas, numeroPagina) => {
    const pagina = documento.addPage(A4);
    let y = A4[1] - MARGEM;
    const escrever = (t: string, x: number, fonte: PDFFont, tamanho: number, cor = rgb(0, 0, 0)) =>
      pagina.drawText(t, { x, y, size: tamanho, font: fonte, color: cor });
    if (numeroPagina === 0) {
      y -= 12;
      escrever(texto.caber(texto.limpar(capa.instituicao), negrito, 12, largura), MARGEM, negrito, 12, cinza);
      y -= 28;
      escrever('Consolidação de peças', MARGEM, negrito, 20);
      const dado = (rotulo: string, valor: string) => {
        y -= 18;
        escrever(rotulo, MARGEM, negrito, 11);
        const x = MARGEM + negrito.widthOfTextAtSize(`${rotulo} `, 11);
        escrever(texto.caber(texto.limpar(valor), normal, 11, A4[0] - MARGEM - x), x, normal, 11);
      };
      dado('Número:', capa.numero);
      dado('Tipo:', capa.tipo);
      dado('Gerado em:', formatarDataHora(capa.geradoEm));
      dado('Conteúdo:', `${pecas.length} ${pecas.length === 1 ? 'peça' : 'peças'}, ${total} folhas (com a capa)`);
      y -= 18;
      escrever('Resumo do assunto:', MARGEM, negrito, 11);
      for (const linha of plano.resumo) {
        y -= 15;
        escrever(linha, MARGEM, normal, 11);
      }
      y -= 18;
    } else {
      y -= 12;
      escrever('Peças (continuação)', MARGEM, negrito, 12);
    }
    y -= 24;
    escrever('Nº', MARGEM, negrito, 10);
    escrever('Peça', MARGEM + colunaNumero, negrito, 10);
    escrever('Folhas', A4[0] - MARGEM - colunaFolhas, negrito, 10);
    pagina.drawLine({
      start: { x: MARGEM, y: y - 4 },
      end: { x: A4[0] - MARGEM, y: y - 4 },
      thickness: 0.5,
      color: cinza,
    });
    for (let i = 0; i < linhas; i++, indice++) {
      const peca = pecas[indice] as PecaParaConsolidar;
      const faixa = faixas[indice] as { inicio: number; fim: number };
      y -= LINHA_TABELA;
      escrever(String(peca.sequencial), MARGEM, normal, 10);
      escrever(texto.caber(texto.limpar(peca.nome), normal, 10, larguraNome), MARGEM + colunaNumero, normal, 10);
      const folhas = faixa.inicio === faixa.fim ? String(faixa.inicio) : `${faixa.inicio} a ${faixa.fim}`;
      escrever(folhas, A4[0] - MARGEM - colunaFolhas, normal, 10);
    }
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Peças as pages

async function paginaDeImagem(peca: PecaParaConsolidar, bytes: Uint8Array): Promise<PDFDocument> {
  const documento = await PDFDocument.create({ updateMetadata: false });
  const imagem =
    peca.tipoMime === 'image/jpeg'
      ? await documento.embedJpg(bytes)
      : await documento.embedPng(
          TIPOS_IMAGEM_CONVERTIDOS.has(peca.tipoMime) ? converterParaPng(peca.tipoMime, bytes) : bytes,
        );
  const paisagem = imagem.width > imagem.height;
  const [largura, altura] = paisagem ? [A4[1], A4[0]] : A4;
  const margem = 28;
  const escala = Math.min((largura - 2 * margem) / imagem.width, (altura - 2 * margem - 16) / imagem.height);
  const w = imagem.width * escala;
  const h = imagem.height * escala;
  const pagina = documento.addPage([largura, altura]);
  pagina.drawImage(imagem, { x: (largura - w) / 2, y: (altura - 16 - h) / 2, width: w, height: h });
  return documento;
}

const DESCRICAO_TIPO: Record<string, string> = {
  'audio/mpeg': 'áudio (MP3)',
  'video/mp4': 'vídeo (MP4)',
  'application/zip': 'arquivo compactado (ZIP)',
};

/** One page naming a file that cannot be shown as pages: its name, type, size and SHA-256. */
async function paginaDeAviso(peca: PecaParaConsolidar, motivo: string): Promise<PDFDocument> {
  const { documento, texto } = await novoDocumento();
  const pagina: PDFPage = documento.addPage(A4);
  const largura = A4[0] - 2 * MARGEM;
  let y = A4[1] - MARGEM - 40;
  const linha = (t: string, fonte: PDFFont, tamanho: number) => {
    for (const parte of texto.quebrar(texto.limpar(t), fonte, tamanho, largura, 4)) {
      pagina.drawText(parte, { x: MARGEM, y, size: tamanho, font: fonte });
      y -= tamanho + 6;
    }
    y -= 8;
  };
  linha(`Peça ${peca.sequencial}: ${peca.nome}`, texto.negrito, 14);
  linha(motivo, texto.normal, 11);
  linha(`Tipo: ${DESCRICAO_TIPO[peca.tipoMime] ?? peca.tipoMime}`, texto.normal, 11);
  linha(`Tamanho: ${descreverTamanho(peca.tamanho)} (${peca.tamanho.toLocaleString('pt-BR')} bytes)`, texto.normal, 11);
  linha('SHA-256:', texto.normal, 11);
  y += 8;
  pagina.drawText(peca.sha256, { x: MARGEM, y, size: 9.5, font: await documento.embedFont(StandardFonts.Courier) });
  return documento;
}

const MOTIVO_AVISO = 'Este arquivo não pode ser impresso; obtenha o arquivo original na lista de peças do documento.';

const ilegivel = (peca: PecaParaConsolidar, detalhe: string) =>
  new ErroPecaConsolidacao(`A peça ${peca.sequencial} (${peca.nome}) não pôde ser incluída: ${detalhe}`);

type ConstrutorDocumento = new (
  contexto: PDFContext,
  ignorarCriptografia: boolean,
  atualizarMetadados: boolean,
) => PDFDocument;

/**
 * PDFDocument.load without its copies: the parser's stream contents become views of the file's bytes instead of
 * copies (they are never changed, only written out), which halves the memory traffic on big files. The same
 * steps as PDFDocument.load otherwise (parse at full speed, metadata untouched, encrypted files refused).
 */
async function carregarPdf(bytes: Uint8Array): Promise<PDFDocument> {
  const parser = PDFParser.forBytesWithOptions(bytes, ParseSpeeds.Fastest, false, false);
  const fluxo = (parser as unknown as { bytes: { slice(inicio: number, fim: number): Uint8Array } }).bytes;
  fluxo.slice = (inicio, fim) => bytes.subarray(inicio, fim);
  const contexto = await parser.parseDocument();
  return new (PDFDocument as unknown as ConstrutorDocumento)(contexto, false, false);
}

/** The peça as a parsed document whose pages are copied into the consolidation. */
async function documentoDaPeca(peca: PecaParaConsolidar, bytes: Uint8Array | null): Promise<PDFDocument> {
  const forma = formaDaPeca(peca.tipoMime);
  if (forma === 'aviso' || bytes === null) return paginaDeAviso(peca, MOTIVO_AVISO);
  if (forma === 'imagem') {
    try {
      return await paginaDeImagem(peca, bytes);
    } catch {
      throw ilegivel(peca, 'a imagem está danificada.');
    }
  }
  let documento: PDFDocument;
  try {
    documento = await carregarPdf(bytes);
  } catch (erro) {
    if (erro instanceof EncryptedPDFError) {
      return paginaDeAviso(
        peca,
        'Este PDF é protegido por criptografia e não pode ser reproduzido na consolidação; obtenha o arquivo original na lista de peças do documento.',
      );
    }
    throw ilegivel(peca, 'o arquivo PDF está danificado.');
  }
  let paginas = 0;
  try {
    paginas = documento.getPageCount();
  } catch {
    paginas = 0;
  }
  if (paginas === 0) throw ilegivel(peca, 'o arquivo PDF não tem páginas legíveis.');
  return documento;
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
      peca && formaDaPeca(peca.tipoMime) !== 'aviso'
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
        `<</Title ${textoUnicode(`${peca.sequencial}. ${peca.nome}`)} /Parent ${raizMarcadores} 0 R${vizinhos} /Dest [${primeira.numero} 0 R /XYZ null null null]>>`,
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
