import { describe, expect, it } from 'vitest';
import { MENSAGENS } from './mensagens.ts';
import { interpretarDataHoraRelatorio, LIMITE_UNIDADES_RELATORIO, validarFiltrosRelatorio } from './relatorios.ts';

const R = MENSAGENS.relatorios;

describe('interpretarDataHoraRelatorio', () => {
  it('aceita data, T e hora, com ou sem segundos', () => {
    expect(interpretarDataHoraRelatorio('2026-03-01T08:05')).toEqual({
      valor: '2026-03-01T08:05:00',
      comSegundos: false,
      exibicao: '01/03/2026 08:05',
    });
    expect(interpretarDataHoraRelatorio('2026-03-01T08:05:09')).toEqual({
      valor: '2026-03-01T08:05:09',
      comSegundos: true,
      exibicao: '01/03/2026 08:05:09',
    });
  });

  it('recusa datas e horas que não existem ou fora do formato', () => {
    for (const texto of [
      '2026-02-29T10:00',
      '2026-13-01T10:00',
      '2026-03-01T24:00',
      '2026-03-01T10:60',
      '2026-03-01',
      '01/03/2026 10:00',
      '2026-03-01 10:00',
      '2026-03-01T10:00:60',
    ]) {
      expect(interpretarDataHoraRelatorio(texto), texto).toBeNull();
    }
    expect(interpretarDataHoraRelatorio('2024-02-29T10:00')).not.toBeNull();
  });
});

describe('validarFiltrosRelatorio', () => {
  const base = { idsUnidades: [3, '5', 3], inicio: '2026-03-01T00:00', fim: '2026-03-31T23:59' };

  it('exige unidade e as duas pontas do período com a mensagem da especificação', () => {
    expect(validarFiltrosRelatorio({ ...base, idsUnidades: [] })).toEqual({ erro: R.filtroObrigatorio });
    expect(validarFiltrosRelatorio({ ...base, inicio: '' })).toEqual({ erro: R.filtroObrigatorio });
    expect(validarFiltrosRelatorio({ ...base, fim: null })).toEqual({ erro: R.filtroObrigatorio });
  });

  it('recusa o fim que não vem depois do início, datas inválidas, ids inválidos e unidades demais', () => {
    expect(validarFiltrosRelatorio({ ...base, fim: '2026-03-01T00:00:00' })).toEqual({ erro: R.fimAntesDoInicio });
    expect(validarFiltrosRelatorio({ ...base, fim: '2026-02-28T23:59' })).toEqual({ erro: R.fimAntesDoInicio });
    expect(validarFiltrosRelatorio({ ...base, inicio: '2026-02-30T00:00' })).toEqual({ erro: R.dataHoraInvalida });
    expect(validarFiltrosRelatorio({ ...base, idsUnidades: ['x'] })).toEqual({ erro: R.unidadeNaoPermitida });
    expect(validarFiltrosRelatorio({ ...base, idsUnidades: [0] })).toEqual({ erro: R.unidadeNaoPermitida });
    const muitas = Array.from({ length: LIMITE_UNIDADES_RELATORIO + 1 }, (_, i) => i + 1);
    expect(validarFiltrosRelatorio({ ...base, idsUnidades: muitas })).toEqual({ erro: R.muitasUnidades });
  });

  it('devolve os filtros lidos, sem unidades repetidas', () => {
    const resultado = validarFiltrosRelatorio(base);
    expect(resultado).toMatchObject({
      filtros: { idsUnidades: [3, 5], inicio: { valor: '2026-03-01T00:00:00' }, fim: { comSegundos: false } },
    });
  });
});
