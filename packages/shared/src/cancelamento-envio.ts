import { z } from 'zod';
import { MENSAGENS } from './mensagens.ts';
import { LOTE_MAXIMO } from './tramitacao.ts';

export {
  IMPEDIMENTOS_CANCELAMENTO_ENVIO,
  type ImpedimentoCancelamentoEnvio,
  impedimentoCancelamentoEnvio,
} from './regras-documento.ts';

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
