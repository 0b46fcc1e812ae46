import { describe, expect, it } from 'vitest';
import { criarCalendario } from './calendario.ts';
import { MENSAGENS } from './mensagens.ts';
import {
  alterarPrazoSchema,
  dataBr,
  prazoEnvioSchema,
  resolverPrazoEnvio,
  rotuloOrigemPrazo,
  validarDataPrazo,
  validarRetornoProgramado,
} from './prazos.ts';

// 2026-11-25 is a Wednesday; 2026-11-20 (Friday) is Consciência Negra; 2026-12-25 is Natal.
const HOJE = '2026-11-25';
const calendario = criarCalendario([{ data: '2026-12-07', descricao: 'Recesso da reitoria', tipo: 'RECESSO' }]);
const encaminhar = { tipo: 'ENCAMINHAR', prazoDiasUteis: null };

describe('validarDataPrazo', () => {
  it('aceita um dia útil de hoje até 365 dias', () => {
    expect(validarDataPrazo(HOJE, HOJE, calendario)).toBeNull();
    expect(validarDataPrazo('2026-11-27', HOJE, calendario)).toBeNull();
    expect(validarDataPrazo('2027-11-25', HOJE, calendario)).toBeNull();
  });
  it('recusa data inexistente, passada, distante e dia não útil, com o motivo', () => {
    expect(validarDataPrazo('2026-02-30', HOJE, calendario)).toBe(MENSAGENS.prazos.dataInvalida);
    expect(validarDataPrazo('2026-11-24', HOJE, calendario)).toBe(MENSAGENS.prazos.noPassado);
    expect(validarDataPrazo('2027-11-26', HOJE, calendario)).toBe(MENSAGENS.prazos.muitoDistante);
    expect(validarDataPrazo('2026-11-28', HOJE, calendario)).toBe(MENSAGENS.prazos.diaNaoUtil('28/11/2026', 'Sábado'));
    expect(validarDataPrazo('2026-12-25', HOJE, calendario)).toBe(MENSAGENS.prazos.diaNaoUtil('25/12/2026', 'Natal'));
    expect(validarDataPrazo('2026-12-07', HOJE, calendario)).toBe(
      MENSAGENS.prazos.diaNaoUtil('07/12/2026', 'Recesso da reitoria'),
    );
  });
  it('sem calendário (ainda carregando) não julga o dia útil; retorno tem mensagens próprias', () => {
    expect(validarDataPrazo('2026-11-28', HOJE, null)).toBeNull();
    expect(validarDataPrazo('2026-11-24', HOJE, calendario, 'RETORNO')).toBe(MENSAGENS.prazos.retornoNoPassado);
    expect(validarDataPrazo('2026-11-29', HOJE, calendario, 'RETORNO')).toBe(
      MENSAGENS.prazos.retornoDiaNaoUtil('29/11/2026', 'Domingo'),
    );
  });
});

