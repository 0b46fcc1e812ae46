import { request } from 'node:https';
import { createServer, type Server } from 'node:net';
import { MENSAGENS } from '@tramite/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cenarioPadrao, REPOSITORIO_EXECUTIVO } from '../../testing/barramento/cenario.ts';
import {
  type CertificadosBarramento,
  certificadoSistema,
  criarAutoridade,
  gerarCertificadosBarramento,
} from '../../testing/barramento/certificados.ts';
import { falhaDoBarramento } from '../../testing/barramento/falha.ts';
import { type BarramentoTeste, iniciarBarramento } from '../../testing/barramento/servidor.ts';
import { ClienteTramita, type OpcoesClienteTramita } from './cliente.ts';

let certificados: CertificadosBarramento;
let barramento: BarramentoTeste;
const clientes: ClienteTramita[] = [];

beforeAll(async () => {
  certificados = gerarCertificadosBarramento();
  barramento = await iniciarBarramento({
    certificados,
    cenario: cenarioPadrao({ A: certificados.sistemas.A.impressao, B: certificados.sistemas.B.impressao }),
  });
});

afterAll(async () => {
  for (const cliente of clientes) cliente.fechar();
  await barramento?.fechar();
});

/** A client of system A by its PKCS#12, trusting the test CA; `opcoes` replaces any part. */
function cliente(opcoes: Partial<OpcoesClienteTramita> = {}): ClienteTramita {
  const novo = new ClienteTramita({
    urlBase: barramento.url,
    certificado: { formato: 'PKCS12', arquivo: certificados.sistemas.A.p12, senha: certificados.sistemas.A.senha },
    autoridades: [certificados.ac.certificado],
    ...opcoes,
  });
  clientes.push(novo);
  return novo;
}

describe('TLS mútuo', () => {
  it('recusa a conexão sem certificado do cliente: nenhum pedido chega ao barramento', async () => {
    const antes = barramento.pedidos.length;
    const erro = await new Promise<NodeJS.ErrnoException>((resolve, reject) => {
      const pedido = request(`${barramento.url}healthcheck`, { ca: certificados.ac.certificado }, (resposta) => {
        reject(new Error(`answered ${resposta.statusCode}`));
      });
      pedido.on('error', resolve);
      pedido.end();
    });
    expect(erro.code).toBe('ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED');
    expect(barramento.pedidos.length).toBe(antes);
  });

  it('recusa um certificado de outra autoridade, com a mensagem em português', async () => {
    const antes = barramento.pedidos.length;
    const estranho = certificadoSistema(criarAutoridade('AC estranha'), 'Sistema estranho');
    const erro = await falhaDoBarramento(
      cliente({ certificado: { formato: 'PKCS12', arquivo: estranho.p12, senha: estranho.senha } }).healthcheck(),
    );
    expect(erro.codigo).toBe('TRAMITA_CERTIFICADO_RECUSADO');
    expect(erro.status).toBe(502);
    // Node's TLS server checks the chain after the handshake and closes without an alert (see the client).
    expect(erro.message).toBe(MENSAGENS.tramita.conexaoEncerradaNoCertificado);
    expect(barramento.pedidos.length).toBe(antes);
  });

  it('não confia num servidor cujo certificado não é da autoridade esperada', async () => {
    const erro = await falhaDoBarramento(
      cliente({ autoridades: [criarAutoridade('Outra AC').certificado] }).healthcheck(),
    );
    expect(erro.codigo).toBe('TRAMITA_SERVIDOR_NAO_CONFIAVEL');
    expect(erro.message).toBe(MENSAGENS.tramita.servidorNaoConfiavel(new URL(barramento.url).host));
  });

  it('certificado da autoridade certa, mas de sistema não cadastrado: o erro do barramento, com o código dele', async () => {
    const desconhecido = certificadoSistema(certificados.ac, 'Sistema sem cadastro');
    const erro = await falhaDoBarramento(
      cliente({
        certificado: { formato: 'PEM', certificado: desconhecido.certificado, chave: desconhecido.chave },
      }).healthcheck(),
    );
    expect(erro.codigo).toBe('TRAMITA_ERRO_BARRAMENTO');
    expect([erro.statusBarramento, erro.codigoBarramento]).toEqual([403, '9403']);
    expect(erro.message).toBe(
      MENSAGENS.tramita.erroBarramento('Certificado digital não cadastrado no Tramita GOV.BR', '9403'),
    );
  });
});

