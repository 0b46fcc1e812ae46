import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import {
  type AdministracaoTramita,
  type ConfiguracaoTramitaSalva,
  type ErroApi,
  MENSAGENS,
  type SincronizacaoTramita,
  type TesteConexaoTramita,
} from '@tramite/shared';
import forge from 'node-forge';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatarDataHora } from '../../platform/data-hora.ts';
import { cabecalhosApp } from '../../testing/app-teste.ts';
import { type CenarioBarramento, configuracaoTramitaDeTeste } from '../../testing/barramento/cenario.ts';
import {
  type CertificadoSistema,
  type CertificadosBarramento,
  certificadoSistema,
  criarAutoridade,
} from '../../testing/barramento/certificados.ts';
import { usarBarramentoParaApp } from '../../testing/barramento/dois-sistemas.ts';
import type { BarramentoTeste } from '../../testing/barramento/servidor.ts';
import { usarAppTeste } from '../../testing/contexto-teste.ts';
import { criarTipoDocumento, criarUnidade, criarUsuario } from '../../testing/fabricas.ts';
import { corpoMultipart } from '../../testing/multipart.ts';
import { esperarErro } from '../../testing/respostas.ts';
import { gravarCertificado, pkcs12Normalizado } from './certificado.ts';
import { lerCertificadoTramita } from './cliente.ts';
import {
  agendarSincronizacaoDevida,
  TAREFA_SINCRONIZAR_LISTAS_TRAMITA,
  tratadorSincronizacaoTramita,
} from './service.ts';

/**
 * Issue 24, step 3: Administração › Tramita GOV.BR against the real database and the local barramento double
 * (mutual TLS with certificates made here): the configuration, the system certificate (PKCS#12 and PEM), the
 * connection test and the sync of the PEN's lists.
 */

let certificados: CertificadosBarramento;
let cenario: CenarioBarramento;
let barramento: BarramentoTeste;

const dubl = usarBarramentoParaApp('tramita-config-');
const { pasta: pastaTeste, arquivoAc } = dubl;
beforeAll(() => {
  ({ certificados, cenario, barramento } = dubl);
});

// The double's CA is trusted through the setting an institution would use for the barramento's own CA; each request
// is given 2 s, so the slow answers of the timeout test give up quickly.
const t = usarAppTeste(() => ({ TRAMITA_AUTORIDADES: arquivoAc, TRAMITA_TEMPO_LIMITE_SEGUNDOS: '2' }));
let cookieAdmin: string;
let cookieAna: string;
let idAdmin: number;
let idUnidade: number;
let tipoProcesso: number;
let tipoPeca: number;
/** The audit log cannot be emptied: each test reads only the rows written after this id. */
let ultimaAuditoria = 0;

const URL_ADMIN = '/api/administracao/tramita';

beforeAll(async () => {
  const db = t.banco.db;
  idUnidade = (await criarUnidade(db, { sigla: 'PROT', nome: 'Protocolo Central' })).id;
  idAdmin = (
    await criarUsuario(db, {
      username: 'admin',
      nome: 'Administradora do Tramita',
      lotacoes: [idUnidade],
      permissoes: ['ADMINISTRACAO_TRAMITA'],
    })
  ).id;
  await criarUsuario(db, { username: 'ana', lotacoes: [idUnidade], permissoes: ['ADMINISTRACAO_CALENDARIO'] });
  tipoProcesso = await criarTipoDocumento(db, 'Processo recebido de outro órgão');
  await db.updateTable('tipoDocumento').set({ processo: true }).where('id', '=', tipoProcesso).execute();
  tipoPeca = await criarTipoDocumento(db, 'Ofício');
  [cookieAdmin, cookieAna] = await Promise.all([t.entrar('admin'), t.entrar('ana')]);
});

beforeEach(async () => {
  const { maximo } = await t.banco.db
    .selectFrom('auditoria')
    .select((eb) => eb.fn.coalesce(eb.fn.max('id'), eb.lit(0)).as('maximo'))
    .executeTakeFirstOrThrow();
  ultimaAuditoria = Number(maximo);
});

const pedir = (metodo: 'GET' | 'PUT' | 'POST', url: string, cookie: string | null = cookieAdmin, payload?: object) =>
  t.app.inject({ method: metodo, url, headers: cabecalhosApp(cookie ?? undefined), ...(payload ? { payload } : {}) });

const consultar = async () => {
  const resposta = await pedir('GET', URL_ADMIN);
  expect(resposta.statusCode).toBe(200);
  return resposta.json<AdministracaoTramita>();
};

const configuracaoValida = (mudancas: Record<string, unknown> = {}) =>
  configuracaoTramitaDeTeste(barramento.url, mudancas);

