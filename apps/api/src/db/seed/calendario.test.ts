import { criarCalendario, diasNaoUteisNacionais, somarDias } from '@tramite/shared';
import { describe, expect, it } from 'vitest';
import { diasNaoUteisDemo } from './calendario.ts';
import { dataLocal } from './relogio.ts';

describe('diasNaoUteisDemo', () => {
  it('dá um recesso no fim de dezembro do ano corrente, um feriado local próximo e um ponto facultativo', () => {
    const agora = new Date('2026-11-25T15:00:00Z');
    const dias = diasNaoUteisDemo(agora);
    expect(dias.filter((d) => d.tipo === 'RECESSO').map((d) => d.data)).toEqual([
      '2026-12-22',
      '2026-12-23',
      '2026-12-24',
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
    ]);
    expect(dias.filter((d) => d.tipo !== 'RECESSO')).toEqual([
      { data: '2026-10-28', descricao: 'Dia do Servidor Público', tipo: 'PONTO_FACULTATIVO' },
      { data: '2026-12-09', descricao: 'Aniversário da cidade', tipo: 'FERIADO_LOCAL' },
    ]);
  });

  it('qualquer que seja a data da semente, cada dia cai num dia útil, sem repetir datas, e o feriado local vem depois de hoje', () => {
    for (let passo = 0; passo < 366; passo += 3) {
      const agora = new Date(Date.UTC(2027, 0, 1, 15) + passo * 86_400_000);
      const dias = diasNaoUteisDemo(agora);
      const datas = dias.map((d) => d.data);
      expect(new Set(datas).size, dataLocal(agora)).toBe(datas.length);
      expect(datas).toEqual([...datas].sort());
      for (const dia of dias) {
        // The administration screen would refuse a weekend, a national day or a repeated date: the seed never holds one.
        const outros = dias.filter((d) => d.data !== dia.data);
        expect(criarCalendario(outros).ehDiaUtil(dia.data), dia.data).toBe(true);
        expect(diasNaoUteisNacionais(Number(dia.data.slice(0, 4))).map((d) => d.data)).not.toContain(dia.data);
      }
      const local = dias.find((d) => d.tipo === 'FERIADO_LOCAL');
      expect(local?.data && local.data >= somarDias(dataLocal(agora), 14)).toBe(true);
      expect(dias.filter((d) => d.tipo === 'RECESSO').length).toBeGreaterThanOrEqual(5);
      expect(dias.some((d) => d.tipo === 'PONTO_FACULTATIVO')).toBe(true);
    }
  });
});
