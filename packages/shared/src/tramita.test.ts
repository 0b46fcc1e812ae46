import { describe, expect, it } from 'vitest';
import { MENSAGENS_TRAMITA } from './mensagens.ts';
import {
  BLOCO_TRANSFERENCIA,
  configuracaoTramitaSchema,
  consultaEstruturasTramitaSchema,
  formularioParTramitaSchema,
  formularioUnidadeTramitaSchema,
  LIMITES_CONFIGURACAO_TRAMITA,
  limiteDestinoTramitaSchema,
  MOTIVOS_RECUSA,
  PRAZO_CANCELAMENTO_AUTOMATICO_DIAS,
  ROTULOS_MOTIVO_RECUSA,
  ROTULOS_SITUACAO_TRAMITE,
  rotuloMotivoRecusa,
  rotuloSituacaoTramite,
  SITUACOES_RECUSAVEIS,
  SITUACOES_TRAMITE,
  situacaoCancelavel,
  situacaoFinal,
  URL_PADRAO_TRAMITA,
  urlTramitaValida,
} from './tramita.ts';

describe('situações do trâmite', () => {
  it('numera de 1 a 10 como o barramento, cada uma com o seu rótulo', () => {
    expect(Object.values(SITUACOES_TRAMITE)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(Object.keys(ROTULOS_SITUACAO_TRAMITE).map(Number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(rotuloSituacaoTramite(SITUACOES_TRAMITE.AGUARDANDO_COMPONENTES)).toBe(
      'Aguardando o envio dos arquivos digitais',
    );
    expect(rotuloSituacaoTramite(8)).toBe('Recusado pelo destinatário, aguardando ciência do remetente');
    expect(rotuloSituacaoTramite(10)).toBe('Cancelado automaticamente pelo Tramita GOV.BR');
  });

  it('uma situação que o barramento acrescentar depois é mostrada, não é erro', () => {
    expect(rotuloSituacaoTramite(11)).toBe('Situação desconhecida (11)');
    expect(situacaoFinal(11)).toBe(false);
    expect(situacaoCancelavel(11)).toBe(false);
  });

  it('termina em 6, 7, 9 ou 10; 8 ainda espera a ciência do remetente', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].filter(situacaoFinal)).toEqual([6, 7, 9, 10]);
  });

  it('o remetente cancela de 1 a 4, o destinatário recusa em 3 e 4, e o barramento cancela depois de 8 dias', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].filter(situacaoCancelavel)).toEqual([1, 2, 3, 4]);
    expect(SITUACOES_RECUSAVEIS).toEqual([3, 4]);
    expect(PRAZO_CANCELAMENTO_AUTOMATICO_DIAS).toBe(8);
  });
});

describe('motivos de recusa', () => {
  it('os códigos do barramento com os rótulos em português', () => {
    expect(MOTIVOS_RECUSA).toEqual(['01', '02', '03', '04', '99']);
    expect(ROTULOS_MOTIVO_RECUSA['04']).toBe('Espécie documental não mapeada no destinatário');
    expect(rotuloMotivoRecusa('02')).toBe('Componente digital corrompido');
    expect(rotuloMotivoRecusa('05')).toBe('Motivo desconhecido (05)');
  });
});

it('o bloco de transferência padrão é de 50 MiB, entre 1 e 200', () => {
  expect(BLOCO_TRANSFERENCIA.padraoMb * BLOCO_TRANSFERENCIA.bytesPorMb).toBe(52_428_800);
  expect([BLOCO_TRANSFERENCIA.minimoMb, BLOCO_TRANSFERENCIA.maximoMb]).toEqual([1, 200]);
});