const salvar = (mudancas: Record<string, unknown> = {}, cookie: string | null = cookieAdmin) =>
  pedir('PUT', URL_ADMIN, cookie, configuracaoValida(mudancas));

type ArquivosEnvio = { campo: string; nome: string; conteudo: Buffer }[];

function enviarCertificado(
  campos: Record<string, string>,
  arquivos: ArquivosEnvio,
  cookie: string | null = cookieAdmin,
) {
  const { payload, tipo } = corpoMultipart(campos, arquivos);
  return t.app.inject({
    method: 'PUT',
    url: `${URL_ADMIN}/certificado`,
    headers: { ...cabecalhosApp(cookie ?? undefined), 'content-type': tipo },
    payload,
  });
}

const enviarP12 = (sistema: CertificadoSistema, senha = sistema.senha) =>
  enviarCertificado({ senha }, [{ campo: 'arquivo', nome: 'sistema.p12', conteudo: sistema.p12 }]);

const enviarPem = (certificado: string, chave: string, senhaChave?: string) =>
  enviarCertificado(senhaChave === undefined ? {} : { senhaChave }, [
    { campo: 'certificado', nome: 'certificado.pem', conteudo: Buffer.from(certificado) },
    { campo: 'chave', nome: 'chave.pem', conteudo: Buffer.from(chave) },
  ]);

const auditoria = () =>
  t.banco.db
    .selectFrom('auditoria')
    .select(['idUsuario', 'acao', 'entidade', 'idEntidade', 'antes', 'depois', 'ip'])
    .where('id', '>', ultimaAuditoria)
    .orderBy('id')
    .execute();

const pastaAmbiente = (ambiente: string) => join(t.config.tramita.pastaCertificados, ambiente);

/** A port with nobody listening. */
async function portaFechada(): Promise<number> {
  const servidor = createServer();
  await new Promise<void>((resolve) => servidor.listen(0, '127.0.0.1', resolve));
  const endereco = servidor.address();
  await new Promise((resolve) => servidor.close(resolve));
  if (endereco === null || typeof endereco === 'string') throw new Error('no port');
  return endereco.port;
}

describe('permissão', () => {
  it('sem login, 401 em tudo; sem ADMINISTRACAO_TRAMITA, 403 na administração (mesmo com corpo inválido)', async () => {
    const rotas: ['GET' | 'PUT' | 'POST', string][] = [
      ['GET', URL_ADMIN],
      ['PUT', URL_ADMIN],
      ['POST', `${URL_ADMIN}/testar-conexao`],
      ['POST', `${URL_ADMIN}/sincronizar`],
    ];
    for (const [metodo, url] of rotas) {
      esperarErro(await pedir(metodo, url, null, {}), 401, 'NAO_AUTENTICADO', MENSAGENS.geral.naoAutenticado);
      esperarErro(
        await pedir(metodo, url, cookieAna, { ambiente: 'X' }),
        403,
        'SEM_PERMISSAO',
        MENSAGENS.geral.semPermissao,
      );
    }
    const A = certificados.sistemas.A;
    esperarErro(
      await enviarCertificado({ senha: A.senha }, [{ campo: 'arquivo', nome: 'a.p12', conteudo: A.p12 }], null),
      401,
      'NAO_AUTENTICADO',
      MENSAGENS.geral.naoAutenticado,
    );
    esperarErro(
      await enviarCertificado({ senha: A.senha }, [{ campo: 'arquivo', nome: 'a.p12', conteudo: A.p12 }], cookieAna),
      403,
      'SEM_PERMISSAO',
      MENSAGENS.geral.semPermissao,
    );
    esperarErro(
      await pedir('GET', '/api/tramita/estado', null),
      401,
      'NAO_AUTENTICADO',
      MENSAGENS.geral.naoAutenticado,
    );
    expect(await auditoria()).toEqual([]);
  });
});

describe('antes da primeira configuração', () => {
  it('a feature está ausente: estado inativo, nada guardado, e certificado, teste e sincronização pedem a configuração', async () => {
    const estado = await pedir('GET', '/api/tramita/estado', cookieAna);
    expect(estado.statusCode).toBe(200);
    expect(estado.json()).toEqual({ ativo: false });
    expect(await consultar()).toEqual({
      configuracao: null,
      certificado: null,
      listas: {
        especies: { ativas: 0, inativas: 0 },
        hipoteses: { ativas: 0, inativas: 0 },
        repositorios: { ativas: 0, inativas: 0 },
        sincronizadaEm: null,
      },
      repositorios: [],
      especies: [],
      tiposDocumento: [
        { id: tipoPeca, descricao: 'Ofício', processo: false },
        { id: tipoProcesso, descricao: 'Processo recebido de outro órgão', processo: true },
      ],
    });
    esperarErro(
      await enviarP12(certificados.sistemas.A),
      409,
      'TRAMITA_NAO_CONFIGURADO',
      MENSAGENS.tramita.naoConfigurado,
    );
    for (const acao of ['testar-conexao', 'sincronizar']) {
      esperarErro(
        await pedir('POST', `${URL_ADMIN}/${acao}`),
        409,
        'TRAMITA_NAO_CONFIGURADO',
        MENSAGENS.tramita.naoConfigurado,
      );
    }
    expect(barramento.pedidos).toEqual([]);
  });
});

