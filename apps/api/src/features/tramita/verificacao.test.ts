import { descreverTamanho, MENSAGENS, type OpcoesEnvioTramita, type VerificacaoTramita } from '@tramite/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { cabecalhosApp } from '../../testing/app-teste.ts';
import { pdf } from '../../testing/arquivos.ts';
import { configuracaoTramitaDeTeste, REPOSITORIO_EXECUTIVO } from '../../testing/barramento/cenario.ts';
import type { CertificadosBarramento } from '../../testing/barramento/certificados.ts';
import { usarBarramentoParaApp } from '../../testing/barramento/dois-sistemas.ts';
import type { BarramentoTeste } from '../../testing/barramento/servidor.ts';
import { usarAppTeste } from '../../testing/contexto-teste.ts';
import {
  type ArquivoPeca,
  adicionarPecas,
  criarDocumento,
  criarHipotese,
  criarTipoDocumento,
  criarUnidade,
  criarUsuario,
} from '../../testing/fabricas.ts';
import { corpoMultipart } from '../../testing/multipart.ts';
import { esperarErro } from '../../testing/respostas.ts';

/**
 * Issue 24, step 5: GET documentos/{id}/tramita/verificacao against the real database and the local barramento
 * double (system A, the Protocolo Central mapped to structure 103): the situation the server reads — configuration,
 * the caller's unit and its mapping, the destination asked of the barramento, the peças with their types and
 * hypotheses and the destination's limits — judged by the pure rules; who may ask; nothing asked of the barramento
 * without a configuration.
 */

const V = MENSAGENS.tramita.verificacao;
let certificados: CertificadosBarramento;
let barramento: BarramentoTeste;

const dubl = usarBarramentoParaApp('tramita-verificacao-');
const { arquivoAc } = dubl;
beforeAll(() => {
  ({ certificados, barramento } = dubl);
});

const t = usarAppTeste(() => ({ TRAMITA_AUTORIDADES: arquivoAc, TRAMITA_TEMPO_LIMITE_SEGUNDOS: '5' }));
let cookieAdmin: string;
let cookieAna: string;
let cookieBruno: string;
let idAna: number;
let idProtocolo: number;
let idReitoria: number;
let tipoProcesso: number;
let tipoOficio: number;
let hipotesePessoal: number;
let hipoteseFiscal: number;
let idInteressado: number;

const URL_ADMIN = '/api/administracao/tramita';

