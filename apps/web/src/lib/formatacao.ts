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

/** '5 MiB', '320 KiB', '12 bytes' in pt-BR. */
export function formatarTamanho(bytes: number): string {
  if (bytes >= 1_048_576) return `${(bytes / 1_048_576).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MiB`;
  if (bytes >= 1024) return `${Math.ceil(bytes / 1024).toLocaleString('pt-BR')} KiB`;
  return `${bytes} bytes`;
}

/** Whole days in pt-BR: '1 dia', '3 dias'. */
export function formatarDias(dias: number): string {
  return dias === 1 ? '1 dia' : `${dias} dias`;
}