describe('PUT /api/administracao/tramita', () => {
  it('recusa campos inválidos, cada um com a sua mensagem em português (400)', async () => {
    const resposta = await salvar({
      ambiente: 'TESTE',
      urlBase: 'http://barramento.exemplo.gov.br/',
      blocoMb: 0,
      tamanhoMaximoComponenteMb: 5000,
      intervaloConsultaSegundos: 'abc',
      idRepositorio: -1,
    });
    expect(resposta.statusCode).toBe(400);
    const { erros } = resposta.json<ErroApi>();
    expect(erros).toEqual(
      expect.arrayContaining([
        { campo: 'body.ambiente', mensagem: MENSAGENS.tramita.ambienteInvalido },
        { campo: 'body.urlBase', mensagem: MENSAGENS.tramita.urlHttps },
        { campo: 'body.blocoMb', mensagem: MENSAGENS.tramita.numeroFaixa('O bloco de transferência (MB)', 1, 200) },
        {
          campo: 'body.tamanhoMaximoComponenteMb',
          mensagem: MENSAGENS.tramita.numeroFaixa('O tamanho máximo de arquivo (MB)', 1, 2048),
        },
        {
          campo: 'body.intervaloConsultaSegundos',
          mensagem: MENSAGENS.tramita.numeroFaixa('O intervalo de consulta (segundos)', 10, 3600),
        },
        { campo: 'body.idRepositorio', mensagem: MENSAGENS.tramita.identificadorInvalido },
      ]),
    );
    const longa = await salvar({ urlBase: `https://exemplo.gov.br/${'a'.repeat(500)}` });
    expect(longa.json<ErroApi>().erros).toEqual([{ campo: 'body.urlBase', mensagem: MENSAGENS.tramita.urlLonga(500) }]);
    const comSenha = await salvar({ urlBase: 'https://usuario:senha@exemplo.gov.br/' });
    expect(comSenha.json<ErroApi>().erros).toEqual([{ campo: 'body.urlBase', mensagem: MENSAGENS.tramita.urlHttps }]);
    // Activating needs the institution's repository and structure.
    const semEstrutura = await salvar({ ativo: true, idRepositorio: null, numeroEstruturaRaiz: '' });
    expect(semEstrutura.json<ErroApi>().erros).toEqual([
      { campo: 'body.idRepositorio', mensagem: MENSAGENS.tramita.repositorioObrigatorio },
      { campo: 'body.numeroEstruturaRaiz', mensagem: MENSAGENS.tramita.estruturaRaizObrigatoria },
    ]);
    // Units, types and species must exist and be of the right kind.
    const referencias = await salvar({
      idUnidadeTramita: 999_999,
      idTipoDocumentoRecebido: tipoPeca,
      idTipoPecaPadraoRecebimento: tipoProcesso,
      codigoEspeciePadraoEnvio: 42,
    });
    esperarErro(referencias, 400, 'REQUISICAO_INVALIDA', MENSAGENS.tramita.unidadeInexistente, [
      { campo: 'idUnidadeTramita', mensagem: MENSAGENS.tramita.unidadeInexistente },
      { campo: 'idTipoDocumentoRecebido', mensagem: MENSAGENS.tramita.tipoRecebidoNaoProcesso },
      { campo: 'idTipoPecaPadraoRecebimento', mensagem: MENSAGENS.tramita.tipoPecaEhProcesso },
      { campo: 'codigoEspeciePadraoEnvio', mensagem: MENSAGENS.tramita.especieInexistente(42) },
    ]);
    expect(await t.banco.db.selectFrom('tramitaConfiguracao').selectAll().execute()).toEqual([]);
    expect(await auditoria()).toEqual([]);
  });

  it('salva a configuração inativa, auditada; ativar sem certificado é recusado no campo ativo', async () => {
    const resposta = await salvar({
      idUnidadeTramita: idUnidade,
      idTipoDocumentoRecebido: tipoProcesso,
      idTipoPecaPadraoRecebimento: tipoPeca,
      blocoMb: '20',
    });
    expect(resposta.statusCode).toBe(200);
    const salva = resposta.json<ConfiguracaoTramitaSalva>();
    expect(salva.configuracao).toEqual({
      ...configuracaoValida({ idUnidadeTramita: idUnidade, idTipoDocumentoRecebido: tipoProcesso }),
      idTipoPecaPadraoRecebimento: tipoPeca,
      blocoMb: 20,
      atualizadoEm: expect.any(String),
      atualizadoPor: 'Administradora do Tramita',
    });
    expect(salva.certificado).toBeNull();
    expect(salva.sincronizacao).toBeNull();
    expect(barramento.pedidos).toEqual([]);
    const [linha, ...outras] = await auditoria();
    expect(outras).toEqual([]);
    expect(linha).toMatchObject({
      idUsuario: idAdmin,
      acao: 'CONFIGURAR_TRAMITA',
      entidade: 'tramita_configuracao',
      idEntidade: '1',
      antes: null,
      depois: { ambiente: 'HOMOLOGACAO', urlBase: barramento.url, blocoMb: 20, ativo: false },
    });
    expect(linha?.ip).toBeTruthy();

    esperarErro(
      await salvar({ ativo: true }),
      400,
      'REQUISICAO_INVALIDA',
      MENSAGENS.tramita.certificadoObrigatorioParaAtivar('homologação'),
      [{ campo: 'ativo', mensagem: MENSAGENS.tramita.certificadoObrigatorioParaAtivar('homologação') }],
    );
    expect((await pedir('GET', '/api/tramita/estado', cookieAna)).json()).toEqual({ ativo: false });
  });
});

