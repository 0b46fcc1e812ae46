import { describe, expect, it } from 'vitest';
import {
  type Autuacao,
  autuacaoComRegrasSchema,
  autuacaoSchema,
  calcularPrazo,
  dataIsoValida,
  type FiltrosBusca,
  filtrosBuscaSchema,
  MARCADORES_MAXIMOS,
  motivoNaoEditavel,
  separarMarcadores,
  validarAutuacao,
  validarFiltrosBusca,
  validarMarcadores,
  visivelNaCaixaPostal,
} from './documentos.ts';
import { MENSAGENS } from './mensagens.ts';

const B = MENSAGENS.busca;
const CRIACAO = { dataCriacaoInicio: '2025-03-01', dataCriacaoFim: '2025-03-31' };
const ENVIO = { dataEnvioInicio: '2025-03-01', dataEnvioFim: '2025-03-31' };

const mensagemBusca = (...argumentos: Parameters<typeof validarFiltrosBusca>) =>
  validarFiltrosBusca(...argumentos)?.message ?? null;

describe('validarFiltrosBusca', () => {
  it.each([
    [{ dataEnvioInicio: '2025-03-01', numeroDocumento: '1' }, B.dataTramitacaoIncompleta, ['dataEnvioFim']],
    [{ dataEnvioFim: '2025-03-01', numeroDocumento: '1' }, B.dataTramitacaoIncompleta, ['dataEnvioInicio']],
    [{ dataCriacaoInicio: '2025-03-01', numeroDocumento: '1' }, B.dataCriacaoIncompleta, ['dataCriacaoFim']],
    [{ dataCriacaoFim: '2025-03-01', numeroDocumento: '1' }, B.dataCriacaoIncompleta, ['dataCriacaoInicio']],
    [{ dataEnvioInicio: '2025-03-02', dataEnvioFim: '2025-03-01' }, B.dataTramitacaoInvertida, ['dataEnvioFim']],
    [{ dataCriacaoInicio: '2025-03-02', dataCriacaoFim: '2025-03-01' }, B.dataCriacaoInvertida, ['dataCriacaoFim']],
    [{ tipoInteressado: 'A', numeroDocumento: '1' }, B.interessadoIncompleto, ['idInteressado']],
    [{ idInteressado: 7, numeroDocumento: '1' }, B.interessadoSemTipo, ['tipoInteressado']],
    [
      { tipoResponsavelTramitacao: 'UNIDADE', numeroDocumento: '1' },
      B.responsavelIncompleto,
      ['idResponsavelTramitacao'],
    ],
    [{ idResponsavelTramitacao: 7, numeroDocumento: '1' }, B.responsavelSemTipo, ['tipoResponsavelTramitacao']],
    [{ resumoAssunto: 'of', ...CRIACAO }, B.resumoCurto, ['resumoAssunto']],
    [{ resumoAssunto: '  of  ', ...CRIACAO }, B.resumoCurto, ['resumoAssunto']],
    [{ resumoAssunto: 'ofício', numeroDocumento: '1' }, B.resumoSemDatas, ['resumoAssunto']],
    [{}, B.nenhumFiltro, []],
    [{ idTipoDocumento: 1, idAssunto: 2, idProcedencia: 3, ordenacao: 'numero' }, B.nenhumFiltro, []],
    [{ numeroDocumento: '   ' }, B.nenhumFiltro, []],
    [{ idServidorLotadoProcedencia: 5 }, B.nenhumFiltro, []],
  ] as [FiltrosBusca, string, string[]][])('%j → %s, sobre %j', (filtros, mensagem, path) => {
    expect(validarFiltrosBusca(filtros)).toEqual({ path, message: mensagem });
  });

  it('confere na ordem da especificação: tramitação antes de criação, datas antes do resumo', () => {
    expect(mensagemBusca({ dataEnvioInicio: '2025-01-01', dataCriacaoInicio: '2025-01-01' })).toBe(
      B.dataTramitacaoIncompleta,
    );
    expect(mensagemBusca({ dataCriacaoInicio: '2025-01-01', tipoInteressado: 'A' })).toBe(B.dataCriacaoIncompleta);
    expect(mensagemBusca({ tipoInteressado: 'A', tipoResponsavelTramitacao: 'UNIDADE' })).toBe(B.interessadoIncompleto);
    expect(mensagemBusca({ resumoAssunto: 'ab' })).toBe(B.resumoCurto);
    expect(
      mensagemBusca({ dataEnvioInicio: '2025-02-01', dataEnvioFim: '2025-01-01', dataCriacaoInicio: '2025-01-01' }),
    ).toBe(B.dataTramitacaoInvertida);
  });

  it('aceita um período de um dia só (início igual ao fim)', () => {
    expect(mensagemBusca({ dataEnvioInicio: '2025-03-01', dataEnvioFim: '2025-03-01' })).toBeNull();
    expect(mensagemBusca({ dataCriacaoInicio: '2025-03-01', dataCriacaoFim: '2025-03-01' })).toBeNull();
  });

  it.each([
    [{ numeroDocumento: '23546' }],
    [CRIACAO],
    [ENVIO],
    [{ tipoInteressado: 'A', idInteressado: 7 }],
    [{ tipoResponsavelTramitacao: 'SERVIDOR', idResponsavelTramitacao: 7 }],
    [{ resumoAssunto: 'ofício', ...CRIACAO }],
    [{ resumoAssunto: 'ofício', ...ENVIO }],
    [{ resumoAssunto: 'abc', ...ENVIO, idTipoDocumento: 3 }],
  ] as [FiltrosBusca][])('aceita %j', (filtros) => {
    expect(mensagemBusca(filtros)).toBeNull();
  });

  it('na busca do usuário, o servidor das unidades de procedência também é um grupo de filtros', () => {
    expect(mensagemBusca({}, { usuarioEspecifico: true })).toBe(B.nenhumFiltroUsuario);
    expect(mensagemBusca({ idProcedencia: 3 }, { usuarioEspecifico: true })).toBe(B.nenhumFiltroUsuario);
    expect(mensagemBusca({ idServidorLotadoProcedencia: 5 }, { usuarioEspecifico: true })).toBeNull();
    expect(mensagemBusca({ idServidorLotadoProcedencia: -1 }, { usuarioEspecifico: true })).toBeNull();
    expect(mensagemBusca({ numeroDocumento: '1' }, { usuarioEspecifico: true })).toBeNull();
  });
});

