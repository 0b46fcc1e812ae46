import { z } from 'zod';
import { dataValida } from './calendario.ts';
import { unidadeRefSchema } from './documentos.ts';
import { MENSAGENS } from './mensagens.ts';

export {
  type DocumentoSobrestavel,
  ESTADO_SOBRESTADO,
  impedimentoLevantamento,
  impedimentoSobrestamento,
  type RecusaSobrestamento,
} from './regras-documento.ts';

/**
 * Sobrestamento (issue 20): the unit holding a process in progress suspends it (estado 2001 = 5) with a reason and,
 * optionally, the date on which it is lifted by itself; while suspended it is neither forwarded nor joined. The
 * holding unit lifts it by hand, or a periodic pass lifts it on its date (America/Sao_Paulo).
 */

export const MOTIVO_SOBRESTAMENTO_MAXIMO = 500;
/** How far ahead the automatic lifting may be scheduled. */
export const ANOS_MAXIMOS_SOBRESTAMENTO = 2;

/** The last date `levantarEm` may take: the same day two years after `hoje` (28/02 for a 29/02). */
export function limiteLevantarEm(hoje: string): string {
  const ano = Number(hoje.slice(0, 4)) + ANOS_MAXIMOS_SOBRESTAMENTO;
  const mesmoDia = `${ano}${hoje.slice(4)}`;
  return dataValida(mesmoDia) ? mesmoDia : `${ano}${hoje.slice(4, 8)}28`;
}

/** Why `levantarEm` is refused (null: accepted; absent is accepted), `hoje` being today in America/Sao_Paulo. */
export function problemaLevantarEm(levantarEm: string | null | undefined, hoje: string): string | null {
  if (levantarEm === null || levantarEm === undefined) return null;
  if (!dataValida(levantarEm)) return MENSAGENS.sobrestamento.dataInvalida;
  if (levantarEm <= hoje) return MENSAGENS.sobrestamento.levantarEmPassado;
  if (levantarEm > limiteLevantarEm(hoje)) return MENSAGENS.sobrestamento.levantarEmDistante;
  return null;
}

/** POST documentos/{id}/sobrestamento (the date's relation to today is checked by `problemaLevantarEm`). */
export const sobrestarSchema = z.object({
  motivo: z
    .string(MENSAGENS.sobrestamento.motivoObrigatorio)
    .trim()
    .min(1, MENSAGENS.sobrestamento.motivoObrigatorio)
    .max(MOTIVO_SOBRESTAMENTO_MAXIMO, MENSAGENS.sobrestamento.motivoLongo),
  levantarEm: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || dataValida(v), MENSAGENS.sobrestamento.dataInvalida),
});
export type SobrestarEntrada = z.input<typeof sobrestarSchema>;

/** POST documentos/{id}/sobrestamento/levantamento: an optional reason (empty means none). */
export const levantarSobrestamentoSchema = z.object({
  motivo: z
    .string()
    .trim()
    .max(MOTIVO_SOBRESTAMENTO_MAXIMO, MENSAGENS.sobrestamento.motivoLongo)
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type LevantarSobrestamentoEntrada = z.input<typeof levantarSobrestamentoSchema>;

/** A suspension; `usuarioLevantamento` null with `levantadoEm` set means lifted on its date. */
export const sobrestamentoSchema = z.object({
  id: z.number().int(),
  idDocumento: z.number().int(),
  motivo: z.string().nullable(),
  motivoOculto: z.boolean(),
  em: z.string(),
  levantarEm: z.string().nullable(),
  unidade: unidadeRefSchema,
  usuario: z.string(),
  levantadoEm: z.string().nullable(),
  usuarioLevantamento: z.string().nullable(),
  motivoLevantamento: z.string().nullable(),
});
export type Sobrestamento = z.infer<typeof sobrestamentoSchema>;

/**
 * GET documentos/{id}/sobrestamento: the suspension in force (null: none) and what the document's page needs to
 * offer "Sobrestar" by `impedimentoSobrestamento` (whether its type is a process).
 */
export const situacaoSobrestamentoSchema = z.object({
  vigente: sobrestamentoSchema.nullable(),
  processo: z.boolean(),
});
export type SituacaoSobrestamento = z.infer<typeof situacaoSobrestamentoSchema>;