describe('PUT /api/administracao/tramita/certificado', () => {
  it('PKCS#12 com a senha certa: guardado em pasta própria (0700, arquivos 0600), e a API só mostra titular, emissor, validade e impressão', async () => {
    const A = certificados.sistemas.A;
    const resposta = await enviarP12(A);
    expect(resposta.statusCode).toBe(200);
    const corpo = resposta.json<AdministracaoTramita>();
    expect(corpo.certificado).toEqual({
      titular: 'Sistema A - Tramite UFEX',
      emissor: 'AC de teste do Tramita GOV.BR',
      validoDe: expect.any(String),
      validoAte: expect.any(String),
      impressao: A.impressao,
    });
    expect(new Date(corpo.certificado?.validoAte ?? 0).getTime()).toBeGreaterThan(Date.now() + 300 * 86_400_000);
    // Neither the certificate, its key nor any password ever comes back.
    const texto = resposta.body + (await pedir('GET', URL_ADMIN)).body;
    for (const segredo of [A.senha, 'BEGIN', A.p12.toString('base64').slice(0, 40)])
      expect(texto).not.toContain(segredo);

    const pasta = pastaAmbiente('HOMOLOGACAO');
    expect(statSync(pasta).mode & 0o777).toBe(0o700);
    for (const arquivo of ['certificado.p12', 'senha']) expect(statSync(join(pasta, arquivo)).mode & 0o777).toBe(0o600);
    // Stored as a new PKCS#12 under a password of its own, not the administrator's.
    const senhaGuardada = readFileSync(join(pasta, 'senha'), 'utf8').trim();
    expect(senhaGuardada).not.toBe(A.senha);
    const guardado = lerCertificadoTramita({
      formato: 'PKCS12',
      arquivo: readFileSync(join(pasta, 'certificado.p12')),
      senha: senhaGuardada,
    });
    expect(guardado.titular.fingerprint256).toBe(A.impressao);

    const [linha, ...outras] = await auditoria();
    expect(outras).toEqual([]);
    expect(linha).toMatchObject({
      idUsuario: idAdmin,
      acao: 'CONFIGURAR_TRAMITA',
      entidade: 'tramita_configuracao',
      antes: { ambiente: 'HOMOLOGACAO', certificado: null },
      depois: { ambiente: 'HOMOLOGACAO', certificado: { impressao: A.impressao, titular: 'Sistema A - Tramite UFEX' } },
    });
    expect(JSON.stringify(linha)).not.toContain(A.senha);
  });

  it('recusa senha errada, chave de outro certificado, certificado vencido ou ainda não válido, e o que não é certificado (422), mantendo o guardado', async () => {
    const { A, B } = certificados.sistemas;
    const umDia = 86_400_000;
    const vencido = certificadoSistema(certificados.ac, 'Sistema vencido', 'senha', {
      de: new Date(Date.now() - 400 * umDia),
      ate: new Date(Date.now() - umDia),
    });
    const futuro = certificadoSistema(certificados.ac, 'Sistema futuro', 'senha', {
      de: new Date(Date.now() + 10 * umDia),
      ate: new Date(Date.now() + 400 * umDia),
    });
    const validade = (c: CertificadoSistema, campo: 'validFrom' | 'validTo') =>
      formatarDataHora(
        new Date(lerCertificadoTramita({ formato: 'PEM', certificado: c.certificado, chave: c.chave }).titular[campo]),
      );
    // One after the other: each user has a few upload places at a time.
    const casos: [string, () => ReturnType<typeof enviarP12>, string][] = [
      ['senha errada', () => enviarP12(A, 'errada'), MENSAGENS.tramita.senhaIncorreta],
      ['chave de outro', () => enviarPem(A.certificado, B.chave), MENSAGENS.tramita.chaveNaoCorresponde],
      ['vencido', () => enviarP12(vencido), MENSAGENS.tramita.certificadoVencido(validade(vencido, 'validTo'))],
      [
        'futuro',
        () => enviarPem(futuro.certificado, futuro.chave),
        MENSAGENS.tramita.certificadoAindaNaoValido(validade(futuro, 'validFrom')),
      ],
      ['texto', () => enviarPem('não é um certificado', A.chave), MENSAGENS.tramita.certificadoIlegivel],
    ];
    for (const [caso, enviar, mensagem] of casos) {
      const recebida = await enviar();
      expect(recebida.statusCode, caso).toBe(422);
      expect(recebida.json(), caso).toEqual({ codigo: 'TRAMITA_CERTIFICADO_INVALIDO', mensagem, erros: [] });
    }
    expect((await consultar()).certificado?.impressao).toBe(A.impressao);
    expect(await auditoria()).toEqual([]);
  });

  it.skipIf(spawnSync('openssl', ['version']).status !== 0)(
    'recusa um certificado de chave não RSA (422)',
    async () => {
      const pasta = mkdtempSync(join(pastaTeste, 'ec-'));
      const gerado = spawnSync('openssl', [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:P-256',
        '-nodes',
        '-days',
        '30',
        '-subj',
        '/CN=Sistema EC',
        '-keyout',
        join(pasta, 'chave.pem'),
        '-out',
        join(pasta, 'certificado.pem'),
      ]);
      expect(gerado.status).toBe(0);
      esperarErro(
        await enviarPem(
          readFileSync(join(pasta, 'certificado.pem'), 'utf8'),
          readFileSync(join(pasta, 'chave.pem'), 'utf8'),
        ),
        422,
        'TRAMITA_CERTIFICADO_INVALIDO',
        MENSAGENS.tramita.certificadoNaoRsa,
      );
    },
  );

  it('um PKCS#12 que pede rodadas demais de derivação é aberto num processo trabalhador: recusado no prazo, sem travar o servidor', async () => {
    const A = certificados.sistemas.A;
    // The MAC's iteration count raised to 2^31 - 1 (forge derives the MAC key before anything else).
    const pfx = forge.asn1.fromDer(forge.util.createBuffer(A.p12.toString('binary')));
    const macData = (pfx.value as forge.asn1.Asn1[])[2] as forge.asn1.Asn1;
    const iteracoes = (macData.value as forge.asn1.Asn1[])[2] as forge.asn1.Asn1;
    iteracoes.value = forge.asn1.integerToDer(2 ** 31 - 1).getBytes();
    const hostil = Buffer.from(forge.asn1.toDer(pfx).getBytes(), 'binary');
    const envio = enviarCertificado({ senha: A.senha }, [{ campo: 'arquivo', nome: 'hostil.p12', conteudo: hostil }]);
    const inicio = Date.now();
    expect((await pedir('GET', '/api/tramita/estado', cookieAna)).statusCode).toBe(200);
    expect(Date.now() - inicio).toBeLessThan(2_000);
    esperarErro(await envio, 422, 'TRAMITA_CERTIFICADO_INVALIDO', MENSAGENS.tramita.certificadoIlegivel);
    expect((await consultar()).certificado?.impressao).toBe(A.impressao);
  }, 30_000);

  it('recusa envio incompleto, misturado, com arquivo grande demais ou senha longa demais', async () => {
    const A = certificados.sistemas.A;
    esperarErro(
      await enviarCertificado({}, [{ campo: 'certificado', nome: 'c.pem', conteudo: Buffer.from(A.certificado) }]),
      400,
      'REQUISICAO_INVALIDA',
      MENSAGENS.tramita.envioCertificadoIncompleto,
    );
    esperarErro(
      await enviarCertificado({ senha: A.senha }, [
        { campo: 'arquivo', nome: 'a.p12', conteudo: A.p12 },
        { campo: 'chave', nome: 'c.pem', conteudo: Buffer.from(A.chave) },
      ]),
      400,
      'REQUISICAO_INVALIDA',
      MENSAGENS.tramita.envioCertificadoMisturado,
    );
    const grande = await enviarCertificado({ senha: 'x' }, [
      { campo: 'arquivo', nome: 'a.p12', conteudo: Buffer.alloc(64 * 1024 + 1) },
    ]);
    expect(grande.statusCode).toBe(413);
    expect(grande.json()).toMatchObject({ codigo: 'ARQUIVO_GRANDE' });
    esperarErro(await enviarP12(A, 'x'.repeat(1025)), 400, 'REQUISICAO_INVALIDA', MENSAGENS.tramita.senhaLonga(1024), [
      { campo: 'senha', mensagem: MENSAGENS.tramita.senhaLonga(1024) },
    ]);
    expect((await consultar()).certificado?.impressao).toBe(A.impressao);
  });

  it('PEM do certificado e da chave cifrada serve como o PKCS#12, e substitui o anterior', async () => {
    const B = certificados.sistemas.B;
    const { createPrivateKey } = await import('node:crypto');
    const cifrada = createPrivateKey(B.chave)
      .export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'frase secreta' })
      .toString();
    const resposta = await enviarPem(B.certificado, cifrada, 'frase secreta');
    expect(resposta.statusCode).toBe(200);
    expect(resposta.json<AdministracaoTramita>().certificado).toMatchObject({
      titular: 'Sistema B - Tramite UFOE',
      impressao: B.impressao,
    });
    // Back to A for the tests that follow.
    expect((await enviarP12(certificados.sistemas.A)).statusCode).toBe(200);
  });
});

