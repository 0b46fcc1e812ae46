import { describe, expect, it } from 'vitest';
import {
  juntarSchema,
  mensagemDesjuntada,
  motivoSemJuntada,
  motivoTipoJuntadaRecusado,
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

describe('motivoTipoJuntadaRecusado', () => {
  const processo = { processo: true, consideradoProcessoNaAnexacao: false };
  const contrato = { processo: false, consideradoProcessoNaAnexacao: true };
  const oficio = { processo: false, consideradoProcessoNaAnexacao: false };

  it('anexar só num processo ou num tipo considerado processo; senão diz por quê', () => {
    expect(motivoTipoJuntadaRecusado('ANEXACAO', processo)).toBeNull();
    expect(motivoTipoJuntadaRecusado('ANEXACAO', contrato)).toBeNull();
    expect(motivoTipoJuntadaRecusado('ANEXACAO', oficio)).toBe(MENSAGENS.juntada.agregadorNaoProcesso);
  });

  it('apensar vale para qualquer tipo', () => {
    for (const tipo of [processo, contrato, oficio]) expect(motivoTipoJuntadaRecusado('APENSACAO', tipo)).toBeNull();
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

describe('motivoSemJuntada', () => {
  const disponivel = { idUnidadeAtual: 7, situacao: 'RECEBIDO', estadoProcessamento: 1, idDocumentoAgregador: null };
  const mensagem = MENSAGENS.juntada.agregadorIndisponivel;

  it('a unidade que tem o documento recebido e em andamento pode juntar (também o recebido por reencaminhamento)', () => {
    expect(motivoSemJuntada(disponivel, 7)).toBeNull();
    expect(motivoSemJuntada({ ...disponivel, situacao: 'T' }, 7)).toBeNull();
  });

  it('outra unidade, ou ninguém, não pode: sem permissão (403)', () => {
    expect(motivoSemJuntada(disponivel, 8)).toEqual({ mensagem, semPermissao: true });
    expect(motivoSemJuntada(disponivel, null)).toEqual({ mensagem, semPermissao: true });
  });

  it.each([
    ['enviado e ainda não recebido', { situacao: 'ENVIADO' }],
    ['em criação', { situacao: 'EM_CRIACAO' }],
    ['arquivado', { estadoProcessamento: 2 }],
    ['juntado a outro', { idDocumentoAgregador: 3 }],
  ])('a unidade que o tem não pode quando está %s: conflito (409)', (_caso, mudanca) => {
    expect(motivoSemJuntada({ ...disponivel, ...mudanca }, 7)).toEqual({ mensagem, semPermissao: false });
  });
});
