import { descreverTamanho } from '@tramite/shared';
import {
  EncryptedPDFError,
  ParseSpeeds,
  type PDFContext,
  PDFDocument,
  type PDFFont,
  type PDFPage,
  PDFParser,
  StandardFonts,
} from 'pdf-lib';
import { converterParaPng, ImagemNaoReproduzivel, TIPOS_IMAGEM_CONVERTIDOS } from './imagem-png.ts';
import { A4, MARGEM, novoDocumento } from './texto-pdf.ts';

/** Each peça as the pages it becomes in the consolidation: its own (PDF), its picture, or a page naming the file. */

export interface PecaParaConsolidar {
  /**
   * The peça's number in the document (sequencial); null when it was cancelled after the consolidation was requested:
   * its old number now belongs to another peça, so it is printed without one.
   */
  sequencial: number | null;
  nome: string;
  tipoMime: string;
  tamanho: number;
  sha256: string;
  /** Reads the stored file (only called for types that become pages). */
  ler(): Promise<Uint8Array>;
}

/** A peça whose file cannot be read: the consolidation ends in ERRO with this message. */
export class ErroPecaConsolidacao extends Error {
  constructor(mensagem: string) {
    super(mensagem);
    this.name = 'ErroPecaConsolidacao';
  }
}

const TIPOS_IMAGEM_DESENHAVEIS = new Set(['image/png', 'image/jpeg', ...TIPOS_IMAGEM_CONVERTIDOS]);

/** How the PDF names a peça: 'Peça 3', or 'Peça cancelada' for one that no longer has a number. */
export const rotuloPeca = (peca: Pick<PecaParaConsolidar, 'sequencial'>) =>
  peca.sequencial === null ? 'Peça cancelada' : `Peça ${peca.sequencial}`;

/** What a peça becomes: its own pages (PDF), one page with the picture, or one page describing the file. */
function formaDaPeca(tipoMime: string): 'pdf' | 'imagem' | 'aviso' {
  if (tipoMime === 'application/pdf') return 'pdf';
  if (TIPOS_IMAGEM_DESENHAVEIS.has(tipoMime)) return 'imagem';
  return 'aviso';
}

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
  linha(`${rotuloPeca(peca)}: ${peca.nome}`, texto.negrito, 14);
  linha(motivo, texto.normal, 11);
  linha(`Tipo: ${DESCRICAO_TIPO[peca.tipoMime] ?? peca.tipoMime}`, texto.normal, 11);
  linha(`Tamanho: ${descreverTamanho(peca.tamanho)} (${peca.tamanho.toLocaleString('pt-BR')} bytes)`, texto.normal, 11);
  linha('SHA-256:', texto.normal, 11);
  y += 8;
  pagina.drawText(peca.sha256, { x: MARGEM, y, size: 9.5, font: await documento.embedFont(StandardFonts.Courier) });
  return documento;
}

const MOTIVO_AVISO = 'Este arquivo não pode ser impresso; obtenha o arquivo original na lista de peças do documento.';

export const ilegivel = (peca: PecaParaConsolidar, detalhe: string) =>
  new ErroPecaConsolidacao(`A ${rotuloPeca(peca).toLowerCase()} (${peca.nome}) não pôde ser incluída: ${detalhe}`);

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

/** Notices of readable files the consolidation cannot reproduce, and where to get the original. */
const AVISO_PDF_CRIPTOGRAFADO =
  'Este PDF é protegido por criptografia e não pode ser reproduzido na consolidação; obtenha o arquivo original na lista de peças do documento.';
const AVISO_BMP_RLE =
  'Esta imagem BMP usa compressão RLE e não pode ser reproduzida na consolidação; obtenha o arquivo original na lista de peças do documento.';

/**
 * A peça cancelled (desentranhada or desmembrada) after the request: only who may see cancelled peças may open it
 * (spec §6), and the consolidation's reader may not be such a person, so its content is left out.
 */
async function paginaDePecaCancelada(peca: PecaParaConsolidar): Promise<PDFDocument> {
  const { documento, texto } = await novoDocumento();
  const pagina: PDFPage = documento.addPage(A4);
  let y = A4[1] - MARGEM - 40;
  for (const [t, fonte, tamanho] of [
    [`${rotuloPeca(peca)}: ${peca.nome}`, texto.negrito, 14],
    [AVISO_PECA_CANCELADA, texto.normal, 11],
  ] as const) {
    for (const parte of texto.quebrar(texto.limpar(t), fonte, tamanho, A4[0] - 2 * MARGEM, 4)) {
      pagina.drawText(parte, { x: MARGEM, y, size: tamanho, font: fonte });
      y -= tamanho + 6;
    }
    y -= 8;
  }
  return documento;
}

const AVISO_PECA_CANCELADA =
  'Esta peça foi cancelada (desentranhada ou desmembrada) depois da solicitação da consolidação; o seu conteúdo não faz parte deste arquivo.';

/** Whether the build reads the peça's file at all: never for a cancelled peça or one that becomes a notice. */
export const lerArquivoDaPeca = (peca: PecaParaConsolidar) =>
  peca.sequencial !== null && formaDaPeca(peca.tipoMime) !== 'aviso';

/** The peça as a parsed document whose pages are copied into the consolidation. */
export async function documentoDaPeca(peca: PecaParaConsolidar, bytes: Uint8Array | null): Promise<PDFDocument> {
  if (peca.sequencial === null) return paginaDePecaCancelada(peca);
  const forma = formaDaPeca(peca.tipoMime);
  if (forma === 'aviso' || bytes === null) return paginaDeAviso(peca, MOTIVO_AVISO);
  if (forma === 'imagem') {
    try {
      return await paginaDeImagem(peca, bytes);
    } catch (erro) {
      if (erro instanceof ImagemNaoReproduzivel) return paginaDeAviso(peca, AVISO_BMP_RLE);
      throw ilegivel(peca, 'a imagem está danificada.');
    }
  }
  let documento: PDFDocument;
  try {
    documento = await carregarPdf(bytes);
  } catch (erro) {
    if (erro instanceof EncryptedPDFError) return paginaDeAviso(peca, AVISO_PDF_CRIPTOGRAFADO);
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
