import { describe, expect, it } from 'vitest';
import { JANELA_CALENDARIO_NAVEGADOR } from './calendario.ts';
import {
  consultaCalendarioSchema,
  incluirDiaNaoUtilSchema,
  motivoRecusaDiaNaoUtil,
  PERIODO_MAXIMO_CALENDARIO_DIAS,
} from './calendario-administracao.ts';
import { MENSAGENS } from './mensagens.ts';

const mensagens = (resultado: { success: boolean; error?: { issues: { message: string }[] } }) =>
  resultado.success ? [] : (resultado.error?.issues.map((i) => i.message) ?? []);

describe('consultaCalendarioSchema', () => {
  it('aceita um período de até 3 anos e recusa data irreal, fim antes do início e período maior', () => {
    expect(consultaCalendarioSchema.safeParse({ inicio: '2026-01-01', fim: '2026-01-01' }).success).toBe(true);
    expect(consultaCalendarioSchema.safeParse({ inicio: '2026-01-01', fim: '2028-12-31' }).success).toBe(true);
    expect(mensagens(consultaCalendarioSchema.safeParse({ inicio: '2026-02-29', fim: '2026-03-01' }))).toEqual([
      MENSAGENS.calendario.inicioInvalido,
    ]);
    expect(mensagens(consultaCalendarioSchema.safeParse({ inicio: '2026-01-01', fim: '2026-13-01' }))).toEqual([
      MENSAGENS.calendario.fimInvalido,
    ]);
    expect(mensagens(consultaCalendarioSchema.safeParse({ inicio: '2026-01-02', fim: '2026-01-01' }))).toEqual([
      MENSAGENS.calendario.fimAntesDoInicio,
    ]);
    expect(mensagens(consultaCalendarioSchema.safeParse({ inicio: '2026-01-01', fim: '2029-01-04' }))).toEqual([
      MENSAGENS.calendario.periodoLongo,
    ]);
  });

  it('a janela que o navegador pede cabe no período permitido', () => {
    expect(JANELA_CALENDARIO_NAVEGADOR.diasAntes + JANELA_CALENDARIO_NAVEGADOR.diasDepois).toBeLessThanOrEqual(
      PERIODO_MAXIMO_CALENDARIO_DIAS,
    );
  });
});

describe('incluirDiaNaoUtilSchema', () => {
  it('apara a descrição e aceita só os tipos da instituição', () => {
    expect(
      incluirDiaNaoUtilSchema.parse({ data: '2026-06-08', descricao: '  Aniversário  ', tipo: 'RECESSO' }),
    ).toEqual({ data: '2026-06-08', descricao: 'Aniversário', tipo: 'RECESSO' });
    expect(
      mensagens(incluirDiaNaoUtilSchema.safeParse({ data: '2026-06-08', descricao: 'x', tipo: 'FERIADO_NACIONAL' })),
    ).toEqual([MENSAGENS.calendario.tipoInvalido]);
    expect(mensagens(incluirDiaNaoUtilSchema.safeParse({ data: '', descricao: ' ', tipo: 'RECESSO' }))).toEqual([
      MENSAGENS.calendario.dataInvalida,
      MENSAGENS.calendario.descricaoObrigatoria,
    ]);
  });
});

describe('motivoRecusaDiaNaoUtil', () => {
  it('diz por que uma data já não é dia útil: fim de semana, dia nacional ou já cadastrado', () => {
    const cadastrado = [{ data: '2026-06-08', descricao: 'Aniversário da cidade', tipo: 'FERIADO_LOCAL' as const }];
    expect(motivoRecusaDiaNaoUtil('2026-12-25', cadastrado)).toBe('25/12/2026 já não é dia útil: Natal');
    expect(motivoRecusaDiaNaoUtil('2026-06-06', cadastrado)).toBe('06/06/2026 já não é dia útil: Sábado');
    expect(motivoRecusaDiaNaoUtil('2026-06-08', cadastrado)).toBe(
      '08/06/2026 já não é dia útil: Aniversário da cidade',
    );
    expect(motivoRecusaDiaNaoUtil('2026-06-09', cadastrado)).toBeNull();
  });
});