describe('certificado do sistema', () => {
  it('PKCS#12 com a senha errada ou PEM com a chave de outro certificado não servem', () => {
    const { A, B } = certificados.sistemas;
    const criar = (certificado: OpcoesClienteTramita['certificado']) => () =>
      new ClienteTramita({ urlBase: barramento.url, certificado });
    expect(criar({ formato: 'PKCS12', arquivo: A.p12, senha: 'errada' })).toThrow(
      expect.objectContaining({
        codigo: 'TRAMITA_CERTIFICADO_INVALIDO',
        message: MENSAGENS.tramita.senhaIncorreta,
      }),
    );
    expect(criar({ formato: 'PKCS12', arquivo: Buffer.from('não é PKCS#12'), senha: A.senha })).toThrow(
      expect.objectContaining({
        codigo: 'TRAMITA_CERTIFICADO_INVALIDO',
        message: MENSAGENS.tramita.certificadoIlegivel,
      }),
    );
    expect(criar({ formato: 'PEM', certificado: A.certificado, chave: B.chave })).toThrow(
      expect.objectContaining({
        codigo: 'TRAMITA_CERTIFICADO_INVALIDO',
        message: MENSAGENS.tramita.chaveNaoCorresponde,
      }),
    );
    expect(criar({ formato: 'PEM', certificado: 'não é PEM', chave: A.chave })).toThrow(
      expect.objectContaining({ codigo: 'TRAMITA_CERTIFICADO_INVALIDO' }),
    );
  });
});