beforeAll(async () => {
  const db = t.banco.db;
  idProtocolo = (await criarUnidade(db, { sigla: 'PROT', nome: 'Protocolo Central' })).id;
  idReitoria = (await criarUnidade(db, { sigla: 'GR', nome: 'Gabinete da Reitoria' })).id;
  await criarUsuario(db, { username: 'admin', lotacoes: [idProtocolo], permissoes: ['ADMINISTRACAO_TRAMITA'] });
  idAna = (await criarUsuario(db, { username: 'ana', lotacoes: [idProtocolo] })).id;
  await criarUsuario(db, { username: 'bruno', lotacoes: [idReitoria] });
  tipoProcesso = await criarTipoDocumento(db, 'Processo administrativo');
  await db.updateTable('tipoDocumento').set({ processo: true }).where('id', '=', tipoProcesso).execute();
  tipoOficio = await criarTipoDocumento(db, 'Ofício');
  hipotesePessoal = await criarHipotese(db, 'Informação pessoal');
  hipoteseFiscal = await criarHipotese(db, 'Sigilo fiscal');
  idInteressado = (
    await db
      .insertInto('interessado')
      .values({ tipo: 'O', nome: 'Empresa Exemplo Ltda', codigo: null, cpf: null, cnpj: null, email: null })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  [cookieAdmin, cookieAna, cookieBruno] = await Promise.all([t.entrar('admin'), t.entrar('ana'), t.entrar('bruno')]);
});

const pedir = (metodo: 'GET' | 'PUT' | 'POST' | 'PATCH', url: string, cookie: string | null, payload?: object) =>
  t.app.inject({ method: metodo, url, headers: cabecalhosApp(cookie ?? undefined), ...(payload ? { payload } : {}) });

const verificar = (idDocumento: number, estrutura = 202, cookie: string | null = cookieAna, repositorio = 1) =>
  pedir(
    'GET',
    `/api/documentos/${idDocumento}/tramita/verificacao?repositorio=${repositorio}&estrutura=${estrutura}`,
    cookie,
  );

const verificacao = async (idDocumento: number, estrutura = 202) => {
  const resposta = await verificar(idDocumento, estrutura);
  expect(resposta.statusCode, resposta.body).toBe(200);
  return resposta.json<VerificacaoTramita>();
};

/** A process held (received) by the Protocolo Central, with an interested party, a subject and the given peças. */
async function processo(arquivos: ArquivoPeca[] | number = 1, dados: { resumoAssunto?: string } = {}) {
  const id = await criarDocumento(t.banco.db, {
    idUnidade: idProtocolo,
    idUsuario: idAna,
    idTipoDocumento: tipoProcesso,
    idInteressado,
    ...dados,
  });
  const pecas = await adicionarPecas(t, { idDocumento: id, idUsuario: idAna }, arquivos);
  return { id, pecas };
}

const comTipo = (idPeca: number, idTipoDocumento: number | null) =>
  t.banco.db.updateTable('peca').set({ idTipoDocumento }).where('id', '=', idPeca).execute();

describe('sem configuração', () => {
  it('responde só NAO_CONFIGURADO, sem perguntar ao barramento', async () => {
    const { id } = await processo();
    expect(await verificacao(id)).toEqual({
      ERRO: [{ codigo: 'NAO_CONFIGURADO', mensagem: V.naoConfigurado }],
      ALERTA: [],
    });
    expect(barramento.pedidos).toEqual([]);
  });

  it('GET tramita/envio: 409 TRAMITA_NAO_CONFIGURADO (o Tramitar não oferece o destino externo)', async () => {
    esperarErro(
      await pedir('GET', '/api/tramita/envio', cookieAna),
      409,
      'TRAMITA_NAO_CONFIGURADO',
      MENSAGENS.tramita.naoConfigurado,
    );
    expect((await pedir('GET', '/api/tramita/envio', null)).statusCode).toBe(401);
  });
});

describe('com a configuração ativa e os mapeamentos', () => {
  beforeAll(async () => {
    const configuracao = configuracaoTramitaDeTeste(barramento.url);
    const ok = async (metodo: 'PUT' | 'POST', url: string, payload?: object) => {
      const resposta = await pedir(metodo, url, cookieAdmin, payload);
      expect(resposta.statusCode, resposta.body).toBe(200);
    };
    await ok('PUT', URL_ADMIN, configuracao);
    const A = certificados.sistemas.A;
    const { payload, tipo } = corpoMultipart({ senha: A.senha }, [
      { campo: 'arquivo', nome: 'a.p12', conteudo: A.p12 },
    ]);
    const certificado = await t.app.inject({
      method: 'PUT',
      url: `${URL_ADMIN}/certificado`,
      headers: { ...cabecalhosApp(cookieAdmin), 'content-type': tipo },
      payload,
    });
    expect(certificado.statusCode, certificado.body).toBe(200);
    await ok('PUT', URL_ADMIN, { ...configuracao, ativo: true });
    await ok('PUT', `${URL_ADMIN}/unidades/${idProtocolo}`, { numeroEstrutura: 103, envia: true, recebe: true });
    await ok('PUT', `${URL_ADMIN}/especies-envio/${tipoOficio}`, { codigoEspecie: 95 });
    await ok('PUT', `${URL_ADMIN}/hipoteses-envio/${hipotesePessoal}`, { identificacaoPen: 1 });
    // The Divisão de Protocolo of the other university accepts files up to 1 MB.
    const limite = await pedir('POST', `${URL_ADMIN}/limites`, cookieAdmin, {
      idRepositorio: REPOSITORIO_EXECUTIVO,
      numeroEstrutura: 202,
      tamanhoMaximoMb: 1,
      extensoesRecusadas: [],
    });
    expect(limite.statusCode, limite.body).toBe(200);
  });

  it('GET tramita/envio: a unidade mapeada com envia, o repositório da instituição e os repositórios ativos', async () => {
    const ana = await pedir('GET', '/api/tramita/envio', cookieAna);
    expect(ana.statusCode, ana.body).toBe(200);
    const opcoes = ana.json<OpcoesEnvioTramita>();
    expect(opcoes).toMatchObject({ envia: true, idRepositorio: REPOSITORIO_EXECUTIVO });
    // Only the active ones (the deactivated repository 3 is not offered).
    expect(opcoes.repositorios.sort((a, b) => a.id - b.id)).toEqual([
      { id: REPOSITORIO_EXECUTIVO, nome: 'Poder Executivo Federal' },
      { id: 2, nome: 'Órgãos/ Entidades Legado' },
    ]);
    const bruno = await pedir('GET', '/api/tramita/envio', cookieBruno);
    expect(bruno.json()).toMatchObject({ envia: false });
  });

  it('situação limpa: processo com interessado, assunto e uma peça do tipo mapeado — sem itens', async () => {
    const { id, pecas } = await processo();
    await comTipo(pecas[0]?.idPeca ?? 0, tipoOficio);
    const pedidosAntes = barramento.pedidos.length;
    expect(await verificacao(id)).toEqual({ ERRO: [], ALERTA: [] });
    // The destination was asked of the barramento.
    const pedido = barramento.pedidos.slice(pedidosAntes).map((p) => p.url);
    expect(pedido.some((url) => url.includes('/estruturas-organizacionais/202'))).toBe(true);
  });

  it('peça sem tipo (e sem espécie padrão): ESPECIE_NAO_MAPEADA na peça; escolhido o tipo, o ERRO some', async () => {
    const { id, pecas } = await processo([
      { nome: 'oficio.pdf', conteudo: pdf({ marca: 'verif-oficio' }), tipoMime: 'application/pdf' },
      { nome: 'parecer.pdf', conteudo: pdf({ marca: 'verif-parecer' }), tipoMime: 'application/pdf' },
    ]);
    await comTipo(pecas[0]?.idPeca ?? 0, tipoOficio);
    expect(await verificacao(id)).toEqual({
      ERRO: [{ codigo: 'ESPECIE_NAO_MAPEADA', mensagem: V.especieNaoMapeada(2, 'parecer.pdf'), sequencial: 2 }],
      ALERTA: [],
    });
    const escolhido = await pedir('PATCH', `/api/documentos/${id}/pecas/${pecas[1]?.idPeca}/tipo`, cookieAna, {
      idTipoDocumento: tipoOficio,
    });
    expect(escolhido.statusCode, escolhido.body).toBe(200);
    expect(await verificacao(id)).toEqual({ ERRO: [], ALERTA: [] });
  });

  it('peça restrita com hipótese legal sem par no PEN: HIPOTESE_NAO_MAPEADA; com a hipótese mapeada, nada', async () => {
    const restrita = (idHipoteseLegal: number, marca: string): ArquivoPeca => ({
      nome: 'laudo.pdf',
      conteudo: pdf({ marca }),
      tipoMime: 'application/pdf',
      nivelAcesso: 'R',
      idHipoteseLegal,
    });
    const fiscal = await processo([restrita(hipoteseFiscal, 'verif-fiscal')]);
    await comTipo(fiscal.pecas[0]?.idPeca ?? 0, tipoOficio);
    expect(await verificacao(fiscal.id)).toEqual({
      ERRO: [{ codigo: 'HIPOTESE_NAO_MAPEADA', mensagem: V.hipoteseNaoMapeada('Sigilo fiscal', 1), sequencial: 1 }],
      ALERTA: [],
    });
    const pessoal = await processo([restrita(hipotesePessoal, 'verif-pessoal')]);
    await comTipo(pessoal.pecas[0]?.idPeca ?? 0, tipoOficio);
    expect(await verificacao(pessoal.id)).toEqual({ ERRO: [], ALERTA: [] });
  });

  it('arquivo acima do limite do destino: TAMANHO_EXCEDIDO para 202 (1 MB), nada para 201 (o global, 100 MB)', async () => {
    const tamanho = 1024 * 1024 + 1;
    const { id, pecas } = await processo([
      { nome: 'grande.pdf', conteudo: pdf({ tamanho, marca: 'verif-grande' }), tipoMime: 'application/pdf' },
    ]);
    await comTipo(pecas[0]?.idPeca ?? 0, tipoOficio);
    const mensagem = V.tamanhoExcedido(
      1,
      'grande.pdf',
      descreverTamanho(tamanho),
      descreverTamanho(1024 * 1024),
      'Divisão de Protocolo',
    );
    expect(await verificacao(id)).toEqual({
      ERRO: [{ codigo: 'TAMANHO_EXCEDIDO', mensagem, sequencial: 1 }],
      ALERTA: [],
    });
    expect(await verificacao(id, 201)).toEqual({ ERRO: [], ALERTA: [] });
  });

  it('destino inapto a receber: DESTINO_INAPTO; estrutura que o barramento não conhece: 400 no campo', async () => {
    const { id, pecas } = await processo();
    await comTipo(pecas[0]?.idPeca ?? 0, tipoOficio);
    expect(await verificacao(id, 104)).toEqual({
      ERRO: [{ codigo: 'DESTINO_INAPTO', mensagem: V.destinoInapto('Biblioteca Central') }],
      ALERTA: [],
    });
    const inexistente = await verificar(id, 999);
    expect(inexistente.statusCode, inexistente.body).toBe(400);
    expect(inexistente.json()).toMatchObject({
      erros: [{ campo: 'estrutura', mensagem: MENSAGENS.tramita.estruturaNaoEncontrada(999) }],
    });
    const repositorio = await verificar(id, 202, cookieAna, 77);
    expect(repositorio.statusCode).toBe(400);
    expect(repositorio.json().erros).toEqual([
      { campo: 'repositorio', mensagem: MENSAGENS.tramita.repositorioInexistente(77) },
    ]);
  });

  it('o processo inteiro: sem interessado, sem assunto, sem peças, impedido (já tramitado)', async () => {
    const id = await criarDocumento(t.banco.db, {
      idUnidade: idProtocolo,
      idUsuario: idAna,
      idTipoDocumento: tipoProcesso,
      situacao: 'ENVIADO',
      resumoAssunto: '  ',
    });
    const resposta = await verificacao(id);
    expect(resposta.ERRO.map((item) => item.codigo)).toEqual([
      'IMPEDIDO',
      'SEM_PECAS',
      'SEM_INTERESSADO',
      'SEM_DESCRICAO',
    ]);
    expect(resposta.ERRO[0]?.mensagem).toBe(MENSAGENS.tramitacao.jaTramitado);
  });

  it('unidade sem mapeamento: UNIDADE_NAO_MAPEADA com a sigla', async () => {
    const id = await criarDocumento(t.banco.db, {
      idUnidade: idReitoria,
      idUsuario: idAna,
      idTipoDocumento: tipoProcesso,
      idInteressado,
    });
    const pecas = await adicionarPecas(t, { idDocumento: id, idUsuario: idAna }, 1);
    await comTipo(pecas[0]?.idPeca ?? 0, tipoOficio);
    const resposta = await verificar(id, 202, cookieBruno);
    expect(resposta.statusCode, resposta.body).toBe(200);
    expect(resposta.json()).toEqual({
      ERRO: [{ codigo: 'UNIDADE_NAO_MAPEADA', mensagem: V.unidadeNaoMapeada('GR') }],
      ALERTA: [],
    });
  });

  it('quem pode tramitar: outra unidade 403, sem login 401, documento que não vê ou inexistente 404; consulta inválida 400', async () => {
    const { id } = await processo();
    esperarErro(
      await verificar(id, 202, cookieBruno),
      403,
      'SEM_PERMISSAO',
      MENSAGENS.tramitacao.naoRecebidoPelaUnidade,
    );
    expect((await verificar(id, 202, null)).statusCode).toBe(401);
    const rascunho = await criarDocumento(t.banco.db, {
      idUnidade: idReitoria,
      idUsuario: idAna,
      idTipoDocumento: tipoProcesso,
      situacao: 'EM_CRIACAO',
    });
    expect((await verificar(rascunho)).statusCode).toBe(404);
    expect((await verificar(424242)).statusCode).toBe(404);
    const invalida = await pedir(
      'GET',
      `/api/documentos/${id}/tramita/verificacao?repositorio=1&estrutura=abc`,
      cookieAna,
    );
    expect(invalida.statusCode).toBe(400);
  });
});
