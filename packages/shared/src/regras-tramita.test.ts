import { describe, expect, it } from 'vitest';
import { MENSAGENS } from './mensagens.ts';
import {
  avaliarVerificacaoTramita,
  type EspecieTramita,
  especieDaPeca,
  formatoPadraoPen,
  limiteDoDestino,
  MIME_TYPES_PEN,
  type PecaVerificacaoTramita,
  type SituacaoVerificacaoTramita,
} from './regras-tramita.ts';
import {
  CODIGOS_ALERTA_VERIFICACAO_TRAMITA,
  CODIGOS_ERRO_VERIFICACAO_TRAMITA,
  verificacaoTramitaSchema,
} from './tramita.ts';

const V = MENSAGENS.tramita.verificacao;
const MIB = 1024 * 1024;

const OFICIO: EspecieTramita = { codigo: 11, nome: 'Ofício', ativa: true };
const ANEXO: EspecieTramita = { codigo: 43, nome: 'Anexo', ativa: true };
const PARECER: EspecieTramita = { codigo: 27, nome: 'Parecer', ativa: true };
const inativa = (especie: EspecieTramita): EspecieTramita => ({ ...especie, ativa: false });

function peca(campos: Partial<PecaVerificacaoTramita> = {}): PecaVerificacaoTramita {
  const sequencial = campos.sequencial ?? 1;
  return {
    sequencial,
    nome: `peca-${sequencial}.pdf`,
    situacaoVinculo: null,
    nivelAcesso: 'P',
    hipotese: null,
    especieOriginal: null,
    tipoDocumento: { descricao: 'Ofício', especie: OFICIO },
    tamanho: 200 * 1024,
    mimeType: 'application/pdf',
    sha256: `${sequencial}`.padStart(64, '0'),
    ordemOriginal: null,
    ...campos,
  };
}

const AGORA = new Date('2026-03-10T15:00:00Z');
const ATIVA = {
  ativa: true,
  certificadoValidoAte: new Date('2027-01-01T00:00:00Z'),
  tamanhoMaximoComponenteMb: 100,
  especiePadrao: null,
} as const;

/** A process any destination would take: every check passes. */
function situacao(campos: Partial<SituacaoVerificacaoTramita> = {}): SituacaoVerificacaoTramita {
  return {
    agora: AGORA,
    configuracao: ATIVA,
    impedimento: null,
    tramiteExterno: null,
    unidade: { sigla: 'PROGEP', estrutura: { numero: 100, envia: true } },
    destino: { numeroEstrutura: 200, nome: 'Reitoria da UFX', ativo: true, aptoParaReceberTramites: true },
    descricao: 'Pedido de redistribuição',
    quantidadeInteressados: 1,
    pecas: [peca({ sequencial: 1 }), peca({ sequencial: 2 })],
    enviosEmAndamento: [],
    recebidoDoPen: null,
    limitesDestino: [],
    recusasAnteriores: [],
    ...campos,
  };
}

const codigos = (s: SituacaoVerificacaoTramita) => {
  const { ERRO, ALERTA } = avaliarVerificacaoTramita(s);
  return { ERRO: ERRO.map((i) => i.codigo), ALERTA: ALERTA.map((i) => i.codigo) };
};

