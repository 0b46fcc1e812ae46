import type { EstadoPrazo } from './regras-leves.ts';

export { type EstadoPrazo, rotuloEstadoPrazo, SITUACOES_PRAZO, type SituacaoPrazo } from './regras-leves.ts';

/**
 * The business-day calendar of deadlines (issue 20, docs/domain.md "Prazos"): national holidays computed for any
 * year, fixed and Easter-based, plus the institution's own days kept by an administrator. Dates are calendar dates
 * as `YYYY-MM-DD` strings on the America/Sao_Paulo calendar; arithmetic is done on UTC midnights, so no time zone
 * or daylight-saving change can shift a day. No zod here: the postal box (the first screen) shows deadlines with these
 * rules, and zod must stay out of its bundle (issue 11); the calls' schemas are in calendario-administracao.ts.
 */

/** National days are computed; the institution's are rows of `dia_nao_util`. */
export const TIPOS_DIA_NAO_UTIL_INSTITUCIONAL = ['FERIADO_LOCAL', 'RECESSO', 'PONTO_FACULTATIVO'] as const;
export type TipoDiaNaoUtilInstitucional = (typeof TIPOS_DIA_NAO_UTIL_INSTITUCIONAL)[number];
export const TIPOS_DIA_NAO_UTIL = [
  'FERIADO_NACIONAL',
  'PONTO_FACULTATIVO_NACIONAL',
  ...TIPOS_DIA_NAO_UTIL_INSTITUCIONAL,
] as const;
export type TipoDiaNaoUtil = (typeof TIPOS_DIA_NAO_UTIL)[number];

export const ROTULOS_TIPO_DIA_NAO_UTIL: Record<TipoDiaNaoUtil, string> = {
  FERIADO_NACIONAL: 'Feriado nacional',
  PONTO_FACULTATIVO_NACIONAL: 'Ponto facultativo nacional',
  FERIADO_LOCAL: 'Feriado local',
  RECESSO: 'Recesso',
  PONTO_FACULTATIVO: 'Ponto facultativo da instituição',
};

export interface DiaNaoUtil {
  data: string;
  descricao: string;
  tipo: TipoDiaNaoUtil;
}

/**
 * The days around today the browser's calendar asks for (deadlines are at most a year ahead; a deadline overdue for
 * longer than a year still counts national days, computed): within PERIODO_MAXIMO_CALENDARIO_DIAS.
 */
export const JANELA_CALENDARIO_NAVEGADOR = { diasAntes: 365, diasDepois: 730 } as const;

const UM_DIA = 86_400_000;

/** UTC midnight of a YYYY-MM-DD date, in ms. */
function emMs(data: string): number {
  return Date.parse(`${data}T00:00:00Z`);
}

function deMs(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** True for a real calendar date written as YYYY-MM-DD (2026-02-30 is not). */
export function dataValida(data: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(data)) return false;
  const ms = emMs(data);
  return !Number.isNaN(ms) && deMs(ms) === data;
}

export function somarDias(data: string, dias: number): string {
  return deMs(emMs(data) + dias * UM_DIA);
}

/** Calendar days from `de` to `ate` (negative when `ate` comes first). */
export function diferencaEmDias(de: string, ate: string): number {
  return Math.round((emMs(ate) - emMs(de)) / UM_DIA);
}

/**
 * Creating an Intl.DateTimeFormat costs far more than formatting with one (it was most of the time of a 200-row
 * history): one formatter for the module, and the answers kept per UTC hour, since São Paulo's offsets since 1914
 * are whole hours (the day only turns on an hour boundary).
 */
let formatoDiaSaoPaulo: Intl.DateTimeFormat | null = null;
const diasPorHora = new Map<number, number>();
const INICIO_HORAS_INTEIRAS = Date.UTC(1914, 0, 2);

/** Midnight UTC of the date the instant falls on in America/Sao_Paulo, in ms. */
export function diaEmSaoPaulo(data: Date): number {
  const instante = data.getTime();
  const hora = Math.floor(instante / 3_600_000);
  const guardado = diasPorHora.get(hora);
  if (guardado !== undefined) return guardado;
  formatoDiaSaoPaulo ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const dia = Date.parse(`${formatoDiaSaoPaulo.format(data)}T00:00:00Z`);
  if (instante >= INICIO_HORAS_INTEIRAS) {
    if (diasPorHora.size >= 100_000) diasPorHora.clear();
    diasPorHora.set(hora, dia);
  }
  return dia;
}

/** The date an instant falls on in America/Sao_Paulo. */
export function dataEmSaoPaulo(instante: Date = new Date()): string {
  return deMs(diaEmSaoPaulo(instante));
}

/** Easter Sunday of the Gregorian calendar (the anonymous algorithm of Meeus/Jones/Butcher). */
export function pascoa(ano: number): string {
  const a = ano % 19;
  const b = Math.floor(ano / 100);
  const c = ano % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const mes = Math.floor((h + l - 7 * m + 114) / 31);
  const dia = ((h + l - 7 * m + 114) % 31) + 1;
  return `${ano}-${String(mes).padStart(2, '0')}-${String(dia).padStart(2, '0')}`;
}

const FERIADOS_FIXOS: readonly { mesDia: string; descricao: string; desde?: number }[] = [
  { mesDia: '01-01', descricao: 'Confraternização Universal' },
  { mesDia: '04-21', descricao: 'Tiradentes' },
  { mesDia: '05-01', descricao: 'Dia do Trabalho' },
  { mesDia: '09-07', descricao: 'Independência do Brasil' },
  { mesDia: '10-12', descricao: 'Nossa Senhora Aparecida' },
  { mesDia: '11-02', descricao: 'Finados' },
  { mesDia: '11-15', descricao: 'Proclamação da República' },
  // Lei nº 14.759/2023 made it a national holiday from 2024 on.
  { mesDia: '11-20', descricao: 'Dia Nacional de Zumbi e da Consciência Negra', desde: 2024 },
  { mesDia: '12-25', descricao: 'Natal' },
];

