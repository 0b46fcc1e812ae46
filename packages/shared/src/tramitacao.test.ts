import { describe, expect, it } from 'vitest';
import { filtrosCaixaPostalSchema, validarFiltrosCaixaPostal } from './caixa-postal.ts';
import { MENSAGENS } from './mensagens.ts';
import {
  avaliarConsistencia,
  calcularDias,
  estadoAposEnvio,
  ID_TIPO_CONFIRMA_SEM_PECAS,
  impedimentoTramitacao,
  passoDisponivel,
  pedeConfirmacaoSemPecas,
  podeVerDespacho,
  salvarDespachoSchema,
  TIPOS_PASSO,
  tramitarLoteSchema,
  tramitarSchema,
  validarEnvio,
  validarFiltrosReencaminhamento,
} from './tramitacao.ts';

const T = MENSAGENS.tramitacao;

describe('validarFiltrosCaixaPostal (spec §5)', () => {
  it('exige o número ou as duas datas', () => {
    expect(validarFiltrosCaixaPostal({})).toBe(MENSAGENS.caixaPostal.filtroObrigatorio);
    expect(validarFiltrosCaixaPostal({ numeroDocumento: '  ' })).toBe(MENSAGENS.caixaPostal.filtroObrigatorio);
    expect(validarFiltrosCaixaPostal({ numeroDocumento: '23069.000001/2025-11' })).toBeNull();
    expect(validarFiltrosCaixaPostal({ dataInicio: '2025-01-01', dataFim: '2025-01-31' })).toBeNull();
    expect(
      validarFiltrosCaixaPostal({ numeroDocumento: '1', dataInicio: '2025-01-01', dataFim: '2025-01-31' }),
    ).toBeNull();
  });

  it('uma data pede a outra, mesmo com o número preenchido', () => {
    expect(validarFiltrosCaixaPostal({ dataInicio: '2025-01-01' })).toBe(MENSAGENS.caixaPostal.dataIncompleta);
    expect(validarFiltrosCaixaPostal({ dataFim: '2025-01-01', dataInicio: null })).toBe(
      MENSAGENS.caixaPostal.dataIncompleta,
    );
    expect(validarFiltrosCaixaPostal({ numeroDocumento: '1', dataFim: '2025-01-01' })).toBe(
      MENSAGENS.caixaPostal.dataIncompleta,
    );
  });

  it('o esquema da consulta valida datas e aplica a paginação e a ordem padrão', () => {
    expect(filtrosCaixaPostalSchema.parse({ numeroDocumento: '1' })).toMatchObject({
      ordenacao: 'dataEnvio',
      direcao: 'desc',
      pagina: 1,
      tamanhoPagina: 20,
    });
    expect(filtrosCaixaPostalSchema.safeParse({ dataInicio: '2025-02-30' }).success).toBe(false);
    expect(filtrosCaixaPostalSchema.safeParse({ tamanhoPagina: '101' }).success).toBe(false);
  });
});

describe('validarFiltrosReencaminhamento (spec §5)', () => {
  it('exige a unidade ou o número do documento', () => {
    expect(validarFiltrosReencaminhamento({})).toBe(MENSAGENS.reencaminhamento.filtroObrigatorio);
    expect(validarFiltrosReencaminhamento({ idUnidade: null, numeroDocumento: '' })).toBe(
      MENSAGENS.reencaminhamento.filtroObrigatorio,
    );
    expect(validarFiltrosReencaminhamento({ idUnidade: 3 })).toBeNull();
    expect(validarFiltrosReencaminhamento({ numeroDocumento: '123' })).toBeNull();
  });
});

describe('impedimentoTramitacao', () => {
  const base = {
    situacao: 'RECEBIDO',
    idUnidadeAtual: 10,
    idUnidadeCriadora: 10,
    estadoProcessamento: 1,
    idDocumentoAgregador: null,
  };

  it('a unidade que detém e recebeu (RECEBIDO ou T) pode; as outras não', () => {
    expect(impedimentoTramitacao(base, 10, null)).toBeNull();
    expect(impedimentoTramitacao({ ...base, situacao: 'T' }, 10, null)).toBeNull();
    expect(impedimentoTramitacao(base, 11, null)).toBe('OUTRA_UNIDADE');
  });

  it('rascunho só na unidade que o cria', () => {
    const rascunho = { ...base, situacao: 'EM_CRIACAO', estadoProcessamento: 6 };
    expect(impedimentoTramitacao(rascunho, 10, null)).toBeNull();
    expect(impedimentoTramitacao(rascunho, 11, null)).toBe('OUTRA_UNIDADE');
  });

  it('enviado: o destino ainda precisa receber; a origem já tramitou; os demais não detêm', () => {
    const enviado = { ...base, situacao: 'ENVIADO' };
    expect(impedimentoTramitacao(enviado, 20, 20)).toBe('NAO_RECEBIDO');
    expect(impedimentoTramitacao(enviado, 10, 20)).toBe('JA_TRAMITADO');
    expect(impedimentoTramitacao(enviado, 30, 20)).toBe('OUTRA_UNIDADE');
  });

  it('juntado a outro documento ou cancelado não tramita por si', () => {
    expect(impedimentoTramitacao({ ...base, situacao: 'E', idDocumentoAgregador: 5 }, 10, null)).toBe('JUNTADO');
    expect(impedimentoTramitacao({ ...base, idDocumentoAgregador: 5 }, 10, null)).toBe('JUNTADO');
    expect(impedimentoTramitacao({ ...base, situacao: 'E', estadoProcessamento: 4 }, 10, null)).toBe('CANCELADO');
    expect(impedimentoTramitacao({ ...base, estadoProcessamento: 4 }, 10, null)).toBe('CANCELADO');
  });
});

