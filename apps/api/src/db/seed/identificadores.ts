import type { Aleatorio } from './aleatorio.ts';

function digitoMod11(digitos: string, pesoInicial: number): number {
  let soma = 0;
  for (let i = 0; i < digitos.length; i++) soma += Number(digitos[i]) * (pesoInicial - i);
  const resto = soma % 11;
  return resto < 2 ? 0 : 11 - resto;
}

/** A CPF (11 digits, no punctuation) with valid check digits. */
export function gerarCpf(aleatorio: Aleatorio): string {
  let base = '';
  do {
    base = '';
    for (let i = 0; i < 9; i++) base += String(aleatorio.inteiro(0, 9));
  } while (/^(\d)\1+$/.test(base));
  const d1 = digitoMod11(base, 10);
  const d2 = digitoMod11(base + d1, 11);
  return `${base}${d1}${d2}`;
}

function digitoCnpj(digitos: string): number {
  const pesos = digitos.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  let soma = 0;
  for (let i = 0; i < digitos.length; i++) soma += Number(digitos[i]) * (pesos[i] as number);
  const resto = soma % 11;
  return resto < 2 ? 0 : 11 - resto;
}

/** A CNPJ of a head office (14 digits, branch 0001) with valid check digits. */
export function gerarCnpj(aleatorio: Aleatorio): string {
  let base = '';
  for (let i = 0; i < 8; i++) base += String(aleatorio.inteiro(0, 9));
  base += '0001';
  const d1 = digitoCnpj(base);
  const d2 = digitoCnpj(base + d1);
  return `${base}${d1}${d2}`;
}

export function cpfValido(cpf: string): boolean {
  if (!/^\d{11}$/.test(cpf) || /^(\d)\1+$/.test(cpf)) return false;
  return digitoMod11(cpf.slice(0, 9), 10) === Number(cpf[9]) && digitoMod11(cpf.slice(0, 10), 11) === Number(cpf[10]);
}

export function cnpjValido(cnpj: string): boolean {
  if (!/^\d{14}$/.test(cnpj)) return false;
  return digitoCnpj(cnpj.slice(0, 12)) === Number(cnpj[12]) && digitoCnpj(cnpj.slice(0, 13)) === Number(cnpj[13]);
}

/** Lower-case ASCII, for e-mail addresses built from names. */
export function semAcento(texto: string): string {
  return texto.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}
