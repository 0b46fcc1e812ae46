import { describe, expect, it } from 'vitest';
import {
  consultaEstruturasSchema,
  consultaTramitesSchema,
  envioProcessoSchema,
  erroPenSchema,
  faixaParteSchema,
  filtroTramitesSchema,
  hashPen,
  listaEstruturasSchema,
  listaPendenciasSchema,
  metadadosTramiteSchema,
  partesDe,
  recusaTramiteSchema,
  respostaEnvioProcessoSchema,
  xmlReciboEnvio,
  xmlReciboTramite,
} from './tramita-protocolo.ts';

const MIB = 1024 * 1024;

describe('hashPen', () => {
  it('Base64 do SHA-256 bruto, a partir do hexadecimal guardado', () => {
    // SHA-256("abc") and SHA-256(""), FIPS 180-2 vectors.
    expect(hashPen('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')).toBe(
      'ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=',
    );
    expect(hashPen('E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855')).toBe(
      '47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=',
    );
  });

  it('recusa o que não é um SHA-256 em hexadecimal', () => {
    expect(() => hashPen('abc')).toThrow(RangeError);
    expect(() => hashPen('g'.repeat(64))).toThrow(RangeError);
  });
});

describe('xmlReciboTramite', () => {
  // SHA-256 of "componente 22", "… 73", "… 24", "… 28", "… 31": first characters C, b, /, 9, +.
  const hashes = [
    'CmvG8EgRxxyciVS9x+qYb47yvtoboQ/7Y91nDkY/N5E=',
    'blQEnKmUA5wUSkpU3xRoZq5cbhKAapaeih5mOjr5fh8=',
    '/VApKDGwC/Xc6iNWayugZKjk/etBba4EYmTF3cB76rM=',
    '9XlEZCqY4MOE1oPKduZgcPn+bDXIlPMES3v+WGdOn7Y=',
    '+0E/VD27Xb0Pnkp7Xkgh9YkcIgoKwEljBIURkiI5gkE=',
  ];

  it('o texto assinado, sem espaços, com os hashes na ordem dos bytes (não na alfabética do português)', () => {
    const xml = xmlReciboTramite({
      idt: 123456,
      nre: '0000000001342016',
      dataDeRecebimento: '2024-05-01T13:00:00.000Z',
      hashes,
    });
    const esperado =
      '<recibo><IDT>123456</IDT><NRE>0000000001342016</NRE>' +
      '<dataDeRecebimento>2024-05-01T13:00:00.000Z</dataDeRecebimento>' +
      '<hashDoComponenteDigital>+0E/VD27Xb0Pnkp7Xkgh9YkcIgoKwEljBIURkiI5gkE=</hashDoComponenteDigital>' +
      '<hashDoComponenteDigital>/VApKDGwC/Xc6iNWayugZKjk/etBba4EYmTF3cB76rM=</hashDoComponenteDigital>' +
      '<hashDoComponenteDigital>9XlEZCqY4MOE1oPKduZgcPn+bDXIlPMES3v+WGdOn7Y=</hashDoComponenteDigital>' +
      '<hashDoComponenteDigital>CmvG8EgRxxyciVS9x+qYb47yvtoboQ/7Y91nDkY/N5E=</hashDoComponenteDigital>' +
      '<hashDoComponenteDigital>blQEnKmUA5wUSkpU3xRoZq5cbhKAapaeih5mOjr5fh8=</hashDoComponenteDigital>' +
      '</recibo>';
    const bytes = new TextEncoder().encode(xml);
    expect(bytes).toEqual(new TextEncoder().encode(esperado));
    expect(bytes.length).toBe(599);
    // A locale-aware sort puts "b…" before "C…" and the digits before the signs: not what the barramento checks.
    expect([...hashes].sort((a, b) => a.localeCompare(b, 'pt-BR'))[0]).not.toBe(hashes[4]);
    // The caller's list is not reordered.
    expect(hashes[0]).toBe('CmvG8EgRxxyciVS9x+qYb47yvtoboQ/7Y91nDkY/N5E=');
  });

  it('um componente só, e recusa IDT ou hash inválidos', () => {
    expect(
      xmlReciboTramite({
        idt: 1,
        nre: '1',
        dataDeRecebimento: 'd',
        hashes: ['ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0='],
      }),
    ).toBe(
      '<recibo><IDT>1</IDT><NRE>1</NRE><dataDeRecebimento>d</dataDeRecebimento>' +
        '<hashDoComponenteDigital>ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=</hashDoComponenteDigital></recibo>',
    );
    expect(() => xmlReciboTramite({ idt: 0, nre: '1', dataDeRecebimento: 'd', hashes: [] })).toThrow(RangeError);
    expect(() => xmlReciboTramite({ idt: 1, nre: '1', dataDeRecebimento: 'd', hashes: ['<x>'] })).toThrow(RangeError);
  });
});