describe('passoDisponivel', () => {
  it('restringe às unidades de origem listadas', () => {
    const contexto = { idUnidade: 7, estadoProcessamento: 1 };
    expect(passoDisponivel({ tipo: 'ENCAMINHAR', origens: [] }, contexto)).toBe(true);
    expect(passoDisponivel({ tipo: 'ENCAMINHAR', origens: [7, 8] }, contexto)).toBe(true);
    expect(passoDisponivel({ tipo: 'ENCAMINHAR', origens: [8] }, contexto)).toBe(false);
  });

  it('arquivado só desarquiva; só o arquivado desarquiva', () => {
    for (const tipo of TIPOS_PASSO) {
      expect(passoDisponivel({ tipo, origens: [] }, { idUnidade: 1, estadoProcessamento: 2 })).toBe(
        tipo === 'DESARQUIVAR',
      );
      expect(passoDisponivel({ tipo, origens: [] }, { idUnidade: 1, estadoProcessamento: 1 })).toBe(
        tipo !== 'DESARQUIVAR',
      );
    }
  });
});

describe('estadoAposEnvio (2001)', () => {
  it('arquivar 2, desarquivar 1, concluir 3; o primeiro envio encerra a criação (6 vira 1)', () => {
    expect(estadoAposEnvio('ARQUIVAR', 1)).toBe(2);
    expect(estadoAposEnvio('DESARQUIVAR', 2)).toBe(1);
    expect(estadoAposEnvio('CONCLUIR', 1)).toBe(3);
    expect(estadoAposEnvio('ENCAMINHAR', 6)).toBe(1);
    expect(estadoAposEnvio('DEVOLVER', 6)).toBe(1);
    expect(estadoAposEnvio('ENCAMINHAR', 5)).toBe(5);
    expect(estadoAposEnvio('ARQUIVAR', 6)).toBe(2);
  });
});

describe('avaliarConsistencia', () => {
  const ok = {
    impedimento: null,
    passoPermitido: true,
    temAssunto: true,
    quantidadePecas: 2,
    urgente: false,
    temDespachoPreparatorio: false,
  };

  it('nada a dizer de um documento em ordem', () => {
    expect(avaliarConsistencia(ok)).toEqual({ ERRO: [], ALERTA: [] });
  });

  it('ERRO: não detido ou não recebido, juntado, sem assunto, passo não permitido', () => {
    expect(avaliarConsistencia({ ...ok, impedimento: 'OUTRA_UNIDADE' }).ERRO).toEqual([T.naoRecebidoPelaUnidade]);
    expect(avaliarConsistencia({ ...ok, impedimento: 'NAO_RECEBIDO' }).ERRO).toEqual([T.receberAntes]);
    expect(avaliarConsistencia({ ...ok, impedimento: 'JUNTADO', temAssunto: false }).ERRO).toEqual([
      T.documentoJuntado,
      T.semAssunto,
    ]);
    expect(avaliarConsistencia({ ...ok, passoPermitido: false }).ERRO).toEqual([T.passoNaoPermitido]);
    // The unit's own impediment says it all; the step is not judged on top of it.
    expect(avaliarConsistencia({ ...ok, impedimento: 'JA_TRAMITADO', passoPermitido: false }).ERRO).toEqual([
      T.jaTramitado,
    ]);
  });

  it('ALERTA: sem peças, urgente, despacho preparatório salvo', () => {
    expect(avaliarConsistencia({ ...ok, quantidadePecas: 0, urgente: true, temDespachoPreparatorio: true })).toEqual({
      ERRO: [],
      ALERTA: [T.semPecas, T.urgente, T.despachoPreparatorioSalvo],
    });
  });
});

