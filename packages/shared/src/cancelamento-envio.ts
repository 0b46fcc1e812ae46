import { z } from 'zod';
import { MENSAGENS } from './mensagens.ts';
import { LOTE_MAXIMO } from './tramitacao.ts';

/**
 * Recalling a sending not yet received ("Cancelar envio", issue 20): the sending unit takes back what it sent while
 * the destination has not received it. The tramitação is kept, marked cancelled with who, when and why; the document
 * returns to what it was before the sending.
 */

export const TAMANHO_MAXIMO_MOTIVO_CANCELAMENTO = 500;

const motivo = z
  .string({ error: MENSAGENS.cancelamentoEnvio.informeMotivo })
  .trim()
  .min(1, MENSAGENS.cancelamentoEnvio.informeMotivo)
  .max(TAMANHO_MAXIMO_MOTIVO_CANCELAMENTO, MENSAGENS.cancelamentoEnvio.motivoLongo);

/** POST documentos/{id}/cancelar-envio. */
export const cancelarEnvioSchema = z.object({ motivo });
export type CancelarEnvio = z.infer<typeof cancelarEnvioSchema>;

/** POST tramitacoes/cancelamento/lote: the same reason for every document, each recalled by the single rules. */
export const cancelarEnvioLoteSchema = z.object({
  idsDocumentos: z
    .array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER))
    .min(1, 'Selecione ao menos um documento')
    .max(LOTE_MAXIMO, `Selecione no máximo ${LOTE_MAXIMO} documentos`),
  motivo,
});
export type CancelarEnvioLote = z.infer<typeof cancelarEnvioLoteSchema>;

/** The outcome of one document of a bulk recall; numero is null for an unknown (or hidden) document. */
export const resultadoCancelamentoLoteSchema = z.object({
  idDocumento: z.number().int(),
  numero: z.string().nullable(),
  cancelado: z.boolean(),
  erro: z.string().nullable(),
});
export type ResultadoCancelamentoLote = z.infer<typeof resultadoCancelamentoLoteSchema>;

/** Why the sending cannot be recalled: the message, and whether it is a refusal of the caller (403) or a state (409). */
export const IMPEDIMENTOS_CANCELAMENTO_ENVIO = {
  JUNTADO: MENSAGENS.cancelamentoEnvio.documentoJuntado,
  NADA_A_CANCELAR: MENSAGENS.cancelamentoEnvio.nadaACancelar,
  OUTRA_UNIDADE: MENSAGENS.cancelamentoEnvio.somenteOrigem,
  JA_RECEBIDO: MENSAGENS.cancelamentoEnvio.jaRecebido,
} as const;
export type ImpedimentoCancelamentoEnvio = keyof typeof IMPEDIMENTOS_CANCELAMENTO_ENVIO;

/**
 * Whether the caller's unit may recall the document's sending now (null: it may). Only the document's last
 * tramitação can be recalled, and only by its origin unit while it is neither received nor already cancelled; a
 * document joined to another moves (and is recalled) only with its parent.
 */
export function impedimentoCancelamentoEnvio(
  documento: { idDocumentoAgregador: number | null },
  /** The document's last tramitação (highest sequencia), cancelled or not; undefined when it was never sent. */
  ultima: { idUnidadeOrigem: number; dtRecebimento: unknown; dtCancelamento: unknown } | null | undefined,
  idUnidade: number | null,
): ImpedimentoCancelamentoEnvio | null {
  if (documento.idDocumentoAgregador !== null) return 'JUNTADO';
  if (!ultima || ultima.dtCancelamento !== null) return 'NADA_A_CANCELAR';
  if (idUnidade === null || ultima.idUnidadeOrigem !== idUnidade) return 'OUTRA_UNIDADE';
  if (ultima.dtRecebimento !== null) return 'JA_RECEBIDO';
  return null;
}
