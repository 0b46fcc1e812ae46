/**
 * NUP — Número Único de Protocolo of the federal administration (Portaria Interministerial nº 11/2019).
 * `UUUUU.SSSSSS/AAAA-DD`: the protocol unit's 5-digit code, a 6-digit sequence restarted every year per unit,
 * the year and two mod-11 check digits. The older 15-digit form (`UUUUU.SSSSSS/AA-DD`, two-digit year) is still
 * printed on legacy processes and is supported as a setting for institutions that keep it.
 */
export const FORMATOS_NUP = ['nup17', 'nup15'] as const;
export type FormatoNup = (typeof FORMATOS_NUP)[number];

export interface PartesNup {
  codigoUnidade: number;
  sequencial: number;
  ano: number;
}

const DIGITOS_ANO: Record<FormatoNup, number> = { nup17: 4, nup15: 2 };

/** One mod-11 check digit: weights 2, 3, ... from the rightmost digit; 10 and 11 become 0 and 1. */
function digitoVerificador(digitos: string): number {
  let soma = 0;
  for (let i = 0; i < digitos.length; i++) {
    soma += Number(digitos[digitos.length - 1 - i]) * (i + 2);
  }
  const resto = 11 - (soma % 11);
  return resto >= 10 ? resto - 10 : resto;
}

export function digitosVerificadoresNup(base: string): string {
  const primeiro = digitoVerificador(base);
  const segundo = digitoVerificador(base + String(primeiro));
  return `${primeiro}${segundo}`;
}

function baseNup({ codigoUnidade, sequencial, ano }: PartesNup, formato: FormatoNup): string {
  if (!Number.isInteger(codigoUnidade) || codigoUnidade < 0 || codigoUnidade > 99_999) {
    throw new RangeError('O código da unidade de protocolo deve ter até 5 dígitos');
  }
  if (!Number.isInteger(sequencial) || sequencial < 1 || sequencial > 999_999) {
    throw new RangeError('O sequencial do NUP deve estar entre 1 e 999999');
  }
  if (!Number.isInteger(ano) || ano < 1900 || ano > 9999) throw new RangeError('Ano inválido para o NUP');
  const anoTexto = String(ano).slice(-DIGITOS_ANO[formato]);
  return `${String(codigoUnidade).padStart(5, '0')}${String(sequencial).padStart(6, '0')}${anoTexto}`;
}

/**
 * Formats a NUP with its punctuation, e.g. 23037.001462/2021-65. The check digits are always computed over the
 * four-digit year, also when the legacy form prints two (23069.054576/07-82 is a real number of 2007).
 */
export function formatarNup(partes: PartesNup, formato: FormatoNup = 'nup17'): string {
  const base = baseNup(partes, formato);
  const dv = digitosVerificadoresNup(baseNup(partes, 'nup17'));
  return `${base.slice(0, 5)}.${base.slice(5, 11)}/${base.slice(11)}-${dv}`;
}

/** Keeps only the digits of a typed number, so that searches accept it with or without punctuation. */
export function somenteDigitosNup(numero: string): string {
  return numero.replace(/\D/g, '');
}

/** True when the text is a well-formed NUP of that format whose check digits are right. */
export function validarNup(numero: string, formato: FormatoNup = 'nup17'): boolean {
  const padrao = formato === 'nup17' ? /^\d{5}\.?\d{6}\/?\d{4}-?\d{2}$/ : /^\d{5}\.?\d{6}\/?\d{2}-?\d{2}$/;
  if (!padrao.test(numero.trim())) return false;
  const digitos = somenteDigitosNup(numero);
  const base =
    formato === 'nup17' ? digitos.slice(0, -2) : `${digitos.slice(0, 11)}${anoCompleto(digitos.slice(11, 13))}`;
  return digitosVerificadoresNup(base) === digitos.slice(-2);
}

/** Two-digit years of legacy numbers: 90–99 are of the 1900s, the rest of the 2000s. */
function anoCompleto(ano: string): string {
  return Number(ano) >= 90 ? `19${ano}` : `20${ano}`;
}