describe('filtrosBuscaSchema', () => {
  it('converte a query string e aplica os padrões de paginação e direção', () => {
    expect(filtrosBuscaSchema.parse({ idTipoDocumento: '3', idServidorLotadoProcedencia: '-1', pagina: '2' })).toEqual({
      idTipoDocumento: 3,
      idServidorLotadoProcedencia: -1,
      pagina: 2,
      tamanhoPagina: 20,
      direcao: 'desc',
    });
  });

  it('limita a página a 100 linhas e recusa datas que não existem', () => {
    expect(filtrosBuscaSchema.safeParse({ tamanhoPagina: '100' }).success).toBe(true);
    expect(filtrosBuscaSchema.safeParse({ tamanhoPagina: '101' }).success).toBe(false);
    const data = filtrosBuscaSchema.safeParse({ dataCriacaoInicio: '2025-02-29' });
    expect(data.success).toBe(false);
    expect(data.error?.issues[0]?.message).toBe(B.dataInvalida);
    expect(filtrosBuscaSchema.safeParse({ dataCriacaoInicio: '2024-02-29' }).success).toBe(true);
    expect(filtrosBuscaSchema.safeParse({ ordenacao: 'qualquer' }).success).toBe(false);
  });
});

describe('dataIsoValida', () => {
  it.each([
    ['2025-01-31', true],
    ['2024-02-29', true],
    ['2025-02-29', false],
    ['2025-13-01', false],
    ['2025-1-01', false],
    ['01/03/2025', false],
    ['2025-03-01T00:00:00Z', false],
  ])('%s → %s', (texto, valida) => {
    expect(dataIsoValida(texto)).toBe(valida);
  });
});

const autuacao = (extra: Partial<Autuacao> = {}): Autuacao =>
  autuacaoSchema.parse({ idTipoDocumento: 1, idProcedencia: 2, idAssunto: 3, resumoAssunto: 'Resumo', ...extra });

const CAMPOS_ORIGEM = [
  'numeroDocumentoOrigem',
  'emissorDocumentoOrigem',
  'dataDocumentoOrigem',
  'dataRecebimento',
] as const;

