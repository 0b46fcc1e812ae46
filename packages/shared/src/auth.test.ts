import { describe, expect, it } from 'vitest';
import { alterarConfiguracoesSchema, destinoSeguroAposLogin } from './auth.ts';
import { MENSAGENS } from './mensagens.ts';

describe('destinoSeguroAposLogin', () => {
  it('aceita caminhos do próprio site, com query', () => {
    expect(destinoSeguroAposLogin('/caixa-postal')).toBe('/caixa-postal');
    expect(destinoSeguroAposLogin('/busca?numeroDocumento=23546&dataCriacaoInicio=2026-01-01')).toBe(
      '/busca?numeroDocumento=23546&dataCriacaoInicio=2026-01-01',
    );
  });

  it.each([
    ['https://malicioso.example/'],
    ['//malicioso.example/'],
    ['/\\malicioso.example'],
    ['javascript:alert(1)'],
    ['caixa-postal'],
    ['/x\r\nSet-Cookie: a=b'],
    [''],
    [undefined],
    [42],
    [`/${'a'.repeat(2001)}`],
  ])('troca %j por /home', (destino) => {
    expect(destinoSeguroAposLogin(destino)).toBe('/home');
  });
});

describe('alterarConfiguracoesSchema', () => {
  it('aceita unidade e e-mail válidos, e e-mail vazio como nenhum', () => {
    expect(alterarConfiguracoesSchema.parse({ idUnidadeAtual: '7', email: ' ana@ufex.edu.br ' })).toEqual({
      idUnidadeAtual: 7,
      email: 'ana@ufex.edu.br',
      notificacoesPorEmail: false,
      resumoDiarioHorario: null,
    });
    expect(alterarConfiguracoesSchema.parse({ idUnidadeAtual: 7, email: '', notificacoesPorEmail: true })).toEqual({
      idUnidadeAtual: 7,
      email: null,
      notificacoesPorEmail: true,
      resumoDiarioHorario: null,
    });
  });

  it('resumo diário: HH:MM de 00:00 a 23:59 ou desligado, e só com e-mail', () => {
    const base = { idUnidadeAtual: 7, email: 'ana@ufex.edu.br' };
    expect(alterarConfiguracoesSchema.parse({ ...base, resumoDiarioHorario: '23:59' }).resumoDiarioHorario).toBe(
      '23:59',
    );
    expect(alterarConfiguracoesSchema.parse({ ...base, resumoDiarioHorario: '' }).resumoDiarioHorario).toBeNull();
    expect(alterarConfiguracoesSchema.parse({ ...base, resumoDiarioHorario: null }).resumoDiarioHorario).toBeNull();
    for (const invalido of ['24:00', '7:30', '07:3', '07:60', '07h30', 730]) {
      const resultado = alterarConfiguracoesSchema.safeParse({ ...base, resumoDiarioHorario: invalido });
      expect(resultado.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
        ['resumoDiarioHorario', MENSAGENS.resumoDiario.horarioInvalido],
      ]);
    }
    const semEmail = alterarConfiguracoesSchema.safeParse({
      idUnidadeAtual: 7,
      email: ' ',
      resumoDiarioHorario: '08:00',
    });
    expect(semEmail.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['resumoDiarioHorario', MENSAGENS.resumoDiario.precisaEmail],
    ]);
  });

  it('recusa e-mail inválido com a mensagem do produto', () => {
    const resultado = alterarConfiguracoesSchema.safeParse({ idUnidadeAtual: 7, email: 'ana@' });
    expect(resultado.success).toBe(false);
    expect(resultado.error?.issues[0]?.message).toBe(MENSAGENS.usuario.emailInvalido);
  });

  it('recusa unidade ausente ou inválida', () => {
    expect(alterarConfiguracoesSchema.safeParse({ email: null }).success).toBe(false);
    expect(alterarConfiguracoesSchema.safeParse({ idUnidadeAtual: -1, email: null }).success).toBe(false);
    expect(alterarConfiguracoesSchema.safeParse({ idUnidadeAtual: 'abc', email: null }).success).toBe(false);
  });
});
