import { describe, expect, it } from 'vitest';
import { motivoSemJuntada } from './juntada.ts';
import { MENSAGENS } from './mensagens.ts';
import {
  type DocumentoSobrestavel,
  impedimentoLevantamento,
  impedimentoSobrestamento,
  levantarSobrestamentoSchema,
  limiteLevantarEm,
  problemaLevantarEm,
  sobrestarSchema,
} from './sobrestamento.ts';
import { IMPEDIMENTOS_TRAMITACAO, impedimentoTramitacao } from './tramitacao.ts';

const M = MENSAGENS.sobrestamento;
const processo: DocumentoSobrestavel = {
  situacao: 'RECEBIDO',
  idUnidadeAtual: 7,
  estadoProcessamento: 1,
  idDocumentoAgregador: null,
  processo: true,
};

describe('impedimentoSobrestamento', () => {
  it('a unidade que detém e recebeu o processo em andamento pode sobrestá-lo', () => {
    expect(impedimentoSobrestamento(processo, 7)).toBeNull();
    expect(impedimentoSobrestamento({ ...processo, situacao: 'T' }, 7)).toBeNull();
  });

  it.each([
    [{}, 8, M.apenasUnidadeDetentora, true],
    [{}, null, M.apenasUnidadeDetentora, true],
    [{ situacao: 'ENVIADO' }, 7, M.apenasUnidadeDetentora, true],
    [{ situacao: 'E', idDocumentoAgregador: 3 }, 7, M.apenasUnidadeDetentora, true],
    [{ estadoProcessamento: 5 }, 7, M.jaSobrestado, false],
    [{ processo: false }, 7, M.apenasProcessos, false],
    [{ estadoProcessamento: 2 }, 7, M.apenasEmAndamento, false],
    [{ estadoProcessamento: 6 }, 7, M.apenasEmAndamento, false],
  ] as const)('recusa %o para a unidade %s', (mudanca, idUnidade, mensagem, semPermissao) => {
    expect(impedimentoSobrestamento({ ...processo, ...mudanca }, idUnidade)).toEqual({ mensagem, semPermissao });
  });
});

describe('impedimentoLevantamento', () => {
  const sobrestado = { ...processo, estadoProcessamento: 5 };
  it('só a unidade que detém o documento levanta um sobrestamento em vigor', () => {
    expect(impedimentoLevantamento(sobrestado, true, 7)).toBeNull();
    expect(impedimentoLevantamento(sobrestado, true, 8)).toEqual({
      mensagem: M.apenasUnidadeDetentora,
      semPermissao: true,
    });
    expect(impedimentoLevantamento(processo, false, 7)).toEqual({ mensagem: M.naoSobrestado, semPermissao: false });
  });
});

describe('problemaLevantarEm', () => {
  it('aceita ausente e datas depois de hoje até 2 anos', () => {
    expect(problemaLevantarEm(null, '2026-03-10')).toBeNull();
    expect(problemaLevantarEm(undefined, '2026-03-10')).toBeNull();
    expect(problemaLevantarEm('2026-03-11', '2026-03-10')).toBeNull();
    expect(problemaLevantarEm('2028-03-10', '2026-03-10')).toBeNull();
  });
  it('recusa hoje, o passado, depois de 2 anos e datas que não existem', () => {
    expect(problemaLevantarEm('2026-03-10', '2026-03-10')).toBe(M.levantarEmPassado);
    expect(problemaLevantarEm('2025-12-31', '2026-03-10')).toBe(M.levantarEmPassado);
    expect(problemaLevantarEm('2028-03-11', '2026-03-10')).toBe(M.levantarEmDistante);
    expect(problemaLevantarEm('2026-02-30', '2026-01-10')).toBe(M.dataInvalida);
  });
  it('o limite de 29/02 é 28/02 dois anos depois', () => {
    expect(limiteLevantarEm('2028-02-29')).toBe('2030-02-28');
    expect(limiteLevantarEm('2026-07-01')).toBe('2028-07-01');
  });
});

describe('esquemas', () => {
  it('sobrestar: motivo aparado e obrigatório, data vazia é nenhuma', () => {
    expect(sobrestarSchema.parse({ motivo: '  Aguarda  ', levantarEm: '' })).toEqual({
      motivo: 'Aguarda',
      levantarEm: null,
    });
    expect(sobrestarSchema.safeParse({ motivo: '  ' }).error?.issues[0]?.message).toBe(M.motivoObrigatorio);
    expect(sobrestarSchema.safeParse({ motivo: 'x'.repeat(501) }).error?.issues[0]?.message).toBe(M.motivoLongo);
    expect(sobrestarSchema.safeParse({ motivo: 'a', levantarEm: '2026-13-01' }).error?.issues[0]?.message).toBe(
      M.dataInvalida,
    );
  });
  it('levantar: motivo opcional, vazio é nenhum', () => {
    expect(levantarSobrestamentoSchema.parse({})).toEqual({ motivo: null });
    expect(levantarSobrestamentoSchema.parse({ motivo: '  ' })).toEqual({ motivo: null });
    expect(levantarSobrestamentoSchema.parse({ motivo: ' ok ' })).toEqual({ motivo: 'ok' });
  });
});

describe('documento sobrestado nas regras de tramitação e juntada', () => {
  const documento = {
    situacao: 'RECEBIDO',
    idUnidadeAtual: 7,
    idUnidadeCriadora: 1,
    estadoProcessamento: 5,
    idDocumentoAgregador: null,
  };
  it('não é tramitado pela unidade que o detém; para outras continua sendo de outra unidade', () => {
    expect(impedimentoTramitacao(documento, 7, null)).toBe('SOBRESTADO');
    expect(IMPEDIMENTOS_TRAMITACAO.SOBRESTADO).toBe(M.documentoSobrestado);
    expect(impedimentoTramitacao(documento, 8, null)).toBe('OUTRA_UNIDADE');
    expect(impedimentoTramitacao({ ...documento, estadoProcessamento: 1 }, 7, null)).toBeNull();
  });
  it('não recebe juntadas, com a mensagem do sobrestamento', () => {
    expect(motivoSemJuntada(documento, 7)).toEqual({ mensagem: M.documentoSobrestado, semPermissao: false });
    expect(motivoSemJuntada(documento, 8)).toEqual({
      mensagem: MENSAGENS.juntada.agregadorIndisponivel,
      semPermissao: true,
    });
  });
});