describe('avaliarVerificacaoTramita (desenho §2.2)', () => {
  it('situação limpa: nenhum item, e a resposta tem a forma do esquema', () => {
    const resultado = avaliarVerificacaoTramita(situacao());
    expect(resultado).toEqual({ ERRO: [], ALERTA: [] });
    expect(verificacaoTramitaSchema.parse(resultado)).toEqual(resultado);
  });

  it('NAO_CONFIGURADO: sem configuração ativa, só esse erro (nada mais é olhado)', () => {
    const resultado = avaliarVerificacaoTramita(
      situacao({ configuracao: { ativa: false }, quantidadeInteressados: 0, pecas: [] }),
    );
    expect(resultado).toEqual({ ERRO: [{ codigo: 'NAO_CONFIGURADO', mensagem: V.naoConfigurado }], ALERTA: [] });
  });

  it('CERTIFICADO_VENCIDO: vencido, ou vencendo em menos de um dia; com um dia de folga, nada', () => {
    const vencido = avaliarVerificacaoTramita(
      situacao({ configuracao: { ...ATIVA, certificadoValidoAte: new Date('2026-03-01T13:30:00Z') } }),
    );
    expect(vencido.ERRO).toEqual([
      { codigo: 'CERTIFICADO_VENCIDO', mensagem: V.certificadoVencido('01/03/2026 10:30') },
    ]);
    const vencendo = avaliarVerificacaoTramita(
      situacao({ configuracao: { ...ATIVA, certificadoValidoAte: new Date('2026-03-11T14:59:59Z') } }),
    );
    expect(vencendo.ERRO).toEqual([
      { codigo: 'CERTIFICADO_VENCIDO', mensagem: V.certificadoVencendo('11/03/2026 11:59') },
    ]);
    const folga = situacao({ configuracao: { ...ATIVA, certificadoValidoAte: new Date('2026-03-11T15:00:00Z') } });
    expect(codigos(folga).ERRO).toEqual([]);
  });

  it('IMPEDIDO: a mensagem do impedimento interno', () => {
    expect(avaliarVerificacaoTramita(situacao({ impedimento: 'SOBRESTADO' })).ERRO).toEqual([
      { codigo: 'IMPEDIDO', mensagem: MENSAGENS.sobrestamento.documentoSobrestado },
    ]);
    expect(avaliarVerificacaoTramita(situacao({ impedimento: 'JUNTADO' })).ERRO[0]?.mensagem).toBe(
      MENSAGENS.tramitacao.documentoJuntado,
    );
  });

  it('TRAMITE_EM_ANDAMENTO: trâmite vivo (0–5, 8) com a situação; concluído, cancelado ou recusado com ciência, não', () => {
    for (const vivo of [0, 1, 2, 3, 4, 5, 8]) {
      expect(codigos(situacao({ tramiteExterno: { situacao: vivo } })).ERRO).toEqual(['TRAMITE_EM_ANDAMENTO']);
    }
    expect(avaliarVerificacaoTramita(situacao({ tramiteExterno: { situacao: 2 } })).ERRO[0]?.mensagem).toBe(
      V.tramiteEmAndamento('Arquivos digitais recebidos pelo Tramita GOV.BR'),
    );
    expect(avaliarVerificacaoTramita(situacao({ tramiteExterno: { situacao: 0 } })).ERRO[0]?.mensagem).toBe(
      V.tramiteEmAndamento('envio em preparação'),
    );
    for (const final of [6, 7, 9, 10]) {
      expect(codigos(situacao({ tramiteExterno: { situacao: final } })).ERRO).toEqual([]);
    }
  });

  it('UNIDADE_NAO_MAPEADA: unidade sem estrutura, ou mapeada sem envia', () => {
    expect(avaliarVerificacaoTramita(situacao({ unidade: { sigla: 'PROGEP', estrutura: null } })).ERRO).toEqual([
      { codigo: 'UNIDADE_NAO_MAPEADA', mensagem: V.unidadeNaoMapeada('PROGEP') },
    ]);
    expect(
      avaliarVerificacaoTramita(situacao({ unidade: { sigla: 'PROGEP', estrutura: { numero: 100, envia: false } } }))
        .ERRO,
    ).toEqual([{ codigo: 'UNIDADE_NAO_MAPEADA', mensagem: V.unidadeNaoEnvia('PROGEP') }]);
  });

  it('DESTINO_INAPTO: estrutura inativa ou não apta a receber trâmites', () => {
    const destino = situacao().destino;
    for (const d of [
      { ...destino, ativo: false },
      { ...destino, aptoParaReceberTramites: false },
    ]) {
      expect(avaliarVerificacaoTramita(situacao({ destino: d })).ERRO).toEqual([
        { codigo: 'DESTINO_INAPTO', mensagem: V.destinoInapto('Reitoria da UFX') },
      ]);
    }
  });

  it('SEM_PECAS: nenhuma peça ativa (canceladas não contam)', () => {
    expect(codigos(situacao({ pecas: [] })).ERRO).toEqual(['SEM_PECAS']);
    const cancelada = peca({ situacaoVinculo: 'D' });
    expect(codigos(situacao({ pecas: [cancelada] })).ERRO).toEqual(['SEM_PECAS']);
    expect(codigos(situacao({ pecas: [cancelada, peca({ sequencial: 1 })] })).ERRO).toEqual([]);
  });

  it('SEM_INTERESSADO e SEM_DESCRICAO', () => {
    expect(avaliarVerificacaoTramita(situacao({ quantidadeInteressados: 0 })).ERRO).toEqual([
      { codigo: 'SEM_INTERESSADO', mensagem: V.semInteressado },
    ]);
    for (const descricao of [null, '', '   ']) {
      expect(avaliarVerificacaoTramita(situacao({ descricao })).ERRO).toEqual([
        { codigo: 'SEM_DESCRICAO', mensagem: V.semDescricao },
      ]);
    }
  });

  it('PECA_EM_ENVIO: um item por envio em andamento, com o nome quando conhecido', () => {
    expect(
      avaliarVerificacaoTramita(situacao({ enviosEmAndamento: [{ nome: 'laudo.pdf' }, { nome: null }] })).ERRO,
    ).toEqual([
      { codigo: 'PECA_EM_ENVIO', mensagem: 'A peça "laudo.pdf" ainda está sendo enviada; aguarde o fim do envio' },
      { codigo: 'PECA_EM_ENVIO', mensagem: V.pecaEmEnvio(null) },
    ]);
  });

  it('ORDEM_ALTERADA: as peças recebidas do PEN precisam seguir as primeiras, na ordem original, todas presentes', () => {
    const recebido = { quantidadeDocumentos: 2 };
    const a = peca({ sequencial: 1, ordemOriginal: 1 });
    const b = peca({ sequencial: 2, ordemOriginal: 2 });
    const nova = peca({ sequencial: 3 });
    expect(codigos(situacao({ recebidoDoPen: recebido, pecas: [a, b, nova] })).ERRO).toEqual([]);
    expect(avaliarVerificacaoTramita(situacao({ recebidoDoPen: recebido, pecas: [b, a, nova] })).ERRO).toEqual([
      { codigo: 'ORDEM_ALTERADA', mensagem: V.ordemAlterada },
    ]);
    expect(codigos(situacao({ recebidoDoPen: recebido, pecas: [nova, a, b] })).ERRO).toEqual(['ORDEM_ALTERADA']);
    expect(codigos(situacao({ recebidoDoPen: recebido, pecas: [a, nova] })).ERRO).toEqual(['ORDEM_ALTERADA']);
    // A process created here never has its order checked.
    expect(codigos(situacao({ pecas: [b, a] })).ERRO).toEqual([]);
  });

  it('ESPECIE_NAO_MAPEADA: peça sem espécie original, sem tipo mapeado e sem espécie padrão', () => {
    const semTipo = peca({ sequencial: 2, nome: 'nota.pdf', tipoDocumento: null });
    const tipoSemEspecie = peca({ sequencial: 3, nome: 'x.pdf', tipoDocumento: { descricao: 'Nota', especie: null } });
    expect(avaliarVerificacaoTramita(situacao({ pecas: [peca(), semTipo, tipoSemEspecie] })).ERRO).toEqual([
      {
        codigo: 'ESPECIE_NAO_MAPEADA',
        mensagem: 'A peça 2 (nota.pdf) não tem tipo documental com espécie do Tramita GOV.BR. Escolha o tipo da peça',
        sequencial: 2,
      },
      { codigo: 'ESPECIE_NAO_MAPEADA', mensagem: V.especieNaoMapeada(3, 'x.pdf'), sequencial: 3 },
    ]);
    // The configuration's default covers both.
    const comPadrao = situacao({
      configuracao: { ...ATIVA, especiePadrao: ANEXO },
      pecas: [peca(), semTipo, tipoSemEspecie],
    });
    expect(codigos(comPadrao).ERRO).toEqual([]);
  });

  it('ESPECIE_NAO_MAPEADA também para peça cancelada (vai como retirada), sem sequencial', () => {
    const cancelada = peca({ sequencial: 1, nome: 'antigo.pdf', situacaoVinculo: 'M', tipoDocumento: null });
    const resultado = avaliarVerificacaoTramita(situacao({ pecas: [cancelada, peca({ sequencial: 1 })] }));
    expect(resultado.ERRO).toEqual([
      {
        codigo: 'ESPECIE_NAO_MAPEADA',
        mensagem:
          'A peça cancelada "antigo.pdf" não tem tipo documental com espécie do Tramita GOV.BR. Escolha o tipo da peça',
      },
    ]);
  });

  it('ESPECIE_INATIVA: a espécie escolhida saiu da lista do PEN, com a mensagem da sua origem', () => {
    const doTipo = peca({
      sequencial: 1,
      nome: 'a.pdf',
      tipoDocumento: { descricao: 'Ofício', especie: inativa(OFICIO) },
    });
    expect(avaliarVerificacaoTramita(situacao({ pecas: [doTipo] })).ERRO).toEqual([
      {
        codigo: 'ESPECIE_INATIVA',
        mensagem:
          'A espécie "Ofício" da peça 1 (a.pdf) não existe mais no Tramita GOV.BR; atualize o mapeamento de "Ofício"',
        sequencial: 1,
      },
    ]);
    const padrao = situacao({
      configuracao: { ...ATIVA, especiePadrao: inativa(ANEXO) },
      pecas: [peca({ sequencial: 1, nome: 'a.pdf', tipoDocumento: null })],
    });
    expect(avaliarVerificacaoTramita(padrao).ERRO).toEqual([
      { codigo: 'ESPECIE_INATIVA', mensagem: V.especieInativaPadrao('Anexo', 1, 'a.pdf'), sequencial: 1 },
    ]);
    const original = peca({ sequencial: 1, nome: 'a.pdf', especieOriginal: inativa(PARECER), tipoDocumento: null });
    expect(avaliarVerificacaoTramita(situacao({ pecas: [original] })).ERRO).toEqual([
      { codigo: 'ESPECIE_INATIVA', mensagem: V.especieInativaOriginal('Parecer', 1, 'a.pdf'), sequencial: 1 },
    ]);
  });

  it('HIPOTESE_NAO_MAPEADA: peça R ou S sem hipótese do PEN (nada restrito sai sem ela); peça P não precisa', () => {
    const restrita = peca({
      sequencial: 2,
      nivelAcesso: 'R',
      hipotese: { descricao: 'Informação pessoal', pen: null },
    });
    expect(avaliarVerificacaoTramita(situacao({ pecas: [peca(), restrita] })).ERRO).toEqual([
      {
        codigo: 'HIPOTESE_NAO_MAPEADA',
        mensagem:
          'A hipótese legal "Informação pessoal" da peça 2 não tem correspondente no Tramita GOV.BR; nada restrito é enviado sem ela',
        sequencial: 2,
      },
    ]);
    const semHipotese = peca({ sequencial: 1, nivelAcesso: 'R', hipotese: null });
    expect(avaliarVerificacaoTramita(situacao({ pecas: [semHipotese] })).ERRO).toEqual([
      { codigo: 'HIPOTESE_NAO_MAPEADA', mensagem: V.semHipotese(1), sequencial: 1 },
    ]);
    const sigilosa = peca({ sequencial: 1, nivelAcesso: 'S', hipotese: { descricao: 'Segredo', pen: null } });
    expect(codigos(situacao({ pecas: [sigilosa] })).ERRO).toEqual(['HIPOTESE_NAO_MAPEADA', 'SIGILOSO_NAO_HOMOLOGADO']);
    const publicaSemPar = peca({ nivelAcesso: 'P', hipotese: { descricao: 'Informação pessoal', pen: null } });
    expect(codigos(situacao({ pecas: [publicaSemPar] })).ERRO).toEqual([]);
    const mapeada = peca({
      nivelAcesso: 'R',
      hipotese: {
        descricao: 'Informação pessoal',
        pen: { identificacao: 34, nome: 'Informação Pessoal', ativa: true },
      },
    });
    expect(codigos(situacao({ pecas: [mapeada] })).ERRO).toEqual([]);
  });

  it('HIPOTESE_INATIVA: o par mapeado está inativo no PEN', () => {
    const restrita = peca({
      sequencial: 1,
      nivelAcesso: 'R',
      hipotese: { descricao: 'Sigilo fiscal', pen: { identificacao: 7, nome: 'Sigilo Fiscal', ativa: false } },
    });
    expect(avaliarVerificacaoTramita(situacao({ pecas: [restrita] })).ERRO).toEqual([
      {
        codigo: 'HIPOTESE_INATIVA',
        mensagem: V.hipoteseInativa('Sigilo Fiscal', 'Sigilo fiscal', 1),
        sequencial: 1,
      },
    ]);
  });

  it('SIGILOSO_NAO_HOMOLOGADO: peça S, mesmo com hipótese mapeada (decisão 2)', () => {
    const sigilosa = peca({
      sequencial: 3,
      nivelAcesso: 'S',
      hipotese: { descricao: 'Segredo', pen: { identificacao: 9, nome: 'Segredo', ativa: true } },
    });
    expect(avaliarVerificacaoTramita(situacao({ pecas: [sigilosa] })).ERRO).toEqual([
      {
        codigo: 'SIGILOSO_NAO_HOMOLOGADO',
        mensagem: 'A peça 3 é sigilosa: o Tramita GOV.BR ainda não foi homologado para peças sigilosas',
        sequencial: 3,
      },
    ]);
    // A cancelled sigilosa peça's file does not leave.
    expect(codigos(situacao({ pecas: [peca(), { ...sigilosa, situacaoVinculo: 'D' }] })).ERRO).toEqual([]);
  });

  it('TAMANHO_EXCEDIDO: acima do limite do destino, ou do global quando o destino não tem; no limite, nada', () => {
    const grande = peca({ sequencial: 1, nome: 'g.pdf', tamanho: 25 * MIB });
    const limite20 = [{ numeroEstrutura: 200, tamanhoMaximoMb: 20, extensoesRecusadas: [] }];
    expect(avaliarVerificacaoTramita(situacao({ pecas: [grande], limitesDestino: limite20 })).ERRO).toEqual([
      {
        codigo: 'TAMANHO_EXCEDIDO',
        mensagem: 'A peça 1 (g.pdf, 25 MiB) passa do limite de 20 MiB aceito por Reitoria da UFX',
        sequencial: 1,
      },
    ]);
    expect(codigos(situacao({ pecas: [grande] })).ERRO).toEqual([]);
    const enorme = peca({ sequencial: 1, nome: 'e.pdf', tamanho: Math.round(100.5 * MIB) });
    expect(avaliarVerificacaoTramita(situacao({ pecas: [enorme] })).ERRO).toEqual([
      {
        codigo: 'TAMANHO_EXCEDIDO',
        mensagem: V.tamanhoExcedidoGlobal(1, 'e.pdf', '100,5 MiB', '100 MiB'),
        sequencial: 1,
      },
    ]);
    const noLimite = peca({ tamanho: 20 * MIB });
    expect(codigos(situacao({ pecas: [noLimite], limitesDestino: limite20 })).ERRO).toEqual([]);
  });

  it('EXTENSAO_RECUSADA: extensão na lista do destino (ou do repositório inteiro), sem diferença de caixa nem ponto', () => {
    const odt = peca({ sequencial: 2, nome: 'Minuta.ODT', mimeType: 'application/vnd.oasis.opendocument.text' });
    const doRepositorio = [{ numeroEstrutura: null, tamanhoMaximoMb: null, extensoesRecusadas: ['.odt'] }];
    expect(avaliarVerificacaoTramita(situacao({ pecas: [peca(), odt], limitesDestino: doRepositorio })).ERRO).toEqual([
      { codigo: 'EXTENSAO_RECUSADA', mensagem: 'Reitoria da UFX não aceita arquivos .odt (peça 2)', sequencial: 2 },
    ]);
    const outraEstrutura = [{ numeroEstrutura: 999, tamanhoMaximoMb: null, extensoesRecusadas: ['odt'] }];
    expect(codigos(situacao({ pecas: [odt], limitesDestino: outraEstrutura })).ERRO).toEqual([]);
  });

  it('FORMATO_NAO_PADRAO (alerta): MIME fora da lista do PEN; parâmetros e caixa não contam', () => {
    const zip = peca({ sequencial: 2, nome: 'dados.zip', mimeType: 'application/zip' });
    const texto = peca({ sequencial: 3, nome: 'a.txt', mimeType: 'Text/Plain; charset=utf-8' });
    const resultado = avaliarVerificacaoTramita(situacao({ pecas: [peca(), zip, texto] }));
    expect(resultado.ERRO).toEqual([]);
    expect(resultado.ALERTA).toEqual([
      {
        codigo: 'FORMATO_NAO_PADRAO',
        mensagem: 'O arquivo da peça 2 (application/zip) irá como "outro formato"; o destino pode recusá-lo',
        sequencial: 2,
      },
    ]);
  });

  it('ARQUIVO_REPETIDO (alerta): peças ativas com o mesmo SHA-256, um alerta por arquivo', () => {
    const mesmo = 'a'.repeat(64);
    // In creation order, which need not be the numbering's.
    const pecas = [
      peca({ sequencial: 3, sha256: mesmo }),
      peca({ sequencial: 2 }),
      peca({ sequencial: 1, sha256: mesmo }),
      peca({ sequencial: 4, sha256: mesmo }),
    ];
    expect(avaliarVerificacaoTramita(situacao({ pecas })).ALERTA).toEqual([
      {
        codigo: 'ARQUIVO_REPETIDO',
        mensagem: 'As peças 1, 3 e 4 têm o mesmo arquivo; alguns destinos recusam processo com arquivos repetidos',
      },
    ]);
    expect(V.arquivoRepetido([1, 2])).toContain('As peças 1 e 2 têm');
    const cancelada = peca({ sequencial: 2, sha256: mesmo, situacaoVinculo: 'D' });
    expect(codigos(situacao({ pecas: [peca({ sha256: mesmo }), cancelada] })).ALERTA).toEqual([]);
  });

  it('RECUSA_ANTERIOR (alerta): o destino já recusou a mesma espécie ou o mesmo formato', () => {
    const recusa = {
      data: new Date('2026-02-03T13:00:00Z'),
      motivo: '01',
      justificativa: 'O tamanho máximo permitido para arquivos PDF é 20 Mb',
      especies: [99],
      mimeTypes: ['application/pdf'],
    };
    expect(avaliarVerificacaoTramita(situacao({ recusasAnteriores: [recusa] })).ALERTA).toEqual([
      {
        codigo: 'RECUSA_ANTERIOR',
        mensagem:
          'Reitoria da UFX recusou em 03/02/2026 10:00 (Formato de componente digital não suportado): "O tamanho máximo permitido para arquivos PDF é 20 Mb"',
      },
    ]);
    const porEspecie = { ...recusa, motivo: '04', especies: [OFICIO.codigo], mimeTypes: ['video/mp4'] };
    expect(codigos(situacao({ recusasAnteriores: [porEspecie] })).ALERTA).toEqual(['RECUSA_ANTERIOR']);
    const outra = { ...recusa, especies: [99], mimeTypes: ['video/mp4'] };
    expect(codigos(situacao({ recusasAnteriores: [outra] })).ALERTA).toEqual([]);
  });

  it('todos os códigos juntos, na ordem: processo primeiro, depois cada peça', () => {
    const s = situacao({
      configuracao: { ...ATIVA, certificadoValidoAte: new Date('2026-01-01T00:00:00Z') },
      impedimento: 'OUTRA_UNIDADE',
      tramiteExterno: { situacao: 1 },
      unidade: { sigla: 'PROGEP', estrutura: null },
      destino: { numeroEstrutura: 200, nome: 'Reitoria da UFX', ativo: false, aptoParaReceberTramites: true },
      descricao: '',
      quantidadeInteressados: 0,
      enviosEmAndamento: [{ nome: 'x.pdf' }],
      recebidoDoPen: { quantidadeDocumentos: 3 },
      limitesDestino: [{ numeroEstrutura: 200, tamanhoMaximoMb: 1, extensoesRecusadas: ['zip'] }],
      recusasAnteriores: [
        { data: AGORA, motivo: '99', justificativa: 'Não', especies: [], mimeTypes: ['application/zip'] },
      ],
      pecas: [
        peca({ sequencial: 1, tipoDocumento: null, ordemOriginal: 2, sha256: 'b'.repeat(64) }),
        peca({ sequencial: 2, tipoDocumento: { descricao: 'Ofício', especie: inativa(OFICIO) } }),
        peca({ sequencial: 3, nivelAcesso: 'R', hipotese: { descricao: 'H', pen: null } }),
        peca({
          sequencial: 4,
          nivelAcesso: 'S',
          hipotese: { descricao: 'H', pen: { identificacao: 1, nome: 'H', ativa: false } },
        }),
        peca({ sequencial: 5, nome: 'a.zip', mimeType: 'application/zip', tamanho: 2 * MIB, sha256: 'b'.repeat(64) }),
      ],
    });
    const resultado = avaliarVerificacaoTramita(s);
    expect(resultado.ERRO.map((i) => [i.codigo, i.sequencial])).toEqual([
      ['CERTIFICADO_VENCIDO', undefined],
      ['IMPEDIDO', undefined],
      ['TRAMITE_EM_ANDAMENTO', undefined],
      ['UNIDADE_NAO_MAPEADA', undefined],
      ['DESTINO_INAPTO', undefined],
      ['SEM_INTERESSADO', undefined],
      ['SEM_DESCRICAO', undefined],
      ['PECA_EM_ENVIO', undefined],
      ['ORDEM_ALTERADA', undefined],
      ['ESPECIE_NAO_MAPEADA', 1],
      ['ESPECIE_INATIVA', 2],
      ['HIPOTESE_NAO_MAPEADA', 3],
      ['HIPOTESE_INATIVA', 4],
      ['SIGILOSO_NAO_HOMOLOGADO', 4],
      ['TAMANHO_EXCEDIDO', 5],
      ['EXTENSAO_RECUSADA', 5],
    ]);
    expect(resultado.ALERTA.map((i) => [i.codigo, i.sequencial])).toEqual([
      ['ARQUIVO_REPETIDO', undefined],
      ['FORMATO_NAO_PADRAO', 5],
      ['RECUSA_ANTERIOR', undefined],
    ]);
    // Every code of the table is reachable (SEM_PECAS and NAO_CONFIGURADO have their own cases above).
    const vistos = new Set<string>([...resultado.ERRO, ...resultado.ALERTA].map((i) => i.codigo));
    vistos.add('SEM_PECAS').add('NAO_CONFIGURADO');
    expect([...vistos].sort()).toEqual(
      [...CODIGOS_ERRO_VERIFICACAO_TRAMITA, ...CODIGOS_ALERTA_VERIFICACAO_TRAMITA].sort(),
    );
    expect(verificacaoTramitaSchema.parse(resultado)).toEqual(resultado);
  });
});