describe('configuração do Tramita GOV.BR', () => {
  const valida = {
    ambiente: 'HOMOLOGACAO',
    urlBase: URL_PADRAO_TRAMITA.HOMOLOGACAO,
    idRepositorio: 1,
    numeroEstruturaRaiz: 100,
    ativo: false,
    blocoMb: 50,
    tamanhoMaximoComponenteMb: 100,
    intervaloConsultaSegundos: 60,
    idUnidadeTramita: null,
    idTipoDocumentoRecebido: null,
    codigoEspeciePadraoEnvio: null,
    idTipoPecaPadraoRecebimento: null,
  };

  it('aceita só endereços https com host e sem usuário ou senha', () => {
    for (const url of Object.values(URL_PADRAO_TRAMITA)) expect(urlTramitaValida(url)).toBe(true);
    expect(urlTramitaValida('https://127.0.0.1:8443/interoperabilidade/rest/v3/')).toBe(true);
    for (const url of ['http://api.processoeletronico.gov.br/', 'https://a:b@api.gov.br/', 'api.gov.br', '']) {
      expect(urlTramitaValida(url), url).toBe(false);
    }
  });

  it('lê os números do formulário (texto) e o vazio como nulo', () => {
    expect(
      configuracaoTramitaSchema.parse({ ...valida, blocoMb: '20', idRepositorio: ' 3 ', numeroEstruturaRaiz: '' }),
    ).toMatchObject({ blocoMb: 20, idRepositorio: 3, numeroEstruturaRaiz: null });
  });

  it('cada limite tem a sua mensagem; ativar exige o repositório e a estrutura da instituição', () => {
    const erros = (valor: object) =>
      configuracaoTramitaSchema.safeParse(valor).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];
    const { blocoMb, intervaloConsultaSegundos } = LIMITES_CONFIGURACAO_TRAMITA;
    expect(erros({ ...valida, blocoMb: 201, intervaloConsultaSegundos: 9.5 })).toEqual([
      ['blocoMb', MENSAGENS_TRAMITA.numeroFaixa('O bloco de transferência (MB)', blocoMb.minimo, blocoMb.maximo)],
      [
        'intervaloConsultaSegundos',
        MENSAGENS_TRAMITA.numeroFaixa(
          'O intervalo de consulta (segundos)',
          intervaloConsultaSegundos.minimo,
          intervaloConsultaSegundos.maximo,
        ),
      ],
    ]);
    expect(erros({ ...valida, ativo: true, idRepositorio: null, numeroEstruturaRaiz: null })).toEqual([
      ['idRepositorio', MENSAGENS_TRAMITA.repositorioObrigatorio],
      ['numeroEstruturaRaiz', MENSAGENS_TRAMITA.estruturaRaizObrigatoria],
    ]);
    expect(erros({ ...valida, ativo: true })).toEqual([]);
  });
});

describe('mapeamentos (passo 4)', () => {
  const mensagens = (resultado: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    resultado.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

  it('limite por destino: extensões de uma lista ou de um texto, sem ponto, minúsculas, sem repetição e em ordem', () => {
    const base = { idRepositorio: '1', numeroEstrutura: '', tamanhoMaximoMb: '', observacao: '' };
    expect(limiteDestinoTramitaSchema.parse({ ...base, extensoesRecusadas: '.EXE, zip;exe  bat' })).toEqual({
      idRepositorio: 1,
      numeroEstrutura: null,
      tamanhoMaximoMb: null,
      extensoesRecusadas: ['bat', 'exe', 'zip'],
      observacao: null,
    });
    expect(limiteDestinoTramitaSchema.parse({ ...base, tamanhoMaximoMb: '20', extensoesRecusadas: [] })).toMatchObject({
      tamanhoMaximoMb: 20,
      extensoesRecusadas: [],
    });
    expect(mensagens(limiteDestinoTramitaSchema.safeParse({ ...base, extensoesRecusadas: '' }))).toEqual([
      ['tamanhoMaximoMb', MENSAGENS_TRAMITA.limiteVazio],
    ]);
    expect(mensagens(limiteDestinoTramitaSchema.safeParse({ ...base, extensoesRecusadas: 'tar.gz' }))).toEqual([
      ['extensoesRecusadas.0', MENSAGENS_TRAMITA.extensaoInvalida],
    ]);
  });

  it('unidade: envia, recebe ou os dois; a busca de estruturas exige texto e começa na página 1', () => {
    expect(
      mensagens(
        formularioUnidadeTramitaSchema.safeParse({ idUnidade: 1, numeroEstrutura: '103', envia: false, recebe: false }),
      ),
    ).toEqual([['envia', MENSAGENS_TRAMITA.unidadeSemSentido]]);
    expect(formularioParTramitaSchema.parse({ origem: '7', destino: 95 })).toEqual({ origem: 7, destino: 95 });
    expect(consultaEstruturasTramitaSchema.parse({ repositorio: '1', texto: ' reitoria ' })).toEqual({
      repositorio: 1,
      texto: 'reitoria',
      pagina: 1,
    });
    expect(mensagens(consultaEstruturasTramitaSchema.safeParse({ repositorio: '1', texto: '  ' }))).toEqual([
      ['texto', MENSAGENS_TRAMITA.buscaEstruturaVazia],
    ]);
  });
});
