import { z } from 'zod';
import { paginacaoSchema, paginaDeSchema, unidadeRefSchema } from './documentos.ts';
import { MENSAGENS } from './mensagens.ts';
import { LOTE_MAXIMO } from './tramitacao.ts';

/**
 * Ciência (issue 20): a user records that they have read a document, once per document, with the unit they act
 * for and an optional note. Notes follow the despacho's rule where they are shown (eventos-documento.ts).
 */

export const OBSERVACAO_CIENCIA_MAXIMO = 500;

/** An optional note: trimmed, empty means none (null). */
export const observacaoCienciaSchema = z
  .string()
  .trim()
  .max(OBSERVACAO_CIENCIA_MAXIMO, MENSAGENS.ciencia.observacaoLonga)
  .nullish()
  .transform((v) => (v ? v : null));

/** POST documentos/{id}/ciencia. */
export const registrarCienciaSchema = z.object({ observacao: observacaoCienciaSchema });
export type RegistrarCienciaEntrada = z.input<typeof registrarCienciaSchema>;

/** POST ciencias/lote: the same note for each document, each recorded by the single rules. */
export const cienciaLoteSchema = z.object({
  idsDocumentos: z
    .array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER))
    .min(1, 'Selecione ao menos um documento')
    .max(LOTE_MAXIMO, `Selecione no máximo ${LOTE_MAXIMO} documentos`),
  observacao: observacaoCienciaSchema,
});
export type CienciaLoteEntrada = z.input<typeof cienciaLoteSchema>;

/**
 * One ciência. `observacao` is null (and `observacaoOculta` true) for a reader who could not see the restricted
 * despacho of the movement in force when it was recorded.
 */
export const cienciaSchema = z.object({
  id: z.number().int(),
  idDocumento: z.number().int(),
  usuario: z.object({ id: z.number().int(), nome: z.string() }),
  unidade: unidadeRefSchema,
  em: z.string(),
  observacao: z.string().nullable(),
  observacaoOculta: z.boolean(),
});
export type Ciencia = z.infer<typeof cienciaSchema>;

/** GET documentos/{id}/ciencias: the page asked, most recent first, and the caller's own ciência (null: none). */
export const filtrosCienciasSchema = paginacaoSchema;
export const paginaCienciasSchema = paginaDeSchema(cienciaSchema).extend({ minha: cienciaSchema.nullable() });
export type PaginaCiencias = z.infer<typeof paginaCienciasSchema>;

/** The outcome of one document of POST ciencias/lote; numero is null for an unknown (or hidden) document. */
export const resultadoCienciaLoteSchema = z.object({
  idDocumento: z.number().int(),
  numero: z.string().nullable(),
  registrada: z.boolean(),
  erro: z.string().nullable(),
});
export type ResultadoCienciaLote = z.infer<typeof resultadoCienciaLoteSchema>;

/** "DD/MM/AAAA HH:mm" of an instant in America/Sao_Paulo, as the already-recorded message says it. */
export function dataHoraCiencia(instante: Date | string): string {
  const partes = new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(instante));
  const parte = (tipo: Intl.DateTimeFormatPartTypes) => partes.find((p) => p.type === tipo)?.value ?? '';
  return `${parte('day')}/${parte('month')}/${parte('year')} ${parte('hour')}:${parte('minute')}`;
}

/** The 409 message of a second ciência of the same user. */
export function mensagemCienciaJaRegistrada(em: Date | string): string {
  return MENSAGENS.ciencia.jaRegistrada(dataHoraCiencia(em));
}