describe('partesDe', () => {
  it('120 MiB em blocos de 50 MiB: três partes, fim exclusivo', () => {
    expect(partesDe(120 * MIB, 50 * MIB)).toEqual([
      { inicio: 0, fim: 52_428_800 },
      { inicio: 52_428_800, fim: 104_857_600 },
      { inicio: 104_857_600, fim: 125_829_120 },
    ]);
  });

  it('múltiplo exato, menor que o bloco, vazio', () => {
    expect(partesDe(100 * MIB, 50 * MIB)).toEqual([
      { inicio: 0, fim: 50 * MIB },
      { inicio: 50 * MIB, fim: 100 * MIB },
    ]);
    expect(partesDe(10, 50 * MIB)).toEqual([{ inicio: 0, fim: 10 }]);
    expect(partesDe(0, 50 * MIB)).toEqual([]);
  });

  it('recusa tamanho ou bloco inválidos', () => {
    expect(() => partesDe(-1, 10)).toThrow(RangeError);
    expect(() => partesDe(10, 0)).toThrow(RangeError);
    expect(() => partesDe(1.5, 10)).toThrow(RangeError);
  });
});

describe('esquemas do protocolo', () => {
  it('lê o erro do barramento com código em texto ou número', () => {
    expect(erroPenSchema.parse({ codigoErro: '0044', mensagem: 'Em andamento' })).toEqual({
      codigoErro: '0044',
      mensagem: 'Em andamento',
    });
    expect(erroPenSchema.parse({ codigoErro: 55 })).toEqual({ codigoErro: '55' });
  });

  it('consulta de estruturas: booleanos só "true"/"false", números da query', () => {
    expect(
      consultaEstruturasSchema.parse({ apenasAtivas: 'false', permiteRecebimento: 'true', registroInicial: '20' }),
    ).toEqual({ apenasAtivas: false, permiteRecebimento: true, registroInicial: 20 });
    expect(consultaEstruturasSchema.safeParse({ apenasAtivas: 'sim' }).success).toBe(false);
  });

  it('estruturas: número em texto ou número, hierarquia ausente vira lista vazia', () => {
    expect(
      listaEstruturasSchema.parse({
        totalDeRegistros: '1',
        estruturas: [{ numeroDeIdentificacaoDaEstrutura: '151', nome: 'Reitoria', sigla: 'REIT', extra: 1 }],
      }),
    ).toEqual({
      totalDeRegistros: 1,
      estruturas: [{ numeroDeIdentificacaoDaEstrutura: 151, nome: 'Reitoria', sigla: 'REIT', hierarquia: [] }],
    });
  });

  it('pendências: lista de IDT e situação; um objeto só vira lista', () => {
    expect(listaPendenciasSchema.parse([{ IDT: 10, status: 2 }])).toEqual([{ IDT: 10, status: 2 }]);
    expect(listaPendenciasSchema.parse({ IDT: '10', status: 5 })).toEqual([{ IDT: 10, status: 5 }]);
  });

  it('resposta do envio aceita o nome antigo da lista de hashes solicitados', () => {
    const base = { IDT: 7, NRE: '0000000001342016', ticketParaEnvioDeComponentesDigitais: 99 };
    const novo = respostaEnvioProcessoSchema.parse({
      ...base,
      processosComComponentesDigitaisSolicitados: [{ protocolo: '1', hashes: ['h'] }],
    });
    const antigo = respostaEnvioProcessoSchema.parse({
      ...base,
      componentesDigitaisSolicitados: { protocolo: '1', hashes: 'h' },
    });
    expect(antigo).toEqual(novo);
    expect(novo.ticketParaEnvioDeComponentesDigitais).toBe('99');
  });

  it('trâmite consultado: hashes pendentes em objeto único e data em milissegundos', () => {
    const { tramites } = consultaTramitesSchema.parse({
      tramites: {
        IDT: 7,
        situacaoAtual: 4,
        hashDosComponentesPendentesDeRecebimento: 'h1',
        mudancasDeSituacao: [{ situacao: 4, dataHora: Date.UTC(2024, 4, 1, 13) }],
      },
    });
    expect(tramites[0]?.hashDosComponentesPendentesDeRecebimento).toEqual(['h1']);
    expect(tramites[0]?.mudancasDeSituacao).toEqual([{ situacao: 4, dataHora: '2024-05-01T13:00:00.000Z' }]);
  });

  const componente = {
    ordem: 1,
    nome: 'oficio.pdf',
    hash: { algoritmo: 'SHA256', conteudo: 'ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=' },
    tamanhoEmBytes: 3,
    mimeType: 'application/pdf',
    tipoDeConteudo: 'txt',
  };
  const documento = {
    ordem: 1,
    nivelDeSigilo: 2,
    hipoteseLegal: { identificacao: 1 },
    dataHoraDeProducao: '2024-05-01T10:00:00-03:00',
    produtor: { nome: 'Ana', tipo: 'fisica' },
    especie: { codigo: 42, nomeNoProdutor: 'Despacho' },
    componentesDigitais: [componente],
  };
  const processo = {
    protocolo: '23000.000001/2024-11',
    nivelDeSigilo: 1,
    descricao: 'Pedido de cooperação',
    dataHoraDeProducao: '2024-05-01T10:00:00-03:00',
    produtor: { nome: 'Ana', tipo: 'fisica', unidade: { nome: 'Reitoria', tipo: 'orgaopublico' } },
    interessados: [{ nome: 'Universidade Federal' }],
    documentos: [documento],
  };

  it('envio de processo: cabeçalho e processo com apensados; ao menos um documento e um componente', () => {
    const envio = {
      cabecalho: {
        remetente: { identificacaoDoRepositorioDeEstruturas: 1, numeroDeIdentificacaoDaEstrutura: 151 },
        destinatario: { identificacaoDoRepositorioDeEstruturas: 1, numeroDeIdentificacaoDaEstrutura: 300 },
        enviarApenasComponentesDigitaisPendentes: false,
      },
      processo: { ...processo, processoApensado: [{ ...processo, protocolo: '23000.000002/2024-66' }] },
    };
    expect(envioProcessoSchema.parse(envio)).toEqual(envio);
    expect(envioProcessoSchema.safeParse({ ...envio, processo: { ...processo, documentos: [] } }).success).toBe(false);
    expect(
      envioProcessoSchema.safeParse({
        ...envio,
        processo: { ...processo, documentos: [{ ...documento, componentesDigitais: [] }] },
      }).success,
    ).toBe(false);
    expect(envioProcessoSchema.safeParse({ ...envio, processo: { ...processo, nivelDeSigilo: 4 } }).success).toBe(
      false,
    );
  });

  it('metadados: o NRE vem escrito "nre" nesta resposta', () => {
    const metadados = metadadosTramiteSchema.parse({ IDT: 7, nre: '0000000001342016', processo });
    expect(metadados.NRE).toBe('0000000001342016');
    expect(metadados.processo?.documentos[0]?.especie.codigo).toBe(42);
    expect(metadados.propriedadesAdicionais).toEqual([]);
  });

  it('recusa: motivo do barramento e justificativa de até 500 caracteres', () => {
    expect(recusaTramiteSchema.parse({ motivo: '04', justificativa: ' Espécie Parecer não mapeada ' })).toEqual({
      motivo: '04',
      justificativa: 'Espécie Parecer não mapeada',
    });
    expect(recusaTramiteSchema.safeParse({ motivo: '05', justificativa: 'x' }).success).toBe(false);
    expect(recusaTramiteSchema.safeParse({ motivo: '99', justificativa: 'x'.repeat(501) }).success).toBe(false);
  });
});