describe('validarAutuacao', () => {
  it('aceita a autuação mínima, com os padrões de origem nato-digital e tamanho normal', () => {
    const minima = autuacao();
    expect(minima).toMatchObject({ origem: 4, volumoso: false, urgente: false, tipoInteressado: null });
    expect(validarAutuacao(minima)).toEqual([]);
  });

  it.each([
    [{ numeroDocumentoOrigem: 'OF-1' }],
    [{ dataDocumentoOrigem: '2025-01-01' }],
    [{ dataRecebimento: '2025-01-02' }],
    [{ emissorDocumentoOrigem: 'UFEX' }],
    [{ numeroDocumentoOrigem: 'OF-1', dataDocumentoOrigem: '2025-01-01', dataRecebimento: '2025-01-02' }],
    [
      {
        numeroDocumentoOrigem: '  ',
        dataDocumentoOrigem: '2025-01-01',
        dataRecebimento: '2025-01-02',
        emissorDocumentoOrigem: 'UFEX',
      },
    ],
  ] as Partial<Autuacao>[][])('exige os quatro campos do documento de origem: %j', (extra) => {
    const problemas = validarAutuacao(autuacao(extra));
    const vazios = CAMPOS_ORIGEM.filter((campo) => !autuacao(extra)[campo]?.trim());
    expect(problemas).toEqual(
      vazios.map((campo) => ({ path: [campo], message: MENSAGENS.autuacao.documentoOrigemIncompleto })),
    );
  });

  it('aceita o documento de origem completo', () => {
    const completo = {
      numeroDocumentoOrigem: 'OF-1',
      dataDocumentoOrigem: '2025-01-01',
      dataRecebimento: '2025-01-02',
      emissorDocumentoOrigem: 'UFEX',
    };
    expect(validarAutuacao(autuacao(completo))).toEqual([]);
  });

  it('recusa o recebimento antes da data do documento de origem, sobre a data de recebimento', () => {
    const origem = { numeroDocumentoOrigem: 'OF-1', emissorDocumentoOrigem: 'UFEX', dataDocumentoOrigem: '2025-01-10' };
    expect(validarAutuacao(autuacao({ ...origem, dataRecebimento: '2025-01-09' }))).toEqual([
      { path: ['dataRecebimento'], message: MENSAGENS.autuacao.recebimentoAntesDoDocumento },
    ]);
    expect(validarAutuacao(autuacao({ ...origem, dataRecebimento: '2025-01-10' }))).toEqual([]);
  });

  it('exige o motivo da urgência só de documento urgente', () => {
    const semMotivo = [{ path: ['motivoUrgencia'], message: MENSAGENS.autuacao.urgenteSemMotivo }];
    expect(validarAutuacao(autuacao({ urgente: true }))).toEqual(semMotivo);
    expect(validarAutuacao(autuacao({ urgente: true, motivoUrgencia: '   ' }))).toEqual(semMotivo);
    expect(validarAutuacao(autuacao({ urgente: true, motivoUrgencia: 'Prazo judicial' }))).toEqual([]);
    expect(validarAutuacao(autuacao({ urgente: false, motivoUrgencia: 'sobra' }))).toEqual([]);
  });

  it('exige tipo e interessado juntos', () => {
    const message = MENSAGENS.busca.interessadoIncompleto;
    expect(validarAutuacao(autuacao({ tipoInteressado: 'A' }))).toEqual([{ path: ['idInteressado'], message }]);
    expect(validarAutuacao(autuacao({ idInteressado: 9 }))).toEqual([{ path: ['tipoInteressado'], message }]);
    expect(validarAutuacao(autuacao({ tipoInteressado: 'A', idInteressado: 9 }))).toEqual([]);
  });

  it('confere o documento de origem antes da urgência', () => {
    expect(validarAutuacao(autuacao({ urgente: true, emissorDocumentoOrigem: 'UFEX' }))[0]?.message).toBe(
      MENSAGENS.autuacao.documentoOrigemIncompleto,
    );
    expect(validarAutuacao(autuacao({ urgente: true, emissorDocumentoOrigem: 'UFEX' }))).toHaveLength(3);
  });

  it('o esquema com as regras põe cada regra no seu campo, depois das mensagens do próprio campo', () => {
    const { resumoAssunto: _, ...semResumo } = autuacao({ urgente: true });
    const issues = autuacaoComRegrasSchema.safeParse({ ...semResumo, motivoUrgencia: null }).error?.issues;
    expect(issues?.map(({ path, message }) => ({ path, message }))).toEqual([
      { path: ['resumoAssunto'], message: 'Informe o resumo do assunto' },
      { path: ['motivoUrgencia'], message: MENSAGENS.autuacao.urgenteSemMotivo },
    ]);
    expect(autuacaoComRegrasSchema.safeParse(autuacao({ urgente: true, motivoUrgencia: 'Prazo' })).success).toBe(true);
  });

  it('o esquema recusa tipo de interessado desconhecido e campos obrigatórios ausentes, com mensagens', () => {
    expect(autuacaoSchema.safeParse({ ...autuacao(), tipoInteressado: 'Z' }).success).toBe(false);
    const vazio = autuacaoSchema.safeParse({});
    expect(vazio.error?.issues.map((i) => i.message)).toEqual(
      expect.arrayContaining(['Informe o tipo de documento', 'Informe a unidade de procedência', 'Informe o assunto']),
    );
    expect(autuacaoSchema.safeParse({ ...autuacao(), resumoAssunto: '  ' }).error?.issues[0]?.message).toBe(
      'Informe o resumo do assunto',
    );
  });
});

