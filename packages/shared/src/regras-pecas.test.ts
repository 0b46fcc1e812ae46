import { describe, expect, it } from 'vitest';
import { MENSAGENS } from './mensagens.ts';
import {
  type DocumentoVisibilidade,
  type LeitorPeca,
  limitarSequencial,
  limitesSequencial,
  motivoSemAlteracaoPecas,
  moverPeca,
  numeroPeca,
  type PecaOrdenavel,
  type PecaVisibilidade,
  pecaListavel,
  podeVisualizarPeca,
  renumerar,
  rotuloPassoFluxo,
} from './regras-pecas.ts';

const A = MENSAGENS.arquivos;

/** Peças 1..n; `enviadas` lists the positions with situacaoTramitacao T. Ids are 10, 20, 30... */
function pecas(n: number, enviadas: number[] = []): PecaOrdenavel[] {
  return Array.from({ length: n }, (_, i) => ({
    id: (i + 1) * 10,
    sequencial: i + 1,
    situacaoTramitacao: enviadas.includes(i + 1) ? 'T' : null,
  }));
}

/** The ids in their new order. */
const ordemApos = (numeracao: { id: number; sequencial: number }[]) =>
  [...numeracao].sort((a, b) => a.sequencial - b.sequencial).map((p) => p.id);

describe('limites do número de sequência (spec §4)', () => {
  it.each([
    // [peças, posições com T, mínimo, máximo]
    [5, [], 1, 5],
    [1, [], 1, 1],
    [0, [], 1, 1],
    [5, [1, 2, 3], 1, 3],
    [5, [2, 4], 2, 4],
    [5, [5], 5, 5],
    [5, [1, 2, 3, 4, 5], 1, 5],
    [4, [3], 3, 3],
  ])('%i peças, T em %j → %i..%i', (n, enviadas, minimo, maximo) => {
    expect(limitesSequencial(pecas(n, enviadas))).toEqual({ minimo, maximo });
  });

  it.each([
    // [peças, T, pedido, resultado]
    [5, [], 3, 3],
    [5, [], 0, 1],
    [5, [], -7, 1],
    [5, [], 9, 5],
    [5, [], 2.7, 2],
    [5, [1, 2, 3], 5, 3],
    [5, [1, 2, 3], 1, 1],
    [5, [2, 4], 1, 2],
    [5, [2, 4], 3, 3],
    [5, [2, 4], 5, 4],
    [5, [5], 1, 5],
  ])('%i peças, T em %j: pedido %d → %i', (n, enviadas, pedido, resultado) => {
    expect(limitarSequencial(pedido, pecas(n, enviadas))).toBe(resultado);
  });

  it('os limites vêm da ordem das peças ativas, quaisquer que sejam os números gravados', () => {
    const desordenadas: PecaOrdenavel[] = [
      { id: 3, sequencial: 7, situacaoTramitacao: 'T' },
      { id: 1, sequencial: 2, situacaoTramitacao: null },
      { id: 2, sequencial: 5, situacaoTramitacao: 'T' },
    ];
    expect(limitesSequencial(desordenadas)).toEqual({ minimo: 2, maximo: 3 });
  });
});

