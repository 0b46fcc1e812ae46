import { z } from 'zod';
import { estadoSchema, paginacaoSchema, paginaDeSchema, SITUACOES_DOCUMENTO } from './documentos.ts';
import { ORIGENS_PRAZO } from './prazos.ts';
import { SITUACOES_PRAZO } from './regras-leves.ts';

/**
 * "Controle de prazos" (issue 20): the deadlines of the caller's current unit in three tabs.
 * - `na-unidade`: the documents in the unit's box (waiting to be received or held) that have a deadline;
 * - `aguardados`: the documents the unit sent (the last live tramitação is from it) that are waiting or held
 *   elsewhere with a deadline;
 * - `retornos`: the unit's scheduled returns not yet met (no later live sending to the unit).
 */
export const ABAS_CONTROLE_PRAZOS = ['na-unidade', 'aguardados', 'retornos'] as const;
export type AbaControlePrazos = (typeof ABAS_CONTROLE_PRAZOS)[number];

/** GET controle-de-prazos: one tab, optionally one state of the date, by date (earliest first), paginated. */
export const filtrosControlePrazosSchema = z.object({
  aba: z.enum(ABAS_CONTROLE_PRAZOS).default('na-unidade'),
  situacaoPrazo: z.enum(SITUACOES_PRAZO).exclude(['SEM_PRAZO']).optional(),
  ...paginacaoSchema.shape,
});
export type FiltrosControlePrazos = z.input<typeof filtrosControlePrazosSchema>;
/** The parameters as the server parses them (what the web sends). */
export type ConsultaControlePrazos = z.output<typeof filtrosControlePrazosSchema>;

const unidadeCurtaSchema = z.object({ id: z.number().int(), sigla: z.string(), nome: z.string() });

/** One row of a tab: the document, where it is, the date (deadline or scheduled return) and who set it. */
export const itemControlePrazosSchema = z.object({
  idDocumento: z.number().int(),
  numero: z.string(),
  tipo: z.string(),
  idTipoDocumento: z.number().int(),
  resumoAssunto: z.string().nullable(),
  situacao: z.enum(SITUACOES_DOCUMENTO),
  estado: estadoSchema,
  /** The unit that holds the document, or the one it was sent to while it waits to be received. */
  ondeEsta: unidadeCurtaSchema.nullable(),
  /** Sent and not yet received by `ondeEsta`. */
  pendenteRecebimento: z.boolean(),
  /** The deadline (na-unidade, aguardados) or the scheduled return (retornos), YYYY-MM-DD. */
  data: z.string(),
  situacaoPrazo: z.enum(SITUACOES_PRAZO).exclude(['SEM_PRAZO']),
  /** Business days left (NO_PRAZO) or past (VENCIDO). */
  diasUteis: z.number().int(),
  /** The tramitação that set the date: who sent it, from where, and whether the step's default set the deadline. */
  definidoPor: z
    .object({
      usuario: z.string(),
      unidade: z.string(),
      origemPrazo: z.enum(ORIGENS_PRAZO).nullable(),
    })
    .nullable(),
  idTramitacao: z.number().int().nullable(),
});
export type ItemControlePrazos = z.infer<typeof itemControlePrazosSchema>;

export const paginaControlePrazosSchema = paginaDeSchema(itemControlePrazosSchema);
export type PaginaControlePrazos = z.infer<typeof paginaControlePrazosSchema>;

/** GET controle-de-prazos/retornos-pendentes: the box's notice (scheduled returns overdue or due today). */
export const retornosPendentesSchema = z.object({ vencidosOuHoje: z.number().int() });
export type RetornosPendentes = z.infer<typeof retornosPendentesSchema>;
