import dayjs from 'dayjs';
import 'dayjs/locale/pt-br';

dayjs.locale('pt-br');

export const FORMATO_DATA_HORA = 'DD/MM/YYYY HH:mm:ss';
export const FORMATO_DATA = 'DD/MM/YYYY';
/** Dates travel to the API as YYYY-MM-DD (spec §9). */
export const FORMATO_DATA_API = 'YYYY-MM-DD';

type ValorData = string | number | Date | dayjs.Dayjs | null | undefined;

function interpretar(valor: ValorData): dayjs.Dayjs | null {
  if (valor === null || valor === undefined || valor === '') return null;
  const data = dayjs(valor);
  return data.isValid() ? data : null;
}

/** Full timestamp in pt-BR: DD/MM/YYYY HH:mm:ss; '' when absent or invalid. */
export function formatarDataHora(valor: ValorData): string {
  return interpretar(valor)?.locale('pt-br').format(FORMATO_DATA_HORA) ?? '';
}

/** Date only in pt-BR: DD/MM/YYYY; '' when absent or invalid. */
export function formatarData(valor: ValorData): string {
  return interpretar(valor)?.locale('pt-br').format(FORMATO_DATA) ?? '';
}

/** Date as the API expects it: YYYY-MM-DD; undefined when absent or invalid, so it drops out of the query. */
export function paraDataApi(valor: ValorData): string | undefined {
  return interpretar(valor)?.format(FORMATO_DATA_API);
}

/** Report bounds: date, 'T', time (spec §9). */
export function paraDataHoraRelatorio(valor: ValorData): string | undefined {
  return interpretar(valor)?.format('YYYY-MM-DD[T]HH:mm:ss');
}
