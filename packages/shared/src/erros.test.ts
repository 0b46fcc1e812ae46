import { describe, expect, it } from 'vitest';
import { CODIGOS_ERRO, erroApiSchema } from './erros.ts';

describe('CODIGOS_ERRO', () => {
  it('cada código é o próprio nome, em maiúsculas separadas por _', () => {
    for (const [nome, codigo] of Object.entries(CODIGOS_ERRO)) {
      expect(codigo).toBe(nome);
      expect(codigo).toMatch(/^[A-Z]+(_[A-Z]+)*$/);
    }
  });

  it('o corpo de erro da API exige um código do catálogo', () => {
    const corpo = { codigo: 'CONSOLIDACAO_EXPIRADA', mensagem: 'Expirada', erros: [] };
    expect(erroApiSchema.parse(corpo)).toEqual(corpo);
    expect(erroApiSchema.safeParse({ mensagem: 'Sem código', erros: [] }).success).toBe(false);
    expect(erroApiSchema.safeParse({ ...corpo, codigo: 'DESCONHECIDO' }).success).toBe(false);
  });
});
