import { z } from 'zod';
import { dataIsoValida, estadoSchema, paginacaoSchema, paginaDeSchema, SITUACOES_DOCUMENTO } from './documentos.ts';
import { MENSAGENS } from './mensagens.ts';
import {
  FILAS_CAIXA_POSTAL,
  NUMERO_DOCUMENTO_CAIXA_MAXIMO,
  ORDENACOES_CAIXA_POSTAL,
  SITUACOES_PRAZO,
} from './regras-leves.ts';

/** Contracts of the postal box (caixa postal): its filters, its rows, its queues and their counts (spec §2, §5). */

const dataIso = z.string().refine(dataIsoValida, MENSAGENS.busca.dataInvalida);

// The postal box's plain rules live in regras-leves.ts (no zod), so that the web's first screen stays small.
export {
  type ConsultaCaixaPostal,
  DIAS_PERIODO_PADRAO_CAIXA,
  FILAS_CAIXA_POSTAL,
  type FilaCaixaPostal,
  lerFiltrosCaixaPostal,
  ORDENACOES_CAIXA_POSTAL,
  SITUACOES_PRAZO,
  type SituacaoPrazo,
  validarFiltrosCaixaPostal,
} from './regras-leves.ts';

/**
 * GET caixa-postal: dates as YYYY-MM-DD on the America/Sao_Paulo calendar, filtering data_envio (data_criacao for
 * drafts). idUnidadeAtual must be one of the caller's lotações; absent, the caller's current unit. Default order:
 * dataEnvio desc (drafts by their creation date).
 */
export const filtrosCaixaPostalSchema = z.object({
  numeroDocumento: z.string().trim().max(NUMERO_DOCUMENTO_CAIXA_MAXIMO).optional(),
  idTipoDocumento: z.coerce.number().int().positive().optional(),
  idUnidadeAtual: z.coerce.number().int().positive().optional(),
  dataInicio: dataIso.optional(),
  dataFim: dataIso.optional(),
  fila: z.enum(FILAS_CAIXA_POSTAL).optional(),
  /** Issue 20: the state of the document's deadline (documento.prazo) against today in Brasília. */
  situacaoPrazo: z.enum(SITUACOES_PRAZO).optional(),
  /** Issue 20: 'true' keeps only suspended documents (estado 2001 = 5). */
  sobrestados: z
    .enum(['true', 'false'])
    .optional()
    .transform((valor) => (valor === undefined ? undefined : valor === 'true')),
  /**
   * Issue 22: 'true' keeps only the rows the caller has not opened since they arrived (`lido: false`); with the queue
   * 'recebidos', the home page's "não lidos". Not a search by itself: the period (or the number) is still required.
   */
  naoLidos: z
    .enum(['true', 'false'])
    .optional()
    .transform((valor) => (valor === undefined ? undefined : valor === 'true')),
  ordenacao: z.enum(ORDENACOES_CAIXA_POSTAL).default('dataEnvio'),
  direcao: z.enum(['asc', 'desc']).default('desc'),
  ...paginacaoSchema.shape,
});
export type FiltrosCaixaPostal = z.input<typeof filtrosCaixaPostalSchema>;

/** One document of a postal box (GET caixa-postal and GET reencaminhamento/unidades/{id}/caixa-postal). */
export const itemCaixaPostalSchema = z.object({
  idDocumento: z.number().int(),
  numero: z.string(),
  tipo: z.string(),
  idTipoDocumento: z.number().int(),
  resumoAssunto: z.string().nullable(),
  situacao: z.enum(SITUACOES_DOCUMENTO),
  /** Held by the unit: received (RECEBIDO or T) — false for drafts and for documents waiting to be received. */
  recebido: z.boolean(),
  /** Sent to the unit and not yet received: offered for receiving. */
  pendenteRecebimento: z.boolean(),
  /** Sigla of the unit that sent it (the last tramitação's origin), null for drafts. */
  unidadeOrigem: z.string().nullable(),
  dataEnvio: z.string().nullable(),
  dataCriacao: z.string(),
  /** calcularPrazo(dataEnvio): whole days since the last sending; null for drafts. */
  prazo: z.number().int().nullable(),
  /** Issue 20: the deadline of the document's last live tramitação (documento.prazo), YYYY-MM-DD, or null. */
  dataPrazo: z.string().nullable(),
  /**
   * Its state today (Brasília) on the institution's calendar, computed by the server as its filter reads it, so that
   * the first screen needs no calendar of its own.
   */
  estadoPrazo: z.object({ situacao: z.enum(SITUACOES_PRAZO), diasUteis: z.number().int() }),
  /** Issue 20: suspended (estado 2001 = 5). */
  sobrestado: z.boolean(),
  urgente: z.boolean(),
  /**
   * False in the caller's own box for a document the caller has not opened (or received) since it arrived in the
   * unit: shown as unread. Always true in re-forwarding, which is nobody's box.
   */
  lido: z.boolean(),
  estado: estadoSchema,
});
export type ItemCaixaPostal = z.infer<typeof itemCaixaPostalSchema>;

export const paginaCaixaPostalSchema = paginaDeSchema(itemCaixaPostalSchema);
export type PaginaCaixaPostal = z.infer<typeof paginaCaixaPostalSchema>;

/** GET caixa-postal/contagens: the box's filters apart from the queue, the page and the order. */
export const filtrosContagensCaixaPostalSchema = filtrosCaixaPostalSchema.pick({
  numeroDocumento: true,
  idTipoDocumento: true,
  idUnidadeAtual: true,
  dataInicio: true,
  dataFim: true,
  situacaoPrazo: true,
  sobrestados: true,
  naoLidos: true,
});
export type FiltrosContagensCaixaPostal = z.input<typeof filtrosContagensCaixaPostalSchema>;

/** How many documents GET caixa-postal would list with those filters: in all and with each queue. */
export const contagensCaixaPostalSchema = z.object({
  todos: z.number().int(),
  aguardando: z.number().int(),
  recebidos: z.number().int(),
  novos: z.number().int(),
  urgentes: z.number().int(),
});
export type ContagensCaixaPostal = z.infer<typeof contagensCaixaPostalSchema>;
