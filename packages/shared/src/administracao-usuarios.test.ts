import { describe, expect, it } from 'vitest';
import { alterarUsuarioAdministracaoSchema, validarUsuarioAdministracao } from './administracao-usuarios.ts';
import { MENSAGENS } from './mensagens.ts';

const M = MENSAGENS.administracaoUsuarios;

describe('validarUsuarioAdministracao', () => {
  it('aceita a unidade atual entre as lotações, e um inativo sem lotação nem unidade atual', () => {
    expect(validarUsuarioAdministracao({ lotacoes: [1, 2], idUnidadeAtual: 2, ativo: true })).toBeNull();
    expect(validarUsuarioAdministracao({ lotacoes: [], idUnidadeAtual: null, ativo: false })).toBeNull();
  });

  it('recusa o ativo sem lotação, a unidade atual fora das lotações e a falta dela quando há lotações', () => {
    expect(validarUsuarioAdministracao({ lotacoes: [], idUnidadeAtual: null, ativo: true })).toEqual({
      mensagem: M.semLotacao,
      campo: 'lotacoes',
    });
    const fora = { mensagem: M.unidadeAtualForaDasLotacoes, campo: 'idUnidadeAtual' };
    expect(validarUsuarioAdministracao({ lotacoes: [1], idUnidadeAtual: 3, ativo: true })).toEqual(fora);
    expect(validarUsuarioAdministracao({ lotacoes: [1], idUnidadeAtual: null, ativo: false })).toEqual(fora);
    expect(validarUsuarioAdministracao({ lotacoes: [], idUnidadeAtual: 1, ativo: false })).toEqual(fora);
  });
});

describe('alterarUsuarioAdministracaoSchema', () => {
  it('conta uma vez o que se repete, ordena as permissões e recusa nomes desconhecidos e listas enormes', () => {
    expect(
      alterarUsuarioAdministracaoSchema.parse({
        lotacoes: [3, 1, 3],
        permissoes: ['RELATORIOS', 'REENCAMINHAMENTO', 'RELATORIOS'],
      }),
    ).toEqual({ lotacoes: [3, 1], permissoes: ['REENCAMINHAMENTO', 'RELATORIOS'] });
    expect(alterarUsuarioAdministracaoSchema.safeParse({ permissoes: ['ROOT'] }).success).toBe(false);
    const muitas = alterarUsuarioAdministracaoSchema.safeParse({
      lotacoes: Array.from({ length: 51 }, (_, i) => i + 1),
    });
    expect(muitas.error?.issues[0]?.message).toBe(M.muitasLotacoes);
  });
});