describe('faixaParteSchema', () => {
  it('lê o segmento {inicio}-{fim} das partes, fim exclusivo', () => {
    expect(faixaParteSchema.parse('0-52428800')).toEqual({ inicio: 0, fim: 52428800 });
    expect(faixaParteSchema.parse('104857600-125829120')).toEqual({ inicio: 104857600, fim: 125829120 });
  });

  it('recusa faixa vazia, invertida ou que não é de números', () => {
    for (const texto of ['5-5', '10-2', '-1-3', '1-', 'a-b', '0x1-2', '1.5-3', '1 -3']) {
      expect(faixaParteSchema.safeParse(texto).success, texto).toBe(false);
    }
  });
});

describe('filtroTramitesSchema', () => {
  it('lê o IDT da consulta como número e deixa NRE e protocolo como texto', () => {
    expect(filtroTramitesSchema.parse({ IDT: '42' })).toEqual({ IDT: 42 });
    expect(filtroTramitesSchema.parse({ NRE: '0000000001342016', protocolo: '13990.000185/2024-00' })).toEqual({
      NRE: '0000000001342016',
      protocolo: '13990.000185/2024-00',
    });
    expect(filtroTramitesSchema.safeParse({ IDT: 'x' }).success).toBe(false);
  });
});

describe('xmlReciboEnvio', () => {
  it('a mesma forma canônica do recibo de conclusão, com reciboDeEnvio e a data do último componente', () => {
    expect(
      xmlReciboEnvio({
        idt: 7,
        nre: '0000000000000007',
        dataDeRecebimentoDoUltimoComponenteDigital: '2026-01-02T03:04:05.000Z',
        hashes: ['b=', 'a='],
      }),
    ).toBe(
      '<reciboDeEnvio><IDT>7</IDT><NRE>0000000000000007</NRE>' +
        '<dataDeRecebimentoDoUltimoComponenteDigital>2026-01-02T03:04:05.000Z</dataDeRecebimentoDoUltimoComponenteDigital>' +
        '<hashDoComponenteDigital>a=</hashDoComponenteDigital><hashDoComponenteDigital>b=</hashDoComponenteDigital>' +
        '</reciboDeEnvio>',
    );
  });
});