describe('especieDaPeca (decisão 1)', () => {
  const tipo = (especie: EspecieTramita | null) => ({ descricao: 'Ofício', especie });

  it('original do PEN → mapeamento do tipo da peça → espécie padrão → nenhuma', () => {
    expect(especieDaPeca({ especieOriginal: PARECER, tipoDocumento: tipo(OFICIO) }, ANEXO)).toEqual({
      especie: PARECER,
      origem: 'ORIGINAL',
    });
    expect(especieDaPeca({ especieOriginal: null, tipoDocumento: tipo(OFICIO) }, ANEXO)).toEqual({
      especie: OFICIO,
      origem: 'TIPO',
    });
    expect(especieDaPeca({ especieOriginal: null, tipoDocumento: tipo(null) }, ANEXO)).toEqual({
      especie: ANEXO,
      origem: 'PADRAO',
    });
    expect(especieDaPeca({ especieOriginal: null, tipoDocumento: null }, ANEXO)).toEqual({
      especie: ANEXO,
      origem: 'PADRAO',
    });
    expect(especieDaPeca({ especieOriginal: null, tipoDocumento: tipo(null) }, null)).toBeNull();
  });

  it('a original inativa cede ao tipo e ao padrão, e só fica quando não há outra', () => {
    const original = inativa(PARECER);
    expect(especieDaPeca({ especieOriginal: original, tipoDocumento: tipo(OFICIO) }, ANEXO)?.origem).toBe('TIPO');
    expect(especieDaPeca({ especieOriginal: original, tipoDocumento: null }, ANEXO)?.origem).toBe('PADRAO');
    expect(especieDaPeca({ especieOriginal: original, tipoDocumento: null }, null)).toEqual({
      especie: original,
      origem: 'ORIGINAL',
    });
  });

  it('o mapeamento inativo do tipo não cai na espécie padrão (pede o conserto do mapeamento)', () => {
    expect(especieDaPeca({ especieOriginal: null, tipoDocumento: tipo(inativa(OFICIO)) }, ANEXO)).toEqual({
      especie: inativa(OFICIO),
      origem: 'TIPO',
    });
  });
});