describe('motivoNaoEditavel', () => {
  it.each([
    ['EM_CRIACAO', { '2001': 6, '32002': 4 }, null],
    ['EM_CRIACAO', { '2001': 6, '32002': 3 }, null],
    ['RECEBIDO', { '2001': 6, '32002': 4 }, null],
    ['EM_CRIACAO', { '2001': 1, '32002': 3 }, null],
    ['RECEBIDO', { '2001': 1, '32002': 4 }, MENSAGENS.autuacao.apenasEmCriacao],
    ['ENVIADO', { '2001': 2, '32002': 1 }, MENSAGENS.autuacao.apenasEmCriacao],
    ['EM_CRIACAO', { '2001': 6, '32002': 1 }, MENSAGENS.autuacao.apenasNatoDigitais],
    ['EM_CRIACAO', { '2001': 6, '32002': 2 }, MENSAGENS.autuacao.apenasNatoDigitais],
    ['EM_CRIACAO', { '2001': 6 }, MENSAGENS.autuacao.apenasNatoDigitais],
  ] as const)('%s %j → %s', (situacao, estado, motivo) => {
    expect(motivoNaoEditavel({ situacao, estado })).toBe(motivo);
  });
});

describe('calcularPrazo', () => {
  it('sem envio não há prazo', () => {
    expect(calcularPrazo(null)).toBeNull();
  });

  it('conta dias inteiros do calendário, aceitando data ou texto ISO', () => {
    const agora = new Date('2025-03-20T15:00:00Z');
    expect(calcularPrazo('2025-03-20T12:00:00Z', agora)).toBe(0);
    expect(calcularPrazo(new Date('2025-03-17T20:00:00Z'), agora)).toBe(3);
    expect(calcularPrazo('2025-02-28T12:00:00Z', agora)).toBe(20);
  });

  it('vira o dia à meia-noite de Brasília, não de UTC', () => {
    // 23:30 of 09/03 in Brasília is 02:30 of 10/03 in UTC.
    const envio = '2025-03-10T02:30:00Z';
    expect(calcularPrazo(envio, new Date('2025-03-10T02:59:59Z'))).toBe(0);
    expect(calcularPrazo(envio, new Date('2025-03-10T03:00:00Z'))).toBe(1);
    // 22:00 in Brasília the same UTC day later: still the same local day as a 10:00 sending.
    expect(calcularPrazo('2025-03-10T13:00:00Z', new Date('2025-03-11T01:00:00Z'))).toBe(0);
  });

  it('nunca é negativo (relógios fora de sincronia)', () => {
    expect(calcularPrazo('2025-03-12T12:00:00Z', new Date('2025-03-10T12:00:00Z'))).toBe(0);
  });
});

describe('visivelNaCaixaPostal', () => {
  it('estado 32007 ausente ou 1 é visível; 2 é oculto', () => {
    expect(visivelNaCaixaPostal({ '2001': 1 })).toBe(true);
    expect(visivelNaCaixaPostal({ '32007': 1 })).toBe(true);
    expect(visivelNaCaixaPostal({ '32007': 2 })).toBe(false);
  });
});

describe('marcadores', () => {
  it('separa por vírgula, apara, descarta vazios e repetidos (sem diferenciar caixa)', () => {
    expect(separarMarcadores(' urgente, férias ,, Urgente,prazo ')).toEqual(['urgente', 'férias', 'prazo']);
    expect(separarMarcadores('')).toEqual([]);
    expect(separarMarcadores(' , ,')).toEqual([]);
  });

  it('limita o tamanho de cada marcador e a quantidade', () => {
    expect(validarMarcadores('')).toBeNull();
    expect(validarMarcadores('é'.repeat(60))).toBeNull();
    expect(validarMarcadores(`a, ${'b'.repeat(61)}`)).toBe(MENSAGENS.documento.marcadorLongo);
    const muitos = (n: number) => Array.from({ length: n }, (_, i) => `m${i}`).join(',');
    expect(validarMarcadores(muitos(MARCADORES_MAXIMOS))).toBeNull();
    expect(validarMarcadores(muitos(MARCADORES_MAXIMOS + 1))).toBe(MENSAGENS.documento.marcadoresDemais);
    // Repeated tags count once.
    expect(validarMarcadores(`${muitos(MARCADORES_MAXIMOS)},m0,M1`)).toBeNull();
  });
});
