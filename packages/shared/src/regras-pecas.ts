import { MENSAGENS } from './mensagens.ts';
import { MARCAS_PASSO, type NivelAcesso, type SituacaoVinculo } from './pecas.ts';

export { motivoSemAlteracaoPecas } from './regras-documento.ts';

/** The pure rules of peças: their numbering (spec §4), who may see them (spec §6) and who may change them. */

// ---------------------------------------------------------------------------------------------------------------
// Sequence numbers

export interface PecaOrdenavel {
  id: number;
  sequencial: number;
  situacaoTramitacao: 'T' | null;
}

/** The active peças in their order (by sequencial, ties by id). */
function ordenar<T extends PecaOrdenavel>(pecas: readonly T[]): T[] {
  return [...pecas].sort((a, b) => a.sequencial - b.sequencial || a.id - b.id);
}

/**
 * Spec §4: a new sequence number is clamped to the minimum and maximum among the peças with situacaoTramitacao T.
 * Those are the positions of the active peças already sent; with none sent, the bounds are 1..n.
 * The positions are taken after numbering the active peças 1..n, so the bounds always lie within 1..n.
 */
export function limitesSequencial(pecasAtivas: readonly PecaOrdenavel[]): { minimo: number; maximo: number } {
  const ordem = ordenar(pecasAtivas);
  const enviadas = ordem.flatMap((peca, indice) => (peca.situacaoTramitacao === 'T' ? [indice + 1] : []));
  if (enviadas.length === 0) return { minimo: 1, maximo: Math.max(ordem.length, 1) };
  return { minimo: Math.min(...enviadas), maximo: Math.max(...enviadas) };
}

export function limitarSequencial(valor: number, pecasAtivas: readonly PecaOrdenavel[]): number {
  const { minimo, maximo } = limitesSequencial(pecasAtivas);
  return Math.min(Math.max(Math.trunc(valor), minimo), maximo);
}

/** The numbering 1..n of the active peças in their current order (after a removal or a cancellation). */
export function renumerar(pecasAtivas: readonly PecaOrdenavel[]): { id: number; sequencial: number }[] {
  return ordenar(pecasAtivas).map((peca, indice) => ({ id: peca.id, sequencial: indice + 1 }));
}

/**
 * The number a peça is shown and printed with: only active peças are numbered (1..n, each number once). A cancelled
 * peça keeps in `sequencial` the number it had when it was cancelled, which the next active peça took over; it is
 * shown without a number (null), marked as cancelled.
 */
export function numeroPeca(peca: { sequencial: number; situacaoVinculo: SituacaoVinculo | null }): number | null {
  return peca.situacaoVinculo === null ? peca.sequencial : null;
}

/**
 * Moves one active peça to a new position (clamped as spec §4 says); the peças in between shift by one.
 * Answers the whole new numbering 1..n; `sequencial` is where the peça landed.
 */
export function moverPeca(
  pecasAtivas: readonly PecaOrdenavel[],
  idPeca: number,
  novoSequencial: number,
): { sequencial: number; numeracao: { id: number; sequencial: number }[] } {
  const ordem = ordenar(pecasAtivas);
  const indice = ordem.findIndex((peca) => peca.id === idPeca);
  if (indice < 0) throw new Error(`Peça ${idPeca} não está entre as ativas`);
  const destino = limitarSequencial(novoSequencial, ordem);
  const [movida] = ordem.splice(indice, 1);
  ordem.splice(destino - 1, 0, movida as PecaOrdenavel);
  return { sequencial: destino, numeracao: renumerar(ordem.map((peca, i) => ({ ...peca, sequencial: i + 1 }))) };
}

// ---------------------------------------------------------------------------------------------------------------
// Visibility (spec §6)

/** What the visibility rule needs of a document: the document itself and the root of its aggregation, if joined. */
export interface DocumentoVisibilidade {
  situacao: string;
  idUnidadeAtual: number;
  /** estado 2001. */
  estadoProcessamento: number;
  quantidadeTramitacoes: number;
  /** The interessado's pessoa (a SERVIDOR interessado is a user's pessoa). */
  idPessoaInteressado: number | null;
  /** The topmost aggregator (following idDocumentoAgregador up), or null when the document is not joined. */
  raiz: { situacao: string; idUnidadeAtual: number } | null;
}

