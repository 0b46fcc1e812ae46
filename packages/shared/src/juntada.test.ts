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
  it('X and ANEXACAO attach; anything else appends', () => {
    expect(normalizarTipoAgregacao(TIPO_JUNTADA_ANEXAR)).toBe('ANEXACAO');
    expect(normalizarTipoAgregacao('x')).toBe('ANEXACAO');
    expect(normalizarTipoAgregacao('ANEXACAO')).toBe('ANEXACAO');
    expect(normalizarTipoAgregacao(TIPO_JUNTADA_APENSAR)).toBe('APENSACAO');
    expect(normalizarTipoAgregacao('A')).toBe('APENSACAO');
    expect(normalizarTipoAgregacao('qualquer')).toBe('APENSACAO');
  });
});

describe('recebeAnexacao', () => {
  it('processes and types considered processes receive attachments; other types do not', () => {
    expect(recebeAnexacao({ processo: true, consideradoProcessoNaAnexacao: false })).toBe(true);
    expect(recebeAnexacao({ processo: false, consideradoProcessoNaAnexacao: true })).toBe(true);
    expect(recebeAnexacao({ processo: false, consideradoProcessoNaAnexacao: false })).toBe(false);
  });
});

describe('mensagemDesjuntada', () => {
  it('answers the spec message of each kind', () => {
    expect(mensagemDesjuntada('ANEXACAO')).toBe('Documentos desanexados com sucesso');
    expect(mensagemDesjuntada('APENSACAO')).toBe(MENSAGENS.juntada.desapensados);
  });
});

describe('juntarSchema', () => {
  it('needs a document id and a join type', () => {
    expect(juntarSchema.safeParse({ idDocumento: 3, tipoAgregacao: 'X' }).success).toBe(true);
    expect(juntarSchema.safeParse({ idDocumento: 3, tipoAgregacao: '' }).success).toBe(false);
    expect(juntarSchema.safeParse({ idDocumento: 0, tipoAgregacao: 'X' }).success).toBe(false);
  });
});