describe('limites e formatos', () => {
  it('limiteDoDestino: o tamanho da estrutura vence o do repositório; extensões se somam', () => {
    const limites = [
      { numeroEstrutura: null, tamanhoMaximoMb: 50, extensoesRecusadas: ['ZIP'] },
      { numeroEstrutura: 200, tamanhoMaximoMb: 20, extensoesRecusadas: ['.rar'] },
      { numeroEstrutura: 300, tamanhoMaximoMb: 5, extensoesRecusadas: ['pdf'] },
    ];
    const limite = limiteDoDestino(limites, 200);
    expect(limite.tamanhoMaximoMb).toBe(20);
    expect([...limite.extensoesRecusadas].sort()).toEqual(['rar', 'zip']);
    expect(limiteDoDestino(limites, 400).tamanhoMaximoMb).toBe(50);
    expect(limiteDoDestino([], 200)).toEqual({ tamanhoMaximoMb: null, extensoesRecusadas: new Set() });
  });

  it('MIME_TYPES_PEN: a lista do modelo do PEN (protocolo §10.4)', () => {
    expect(MIME_TYPES_PEN).toHaveLength(25);
    expect(new Set(MIME_TYPES_PEN).size).toBe(MIME_TYPES_PEN.length);
    expect(formatoPadraoPen('application/pdf')).toBe(true);
    expect(formatoPadraoPen('IMAGE/PNG')).toBe(true);
    expect(formatoPadraoPen('audio/mpeg')).toBe(false);
    expect(formatoPadraoPen('')).toBe(false);
  });
});