describe('POST /api/administracao/tramita/testar-conexao', () => {
  it('com o certificado guardado: healthcheck e repositórios, pedidos feitos como o sistema A', async () => {
    const antes = barramento.pedidos.length;
    const resposta = await pedir('POST', `${URL_ADMIN}/testar-conexao`);
    expect(resposta.statusCode).toBe(200);
    expect(resposta.json<TesteConexaoTramita>()).toEqual({
      repositorios: [
        { id: 1, nome: 'Poder Executivo Federal' },
        { id: 2, nome: 'Órgãos/ Entidades Legado' },
      ],
      duracaoMs: expect.any(Number),
    });
    expect(barramento.pedidos.slice(antes).map((p) => [p.url.split('?')[0], p.sistema])).toEqual([
      ['/interoperabilidade/rest/v3/healthcheck', 'A'],
      ['/interoperabilidade/rest/v3/repositorios-de-estruturas', 'A'],
    ]);
  });

  it('certificado recusado, endereço inalcançável, tempo esgotado e certificado vencido: o motivo em português', async () => {
    // A certificate of another CA: the barramento closes the connection.
    const estranho = certificadoSistema(criarAutoridade('AC estranha'), 'Sistema estranho');
    expect((await enviarP12(estranho)).statusCode).toBe(200);
    esperarErro(
      await pedir('POST', `${URL_ADMIN}/testar-conexao`),
      502,
      'TRAMITA_CERTIFICADO_RECUSADO',
      MENSAGENS.tramita.conexaoEncerradaNoCertificado,
    );
    expect((await enviarP12(certificados.sistemas.A)).statusCode).toBe(200);

    const porta = await portaFechada();
    expect((await salvar({ urlBase: `https://127.0.0.1:${porta}/interoperabilidade/rest/v3/` })).statusCode).toBe(200);
    esperarErro(
      await pedir('POST', `${URL_ADMIN}/testar-conexao`),
      503,
      'TRAMITA_INDISPONIVEL',
      MENSAGENS.tramita.indisponivel(`127.0.0.1:${porta}`),
    );
    expect((await salvar()).statusCode).toBe(200);

    barramento.atrasarRespostas(5_000);
    try {
      esperarErro(
        await pedir('POST', `${URL_ADMIN}/testar-conexao`),
        504,
        'TRAMITA_TEMPO_ESGOTADO',
        MENSAGENS.tramita.tempoEsgotado(2),
      );
    } finally {
      barramento.atrasarRespostas(0);
    }

    // A stored certificate that expired since its upload is refused before connecting.
    const antes = barramento.pedidos.length;
    const vencido = certificadoSistema(certificados.ac, 'Sistema vencido', 'senha', {
      de: new Date(Date.now() - 400 * 86_400_000),
      ate: new Date(Date.now() - 86_400_000),
    });
    const credenciais = lerCertificadoTramita({ formato: 'PKCS12', arquivo: vencido.p12, senha: vencido.senha });
    const troca = await gravarCertificado(
      t.config.tramita.pastaCertificados,
      'HOMOLOGACAO',
      pkcs12Normalizado(credenciais),
    );
    await troca.confirmar();
    const venceuEm = new Date(credenciais.titular.validTo);
    await t.banco.db
      .updateTable('tramitaConfiguracao')
      .set({ certificadoImpressao: vencido.impressao, certificadoValidoAte: venceuEm })
      .execute();
    esperarErro(
      await pedir('POST', `${URL_ADMIN}/testar-conexao`),
      422,
      'TRAMITA_CERTIFICADO_INVALIDO',
      MENSAGENS.tramita.certificadoVencido(formatarDataHora(venceuEm)),
    );
    expect(barramento.pedidos.length).toBe(antes);
    expect((await enviarP12(certificados.sistemas.A)).statusCode).toBe(200);
  });
});