describe('moverPeca', () => {
  it.each([
    // [peças, T, peça (posição), destino pedido, ordem resultante (ids), onde caiu]
    [5, [], 1, 3, [20, 30, 10, 40, 50], 3],
    [5, [], 4, 2, [10, 40, 20, 30, 50], 2],
    [5, [], 5, 1, [50, 10, 20, 30, 40], 1],
    [5, [], 1, 5, [20, 30, 40, 50, 10], 5],
    [5, [], 3, 3, [10, 20, 30, 40, 50], 3],
    [5, [], 2, 99, [10, 30, 40, 50, 20], 5],
    [5, [], 4, 0, [40, 10, 20, 30, 50], 1],
    [5, [1, 2, 3], 5, 1, [50, 10, 20, 30, 40], 1],
    [5, [1, 2, 3], 1, 5, [20, 30, 10, 40, 50], 3],
    [5, [2, 3], 5, 1, [10, 50, 20, 30, 40], 2],
  ])('%i peças, T em %j: move a %iª para %i', (n, enviadas, posicao, pedido, ordem, caiu) => {
    const lista = pecas(n, enviadas);
    const resultado = moverPeca(lista, posicao * 10, pedido);
    expect(resultado.sequencial).toBe(caiu);
    expect(ordemApos(resultado.numeracao)).toEqual(ordem);
    expect(resultado.numeracao.map((p) => p.sequencial).sort((a, b) => a - b)).toEqual(
      Array.from({ length: n }, (_, i) => i + 1),
    );
  });

  it('recusa uma peça que não está entre as ativas', () => {
    expect(() => moverPeca(pecas(3), 99, 1)).toThrow();
  });

  it('muitas movimentações seguidas mantêm 1..n sem repetição', () => {
    let lista = pecas(8, [2, 6]);
    for (const [id, destino] of [
      [10, 8],
      [80, 1],
      [40, 4],
      [30, 2],
      [70, 7],
    ] as const) {
      const { numeracao } = moverPeca(lista, id, destino);
      lista = numeracao.map((p) => ({
        ...p,
        situacaoTramitacao: lista.find((x) => x.id === p.id)?.situacaoTramitacao ?? null,
      }));
      expect(lista.map((p) => p.sequencial).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    }
  });
});

describe('renumerar', () => {
  it('fecha a lacuna deixada por uma peça excluída ou cancelada', () => {
    const restantes = pecas(5).filter((p) => p.id !== 20);
    expect(renumerar(restantes)).toEqual([
      { id: 10, sequencial: 1 },
      { id: 30, sequencial: 2 },
      { id: 40, sequencial: 3 },
      { id: 50, sequencial: 4 },
    ]);
  });

  it('desempata pelo id', () => {
    expect(
      renumerar([
        { id: 9, sequencial: 2, situacaoTramitacao: null },
        { id: 4, sequencial: 2, situacaoTramitacao: null },
        { id: 1, sequencial: 1, situacaoTramitacao: null },
      ]),
    ).toEqual([
      { id: 1, sequencial: 1 },
      { id: 4, sequencial: 2 },
      { id: 9, sequencial: 3 },
    ]);
  });

  it('sem peças, não responde nada', () => {
    expect(renumerar([])).toEqual([]);
  });
});

describe('visibilidade (spec §6)', () => {
  const UNIDADE = 7;
  const OUTRA = 8;
  const PESSOA = 70;
  const base: DocumentoVisibilidade = {
    situacao: 'RECEBIDO',
    idUnidadeAtual: UNIDADE,
    estadoProcessamento: 1,
    quantidadeTramitacoes: 3,
    idPessoaInteressado: PESSOA,
    raiz: null,
  };
  const doc = (extra: Partial<DocumentoVisibilidade>): DocumentoVisibilidade => ({ ...base, ...extra });

  const anonimo: LeitorPeca = null;
  const outraUnidade: LeitorPeca = { idUnidadeAtual: OUTRA, idPessoa: 1, irrestrito: false };
  const daUnidade: LeitorPeca = { idUnidadeAtual: UNIDADE, idPessoa: 1, irrestrito: false };
  const semUnidade: LeitorPeca = { idUnidadeAtual: null, idPessoa: 1, irrestrito: false };
  const interessado: LeitorPeca = { idUnidadeAtual: OUTRA, idPessoa: PESSOA, irrestrito: false };
  const semPessoa: LeitorPeca = { idUnidadeAtual: OUTRA, idPessoa: null, irrestrito: false };
  const irrestrito: LeitorPeca = { idUnidadeAtual: OUTRA, idPessoa: 2, irrestrito: true };

  const P: PecaVisibilidade = { nivelAcesso: 'P', situacaoVinculo: null };
  const R: PecaVisibilidade = { nivelAcesso: 'R', situacaoVinculo: null };
  const S: PecaVisibilidade = { nivelAcesso: 'S', situacaoVinculo: null };
  const M: PecaVisibilidade = { nivelAcesso: 'P', situacaoVinculo: 'M' };
  const D: PecaVisibilidade = { nivelAcesso: 'P', situacaoVinculo: 'D' };
  const RD: PecaVisibilidade = { nivelAcesso: 'R', situacaoVinculo: 'D' };

  it.each([
    // public peças: everyone
    ['P, anônimo', P, base, anonimo, true],
    ['P, outra unidade', P, base, outraUnidade, true],
    // anonymous never gets a restricted file
    ['R, anônimo', R, base, anonimo, false],
    ['M, anônimo', M, base, anonimo, false],
    ['D, anônimo', D, base, anonimo, false],
    ['R, anônimo, primeiro movimento', R, doc({ quantidadeTramitacoes: 0 }), anonimo, false],
    // VISUALIZACAO_IRRESTRITA_PECAS
    ['R, irrestrito', R, base, irrestrito, true],
    ['S, irrestrito', S, base, irrestrito, true],
    ['M, irrestrito', M, base, irrestrito, true],
    ['RD, irrestrito', RD, base, irrestrito, true],
    // another unit, no permission
    ['R, outra unidade', R, base, outraUnidade, false],
    ['D, outra unidade', D, base, outraUnidade, false],
    ['R, sem unidade atual', R, base, semUnidade, false],
    // the unit holding the document, RECEBIDO or EM_CRIACAO
    ['R, unidade com o documento RECEBIDO', R, base, daUnidade, true],
    // ... but desmembradas and desentranhadas only with VISUALIZACAO_IRRESTRITA_PECAS (spec §6)
    ['M, unidade com o documento RECEBIDO', M, base, daUnidade, false],
    ['D, unidade com o documento RECEBIDO', D, base, daUnidade, false],
    ['RD, unidade com o documento RECEBIDO', RD, base, daUnidade, false],
    ['R, unidade com o documento EM_CRIACAO', R, doc({ situacao: 'EM_CRIACAO' }), daUnidade, true],
    ['R, documento ENVIADO pela unidade', R, doc({ situacao: 'ENVIADO' }), daUnidade, false],
    ['R, documento juntado (E) na unidade', R, doc({ situacao: 'E' }), daUnidade, false],
    ['S, unidade com o documento', S, base, daUnidade, false],
    // ... or holding its root
    [
      'R, raiz RECEBIDA na unidade',
      R,
      doc({ situacao: 'E', idUnidadeAtual: OUTRA, raiz: { situacao: 'RECEBIDO', idUnidadeAtual: UNIDADE } }),
      daUnidade,
      true,
    ],
    [
      'R, raiz EM_CRIACAO na unidade',
      R,
      doc({ situacao: 'E', raiz: { situacao: 'EM_CRIACAO', idUnidadeAtual: UNIDADE } }),
      daUnidade,
      true,
    ],
    [
      'R, raiz ENVIADA',
      R,
      doc({ situacao: 'E', raiz: { situacao: 'ENVIADO', idUnidadeAtual: UNIDADE } }),
      daUnidade,
      false,
    ],
    [
      'R, raiz em outra unidade',
      R,
      doc({ situacao: 'E', idUnidadeAtual: OUTRA, raiz: { situacao: 'RECEBIDO', idUnidadeAtual: OUTRA } }),
      daUnidade,
      false,
    ],
    // the interested person
    ['R, interessado, sem tramitação', R, doc({ quantidadeTramitacoes: 0 }), interessado, true],
    ['R, interessado, primeiro movimento', R, doc({ quantidadeTramitacoes: 1 }), interessado, true],
    ['R, interessado, segundo movimento', R, doc({ quantidadeTramitacoes: 2 }), interessado, false],
    ['R, interessado, arquivado (2001=2)', R, doc({ estadoProcessamento: 2 }), interessado, true],
    ['R, interessado, concluído (2001=3)', R, doc({ estadoProcessamento: 3 }), interessado, true],
    ['R, interessado, cancelado (2001=4)', R, doc({ estadoProcessamento: 4 }), interessado, false],
    ['D, interessado, primeiro movimento', D, doc({ quantidadeTramitacoes: 1 }), interessado, false],
    ['M, interessado, arquivado (2001=2)', M, doc({ estadoProcessamento: 2 }), interessado, false],
    ['S, interessado, primeiro movimento', S, doc({ quantidadeTramitacoes: 1 }), interessado, false],
    ['R, usuário sem pessoa', R, doc({ quantidadeTramitacoes: 0, idPessoaInteressado: null }), semPessoa, false],
    ['R, outra pessoa', R, doc({ quantidadeTramitacoes: 0 }), outraUnidade, false],
  ] as const)('%s → %s', (_caso, peca, documento, leitor, esperado) => {
    expect(podeVisualizarPeca(peca, documento, leitor)).toBe(esperado);
  });

  it.each([
    [P, anonimo, true],
    [R, anonimo, true],
    [M, outraUnidade, true],
    [S, anonimo, false],
    [S, daUnidade, false],
    [S, irrestrito, true],
  ] as const)('pecaListavel(%j, %j) → %s', (peca, leitor, esperado) => {
    expect(pecaListavel(peca, leitor)).toBe(esperado);
  });
});

describe('rotuloPassoFluxo (spec §6)', () => {
  const hipotese = 'Informação pessoal (Art. 31 da Lei nº 12.527/2011)';
  it.each([
    // [nível, vínculo, passo, hipótese, irrestrito, rótulo]
    ['P', null, 'Encaminhar para análise', null, false, 'Encaminhar para análise'],
    ['P', null, 'Encaminhar para análise', null, true, 'Encaminhar para análise'],
    ['P', null, null, null, false, null],
    ['R', null, 'Encaminhar para análise', hipotese, true, 'Encaminhar para análise - RESTRITO'],
    ['R', null, 'Encaminhar para análise', hipotese, false, `RESTRITO - Motivo: ${hipotese}`],
    ['R', null, 'Encaminhar para análise', null, false, 'RESTRITO'],
    ['R', null, null, hipotese, true, 'RESTRITO'],
    ['S', null, 'Encaminhar', hipotese, true, 'Encaminhar - RESTRITO'],
    ['P', 'M', 'Encaminhar', null, true, 'Encaminhar - DESMEMBRADA'],
    ['P', 'M', 'Encaminhar', null, false, 'DESMEMBRADA'],
    ['P', 'D', 'Encaminhar', null, true, 'Encaminhar - DESENTRANHADA'],
    ['P', 'D', 'Encaminhar', null, false, 'DESENTRANHADA'],
    ['R', 'D', 'Encaminhar', hipotese, false, 'DESENTRANHADA'],
    ['P', 'M', null, null, true, 'DESMEMBRADA'],
  ] as const)(
    '%s/%s passo %s, irrestrito %s',
    (nivelAcesso, situacaoVinculo, passo, hipoteseLegal, irrestrito, rotulo) => {
      expect(
        rotuloPassoFluxo({ nivelAcesso, situacaoVinculo, passo, descricaoHipoteseLegal: hipoteseLegal }, irrestrito),
      ).toBe(rotulo);
    },
  );

  it('usa o prefixo da especificação', () => {
    expect(
      rotuloPassoFluxo({ nivelAcesso: 'R', situacaoVinculo: null, passo: 'x', descricaoHipoteseLegal: 'y' }, false),
    ).toBe(`${A.prefixoRestrito}y`);
  });
});

describe('quem altera as peças', () => {
  it.each([
    [{ situacao: 'RECEBIDO', idUnidadeAtual: 1, estadoProcessamento: 1 }, 1, null],
    [{ situacao: 'RECEBIDO', idUnidadeAtual: 1, estadoProcessamento: 5 }, 1, null],
    [{ situacao: 'EM_CRIACAO', idUnidadeAtual: 1, idUnidadeCriadora: 1, estadoProcessamento: 6 }, 1, null],
    [{ situacao: 'RECEBIDO', idUnidadeAtual: 1 }, 2, A.apenasUnidadeAtual],
    [{ situacao: 'RECEBIDO', idUnidadeAtual: 1 }, null, A.apenasUnidadeAtual],
    [{ situacao: 'ENVIADO', idUnidadeAtual: 1 }, 1, A.documentoNaoRecebido],
    [{ situacao: 'E', idUnidadeAtual: 1 }, 1, A.documentoNaoRecebido],
    [{ situacao: 'T', idUnidadeAtual: 1 }, 1, A.documentoNaoRecebido],
    [{ situacao: 'EM_CRIACAO', idUnidadeAtual: 1, idUnidadeCriadora: 3 }, 1, A.documentoNaoRecebido],
    [{ situacao: 'RECEBIDO', idUnidadeAtual: 1, estadoProcessamento: 2 }, 1, A.documentoEncerrado],
    [{ situacao: 'RECEBIDO', idUnidadeAtual: 1, estadoProcessamento: 3 }, 1, A.documentoEncerrado],
    [{ situacao: 'RECEBIDO', idUnidadeAtual: 1, estadoProcessamento: 4 }, 1, A.documentoEncerrado],
  ])('%j, unidade %s → %s', (documento, unidade, motivo) => {
    expect(motivoSemAlteracaoPecas(documento, unidade)).toBe(motivo);
  });
});

describe('numeroPeca', () => {
  it('numera só as peças ativas: uma cancelada não mostra o número que a seguinte herdou', () => {
    // Peça 2 desentranhada: the server gave 2 to the former peça 3; the cancelled one still holds 2 in sequencial.
    const lista = [
      { sequencial: 1, situacaoVinculo: null },
      { sequencial: 2, situacaoVinculo: 'D' as const },
      { sequencial: 2, situacaoVinculo: null },
      { sequencial: 3, situacaoVinculo: 'M' as const },
      { sequencial: 3, situacaoVinculo: null },
    ];
    expect(lista.map(numeroPeca)).toEqual([1, null, 2, null, 3]);
  });
});
