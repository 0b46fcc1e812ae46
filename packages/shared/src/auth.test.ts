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
    });
    expect(alterarConfiguracoesSchema.parse({ idUnidadeAtual: 7, email: '', notificacoesPorEmail: true })).toEqual({
      idUnidadeAtual: 7,
      email: null,
      notificacoesPorEmail: true,
    });
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