/** Who reads: null for an anonymous visitor. */
export type LeitorPeca = {
  idUnidadeAtual: number | null;
  idPessoa: number | null;
  /** Permission VISUALIZACAO_IRRESTRITA_PECAS. */
  irrestrito: boolean;
} | null;

export interface PecaVisibilidade {
  nivelAcesso: NivelAcesso;
  situacaoVinculo: SituacaoVinculo | null;
}

/** Restricted, sigiloso and cancelled (desmembrada, desentranhada) peças are not public. */
export function pecaRestrita(peca: PecaVisibilidade): boolean {
  return peca.nivelAcesso !== 'P' || peca.situacaoVinculo !== null;
}

const SITUACOES_NA_CAIXA = new Set(['RECEBIDO', 'EM_CRIACAO']);

/** The reader's unit holds the document (or its root) and it is RECEBIDO or EM_CRIACAO. */
export function documentoNaCaixaDoLeitor(documento: DocumentoVisibilidade, leitor: LeitorPeca): boolean {
  if (!leitor || leitor.idUnidadeAtual === null) return false;
  const naCaixa = (d: { situacao: string; idUnidadeAtual: number }) =>
    d.idUnidadeAtual === leitor.idUnidadeAtual && SITUACOES_NA_CAIXA.has(d.situacao);
  return naCaixa(documento) || (documento.raiz !== null && naCaixa(documento.raiz));
}

/** The reader is the interested person, and it is the first movement or the document is archived or concluded. */
export function interessadoPodeVer(documento: DocumentoVisibilidade, leitor: LeitorPeca): boolean {
  if (!leitor || leitor.idPessoa === null || documento.idPessoaInteressado !== leitor.idPessoa) return false;
  return (
    documento.quantidadeTramitacoes <= 1 || documento.estadoProcessamento === 2 || documento.estadoProcessamento === 3
  );
}

/** Sigiloso peças are never listed to readers without VISUALIZACAO_IRRESTRITA_PECAS. */
export function pecaListavel(peca: PecaVisibilidade, leitor: LeitorPeca): boolean {
  return peca.nivelAcesso !== 'S' || (leitor?.irrestrito ?? false);
}

/**
 * Spec §6: whether the reader may get the peça's bytes (and read its name, description and justifications).
 * Anonymous readers never get a restricted file; desmembradas and desentranhadas are for VISUALIZACAO_IRRESTRITA_PECAS
 * only, since the two exceptions of spec §6 (the holding unit, the interested person) are about restricted peças.
 */
export function podeVisualizarPeca(
  peca: PecaVisibilidade,
  documento: DocumentoVisibilidade,
  leitor: LeitorPeca,
): boolean {
  if (!pecaRestrita(peca)) return true;
  if (!leitor) return false;
  if (leitor.irrestrito) return true;
  if (peca.nivelAcesso === 'S' || peca.situacaoVinculo !== null) return false;
  return documentoNaCaixaDoLeitor(documento, leitor) || interessadoPodeVer(documento, leitor);
}

/**
 * The step column of spec §6. Readers with VISUALIZACAO_IRRESTRITA_PECAS see the step's name with the suffix
 * ' - DESMEMBRADA', ' - DESENTRANHADA' or ' - RESTRITO'; the others see only the word, or
 * 'RESTRITO - Motivo: ' and the legal hypothesis. A cancellation is named before the restriction.
 */
export function rotuloPassoFluxo(
  peca: PecaVisibilidade & { passo: string | null; descricaoHipoteseLegal: string | null },
  irrestrito: boolean,
): string | null {
  const marca = peca.situacaoVinculo
    ? MARCAS_PASSO[peca.situacaoVinculo]
    : peca.nivelAcesso !== 'P'
      ? MARCAS_PASSO.restrito
      : null;
  if (marca === null) return peca.passo;
  if (irrestrito) return peca.passo ? `${peca.passo} - ${marca}` : marca;
  if (marca === MARCAS_PASSO.restrito && peca.descricaoHipoteseLegal) {
    return `${MENSAGENS.arquivos.prefixoRestrito}${peca.descricaoHipoteseLegal}`;
  }
  return marca;
}

// ---------------------------------------------------------------------------------------------------------------
// Who may change the peças
