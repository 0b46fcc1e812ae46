import { describe, expect, it } from 'vitest';
import {
  criarCalendario,
  dataEmSaoPaulo,
  dataValida,
  diasNaoUteisNacionais,
  diasNaoUteisNoPeriodo,
  estadoPrazo,
  pascoa,
  rotuloEstadoPrazo,
} from './calendario.ts';

// The national holidays and Easter-based pontos facultativos of the federal calendar published by the Ministério
// da Gestão e da Inovação em Serviços Públicos for 2025 and 2026 (Ash Wednesday, a working day from 14h, left out).
const PUBLICADO_2025 = [
  '2025-01-01',
  '2025-03-03',
  '2025-03-04',
  '2025-04-18',
  '2025-04-21',
  '2025-05-01',
  '2025-06-19',
  '2025-09-07',
  '2025-10-12',
  '2025-11-02',
  '2025-11-15',
  '2025-11-20',
  '2025-12-25',
];
const PUBLICADO_2026 = [
  '2026-01-01',
  '2026-02-16',
  '2026-02-17',
  '2026-04-03',
  '2026-04-21',
  '2026-05-01',
  '2026-06-04',
  '2026-09-07',
  '2026-10-12',
  '2026-11-02',
  '2026-11-15',
  '2026-11-20',
  '2026-12-25',
];

describe('calendário de dias úteis', () => {
  it('calcula a Páscoa de anos conhecidos', () => {
    expect(pascoa(2024)).toBe('2024-03-31');
    expect(pascoa(2025)).toBe('2025-04-20');
    expect(pascoa(2026)).toBe('2026-04-05');
    expect(pascoa(2027)).toBe('2027-03-28');
    expect(pascoa(2038)).toBe('2038-04-25');
  });

  it('confere os feriados e pontos facultativos nacionais com o calendário publicado de 2025 e 2026', () => {
    expect(diasNaoUteisNacionais(2025).map((d) => d.data)).toEqual(PUBLICADO_2025);
    expect(diasNaoUteisNacionais(2026).map((d) => d.data)).toEqual(PUBLICADO_2026);
    const carnaval = diasNaoUteisNacionais(2026).filter((d) => d.descricao === 'Carnaval');
    expect(carnaval.map((d) => d.tipo)).toEqual(['PONTO_FACULTATIVO_NACIONAL', 'PONTO_FACULTATIVO_NACIONAL']);
  });

  it('só conta a Consciência Negra como feriado nacional a partir de 2024', () => {
    expect(diasNaoUteisNacionais(2023).some((d) => d.data === '2023-11-20')).toBe(false);
    expect(diasNaoUteisNacionais(2024).some((d) => d.data === '2024-11-20')).toBe(true);
  });

  it('conta os dias úteis de 2025 e 2026 como o calendário publicado', () => {
    const calendario = criarCalendario();
    // 365 days minus weekends minus the published days that fall on weekdays.
    const fimDeSemana = (data: string) => [0, 6].includes(new Date(`${data}T00:00:00Z`).getUTCDay());
    const esperados = (ano: number, publicados: string[]) => {
      let total = 0;
      for (let d = new Date(Date.UTC(ano, 0, 1)); d.getUTCFullYear() === ano; d.setUTCDate(d.getUTCDate() + 1)) {
        const data = d.toISOString().slice(0, 10);
        if (!fimDeSemana(data) && !publicados.includes(data)) total++;
      }
      return total;
    };
    expect(calendario.contarDiasUteis('2024-12-31', '2025-12-31')).toBe(esperados(2025, PUBLICADO_2025));
    expect(calendario.contarDiasUteis('2025-12-31', '2026-12-31')).toBe(esperados(2026, PUBLICADO_2026));
    expect(calendario.contarDiasUteis('2024-12-31', '2025-12-31')).toBe(252);
    expect(calendario.contarDiasUteis('2025-12-31', '2026-12-31')).toBe(249);
  });

  it('soma dias úteis deixando de fora o dia do começo e pulando fins de semana e feriados', () => {
    const calendario = criarCalendario();
    // Friday 2026-04-03 is Sexta-feira Santa: 5 business days after Thursday 2026-04-02 end on Friday 2026-04-10.
    expect(calendario.somarDiasUteis('2026-04-02', 5)).toBe('2026-04-10');
    // From Friday 2026-02-13, Carnaval Monday and Tuesday are skipped; Ash Wednesday counts.
    expect(calendario.somarDiasUteis('2026-02-13', 1)).toBe('2026-02-18');
    expect(calendario.somarDiasUteis('2026-12-24', 1)).toBe('2026-12-28');
    expect(calendario.somarDiasUteis('2026-11-25', 0)).toBe('2026-11-25');
  });

  it('inclui os dias da instituição e diz por que um dia não é útil', () => {
    const calendario = criarCalendario([{ data: '2026-12-28', descricao: 'Recesso de fim de ano', tipo: 'RECESSO' }]);
    expect(calendario.ehDiaUtil('2026-12-28')).toBe(false);
    expect(calendario.motivoNaoUtil('2026-12-28')).toBe('Recesso de fim de ano');
    expect(calendario.motivoNaoUtil('2026-12-25')).toBe('Natal');
    expect(calendario.motivoNaoUtil('2026-11-28')).toBe('Sábado');
    expect(calendario.motivoNaoUtil('2026-11-25')).toBeNull();
    expect(calendario.somarDiasUteis('2026-12-24', 1)).toBe('2026-12-29');
    const periodo = diasNaoUteisNoPeriodo('2026-12-01', '2026-12-31', [
      { data: '2026-12-28', descricao: 'Recesso de fim de ano', tipo: 'RECESSO' },
    ]);
    expect(periodo.map((d) => d.data)).toEqual(['2026-12-25', '2026-12-28']);
  });

  it('diz o estado de um prazo em palavras', () => {
    const calendario = criarCalendario();
    const hoje = '2026-11-25';
    expect(rotuloEstadoPrazo(estadoPrazo(null, hoje, calendario))).toBe('Sem prazo');
    expect(rotuloEstadoPrazo(estadoPrazo(hoje, hoje, calendario))).toBe('Vence hoje');
    expect(estadoPrazo('2026-11-27', hoje, calendario)).toEqual({ situacao: 'NO_PRAZO', diasUteis: 2 });
    expect(rotuloEstadoPrazo(estadoPrazo('2026-11-26', hoje, calendario))).toBe('Vence em 1 dia útil');
    // Due on Thursday 2026-11-19; Friday 20 is a holiday, so Monday to today (Wednesday) are 3 business days.
    expect(estadoPrazo('2026-11-19', hoje, calendario)).toEqual({ situacao: 'VENCIDO', diasUteis: 3 });
    expect(rotuloEstadoPrazo(estadoPrazo('2026-11-19', hoje, calendario))).toBe('Vencido há 3 dias úteis');
  });

  it('valida datas e lê o dia em São Paulo', () => {
    expect(dataValida('2026-02-28')).toBe(true);
    expect(dataValida('2026-02-30')).toBe(false);
    expect(dataValida('26-2-1')).toBe(false);
    // 01:30 UTC on the 26th is still the 25th in São Paulo (UTC-3).
    expect(dataEmSaoPaulo(new Date('2026-11-26T01:30:00Z'))).toBe('2026-11-25');
  });
});
