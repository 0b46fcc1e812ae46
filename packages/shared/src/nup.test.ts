import { describe, expect, it } from 'vitest';
import { digitosVerificadoresNup, formatarNup, somenteDigitosNup, validarNup } from './nup.ts';

describe('NUP de 17 dígitos', () => {
  it('reproduz o exemplo da Portaria Interministerial nº 11/2019', () => {
    expect(formatarNup({ codigoUnidade: 23037, sequencial: 1462, ano: 2021 })).toBe('23037.001462/2021-65');
    expect(validarNup('23037.001462/2021-65')).toBe(true);
  });

  it('valida números publicados por universidades federais', () => {
    for (const numero of ['23069.156017/2021-64', '23288.000650/2026-29', '23037.001462/2021-65']) {
      expect(validarNup(numero)).toBe(true);
    }
  });

  it('recusa dígitos verificadores errados e formatos estranhos', () => {
    expect(validarNup('23037.001462/2021-66')).toBe(false);
    expect(validarNup('23037.001462/2021-56')).toBe(false);
    expect(validarNup('2303.001462/2021-65')).toBe(false);
    expect(validarNup('abc')).toBe(false);
  });

  it('aceita o número sem pontuação', () => {
    expect(validarNup('23037001462202165')).toBe(true);
    expect(somenteDigitosNup('23037.001462/2021-65')).toBe('23037001462202165');
  });

  it('calcula o primeiro dígito com pesos 2..16 e o segundo com pesos 2..17', () => {
    const base = '230370014622021';
    let soma = 0;
    for (let i = 0; i < 15; i++) soma += Number(base[14 - i]) * (i + 2);
    const primeiro = (11 - (soma % 11)) % 10;
    expect(digitosVerificadoresNup(base)[0]).toBe(String(primeiro));
  });

  it('transforma restos 10 e 11 em 0 e 1', () => {
    for (let sequencial = 1; sequencial <= 400; sequencial++) {
      const nup = formatarNup({ codigoUnidade: 23546, sequencial, ano: 2026 });
      expect(nup).toMatch(/^23546\.\d{6}\/2026-\d{2}$/);
      expect(validarNup(nup)).toBe(true);
    }
  });

  it('recusa partes fora dos limites', () => {
    expect(() => formatarNup({ codigoUnidade: 100000, sequencial: 1, ano: 2026 })).toThrow(RangeError);
    expect(() => formatarNup({ codigoUnidade: 1, sequencial: 0, ano: 2026 })).toThrow(RangeError);
    expect(() => formatarNup({ codigoUnidade: 1, sequencial: 1_000_000, ano: 2026 })).toThrow(RangeError);
  });
});

describe('NUP de 15 dígitos (legado)', () => {
  it('valida um número publicado de 2007, com os dígitos calculados sobre o ano completo', () => {
    expect(validarNup('23069.054576/07-82', 'nup15')).toBe(true);
    expect(formatarNup({ codigoUnidade: 23069, sequencial: 54576, ano: 2007 }, 'nup15')).toBe('23069.054576/07-82');
  });

  it('imprime o ano com dois dígitos e os mesmos dígitos verificadores do número de 17', () => {
    const nup = formatarNup({ codigoUnidade: 23037, sequencial: 1462, ano: 2021 }, 'nup15');
    expect(nup).toBe('23037.001462/21-65');
    expect(validarNup(nup, 'nup15')).toBe(true);
    expect(validarNup(nup, 'nup17')).toBe(false);
  });
});