describe('listas de referência', () => {
  it('com um certificado válido, o barramento sabe quem chama e as listas chegam validadas', async () => {
    const a = cliente();
    await a.healthcheck();
    expect(barramento.pedidos.at(-1)).toEqual({
      metodo: 'GET',
      url: '/interoperabilidade/rest/v3/healthcheck',
      sistema: 'A',
    });

    expect(await a.listarRepositorios()).toEqual([
      { id: 1, nome: 'Poder Executivo Federal', ativo: true },
      { id: 2, nome: 'Órgãos/ Entidades Legado', ativo: true },
    ]);

    const protocolo = await a.consultarEstruturas(REPOSITORIO_EXECUTIVO, { nome: 'PROTOCOLO', apenasAtivas: true });
    expect(protocolo).toEqual({
      totalDeRegistros: 2,
      estruturas: [
        {
          numeroDeIdentificacaoDaEstrutura: 103,
          nome: 'Protocolo Geral',
          sigla: 'PROTOCOLO',
          ativo: true,
          aptoParaReceberTramites: true,
          codigoNoOrgaoEntidade: null,
          hierarquia: [
            { numeroDeIdentificacaoDaEstrutura: 101, nome: 'Reitoria', sigla: 'REIT' },
            { numeroDeIdentificacaoDaEstrutura: 100, nome: 'Universidade Federal de Exemplo', sigla: 'UFEX' },
          ],
        },
        expect.objectContaining({ numeroDeIdentificacaoDaEstrutura: 202, nome: 'Divisão de Protocolo' }),
      ],
    });
    expect(barramento.pedidos.at(-1)?.url).toBe(
      '/interoperabilidade/rest/v3/repositorios-de-estruturas/1/estruturas-organizacionais' +
        '?identificacaoDoRepositorioDeEstruturas=1&nome=PROTOCOLO&apenasAtivas=true',
    );

    const daUfex = await a.consultarEstruturas(REPOSITORIO_EXECUTIVO, {
      numeroDeIdentificacaoDaEstruturaRaizDaConsulta: 100,
      permiteRecebimento: true,
      registroInicial: 1,
      quantidadeDeRegistros: 2,
    });
    expect(daUfex.totalDeRegistros).toBe(4);
    expect(daUfex.estruturas.map((e) => e.sigla)).toEqual(['REIT', 'PROGRAD']);

    expect((await a.consultarEstrutura(REPOSITORIO_EXECUTIVO, 302)).ativo).toBe(false);

    expect(await a.listarEspecies()).toContainEqual({ codigo: 179, nomeNoProdutor: 'Anexo' });
    expect((await a.listarHipoteses(true)).map((h) => h.identificacao)).toEqual([1, 2, 3]);
    expect(await a.listarHipoteses(false)).toEqual([
      { identificacao: 4, nome: 'Controle Interno', baseLegal: 'Art. 26, § 3º, da Lei nº 10.180/2001', status: false },
    ]);
    expect(await a.consultarPendentes()).toEqual([]);
  });

  it('as pendências são as de quem chama; o PEM serve como o PKCS#12', async () => {
    const { B } = certificados.sistemas;
    const b = cliente({ certificado: { formato: 'PEM', certificado: B.certificado, chave: B.chave } });
    barramento.estado.tramites.set(41, {
      IDT: 41,
      NRE: '0000000000412024',
      remetente: { repositorio: REPOSITORIO_EXECUTIVO, numero: 103 },
      destinatario: { repositorio: REPOSITORIO_EXECUTIVO, numero: 202 },
      situacao: 2,
      mudancas: [],
      protocolo: '23000.000041/2024-00',
      metadados: null,
      ticket: '41',
      componentes: [],
      dataUltimoComponente: null,
      recusa: null,
      recibo: null,
      downloads: [],
    });
    try {
      expect(await b.consultarPendentes()).toEqual([{ IDT: 41, status: 2 }]);
      expect(barramento.pedidos.at(-1)?.sistema).toBe('B');
      expect(await cliente().consultarPendentes()).toEqual([]);
    } finally {
      barramento.estado.tramites.delete(41);
    }
  });

  it('um erro do barramento traz o código e a mensagem dele', async () => {
    const erro = await falhaDoBarramento(cliente().consultarEstrutura(REPOSITORIO_EXECUTIVO, 999));
    expect(erro.codigo).toBe('TRAMITA_ERRO_BARRAMENTO');
    expect([erro.status, erro.statusBarramento, erro.codigoBarramento]).toEqual([502, 404, '0055']);
    expect(erro.message).toBe(
      'O Tramita GOV.BR recusou o pedido: A unidade pesquisada não está vinculada à estrutura organizacional ' +
        'selecionada (código 0055)',
    );
  });
});

describe('falhas de transporte', () => {
  it('tempo esgotado: erro claro, sem esperar a resposta atrasada', async () => {
    barramento.atrasarRespostas(5_000);
    try {
      const inicio = Date.now();
      const erro = await falhaDoBarramento(cliente({ tempoLimiteMs: 300 }).listarEspecies());
      expect(Date.now() - inicio).toBeLessThan(3_000);
      expect(erro.codigo).toBe('TRAMITA_TEMPO_ESGOTADO');
      expect(erro.status).toBe(504);
      expect(erro.message).toBe('O Tramita GOV.BR não respondeu em 0,3 segundos; tente novamente mais tarde');
    } finally {
      barramento.atrasarRespostas(0);
    }
  });

  it('endereço sem ninguém escutando: indisponível', async () => {
    const livre: Server = createServer();
    await new Promise<void>((resolve) => livre.listen(0, '127.0.0.1', resolve));
    const endereco = livre.address();
    await new Promise((resolve) => livre.close(resolve));
    if (endereco === null || typeof endereco === 'string') throw new Error('no port');
    const erro = await falhaDoBarramento(
      cliente({ urlBase: `https://127.0.0.1:${endereco.port}/interoperabilidade/rest/v3` }).healthcheck(),
    );
    expect(erro.codigo).toBe('TRAMITA_INDISPONIVEL');
    expect(erro.status).toBe(503);
    expect(erro.message).toBe(MENSAGENS.tramita.indisponivel(`127.0.0.1:${endereco.port}`));
  });
});