describe('pedeConfirmacaoSemPecas (spec §4 e §9)', () => {
  it('tipo 571 em criação e sem arquivos', () => {
    const doc = { idTipoDocumento: ID_TIPO_CONFIRMA_SEM_PECAS, situacao: 'EM_CRIACAO' };
    expect(ID_TIPO_CONFIRMA_SEM_PECAS).toBe(571);
    expect(pedeConfirmacaoSemPecas(doc, 0)).toBe(true);
    expect(pedeConfirmacaoSemPecas(doc, 1)).toBe(false);
    expect(pedeConfirmacaoSemPecas({ ...doc, situacao: 'RECEBIDO' }, 0)).toBe(false);
    expect(pedeConfirmacaoSemPecas({ ...doc, idTipoDocumento: 570 }, 0)).toBe(false);
  });
});

describe('envio', () => {
  it('padrões da especificação: despacho I, nível P', () => {
    expect(tramitarSchema.parse({ idPasso: 1, idDestino: 2 })).toEqual({
      idPasso: 1,
      idDestino: 2,
      tipoDespacho: 'I',
      nivelAcesso: 'P',
      idHipoteseLegal: null,
    });
  });

  it('restrito e sigiloso exigem hipótese legal', () => {
    for (const nivelAcesso of ['R', 'S'] as const) {
      const r = tramitarSchema.safeParse({ idPasso: 1, idDestino: 2, nivelAcesso });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(MENSAGENS.arquivos.hipoteseObrigatoria);
      expect(tramitarSchema.safeParse({ idPasso: 1, idDestino: 2, nivelAcesso, idHipoteseLegal: 3 }).success).toBe(
        true,
      );
    }
    expect(validarEnvio({ nivelAcesso: 'R', idHipoteseLegal: null })).toBe(MENSAGENS.arquivos.hipoteseObrigatoria);
    expect(validarEnvio({ nivelAcesso: 'P', idHipoteseLegal: null })).toBeNull();
  });

  it('desarquivar exige o motivo no despacho', () => {
    expect(validarEnvio({ nivelAcesso: 'P', idHipoteseLegal: null, tipoPasso: 'DESARQUIVAR', despacho: ' ' })).toBe(
      T.motivoDesarquivamento,
    );
    expect(
      validarEnvio({ nivelAcesso: 'P', idHipoteseLegal: null, tipoPasso: 'DESARQUIVAR', despacho: 'Vista' }),
    ).toBeNull();
    expect(validarEnvio({ nivelAcesso: 'P', idHipoteseLegal: null, tipoPasso: 'ENCAMINHAR' })).toBeNull();
  });

  it('despacho vazio vira nulo; ausente fica ausente (usa o salvo)', () => {
    expect(tramitarSchema.parse({ idPasso: 1, idDestino: 2, despacho: '  ' }).despacho).toBeNull();
    expect('despacho' in tramitarSchema.parse({ idPasso: 1, idDestino: 2 })).toBe(false);
  });

  it('salvar despacho pede ao menos um dos campos', () => {
    expect(salvarDespachoSchema.safeParse({}).success).toBe(false);
    expect(salvarDespachoSchema.parse({ despachoPreparatorio: 'Minuta' })).toEqual({ despachoPreparatorio: 'Minuta' });
  });

  it('lote: de 1 a 100 documentos', () => {
    const base = { idPasso: 1, idDestino: 2 };
    expect(tramitarLoteSchema.safeParse({ ...base, idsDocumentos: [] }).success).toBe(false);
    expect(tramitarLoteSchema.safeParse({ ...base, idsDocumentos: [1, 2] }).success).toBe(true);
    expect(
      tramitarLoteSchema.safeParse({ ...base, idsDocumentos: Array.from({ length: 101 }, (_, i) => i + 1) }).success,
    ).toBe(false);
  });
});

describe('histórico', () => {
  it('dias inteiros do calendário de Brasília entre despacho e recebimento, ou até agora', () => {
    expect(calcularDias('2025-03-10T12:00:00Z', '2025-03-12T13:00:00Z')).toBe(2);
    // 23:30 of the 9th in Brasília to 00:30 of the 10th: one calendar day.
    expect(calcularDias('2025-03-10T02:30:00Z', '2025-03-10T03:30:00Z')).toBe(1);
    expect(calcularDias('2025-03-10T12:00:00Z', null, new Date('2025-03-15T12:00:00Z'))).toBe(5);
  });

  it('despacho restrito: quem tem acesso irrestrito e as unidades de origem e destino', () => {
    const t = { nivelAcesso: 'R' as const, idUnidadeOrigem: 1, idUnidadeDestino: 2 };
    expect(podeVerDespacho({ ...t, nivelAcesso: 'P' }, null)).toBe(true);
    expect(podeVerDespacho(t, null)).toBe(false);
    expect(podeVerDespacho(t, { irrestrito: false, lotacoes: [3] })).toBe(false);
    expect(podeVerDespacho(t, { irrestrito: false, lotacoes: [3, 2] })).toBe(true);
    expect(podeVerDespacho(t, { irrestrito: false, lotacoes: [1] })).toBe(true);
    expect(podeVerDespacho({ ...t, nivelAcesso: 'S' }, { irrestrito: true, lotacoes: [] })).toBe(true);
  });
});
