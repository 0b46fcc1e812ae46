import { describe, expect, it } from 'vitest';
import { Aleatorio } from './aleatorio.ts';
import { cnpjValido, cpfValido, gerarCnpj, gerarCpf } from './identificadores.ts';
import { anoLocal, MINUTOS_DIA_UTIL, RelogioExpediente } from './relogio.ts';

const FUSO_MS = 3 * 3_600_000;

describe('RelogioExpediente', () => {
  // Saturday night, Monday before opening, Wednesday midday, Friday after closing (São Paulo time).
  const momentos = [
    '2026-03-07T23:30:00-03:00',
    '2026-03-09T07:10:00-03:00',
    '2026-03-11T12:34:00-03:00',
    '2026-03-13T19:00:00-03:00',
  ];

  it.each(momentos)('nunca põe um evento depois de agora (%s)', (texto) => {
    const agora = new Date(texto);
    const relogio = new RelogioExpediente(agora);
    expect(relogio.paraData(relogio.agoraMin).getTime()).toBeLessThanOrEqual(agora.getTime());
  });

  it('converte minutos de expediente em dias úteis entre 08:00 e 18:00, em ordem, e de volta', () => {
    const relogio = new RelogioExpediente(new Date(momentos[2] as string));
    const aleatorio = new Aleatorio(7);
    let anterior = -1;
    for (let i = 0; i < 500; i++) {
      const minutos = anterior + aleatorio.real(1, 3 * MINUTOS_DIA_UTIL);
      const data = relogio.paraData(minutos);
      const local = new Date(data.getTime() - FUSO_MS);
      expect(local.getUTCDay()).toBeGreaterThanOrEqual(1);
      expect(local.getUTCDay()).toBeLessThanOrEqual(5);
      const hora = local.getUTCHours() + local.getUTCMinutes() / 60;
      expect(hora).toBeGreaterThanOrEqual(8);
      expect(hora).toBeLessThan(18);
      expect(Math.abs(relogio.paraMinutos(data) - minutos)).toBeLessThan(1 / 60 + 1e-9);
      if (i > 0) expect(data.getTime()).toBeGreaterThan(relogio.paraData(anterior).getTime());
      anterior = minutos;
    }
  });

  it('usa o ano do calendário de São Paulo', () => {
    expect(anoLocal(new Date('2026-01-01T01:00:00Z'))).toBe(2025);
    expect(anoLocal(new Date('2026-01-01T04:00:00Z'))).toBe(2026);
  });
});

describe('identificadores', () => {
  it('gera CPFs e CNPJs com dígitos verificadores válidos', () => {
    const aleatorio = new Aleatorio(1);
    for (let i = 0; i < 200; i++) {
      expect(cpfValido(gerarCpf(aleatorio))).toBe(true);
      expect(cnpjValido(gerarCnpj(aleatorio))).toBe(true);
    }
    expect(cpfValido('52998224725')).toBe(true);
    expect(cpfValido('52998224726')).toBe(false);
    expect(cnpjValido('11222333000181')).toBe(true);
    expect(cnpjValido('11222333000182')).toBe(false);
  });
});