describe('resolverPrazoEnvio', () => {
  it('ausente usa o padrão do passo (dias úteis a partir de hoje, origem PASSO); sem padrão, sem prazo', () => {
    expect(resolverPrazoEnvio({}, { tipo: 'ENCAMINHAR', prazoDiasUteis: 5 }, HOJE, calendario)).toEqual({
      ok: { prazo: '2026-12-02', origemPrazo: 'PASSO', retornoProgramado: null },
    });
    expect(resolverPrazoEnvio({}, encaminhar, HOJE, calendario)).toEqual({
      ok: { prazo: null, origemPrazo: null, retornoProgramado: null },
    });
  });
  it('null explícito retira o padrão do passo', () => {
    expect(resolverPrazoEnvio({ prazo: null }, { tipo: 'ENCAMINHAR', prazoDiasUteis: 5 }, HOJE, calendario)).toEqual({
      ok: { prazo: null, origemPrazo: null, retornoProgramado: null },
    });
  });
  it('data ou dias úteis do remetente (pula fim de semana e recesso)', () => {
    expect(resolverPrazoEnvio({ prazo: { data: '2026-11-30' } }, encaminhar, HOJE, calendario)).toEqual({
      ok: { prazo: '2026-11-30', origemPrazo: 'REMETENTE', retornoProgramado: null },
    });
    // 26, 27, 30/11, 1, 2, 3, 4, (7 recesso) 8/12
    expect(resolverPrazoEnvio({ prazo: { diasUteis: 8 } }, encaminhar, HOJE, calendario)).toEqual({
      ok: { prazo: '2026-12-08', origemPrazo: 'REMETENTE', retornoProgramado: null },
    });
  });
  it('recusa dias úteis fora de 1..365 e data inválida, no campo prazo', () => {
    expect(resolverPrazoEnvio({ prazo: { diasUteis: 0 } }, encaminhar, HOJE, calendario)).toEqual({
      erro: MENSAGENS.prazos.diasUteisInvalidos,
      campo: 'prazo',
    });
    expect(resolverPrazoEnvio({ prazo: { diasUteis: 366 } }, encaminhar, HOJE, calendario)).toMatchObject({
      campo: 'prazo',
    });
    expect(resolverPrazoEnvio({ prazo: { data: '2026-11-29' } }, encaminhar, HOJE, calendario)).toEqual({
      erro: MENSAGENS.prazos.diaNaoUtil('29/11/2026', 'Domingo'),
      campo: 'prazo',
    });
  });
  it('arquivar e concluir: sem prazo nem retorno (o padrão é ignorado, o explícito recusado)', () => {
    expect(resolverPrazoEnvio({}, { tipo: 'ARQUIVAR', prazoDiasUteis: 5 }, HOJE, calendario)).toEqual({
      ok: { prazo: null, origemPrazo: null, retornoProgramado: null },
    });
    expect(
      resolverPrazoEnvio({ prazo: { diasUteis: 2 } }, { tipo: 'CONCLUIR', prazoDiasUteis: null }, HOJE, calendario),
    ).toEqual({ erro: MENSAGENS.prazos.passoSemPrazo, campo: 'prazo' });
    expect(
      resolverPrazoEnvio(
        { retornoProgramado: '2026-12-01' },
        { tipo: 'ARQUIVAR', prazoDiasUteis: null },
        HOJE,
        calendario,
      ),
    ).toEqual({ erro: MENSAGENS.prazos.passoSemPrazo, campo: 'retornoProgramado' });
  });
  it('retorno programado: regras de data e não antes do prazo', () => {
    expect(
      resolverPrazoEnvio(
        { prazo: { data: '2026-12-01' }, retornoProgramado: '2026-12-01' },
        encaminhar,
        HOJE,
        calendario,
      ),
    ).toEqual({ ok: { prazo: '2026-12-01', origemPrazo: 'REMETENTE', retornoProgramado: '2026-12-01' } });
    expect(
      resolverPrazoEnvio(
        { prazo: { data: '2026-12-01' }, retornoProgramado: '2026-11-30' },
        encaminhar,
        HOJE,
        calendario,
      ),
    ).toEqual({ erro: MENSAGENS.prazos.retornoAntesDoPrazo, campo: 'retornoProgramado' });
    expect(validarRetornoProgramado('2026-11-24', null, HOJE, calendario)).toBe(MENSAGENS.prazos.retornoNoPassado);
  });
});

describe('contratos', () => {
  it('prazoEnvioSchema: ausente, null, data ou dias úteis; nada mais', () => {
    expect(prazoEnvioSchema.parse(undefined)).toBeUndefined();
    expect(prazoEnvioSchema.parse(null)).toBeNull();
    expect(prazoEnvioSchema.parse({ diasUteis: 5 })).toEqual({ diasUteis: 5 });
    expect(prazoEnvioSchema.safeParse({ diasUteis: 0 }).success).toBe(false);
    expect(prazoEnvioSchema.safeParse({ data: '25/11/2026' }).success).toBe(false);
    expect(prazoEnvioSchema.safeParse({ data: '2026-11-30', diasUteis: 2 }).success).toBe(false);
  });
  it('alterarPrazoSchema exige motivo de 1 a 500 caracteres', () => {
    const semMotivo = alterarPrazoSchema.safeParse({ prazo: null, motivo: '  ' });
    expect(semMotivo.error?.issues[0]?.message).toBe(MENSAGENS.prazos.motivoObrigatorio);
    const longo = alterarPrazoSchema.safeParse({ prazo: null, motivo: 'x'.repeat(501) });
    expect(longo.error?.issues[0]?.message).toBe(MENSAGENS.prazos.motivoLongo);
  });
  it('rótulos', () => {
    expect(dataBr('2026-01-05')).toBe('05/01/2026');
    expect(rotuloOrigemPrazo('PASSO', 'Ana')).toBe('padrão do passo');
    expect(rotuloOrigemPrazo('REMETENTE', 'Ana')).toBe('Ana');
    expect(rotuloOrigemPrazo(null, 'Ana')).toBeNull();
  });
});
