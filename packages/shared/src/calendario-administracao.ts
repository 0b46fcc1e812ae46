import { z } from 'zod';
import {
  criarCalendario,
  type DiaNaoUtil,
  dataValida,
  diferencaEmDias,
  TIPOS_DIA_NAO_UTIL,
  TIPOS_DIA_NAO_UTIL_INSTITUCIONAL,
} from './calendario.ts';
import { MENSAGENS } from './mensagens.ts';

/**
 * The calendar's calls (issue 20): GET calendario for every signed-in user, and Administração › Calendário
 * (permission ADMINISTRACAO_CALENDARIO) for the institution's own days without work.
 */

/** GET calendario answers at most this many calendar days (about 3 years). */
export const PERIODO_MAXIMO_CALENDARIO_DIAS = 3 * 366;
export const dataIsoSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Data inválida: use AAAA-MM-DD');

export const diaNaoUtilSchema = z.object({
  data: z.string(),
  descricao: z.string(),
  tipo: z.enum(TIPOS_DIA_NAO_UTIL),
}) satisfies z.ZodType<DiaNaoUtil>;
/** The years the administration screen and the institution's days may use. */
export const ANO_MINIMO_CALENDARIO = 2000;
export const ANO_MAXIMO_CALENDARIO = 2100;
export const TAMANHO_MAXIMO_DESCRICAO_DIA_NAO_UTIL = 120;

const dataBrasileira = (data: string) => `${data.slice(8, 10)}/${data.slice(5, 7)}/${data.slice(0, 4)}`;

/** GET calendario?inicio&fim: a real date each, fim not before inicio, at most about 3 years apart. */
export const consultaCalendarioSchema = z
  .object({
    inicio: z.string().refine(dataValida, MENSAGENS.calendario.inicioInvalido),
    fim: z.string().refine(dataValida, MENSAGENS.calendario.fimInvalido),
  })
  .superRefine(({ inicio, fim }, contexto) => {
    if (!dataValida(inicio) || !dataValida(fim)) return;
    const dias = diferencaEmDias(inicio, fim);
    if (dias < 0) contexto.addIssue({ code: 'custom', path: ['fim'], message: MENSAGENS.calendario.fimAntesDoInicio });
    else if (dias > PERIODO_MAXIMO_CALENDARIO_DIAS)
      contexto.addIssue({ code: 'custom', path: ['fim'], message: MENSAGENS.calendario.periodoLongo });
  });
export type ConsultaCalendario = z.infer<typeof consultaCalendarioSchema>;

const mensagemAno = MENSAGENS.calendario.anoInvalido(ANO_MINIMO_CALENDARIO, ANO_MAXIMO_CALENDARIO);

/** GET administracao/calendario?ano=AAAA. */
export const consultaCalendarioAdministracaoSchema = z.object({
  ano: z.coerce
    .number({ error: mensagemAno })
    .int(mensagemAno)
    .min(ANO_MINIMO_CALENDARIO, mensagemAno)
    .max(ANO_MAXIMO_CALENDARIO, mensagemAno),
});

export const ORIGENS_DIA_NAO_UTIL = ['NACIONAL', 'INSTITUICAO'] as const;
export type OrigemDiaNaoUtil = (typeof ORIGENS_DIA_NAO_UTIL)[number];
export const ROTULOS_ORIGEM_DIA_NAO_UTIL: Record<OrigemDiaNaoUtil, string> = {
  NACIONAL: 'Nacional',
  INSTITUICAO: 'Instituição',
};

/** A day of the administration list: national ones are computed and read-only; the institution's say who added them. */
export const diaNaoUtilAdministracaoSchema = z.object({
  data: z.string(),
  descricao: z.string(),
  tipo: z.enum(TIPOS_DIA_NAO_UTIL),
  origem: z.enum(ORIGENS_DIA_NAO_UTIL),
  incluidoPor: z.string().nullable(),
  incluidoEm: z.string().nullable(),
});
export type DiaNaoUtilAdministracao = z.infer<typeof diaNaoUtilAdministracaoSchema>;

/** A date the institution may register: a real date within the calendar's years. */
export const dataDiaNaoUtilSchema = z
  .string({ error: MENSAGENS.calendario.dataInvalida })
  .refine(dataValida, MENSAGENS.calendario.dataInvalida)
  .refine(
    (data) => {
      if (!dataValida(data)) return true;
      const ano = Number(data.slice(0, 4));
      return ano >= ANO_MINIMO_CALENDARIO && ano <= ANO_MAXIMO_CALENDARIO;
    },
    MENSAGENS.calendario.dataForaDoAlcance(ANO_MINIMO_CALENDARIO, ANO_MAXIMO_CALENDARIO),
  );

/** POST administracao/calendario: the form's resolver uses the same schema. */
export const incluirDiaNaoUtilSchema = z.object({
  data: dataDiaNaoUtilSchema,
  descricao: z
    .string({ error: MENSAGENS.calendario.descricaoObrigatoria })
    .trim()
    .min(1, MENSAGENS.calendario.descricaoObrigatoria)
    .max(
      TAMANHO_MAXIMO_DESCRICAO_DIA_NAO_UTIL,
      MENSAGENS.calendario.descricaoLonga(TAMANHO_MAXIMO_DESCRICAO_DIA_NAO_UTIL),
    ),
  tipo: z.enum(TIPOS_DIA_NAO_UTIL_INSTITUCIONAL, { error: MENSAGENS.calendario.tipoInvalido }),
});
export type IncluirDiaNaoUtil = z.infer<typeof incluirDiaNaoUtilSchema>;

/** DELETE administracao/calendario/{data}. */
export const parametroDataDiaNaoUtilSchema = z.object({
  data: z.string().refine(dataValida, MENSAGENS.calendario.dataInvalida),
});

/**
 * Why a date cannot become one of the institution's days: it already is no business day (a weekend, a national day
 * or a day already registered), as "25/12/2026 já não é dia útil: Natal"; null when it may be added.
 */
export function motivoRecusaDiaNaoUtil(data: string, institucionais: readonly DiaNaoUtil[]): string | null {
  const motivo = criarCalendario(institucionais).motivoNaoUtil(data);
  return motivo === null ? null : MENSAGENS.calendario.jaNaoEhDiaUtil(dataBrasileira(data), motivo);
}
