import { describe, expect, it } from 'vitest';
import {
  juntarSchema,
  mensagemDesjuntada,
  normalizarTipoAgregacao,
  recebeAnexacao,
  TIPO_JUNTADA_ANEXAR,
  TIPO_JUNTADA_APENSAR,
} from './juntada.ts';
import { MENSAGENS } from './mensagens.ts';

describe('normalizarTipoAgregacao', () => {
  it('X e ANEXACAO anexam; qualquer outro apensa', () => {
    expect(normalizarTipoAgregacao(TIPO_JUNTADA_ANEXAR)).toBe('ANEXACAO');
    expect(normalizarTipoAgregacao('x')).toBe('ANEXACAO');
    expect(normalizarTipoAgregacao('ANEXACAO')).toBe('ANEXACAO');
    expect(normalizarTipoAgregacao(TIPO_JUNTADA_APENSAR)).toBe('APENSACAO');
    expect(normalizarTipoAgregacao('A')).toBe('APENSACAO');
    expect(normalizarTipoAgregacao('qualquer')).toBe('APENSACAO');
  });
});

describe('recebeAnexacao', () => {
  it('processos e tipos considerados processo recebem anexação; os outros tipos não', () => {
    expect(recebeAnexacao({ processo: true, consideradoProcessoNaAnexacao: false })).toBe(true);
    expect(recebeAnexacao({ processo: false, consideradoProcessoNaAnexacao: true })).toBe(true);
    expect(recebeAnexacao({ processo: false, consideradoProcessoNaAnexacao: false })).toBe(false);
  });
});

describe('mensagemDesjuntada', () => {
  it('responde a mensagem da especificação de cada tipo', () => {
    expect(mensagemDesjuntada('ANEXACAO')).toBe('Documentos desanexados com sucesso');
    expect(mensagemDesjuntada('APENSACAO')).toBe(MENSAGENS.juntada.desapensados);
  });
});

describe('juntarSchema', () => {
  it('exige o id do documento e o tipo de juntada', () => {
    expect(juntarSchema.safeParse({ idDocumento: 3, tipoAgregacao: 'X' }).success).toBe(true);
    expect(juntarSchema.safeParse({ idDocumento: 3, tipoAgregacao: '' }).success).toBe(false);
    expect(juntarSchema.safeParse({ idDocumento: 0, tipoAgregacao: 'X' }).success).toBe(false);
  });
});