/**
 * The national days without work in federal bodies for a year: the fixed holidays (Lei nº 662/1949 and later laws),
 * Sexta-feira Santa, and the Easter-based pontos facultativos the federal government declares every year (Carnaval,
 * Monday and Tuesday; Corpus Christi). Ash Wednesday is a working day from 14h, so it counts as a business day.
 */
export function diasNaoUteisNacionais(ano: number): DiaNaoUtil[] {
  const domingoPascoa = pascoa(ano);
  const dias: DiaNaoUtil[] = FERIADOS_FIXOS.filter((f) => f.desde === undefined || ano >= f.desde).map((f) => ({
    data: `${ano}-${f.mesDia}`,
    descricao: f.descricao,
    tipo: 'FERIADO_NACIONAL',
  }));
  dias.push(
    { data: somarDias(domingoPascoa, -48), descricao: 'Carnaval', tipo: 'PONTO_FACULTATIVO_NACIONAL' },
    { data: somarDias(domingoPascoa, -47), descricao: 'Carnaval', tipo: 'PONTO_FACULTATIVO_NACIONAL' },
    { data: somarDias(domingoPascoa, -2), descricao: 'Paixão de Cristo (Sexta-feira Santa)', tipo: 'FERIADO_NACIONAL' },
    { data: somarDias(domingoPascoa, 60), descricao: 'Corpus Christi', tipo: 'PONTO_FACULTATIVO_NACIONAL' },
  );
  return dias.sort((a, b) => a.data.localeCompare(b.data));
}

/** Every day without work from `inicio` to `fim` (inclusive): national ones and the institution's, by date. */
export function diasNaoUteisNoPeriodo(
  inicio: string,
  fim: string,
  institucionais: readonly DiaNaoUtil[],
): DiaNaoUtil[] {
  const anoInicio = Number(inicio.slice(0, 4));
  const anoFim = Number(fim.slice(0, 4));
  const dias: DiaNaoUtil[] = [];
  for (let ano = anoInicio; ano <= anoFim; ano++) dias.push(...diasNaoUteisNacionais(ano));
  dias.push(...institucionais);
  return dias.filter((d) => d.data >= inicio && d.data <= fim).sort((a, b) => a.data.localeCompare(b.data));
}

/** A business-day calendar: weekends, national days and the institution's days are not business days. */
export interface Calendario {
  ehDiaUtil(data: string): boolean;
  /** Why a date is not a business day ('Sábado', 'Natal', ...), or null when it is one. */
  motivoNaoUtil(data: string): string | null;
  /** The `n`-th business day after `data` (Lei nº 9.784/1999, art. 66: the first day is left out). */
  somarDiasUteis(data: string, n: number): string;
  /** Business days after `de` up to and including `ate` (0 when `ate` is not after `de`). */
  contarDiasUteis(de: string, ate: string): number;
}

/** The longest span the calendar walks, so that no input can make it loop for long (about 40 years). */
const MAXIMO_DIAS_PERCORRIDOS = 15_000;

export function criarCalendario(institucionais: readonly DiaNaoUtil[] = []): Calendario {
  const porData = new Map<string, string>();
  const anosCalculados = new Set<number>();
  for (const dia of institucionais) porData.set(dia.data, dia.descricao);
  const nacionaisDoAno = (ano: number) => {
    if (anosCalculados.has(ano)) return;
    anosCalculados.add(ano);
    for (const dia of diasNaoUteisNacionais(ano)) if (!porData.has(dia.data)) porData.set(dia.data, dia.descricao);
  };
  const motivoNaoUtil = (data: string): string | null => {
    const diaSemana = new Date(emMs(data)).getUTCDay();
    if (diaSemana === 6) return 'Sábado';
    if (diaSemana === 0) return 'Domingo';
    nacionaisDoAno(Number(data.slice(0, 4)));
    return porData.get(data) ?? null;
  };
  const ehDiaUtil = (data: string) => motivoNaoUtil(data) === null;
  return {
    ehDiaUtil,
    motivoNaoUtil,
    somarDiasUteis(data, n) {
      let atual = data;
      let contados = 0;
      for (let passo = 0; contados < n && passo < MAXIMO_DIAS_PERCORRIDOS; passo++) {
        atual = somarDias(atual, 1);
        if (ehDiaUtil(atual)) contados++;
      }
      return atual;
    },
    contarDiasUteis(de, ate) {
      const total = Math.min(diferencaEmDias(de, ate), MAXIMO_DIAS_PERCORRIDOS);
      let contados = 0;
      for (let i = 1; i <= total; i++) if (ehDiaUtil(somarDias(de, i))) contados++;
      return contados;
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The state of a deadline, as the postal box, the document page and the daily digest show it

export function estadoPrazo(prazo: string | null, hoje: string, calendario: Calendario): EstadoPrazo {
  if (prazo === null) return { situacao: 'SEM_PRAZO', diasUteis: 0 };
  if (prazo === hoje) return { situacao: 'VENCE_HOJE', diasUteis: 0 };
  if (prazo > hoje) return { situacao: 'NO_PRAZO', diasUteis: calendario.contarDiasUteis(hoje, prazo) };
  return { situacao: 'VENCIDO', diasUteis: calendario.contarDiasUteis(prazo, hoje) };
}
