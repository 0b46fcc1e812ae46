import { z } from 'zod';
import { MENSAGENS } from './mensagens.ts';
import { problemaPeriodo } from './periodo.ts';
import { dataIsoValida } from './regras-leves.ts';

// Issue 22: the home page's counts and the Painel's aggregates. Counts only: no summary, dispatch or name of a
// restricted document ever leaves through an aggregate.

/** GET painel/inicio: the user's work at a glance, in one request. */
export const inicioPainelSchema = z.object({
  /** The unit the counts are about (the user's current unit, or `idUnidade` when it is one of theirs). */
  idUnidade: z.number().int(),
  contagens: z.object({
    /** Sent to the unit and not yet received (the box's queue 'aguardando'). */
    aguardando: z.number().int(),
    /**
     * Received by the unit and not yet opened by this user: the box's rows with `lido: false` among the received
     * ones, which the box lists with the filter `naoLidos=true` (fila 'recebidos').
     */
    naoLidos: z.number().int(),
    /** Urgent documents in the box (the queue 'urgentes'). */
    urgentes: z.number().int(),
    /** Documents in the box whose deadline is today / has passed (situacaoPrazo VENCE_HOJE / VENCIDO). */
    venceHoje: z.number().int(),
    vencidos: z.number().int(),
  }),
  /** The last documents this user acted on (created, received, sent, added a peça...), newest first, at most 10. */
  recentes: z.array(
    z.object({
      idDocumento: z.number().int(),
      numero: z.string(),
      tipoDescricao: z.string(),
      /** What the user last did to it, in Portuguese ('Recebeu', 'Enviou', 'Autuou'...). */
      acao: z.string(),
      em: z.string(),
    }),
  ),
});
export type InicioPainel = z.infer<typeof inicioPainelSchema>;

export const consultaInicioPainelSchema = z.object({
  idUnidade: z.coerce.number().int().positive().optional(),
});

/** The longest period a painel chart covers. */
export const PAINEL_PERIODO_MAXIMO_DIAS = 731;

const periodoPainel = {
  dataInicio: z.string().refine(dataIsoValida, { message: MENSAGENS.painel.dataInvalida }),
  dataFim: z.string().refine(dataIsoValida, { message: MENSAGENS.painel.dataInvalida }),
};

function conferirPeriodoPainel(filtros: { dataInicio: string; dataFim: string }, ctx: z.RefinementCtx) {
  const problema = problemaPeriodo(filtros.dataInicio, filtros.dataFim, {
    incompleto: MENSAGENS.painel.periodoIncompleto,
    invertido: MENSAGENS.painel.periodoInvertido,
  });
  if (problema) {
    ctx.addIssue({ code: 'custom', message: problema, path: ['dataFim'] });
    return;
  }
  const dias = (Date.parse(filtros.dataFim) - Date.parse(filtros.dataInicio)) / 86_400_000;
  if (dias > PAINEL_PERIODO_MAXIMO_DIAS) {
    ctx.addIssue({ code: 'custom', message: MENSAGENS.painel.periodoLongo, path: ['dataFim'] });
  }
}

/**
 * The painel's filters (kept in the URL): a unit, or none for the institution (PAINEL_INSTITUCIONAL), and a period of
 * dates 'YYYY-MM-DD' in America/Sao_Paulo (both required, at most PAINEL_PERIODO_MAXIMO_DIAS days). The period bounds
 * the charts of flow (movimento, permanência); the charts of what is held now (idade, assuntos, unidades) ignore it.
 */
export const filtrosPainelSchema = z
  .object({ idUnidade: z.coerce.number().int().positive().optional(), ...periodoPainel })
  .superRefine(conferirPeriodoPainel);
export type FiltrosPainel = z.infer<typeof filtrosPainelSchema>;

/** GET painel/unidades-antigas: filtrosPainelSchema without the unit (always the whole institution). */
export const filtrosPeriodoPainelSchema = z.object(periodoPainel).superRefine(conferirPeriodoPainel);

/** GET painel/movimento: documents received by and sent from the unit (or all units) per week of the period. */
export const movimentoPainelSchema = z.object({
  semanas: z.array(
    z.object({
      /** The Monday that starts the week, 'YYYY-MM-DD'. Every week of the period is present, zeros included. */
      inicio: z.string(),
      recebidos: z.number().int(),
      enviados: z.number().int(),
    }),
  ),
});
export type MovimentoPainel = z.infer<typeof movimentoPainelSchema>;

/**
 * GET painel/permanencia: per document type, the stays that ended in the period (a receipt at the unit followed by
 * the next sending from it): how many, and the median and 90th percentile of their length in days (decimals).
 */
export const permanenciaPainelSchema = z.object({
  tipos: z.array(
    z.object({
      idTipoDocumento: z.number().int(),
      tipo: z.string(),
      permanencias: z.number().int(),
      medianaDias: z.number(),
      percentil90Dias: z.number(),
    }),
  ),
});
export type PermanenciaPainel = z.infer<typeof permanenciaPainelSchema>;

/** The age bands of what a unit holds now, in whole days since it received each document. */
export const FAIXAS_IDADE_PAINEL = [
  { faixa: '0-5', rotulo: '0 a 5 dias', minimo: 0, maximo: 5 },
  { faixa: '6-15', rotulo: '6 a 15 dias', minimo: 6, maximo: 15 },
  { faixa: '16-30', rotulo: '16 a 30 dias', minimo: 16, maximo: 30 },
  { faixa: '31-90', rotulo: '31 a 90 dias', minimo: 31, maximo: 90 },
  { faixa: '90+', rotulo: 'Mais de 90 dias', minimo: 91, maximo: null },
] as const;
export type FaixaIdadePainel = (typeof FAIXAS_IDADE_PAINEL)[number]['faixa'];

/** GET painel/idade: what the unit (or the institution) holds now, by age band, every band present. */
export const idadePainelSchema = z.object({
  faixas: z.array(
    z.object({
      faixa: z.enum(FAIXAS_IDADE_PAINEL.map((f) => f.faixa) as [FaixaIdadePainel, ...FaixaIdadePainel[]]),
      documentos: z.number().int(),
    }),
  ),
});
export type IdadePainel = z.infer<typeof idadePainelSchema>;

/** GET painel/assuntos: the ten subjects with most documents held now (documents without a subject left out). */
export const assuntosPainelSchema = z.object({
  assuntos: z.array(z.object({ idAssunto: z.number().int(), assunto: z.string(), documentos: z.number().int() })),
});
export type AssuntosPainel = z.infer<typeof assuntosPainelSchema>;

/**
 * GET painel/unidades-antigas (PAINEL_INSTITUCIONAL): the ten units holding the oldest documents now, oldest first:
 * the age in days of the oldest, how many are over 90 days and how many they hold in all.
 */
export const unidadesAntigasPainelSchema = z.object({
  unidades: z.array(
    z.object({
      idUnidade: z.number().int(),
      sigla: z.string(),
      nome: z.string(),
      maisAntigoDias: z.number().int(),
      acimaDe90Dias: z.number().int(),
      documentos: z.number().int(),
    }),
  ),
});
export type UnidadesAntigasPainel = z.infer<typeof unidadesAntigasPainelSchema>;

/** GET painel/unidades: the units whose painel the user may open (their lotações; every unit for PAINEL_INSTITUCIONAL). */
export const unidadesPainelSchema = z.object({
  institucional: z.boolean(),
  unidades: z.array(z.object({ id: z.number().int(), sigla: z.string(), nome: z.string() })),
});
export type UnidadesPainel = z.infer<typeof unidadesPainelSchema>;