describe('sincronização das listas do PEN', () => {
  const linhas = () =>
    Promise.all([
      t.banco.db.selectFrom('tramitaEspecie').select(['codigo', 'nome', 'ativa']).orderBy('codigo').execute(),
      t.banco.db
        .selectFrom('tramitaHipotese')
        .select(['identificacao', 'nome', 'baseLegal', 'ativa'])
        .orderBy('identificacao')
        .execute(),
      t.banco.db.selectFrom('tramitaRepositorio').select(['id', 'nome', 'ativo']).orderBy('id').execute(),
    ]);

  it('guarda espécies, hipóteses (ativas e inativas) e repositórios, auditado', async () => {
    const resposta = await pedir('POST', `${URL_ADMIN}/sincronizar`);
    expect(resposta.statusCode).toBe(200);
    expect(resposta.json<SincronizacaoTramita>()).toEqual({
      sincronizadaEm: expect.any(String),
      especies: { ativas: 5, inativas: 0, novas: 5, desativadas: 0 },
      hipoteses: { ativas: 3, inativas: 1, novas: 4, desativadas: 0 },
      repositorios: { ativas: 2, inativas: 0, novas: 2, desativadas: 0 },
    });
    const [especies, hipoteses, repositorios] = await linhas();
    expect(especies).toContainEqual({ codigo: 179, nome: 'Anexo', ativa: true });
    expect(hipoteses).toContainEqual({
      identificacao: 4,
      nome: 'Controle Interno',
      baseLegal: 'Art. 26, § 3º, da Lei nº 10.180/2001',
      ativa: false,
    });
    expect(repositorios).toEqual([
      { id: 1, nome: 'Poder Executivo Federal', ativo: true },
      { id: 2, nome: 'Órgãos/ Entidades Legado', ativo: true },
    ]);
    const tela = await consultar();
    expect(tela.listas).toEqual({
      especies: { ativas: 5, inativas: 0 },
      hipoteses: { ativas: 3, inativas: 1 },
      repositorios: { ativas: 2, inativas: 0 },
      sincronizadaEm: resposta.json<SincronizacaoTramita>().sincronizadaEm,
    });
    expect(tela.especies.map((e) => e.nome)).toEqual(['Anexo', 'Despacho', 'Minuta', 'Parecer', 'Requerimento']);
    const [linha, ...outras] = await auditoria();
    expect(outras).toEqual([]);
    expect(linha).toMatchObject({
      idUsuario: idAdmin,
      acao: 'SINCRONIZAR_LISTAS_TRAMITA',
      entidade: 'tramita_configuracao',
      depois: { especies: { novas: 5 } },
    });
  });

  it('o que some do PEN fica inativo, nunca apagado, e volta a ativo quando reaparece', async () => {
    const especiesOriginais = cenario.especies;
    const hipotesesOriginais = cenario.hipoteses;
    cenario.especies = especiesOriginais.filter((e) => e.codigo !== 83);
    cenario.hipoteses = hipotesesOriginais.filter((h) => h.identificacao !== 2);
    try {
      const resposta = await pedir('POST', `${URL_ADMIN}/sincronizar`);
      expect(resposta.statusCode).toBe(200);
      expect(resposta.json<SincronizacaoTramita>()).toMatchObject({
        especies: { ativas: 4, inativas: 1, novas: 0, desativadas: 1 },
        hipoteses: { ativas: 2, inativas: 2, novas: 0, desativadas: 1 },
        repositorios: { ativas: 2, inativas: 0, novas: 0, desativadas: 0 },
      });
      const [especies, hipoteses] = await linhas();
      expect(especies).toContainEqual({ codigo: 83, nome: 'Minuta', ativa: false });
      expect(hipoteses.find((h) => h.identificacao === 2)).toMatchObject({ ativa: false });
    } finally {
      cenario.especies = especiesOriginais;
      cenario.hipoteses = hipotesesOriginais;
    }
    const volta = await pedir('POST', `${URL_ADMIN}/sincronizar`);
    expect(volta.json<SincronizacaoTramita>()).toMatchObject({
      especies: { ativas: 5, inativas: 0, novas: 0, desativadas: 0 },
      hipoteses: { ativas: 3, inativas: 1, novas: 0, desativadas: 0 },
    });
  });

  it('uma lista vazia do barramento é falha dele: nada muda', async () => {
    const especiesOriginais = cenario.especies;
    cenario.especies = [];
    try {
      esperarErro(
        await pedir('POST', `${URL_ADMIN}/sincronizar`),
        502,
        'TRAMITA_RESPOSTA_INVALIDA',
        MENSAGENS.tramita.listaVazia('espécies documentais'),
      );
    } finally {
      cenario.especies = especiesOriginais;
    }
    expect((await consultar()).listas.especies).toEqual({ ativas: 5, inativas: 0 });
    expect(await auditoria()).toEqual([]);
  });

  it('salvar ativa a feature e sincroniza; a falha da sincronização vem na resposta e a configuração fica salva', async () => {
    const resposta = await salvar({ ativo: true, codigoEspeciePadraoEnvio: 179 });
    expect(resposta.statusCode).toBe(200);
    const salva = resposta.json<ConfiguracaoTramitaSalva>();
    expect(salva.configuracao).toMatchObject({ ativo: true, codigoEspeciePadraoEnvio: 179 });
    expect(salva.sincronizacao).toEqual({
      resultado: expect.objectContaining({ sincronizadaEm: expect.any(String) }),
      erro: null,
    });
    expect(salva.certificado?.impressao).toBe(certificados.sistemas.A.impressao);
    expect((await auditoria()).map((l) => l.acao)).toEqual(['CONFIGURAR_TRAMITA', 'SINCRONIZAR_LISTAS_TRAMITA']);

    // Any signed-in user learns that it is on, and the environment; nothing else.
    const estado = await pedir('GET', '/api/tramita/estado', cookieAna);
    expect(estado.json()).toEqual({ ativo: true, ambiente: 'HOMOLOGACAO' });

    const porta = await portaFechada();
    const semBarramento = await salvar({ ativo: true, urlBase: `https://127.0.0.1:${porta}/rest/v3/` });
    expect(semBarramento.statusCode).toBe(200);
    expect(semBarramento.json<ConfiguracaoTramitaSalva>().sincronizacao).toEqual({
      resultado: null,
      erro: MENSAGENS.tramita.sincronizacaoFalhouAoSalvar(MENSAGENS.tramita.indisponivel(`127.0.0.1:${porta}`)),
    });
    expect((await consultar()).configuracao?.urlBase).toBe(`https://127.0.0.1:${porta}/rest/v3/`);
    expect((await salvar({ ativo: true })).statusCode).toBe(200);
  });

  it('trocar de ambiente traz o certificado guardado daquele ambiente (nenhum: não ativa)', async () => {
    const producao = await salvar({ ambiente: 'PRODUCAO', ativo: false });
    expect(producao.json<ConfiguracaoTramitaSalva>().certificado).toBeNull();
    esperarErro(
      await salvar({ ambiente: 'PRODUCAO', ativo: true }),
      400,
      'REQUISICAO_INVALIDA',
      MENSAGENS.tramita.certificadoObrigatorioParaAtivar('produção'),
      [{ campo: 'ativo', mensagem: MENSAGENS.tramita.certificadoObrigatorioParaAtivar('produção') }],
    );
    const volta = await salvar({ ambiente: 'HOMOLOGACAO', ativo: true });
    expect(volta.statusCode).toBe(200);
    expect(volta.json<ConfiguracaoTramitaSalva>().certificado?.impressao).toBe(certificados.sistemas.A.impressao);
  });

  it('uma vez por dia: um processo enfileira a sincronização, que roda sem usuário', async () => {
    const db = t.banco.db;
    const deps = { db, config: t.config.tramita };
    expect(await agendarSincronizacaoDevida(db)).toEqual({ agendada: false });
    await db
      .updateTable('tramitaConfiguracao')
      .set({ sincronizadaEm: new Date(Date.now() - 25 * 3_600_000) })
      .execute();
    const [primeiro, segundo] = await Promise.all([agendarSincronizacaoDevida(db), agendarSincronizacaoDevida(db)]);
    expect([primeiro?.agendada, segundo?.agendada].sort()).toEqual([false, true]);
    const tarefas = await db
      .selectFrom('job')
      .select(['id', 'estado'])
      .where('tipo', '=', TAREFA_SINCRONIZAR_LISTAS_TRAMITA)
      .execute();
    expect(tarefas).toEqual([{ id: expect.any(Number), estado: 'PENDENTE' }]);
    await tratadorSincronizacaoTramita(deps)({}, { id: tarefas[0]?.id ?? 0, tentativa: 1 });
    const [linha] = await auditoria();
    expect(linha).toMatchObject({ idUsuario: null, ip: null, acao: 'SINCRONIZAR_LISTAS_TRAMITA' });
    await db.deleteFrom('job').where('tipo', '=', TAREFA_SINCRONIZAR_LISTAS_TRAMITA).execute();
    expect(await agendarSincronizacaoDevida(db)).toEqual({ agendada: false });
  });
});
