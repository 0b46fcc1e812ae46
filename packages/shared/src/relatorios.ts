import { z } from 'zod';
import { unidadeSchema } from './lookups.ts';
import { MENSAGENS } from './mensagens.ts';

/** The two reports of spec §2 and §7: the remittance guide and the unarchived documents per unit. */
export const TIPOS_RELATORIO = ['malote', 'desarquivados'] as const;
export type TipoRelatorio = (typeof TIPOS_RELATORIO)[number];
export const tipoRelatorioSchema = z.enum(TIPOS_RELATORIO, { message: MENSAGENS.relatorios.tipoRelatorioInvalido });

/** At most this many origin units per report. */
export const LIMITE_UNIDADES_RELATORIO = 200;

/** GET relatorios/{x}/unidades: a unit the user may report on; `lotacao` marks the user's own units. */
export const unidadeRelatorioSchema = unidadeSchema.extend({ lotacao: z.boolean() });
export type UnidadeRelatorio = z.infer<typeof unidadeRelatorioSchema>;

/**
 * GET relatorios/malote and relatorios/desarquivados. Loose on purpose: the service checks the rules and answers
 * the specification's message ('Defina pelo menos uma unidade de procedência...') rather than a field list.
 * `idsUnidades` may repeat the key (`idsUnidades=1&idsUnidades=2`, what the web app sends) or be a comma list.
 */
export const consultaRelatorioSchema = z.object({
  inicio: z.string().max(40).optional(),
  fim: z.string().max(40).optional(),
  idsUnidades: z.preprocess(
    (valor) =>
      (Array.isArray(valor) ? valor : [valor])
        .flatMap((item) => (typeof item === 'string' ? item.split(',') : []))
        .map((item) => item.trim())
        .filter((item) => item !== ''),
    z.array(z.string().max(20)).max(1000),
  ),
});
export type ConsultaRelatorio = z.input<typeof consultaRelatorioSchema>;

/** A report bound as the user meant it, in the institution's time zone (America/Sao_Paulo). */
export interface DataHoraRelatorio {
  /** 'YYYY-MM-DDTHH:mm:ss'. */
  valor: string;
  /** Whether seconds were given: the end bound covers its whole minute when they were not. */
  comSegundos: boolean;
  /** 'DD/MM/YYYY HH:mm' (or with ':ss' when given), for the report header. */
  exibicao: string;
}

const DATA_HORA = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** Spec §9: report bounds are date, 'T', time ('2026-03-01T08:00' or '2026-03-01T08:00:00'); null when invalid. */
export function interpretarDataHoraRelatorio(texto: string): DataHoraRelatorio | null {
  const partes = DATA_HORA.exec(texto.trim());
  if (!partes) return null;
  const [, ano, mes, dia, hora, minuto, segundo] = partes as unknown as string[];
  const data = new Date(Date.UTC(Number(ano), Number(mes) - 1, Number(dia)));
  const diaValido =
    data.getUTCFullYear() === Number(ano) &&
    data.getUTCMonth() === Number(mes) - 1 &&
    data.getUTCDate() === Number(dia) &&
    Number(ano) >= 1900 &&
    Number(ano) <= 9999;
  if (!diaValido || Number(hora) > 23 || Number(minuto) > 59 || (segundo !== undefined && Number(segundo) > 59)) {
    return null;
  }
  const comSegundos = segundo !== undefined;
  return {
    valor: `${ano}-${mes}-${dia}T${hora}:${minuto}:${segundo ?? '00'}`,
    comSegundos,
    exibicao: `${dia}/${mes}/${ano} ${hora}:${minuto}${comSegundos ? `:${segundo}` : ''}`,
  };
}

export interface FiltrosRelatorioValidos {
  idsUnidades: number[];
  inicio: DataHoraRelatorio;
  fim: DataHoraRelatorio;
}

/**
 * The report filters of spec §5: one or more origin units together with both bounds; the end after the start.
 * Answers the broken rule's message, or the parsed filters.
 */
export function validarFiltrosRelatorio(filtros: {
  idsUnidades: readonly (string | number)[];
  inicio?: string | null;
  fim?: string | null;
}): { erro: string } | { filtros: FiltrosRelatorioValidos } {
  const inicioTexto = filtros.inicio?.trim() ?? '';
  const fimTexto = filtros.fim?.trim() ?? '';
  if (filtros.idsUnidades.length === 0 || inicioTexto === '' || fimTexto === '') {
    return { erro: MENSAGENS.relatorios.filtroObrigatorio };
  }
  const ids = filtros.idsUnidades.map((id) => (typeof id === 'number' ? id : /^\d{1,9}$/.test(id) ? Number(id) : NaN));
  if (ids.some((id) => !Number.isInteger(id) || id <= 0)) return { erro: MENSAGENS.relatorios.unidadeNaoPermitida };
  const idsUnicos = [...new Set(ids)];
  if (idsUnicos.length > LIMITE_UNIDADES_RELATORIO) return { erro: MENSAGENS.relatorios.muitasUnidades };
  const inicio = interpretarDataHoraRelatorio(inicioTexto);
  const fim = interpretarDataHoraRelatorio(fimTexto);
  if (!inicio || !fim) return { erro: MENSAGENS.relatorios.dataHoraInvalida };
  // Same fixed-width format: the text order is the time order.
  if (fim.valor <= inicio.valor) return { erro: MENSAGENS.relatorios.fimAntesDoInicio };
  return { filtros: { idsUnidades: idsUnicos, inicio, fim } };
}
