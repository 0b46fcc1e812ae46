import { describe, expect, it } from 'vitest';
import { rotuloTipoDocumento, rotuloTipoInteressado, rotuloTipoResponsavel, TIPOS_INTERESSADO } from './rotulos.ts';

describe('rótulos de tipos de interessado', () => {
  it('troca sublinhados por espaços e capitaliza', () => {
    expect(rotuloTipoInteressado('ALUNO')).toBe('Aluno');
    expect(rotuloTipoInteressado('ENTIDADE_EXTERNA')).toBe('Entidade externa');
    expect(rotuloTipoInteressado('REQUERENTE_EXTERNO')).toBe('Requerente externo');
  });

  it('mostra COMISSAO como Comissão e SERVIDOR como Pessoa específica entre os responsáveis', () => {
    expect(rotuloTipoInteressado('COMISSAO')).toBe('Comissão');
    expect(rotuloTipoResponsavel('COMISSAO')).toBe('Comissão');
    expect(rotuloTipoResponsavel('SERVIDOR')).toBe('Pessoa específica');
    expect(rotuloTipoInteressado('SERVIDOR')).toBe('Servidor');
    expect(rotuloTipoResponsavel('UNIDADE')).toBe('Unidade');
  });

  it('tem os códigos de letra da especificação', () => {
    expect(TIPOS_INTERESSADO).toEqual({
      ALUNO: 'A',
      FORNECEDOR: 'F',
      CURSO: 'K',
      ENTIDADE_EXTERNA: 'O',
      SERVIDOR: 'S',
      UNIDADE: 'U',
      CONTRIBUINTE: 'C',
      REQUERENTE_EXTERNO: 'Q',
    });
  });
});

describe('rótulo do tipo de documento', () => {
  it('acrescenta (Digitalizado) só quando o estado 32002 é 3', () => {
    expect(rotuloTipoDocumento('Memorando', { '32002': 3 })).toBe('Memorando (Digitalizado)');
    expect(rotuloTipoDocumento('Memorando', { '32002': 4 })).toBe('Memorando');
    expect(rotuloTipoDocumento('Memorando', {})).toBe('Memorando');
  });
});
