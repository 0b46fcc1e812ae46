import { type ErroApi, type MapeamentosTramita, MENSAGENS, type PaginaEstruturasTramita } from '@tramite/shared';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cabecalhosApp } from '../../testing/app-teste.ts';
import { configuracaoTramitaDeTeste, REPOSITORIO_EXECUTIVO } from '../../testing/barramento/cenario.ts';
import type { CertificadosBarramento } from '../../testing/barramento/certificados.ts';
import { usarBarramentoParaApp } from '../../testing/barramento/dois-sistemas.ts';
import type { BarramentoTeste } from '../../testing/barramento/servidor.ts';
import { usarAppTeste } from '../../testing/contexto-teste.ts';
import { criarHipotese, criarTipoDocumento, criarUnidade, criarUsuario } from '../../testing/fabricas.ts';
import { corpoMultipart } from '../../testing/multipart.ts';
import { esperarErro } from '../../testing/respostas.ts';

/**
 * Issue 24, step 4: the Tramita GOV.BR mappings against the real database and the local barramento double — units ↔
 * structures (read from the barramento), types ↔ species and hypotheses ↔ PEN hypotheses each way, destinations'
 * limits — and the search of structures: permission, validation in Portuguese, audit, and 409 before configuring.
 */

const M = MENSAGENS.tramita;
let certificados: CertificadosBarramento;
let barramento: BarramentoTeste;

/** 25 coordinations under the first university's rectorate: more than a page of the search. */
const COORDENACOES = Array.from({ length: 25 }, (_, i) => ({
  numero: 110 + i,
  nome: `Coordenação de Apoio ${String(i + 1).padStart(2, '0')}`,
  sigla: `CAP${i + 1}`,
  pai: 101,
}));

const dubl = usarBarramentoParaApp('tramita-mapeamentos-', (cenario) => {
  cenario.repositorios[0]?.estruturas.push(...COORDENACOES);
});
const { arquivoAc } = dubl;
beforeAll(() => {
  ({ certificados, barramento } = dubl);
});

const t = usarAppTeste(() => ({ TRAMITA_AUTORIDADES: arquivoAc, TRAMITA_TEMPO_LIMITE_SEGUNDOS: '5' }));
let cookieAdmin: string;
let cookieAna: string;
let idAdmin: number;
let idProtocolo: number;
let idReitoria: number;
let tipoOficio: number;
let tipoParecer: number;
let tipoProcesso: number;
let hipotesePessoal: number;
let hipoteseFiscal: number;
let ultimaAuditoria = 0;

const URL_ADMIN = '/api/administracao/tramita';
const URL_MAP = `${URL_ADMIN}/mapeamentos`;

beforeAll(async () => {
  const db = t.banco.db;
  idProtocolo = (await criarUnidade(db, { sigla: 'PROT', nome: 'Protocolo Central' })).id;
  idReitoria = (await criarUnidade(db, { sigla: 'GR', nome: 'Gabinete da Reitoria' })).id;
  idAdmin = (
    await criarUsuario(db, {
      username: 'admin',
      nome: 'Administradora do Tramita',
      lotacoes: [idProtocolo],
      permissoes: ['ADMINISTRACAO_TRAMITA'],
    })
  ).id;
  await criarUsuario(db, { username: 'ana', lotacoes: [idProtocolo], permissoes: ['ADMINISTRACAO_CALENDARIO'] });
  tipoOficio = await criarTipoDocumento(db, 'Ofício');
  tipoParecer = await criarTipoDocumento(db, 'Parecer');
  tipoProcesso = await criarTipoDocumento(db, 'Processo administrativo');
  await db.updateTable('tipoDocumento').set({ processo: true }).where('id', '=', tipoProcesso).execute();
  hipotesePessoal = await criarHipotese(db, 'Informação pessoal');
  hipoteseFiscal = await criarHipotese(db, 'Sigilo fiscal');
  [cookieAdmin, cookieAna] = await Promise.all([t.entrar('admin'), t.entrar('ana')]);
});

beforeEach(async () => {
  const { maximo } = await t.banco.db
    .selectFrom('auditoria')
    .select((eb) => eb.fn.coalesce(eb.fn.max('id'), eb.lit(0)).as('maximo'))
    .executeTakeFirstOrThrow();
  ultimaAuditoria = Number(maximo);
});

type Metodo = 'GET' | 'PUT' | 'POST' | 'DELETE';
const pedir = (metodo: Metodo, url: string, cookie: string | null = cookieAdmin, payload?: object) =>
  t.app.inject({ method: metodo, url, headers: cabecalhosApp(cookie ?? undefined), ...(payload ? { payload } : {}) });

const auditoria = () =>
  t.banco.db
    .selectFrom('auditoria')
    .select(['idUsuario', 'acao', 'entidade', 'idEntidade', 'antes', 'depois'])
    .where('id', '>', ultimaAuditoria)
    .orderBy('id')
    .execute();

const mapeamentos = async () => {
  const resposta = await pedir('GET', URL_MAP);
  expect(resposta.statusCode).toBe(200);
  return resposta.json<MapeamentosTramita>();
};

const ok = (resposta: Awaited<ReturnType<typeof pedir>>) => {
  expect(resposta.statusCode, resposta.body).toBe(200);
  return resposta.json<MapeamentosTramita>();
};

const buscar = (texto: string, cookie: string | null = cookieAdmin, extra = '') =>
  pedir(
    'GET',
    `/api/tramita/estruturas?repositorio=${REPOSITORIO_EXECUTIVO}&texto=${encodeURIComponent(texto)}${extra}`,
    cookie,
  );

/** Every route of this step, with a body each would accept once configured. */
const ROTAS: [Metodo, string, object?][] = [
  ['GET', URL_MAP],
  ['PUT', `${URL_ADMIN}/unidades/1`, { numeroEstrutura: 103, envia: true, recebe: true }],
  ['DELETE', `${URL_ADMIN}/unidades/1`],
  ['PUT', `${URL_ADMIN}/especies-envio/1`, { codigoEspecie: 95 }],
  ['DELETE', `${URL_ADMIN}/especies-envio/1`],
  ['PUT', `${URL_ADMIN}/especies-recebimento/95`, { idTipoDocumento: 1 }],
  ['DELETE', `${URL_ADMIN}/especies-recebimento/95`],
  ['PUT', `${URL_ADMIN}/hipoteses-envio/1`, { identificacaoPen: 1 }],
  ['DELETE', `${URL_ADMIN}/hipoteses-envio/1`],
  ['PUT', `${URL_ADMIN}/hipoteses-recebimento/1`, { idHipoteseLegal: 1 }],
  ['DELETE', `${URL_ADMIN}/hipoteses-recebimento/1`],
  ['POST', `${URL_ADMIN}/limites`, { idRepositorio: 1, tamanhoMaximoMb: 10, extensoesRecusadas: [] }],
  ['PUT', `${URL_ADMIN}/limites/1`, { idRepositorio: 1, tamanhoMaximoMb: 10, extensoesRecusadas: [] }],
  ['DELETE', `${URL_ADMIN}/limites/1`],
];

describe('permissão e configuração ausente', () => {
  it('sem login, 401; sem ADMINISTRACAO_TRAMITA, 403 (mesmo com corpo inválido); a busca de estruturas pede login', async () => {
    for (const [metodo, url] of ROTAS) {
      esperarErro(await pedir(metodo, url, null, {}), 401, 'NAO_AUTENTICADO', MENSAGENS.geral.naoAutenticado);
      esperarErro(await pedir(metodo, url, cookieAna, { x: 1 }), 403, 'SEM_PERMISSAO', MENSAGENS.geral.semPermissao);
    }
    esperarErro(await buscar('reitoria', null), 401, 'NAO_AUTENTICADO', MENSAGENS.geral.naoAutenticado);
    expect(await auditoria()).toEqual([]);
  });

  it('antes da configuração, toda rota responde 409 TRAMITA_NAO_CONFIGURADO e nada pergunta ao barramento', async () => {
    for (const [metodo, url, corpo] of ROTAS) {
      esperarErro(await pedir(metodo, url, cookieAdmin, corpo), 409, 'TRAMITA_NAO_CONFIGURADO', M.naoConfigurado);
    }
    for (const cookie of [cookieAdmin, cookieAna]) {
      esperarErro(await buscar('reitoria', cookie), 409, 'TRAMITA_NAO_CONFIGURADO', M.naoConfigurado);
    }
    expect(barramento.pedidos).toEqual([]);
    expect(await auditoria()).toEqual([]);
  });
});

describe('com a configuração salva (inativa) e as listas sincronizadas', () => {
  beforeAll(async () => {
    const salvar = await pedir('PUT', URL_ADMIN, cookieAdmin, configuracaoTramitaDeTeste(barramento.url));
    expect(salvar.statusCode).toBe(200);
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
    expect(certificado.statusCode).toBe(200);
    expect((await pedir('POST', `${URL_ADMIN}/sincronizar`)).statusCode).toBe(200);
  });

  it('a tela começa vazia, com as listas para escolher (tipos de peça, hipóteses ativas, listas do PEN)', async () => {
    const tela = await mapeamentos();
    expect(tela).toMatchObject({
      idRepositorio: REPOSITORIO_EXECUTIVO,
      unidades: [],
      especiesEnvio: [],
      especiesRecebimento: [],
      hipotesesEnvio: [],
      hipotesesRecebimento: [],
      limites: [],
      tiposDocumento: [
        { id: tipoOficio, descricao: 'Ofício' },
        { id: tipoParecer, descricao: 'Parecer' },
      ],
      hipotesesLegais: [
        { id: hipotesePessoal, descricao: 'Informação pessoal' },
        { id: hipoteseFiscal, descricao: 'Sigilo fiscal' },
      ],
    });
    expect(tela.especies).toHaveLength(5);
    expect(tela.hipotesesPen).toContainEqual({ identificacao: 4, nome: 'Controle Interno', ativa: false });
    expect(tela.repositorios.map((r) => r.id)).toEqual([REPOSITORIO_EXECUTIVO, 2]);
  });

  describe('GET /api/tramita/estruturas', () => {
    it('pelo nome, só ativas e aptas a receber, com a hierarquia; sem resultado pelo nome, pela sigla', async () => {
      const reitoria = await buscar('reitoria');
      expect(reitoria.statusCode).toBe(200);
      expect(reitoria.json<PaginaEstruturasTramita>()).toEqual({
        itens: [
          { numero: 101, nome: 'Reitoria', sigla: 'REIT', hierarquia: 'UFEX' },
          { numero: 102, nome: 'Pró-Reitoria de Graduação', sigla: 'PROGRAD', hierarquia: 'REIT / UFEX' },
          { numero: 201, nome: 'Reitoria', sigla: 'REIT', hierarquia: 'UFOE' },
        ],
        total: 3,
        pagina: 1,
        porPagina: 20,
      });
      // The barramento is asked as the protocol says: active, able to receive, paginated.
      const pedido = new URL(barramento.pedidos.at(-1)?.url ?? '', 'https://x');
      expect(Object.fromEntries(pedido.searchParams)).toMatchObject({
        apenasAtivas: 'true',
        permiteRecebimento: 'true',
        nome: 'reitoria',
        registroInicial: '0',
        quantidadeDeRegistros: '20',
      });
      const sigla = (await buscar('diprot')).json<PaginaEstruturasTramita>();
      expect(sigla.itens).toEqual([
        { numero: 202, nome: 'Divisão de Protocolo', sigla: 'DIPROT', hierarquia: 'REIT / UFOE' },
      ]);
      expect(new URL(barramento.pedidos.at(-1)?.url ?? '', 'https://x').searchParams.get('sigla')).toBe('diprot');
      // Not able to receive (Biblioteca) and inactive (DENOR) never show.
      for (const texto of ['biblioteca', 'denor', 'nada parecido']) {
        expect((await buscar(texto)).json<PaginaEstruturasTramita>()).toMatchObject({ itens: [], total: 0 });
      }
    });

    it('paginada: 25 coordenações em duas páginas de 20', async () => {
      const primeira = (await buscar('coordenação de apoio')).json<PaginaEstruturasTramita>();
      expect(primeira.total).toBe(25);
      expect(primeira.itens).toHaveLength(20);
      const segunda = (await buscar('coordenação de apoio', cookieAdmin, '&pagina=2')).json<PaginaEstruturasTramita>();
      expect(segunda).toMatchObject({ total: 25, pagina: 2 });
      expect(segunda.itens.map((e) => e.numero)).toEqual([130, 131, 132, 133, 134]);
    });

    it('um número busca a estrutura direto; inexistente, inativa ou inapta: nenhuma', async () => {
      expect((await buscar('103')).json<PaginaEstruturasTramita>()).toEqual({
        itens: [{ numero: 103, nome: 'Protocolo Geral', sigla: 'PROTOCOLO', hierarquia: 'REIT / UFEX' }],
        total: 1,
        pagina: 1,
        porPagina: 20,
      });
      expect(barramento.pedidos.at(-1)?.url.split('?')[0]).toMatch(/estruturas-organizacionais\/103$/);
      for (const numero of ['999', '104', '302']) {
        expect((await buscar(numero)).json<PaginaEstruturasTramita>()).toMatchObject({ itens: [], total: 0 });
      }
    });

    it('valida a busca e o repositório, em português', async () => {
      const vazia = await buscar('   ');
      expect(vazia.statusCode).toBe(400);
      expect(vazia.json<ErroApi>().erros).toEqual([{ campo: 'querystring.texto', mensagem: M.buscaEstruturaVazia }]);
      const longa = await buscar('a'.repeat(101));
      expect(longa.json<ErroApi>().erros).toEqual([
        { campo: 'querystring.texto', mensagem: M.buscaEstruturaLonga(100) },
      ]);
      const outro = await pedir('GET', '/api/tramita/estruturas?repositorio=77&texto=reitoria');
      esperarErro(outro, 400, 'REQUISICAO_INVALIDA', M.repositorioInexistente(77), [
        { campo: 'repositorio', mensagem: M.repositorioInexistente(77) },
      ]);
    });

    it('quem não administra só busca com o Tramita ativo', async () => {
      esperarErro(await buscar('reitoria', cookieAna), 409, 'TRAMITA_NAO_CONFIGURADO', M.naoConfigurado);
      await t.banco.db.updateTable('tramitaConfiguracao').set({ ativo: true }).execute();
      try {
        expect((await buscar('reitoria', cookieAna)).json<PaginaEstruturasTramita>().total).toBe(3);
      } finally {
        await t.banco.db.updateTable('tramitaConfiguracao').set({ ativo: false }).execute();
      }
    });
  });

  describe('unidades ↔ estruturas', () => {
    const URL_PROT = () => `${URL_ADMIN}/unidades/${idProtocolo}`;

    it('mapeia com o que o barramento diz da estrutura, auditado; altera e remove', async () => {
      const tela = ok(await pedir('PUT', URL_PROT(), cookieAdmin, { numeroEstrutura: 103, envia: true, recebe: true }));
      expect(tela.unidades).toEqual([
        {
          idUnidade: idProtocolo,
          siglaUnidade: 'PROT',
          nomeUnidade: 'Protocolo Central',
          numeroEstrutura: 103,
          nome: 'Protocolo Geral',
          sigla: 'PROTOCOLO',
          hierarquia: 'REIT / UFEX',
          envia: true,
          recebe: true,
        },
      ]);
      ok(await pedir('PUT', URL_PROT(), cookieAdmin, { numeroEstrutura: '103', envia: false, recebe: true }));
      expect(await auditoria()).toEqual([
        {
          idUsuario: idAdmin,
          acao: 'MAPEAR_UNIDADE_TRAMITA',
          entidade: 'tramita_unidade_estrutura',
          idEntidade: String(idProtocolo),
          antes: null,
          depois: {
            numeroEstrutura: 103,
            nome: 'Protocolo Geral',
            sigla: 'PROTOCOLO',
            hierarquia: 'REIT / UFEX',
            envia: true,
            recebe: true,
          },
        },
        expect.objectContaining({
          acao: 'MAPEAR_UNIDADE_TRAMITA',
          antes: expect.objectContaining({ envia: true }),
          depois: expect.objectContaining({ envia: false, recebe: true }),
        }),
      ]);
      const removida = ok(await pedir('DELETE', URL_PROT()));
      expect(removida.unidades).toEqual([]);
      esperarErro(await pedir('DELETE', URL_PROT()), 404, 'NAO_ENCONTRADO', M.mapeamentoInexistente);
      const linhas = await auditoria();
      expect(linhas).toHaveLength(3);
      expect(linhas[2]).toMatchObject({
        acao: 'MAPEAR_UNIDADE_TRAMITA',
        antes: { numeroEstrutura: 103 },
        depois: null,
      });
    });

    it('estrutura já mapeada a outra unidade: 409; a mesma unidade pode trocar de estrutura', async () => {
      ok(await pedir('PUT', URL_PROT(), cookieAdmin, { numeroEstrutura: 103, envia: true, recebe: true }));
      esperarErro(
        await pedir('PUT', `${URL_ADMIN}/unidades/${idReitoria}`, cookieAdmin, {
          numeroEstrutura: 103,
          envia: true,
          recebe: true,
        }),
        409,
        'CONFLITO',
        M.estruturaJaMapeada(103, 'PROT'),
      );
      const trocada = ok(
        await pedir('PUT', URL_PROT(), cookieAdmin, { numeroEstrutura: 102, envia: true, recebe: true }),
      );
      expect(trocada.unidades.map((u) => u.numeroEstrutura)).toEqual([102]);
      ok(
        await pedir('PUT', `${URL_ADMIN}/unidades/${idReitoria}`, cookieAdmin, {
          numeroEstrutura: 103,
          envia: true,
          recebe: false,
        }),
      );
      expect((await mapeamentos()).unidades.map((u) => [u.siglaUnidade, u.numeroEstrutura])).toEqual([
        ['GR', 103],
        ['PROT', 102],
      ]);
      await t.banco.db.deleteFrom('tramitaUnidadeEstrutura').execute();
    });

    it('recusa estrutura inexistente, inativa, fora da instituição, unidade inexistente e nenhum sentido', async () => {
      const mapear = (numeroEstrutura: unknown, envia = true, recebe = true, id = idProtocolo) =>
        pedir('PUT', `${URL_ADMIN}/unidades/${id}`, cookieAdmin, { numeroEstrutura, envia, recebe });
      esperarErro(await mapear(999), 400, 'REQUISICAO_INVALIDA', M.estruturaNaoEncontrada(999), [
        { campo: 'numeroEstrutura', mensagem: M.estruturaNaoEncontrada(999) },
      ]);
      esperarErro(await mapear(302), 400, 'REQUISICAO_INVALIDA', M.estruturaInativa('Departamento de Normas Extinto'), [
        { campo: 'numeroEstrutura', mensagem: M.estruturaInativa('Departamento de Normas Extinto') },
      ]);
      const fora = M.estruturaForaDaInstituicao('Divisão de Protocolo');
      esperarErro(await mapear(202), 400, 'REQUISICAO_INVALIDA', fora, [{ campo: 'numeroEstrutura', mensagem: fora }]);
      esperarErro(await mapear(103, true, true, 999_999), 404, 'NAO_ENCONTRADO', M.unidadeInexistente);
      const semSentido = await mapear(103, false, false);
      expect(semSentido.statusCode).toBe(400);
      expect(semSentido.json<ErroApi>().erros).toEqual([{ campo: 'body.envia', mensagem: M.unidadeSemSentido }]);
      const invalida = await mapear('abc');
      expect(invalida.json<ErroApi>().erros).toEqual([
        { campo: 'body.numeroEstrutura', mensagem: M.identificadorInvalido },
      ]);
      // Keys past the int4 columns are refused before the database.
      const grande = await mapear(103, true, true, 3_000_000_000);
      expect(grande.statusCode).toBe(400);
      expect((await pedir('DELETE', `${URL_ADMIN}/limites/3000000000`)).statusCode).toBe(400);
      expect((await mapeamentos()).unidades).toEqual([]);
      expect(await auditoria()).toEqual([]);
    });
  });

  describe('tipos ↔ espécies', () => {
    it('envio: o tipo de peça vai com a espécie ativa; auditado; remover pede confirmação de que existe', async () => {
      const tela = ok(
        await pedir('PUT', `${URL_ADMIN}/especies-envio/${tipoOficio}`, cookieAdmin, { codigoEspecie: 95 }),
      );
      expect(tela.especiesEnvio).toEqual([
        {
          idTipoDocumento: tipoOficio,
          tipoDocumento: 'Ofício',
          codigoEspecie: 95,
          especie: 'Parecer',
          especieAtiva: true,
        },
      ]);
      // Several types may go as the same species.
      ok(await pedir('PUT', `${URL_ADMIN}/especies-envio/${tipoParecer}`, cookieAdmin, { codigoEspecie: 95 }));
      ok(await pedir('PUT', `${URL_ADMIN}/especies-envio/${tipoOficio}`, cookieAdmin, { codigoEspecie: 42 }));
      expect((await mapeamentos()).especiesEnvio.map((m) => [m.tipoDocumento, m.codigoEspecie])).toEqual([
        ['Ofício', 42],
        ['Parecer', 95],
      ]);
      ok(await pedir('DELETE', `${URL_ADMIN}/especies-envio/${tipoParecer}`));
      esperarErro(
        await pedir('DELETE', `${URL_ADMIN}/especies-envio/${tipoParecer}`),
        404,
        'NAO_ENCONTRADO',
        M.mapeamentoInexistente,
      );
      expect((await auditoria()).map((l) => [l.acao, l.entidade, l.antes, l.depois])).toEqual([
        ['MAPEAR_ESPECIE_TRAMITA', 'tramita_especie_envio', null, { idTipoDocumento: tipoOficio, codigoEspecie: 95 }],
        ['MAPEAR_ESPECIE_TRAMITA', 'tramita_especie_envio', null, { idTipoDocumento: tipoParecer, codigoEspecie: 95 }],
        [
          'MAPEAR_ESPECIE_TRAMITA',
          'tramita_especie_envio',
          { idTipoDocumento: tipoOficio, codigoEspecie: 95 },
          { idTipoDocumento: tipoOficio, codigoEspecie: 42 },
        ],
        ['MAPEAR_ESPECIE_TRAMITA', 'tramita_especie_envio', { idTipoDocumento: tipoParecer, codigoEspecie: 95 }, null],
      ]);
    });

    it('recebimento: a espécie chega como o tipo de peça', async () => {
      const tela = ok(
        await pedir('PUT', `${URL_ADMIN}/especies-recebimento/95`, cookieAdmin, { idTipoDocumento: tipoParecer }),
      );
      expect(tela.especiesRecebimento).toEqual([
        {
          codigoEspecie: 95,
          especie: 'Parecer',
          especieAtiva: true,
          idTipoDocumento: tipoParecer,
          tipoDocumento: 'Parecer',
        },
      ]);
      ok(await pedir('DELETE', `${URL_ADMIN}/especies-recebimento/95`));
      expect((await auditoria()).map((l) => [l.acao, l.entidade, l.idEntidade])).toEqual([
        ['MAPEAR_ESPECIE_TRAMITA', 'tramita_especie_recebimento', '95'],
        ['MAPEAR_ESPECIE_TRAMITA', 'tramita_especie_recebimento', '95'],
      ]);
    });

    it('recusa espécie inexistente ou inativa, tipo inexistente ou de processo', async () => {
      await t.banco.db.updateTable('tramitaEspecie').set({ ativa: false }).where('codigo', '=', 83).execute();
      try {
        const casos: [string, object, string, string][] = [
          [`especies-envio/${tipoOficio}`, { codigoEspecie: 7 }, 'codigoEspecie', M.especieInexistente(7)],
          [`especies-envio/${tipoOficio}`, { codigoEspecie: 83 }, 'codigoEspecie', M.especieInativa('Minuta')],
          [`especies-envio/${tipoProcesso}`, { codigoEspecie: 95 }, 'idTipoDocumento', M.tipoEspecieEhProcesso],
          ['especies-envio/999999', { codigoEspecie: 95 }, 'idTipoDocumento', M.tipoDocumentoInexistente],
          ['especies-recebimento/7', { idTipoDocumento: tipoOficio }, 'codigoEspecie', M.especieInexistente(7)],
          ['especies-recebimento/83', { idTipoDocumento: tipoOficio }, 'codigoEspecie', M.especieInativa('Minuta')],
          ['especies-recebimento/95', { idTipoDocumento: tipoProcesso }, 'idTipoDocumento', M.tipoEspecieEhProcesso],
        ];
        for (const [caminho, corpo, campo, mensagem] of casos) {
          esperarErro(
            await pedir('PUT', `${URL_ADMIN}/${caminho}`, cookieAdmin, corpo),
            400,
            'REQUISICAO_INVALIDA',
            mensagem,
            [{ campo, mensagem }],
          );
        }
        const semEspecie = await pedir('PUT', `${URL_ADMIN}/especies-envio/${tipoOficio}`, cookieAdmin, {});
        expect(semEspecie.json<ErroApi>().erros).toEqual([
          { campo: 'body.codigoEspecie', mensagem: M.identificadorInvalido },
        ]);
        expect(await auditoria()).toEqual([]);
      } finally {
        await t.banco.db.updateTable('tramitaEspecie').set({ ativa: true }).where('codigo', '=', 83).execute();
      }
    });

    it('a espécie que sai da lista do PEN fica no mapeamento, marcada inativa', async () => {
      ok(await pedir('PUT', `${URL_ADMIN}/especies-envio/${tipoParecer}`, cookieAdmin, { codigoEspecie: 83 }));
      await t.banco.db.updateTable('tramitaEspecie').set({ ativa: false }).where('codigo', '=', 83).execute();
      try {
        expect((await mapeamentos()).especiesEnvio).toContainEqual(
          expect.objectContaining({ idTipoDocumento: tipoParecer, codigoEspecie: 83, especieAtiva: false }),
        );
      } finally {
        await t.banco.db.updateTable('tramitaEspecie').set({ ativa: true }).where('codigo', '=', 83).execute();
      }
    });
  });

  describe('hipóteses legais ↔ hipóteses do PEN', () => {
    it('nos dois sentidos, auditado', async () => {
      const envio = ok(
        await pedir('PUT', `${URL_ADMIN}/hipoteses-envio/${hipotesePessoal}`, cookieAdmin, { identificacaoPen: 1 }),
      );
      expect(envio.hipotesesEnvio).toEqual([
        {
          idHipoteseLegal: hipotesePessoal,
          hipoteseLegal: 'Informação pessoal',
          identificacaoPen: 1,
          hipotesePen: 'Informação Pessoal',
          hipotesePenAtiva: true,
        },
      ]);
      const recebimento = ok(
        await pedir('PUT', `${URL_ADMIN}/hipoteses-recebimento/3`, cookieAdmin, { idHipoteseLegal: hipoteseFiscal }),
      );
      expect(recebimento.hipotesesRecebimento).toEqual([
        {
          identificacaoPen: 3,
          hipotesePen: 'Sigilo Fiscal',
          hipotesePenAtiva: true,
          idHipoteseLegal: hipoteseFiscal,
          hipoteseLegal: 'Sigilo fiscal',
        },
      ]);
      ok(await pedir('DELETE', `${URL_ADMIN}/hipoteses-recebimento/3`));
      esperarErro(
        await pedir('DELETE', `${URL_ADMIN}/hipoteses-recebimento/3`),
        404,
        'NAO_ENCONTRADO',
        M.mapeamentoInexistente,
      );
      expect((await auditoria()).map((l) => [l.acao, l.entidade])).toEqual([
        ['MAPEAR_HIPOTESE_TRAMITA', 'tramita_hipotese_envio'],
        ['MAPEAR_HIPOTESE_TRAMITA', 'tramita_hipotese_recebimento'],
        ['MAPEAR_HIPOTESE_TRAMITA', 'tramita_hipotese_recebimento'],
      ]);
    });

    it('recusa hipótese do PEN inexistente ou inativa e hipótese legal inexistente', async () => {
      const casos: [string, object, string, string][] = [
        [
          `hipoteses-envio/${hipotesePessoal}`,
          { identificacaoPen: 77 },
          'identificacaoPen',
          M.hipotesePenInexistente(77),
        ],
        [
          `hipoteses-envio/${hipotesePessoal}`,
          { identificacaoPen: 4 },
          'identificacaoPen',
          M.hipotesePenInativa('Controle Interno'),
        ],
        ['hipoteses-envio/999999', { identificacaoPen: 1 }, 'idHipoteseLegal', M.hipoteseLegalInexistente],
        [
          'hipoteses-recebimento/4',
          { idHipoteseLegal: hipotesePessoal },
          'identificacaoPen',
          M.hipotesePenInativa('Controle Interno'),
        ],
        ['hipoteses-recebimento/1', { idHipoteseLegal: 999_999 }, 'idHipoteseLegal', M.hipoteseLegalInexistente],
      ];
      for (const [caminho, corpo, campo, mensagem] of casos) {
        esperarErro(
          await pedir('PUT', `${URL_ADMIN}/${caminho}`, cookieAdmin, corpo),
          400,
          'REQUISICAO_INVALIDA',
          mensagem,
          [{ campo, mensagem }],
        );
      }
      expect(await auditoria()).toEqual([]);
    });
  });

  describe('limites por destino', () => {
    it('do repositório inteiro e de uma estrutura (nome lido do barramento); um por destino; altera e remove, auditado', async () => {
      const criado = ok(
        await pedir('POST', `${URL_ADMIN}/limites`, cookieAdmin, {
          idRepositorio: REPOSITORIO_EXECUTIVO,
          numeroEstrutura: null,
          tamanhoMaximoMb: '20',
          extensoesRecusadas: ['.EXE', 'exe', 'bat'],
          observacao: '  ',
        }),
      );
      expect(criado.limites).toEqual([
        {
          id: expect.any(Number),
          idRepositorio: REPOSITORIO_EXECUTIVO,
          repositorio: 'Poder Executivo Federal',
          numeroEstrutura: null,
          nomeEstrutura: null,
          tamanhoMaximoMb: 20,
          extensoesRecusadas: ['bat', 'exe'],
          observacao: null,
        },
      ]);
      esperarErro(
        await pedir('POST', `${URL_ADMIN}/limites`, cookieAdmin, {
          idRepositorio: REPOSITORIO_EXECUTIVO,
          tamanhoMaximoMb: 10,
          extensoesRecusadas: [],
        }),
        409,
        'CONFLITO',
        M.limiteJaExiste,
      );
      const comEstrutura = ok(
        await pedir('POST', `${URL_ADMIN}/limites`, cookieAdmin, {
          idRepositorio: REPOSITORIO_EXECUTIVO,
          numeroEstrutura: 202,
          tamanhoMaximoMb: null,
          extensoesRecusadas: ['zip'],
          observacao: 'Recusou um .zip em 2026',
        }),
      );
      const daEstrutura = comEstrutura.limites.find((l) => l.numeroEstrutura === 202);
      expect(daEstrutura).toMatchObject({
        nomeEstrutura: 'Divisão de Protocolo (DIPROT)',
        extensoesRecusadas: ['zip'],
      });
      const id = daEstrutura?.id ?? 0;
      const alterado = ok(
        await pedir('PUT', `${URL_ADMIN}/limites/${id}`, cookieAdmin, {
          idRepositorio: REPOSITORIO_EXECUTIVO,
          numeroEstrutura: 202,
          tamanhoMaximoMb: 15,
          extensoesRecusadas: [],
        }),
      );
      expect(alterado.limites.find((l) => l.id === id)).toMatchObject({ tamanhoMaximoMb: 15, extensoesRecusadas: [] });
      // Moving it onto the repository's own limit collides.
      esperarErro(
        await pedir('PUT', `${URL_ADMIN}/limites/${id}`, cookieAdmin, {
          idRepositorio: REPOSITORIO_EXECUTIVO,
          numeroEstrutura: null,
          tamanhoMaximoMb: 15,
          extensoesRecusadas: [],
        }),
        409,
        'CONFLITO',
        M.limiteJaExiste,
      );
      ok(await pedir('DELETE', `${URL_ADMIN}/limites/${id}`));
      esperarErro(await pedir('DELETE', `${URL_ADMIN}/limites/${id}`), 404, 'NAO_ENCONTRADO', M.limiteInexistente);
      esperarErro(
        await pedir('PUT', `${URL_ADMIN}/limites/${id}`, cookieAdmin, {
          idRepositorio: REPOSITORIO_EXECUTIVO,
          tamanhoMaximoMb: 1,
          extensoesRecusadas: [],
        }),
        404,
        'NAO_ENCONTRADO',
        M.limiteInexistente,
      );
      const linhas = await auditoria();
      expect(linhas.map((l) => l.acao)).toEqual(Array(4).fill('LIMITAR_DESTINO_TRAMITA'));
      expect(linhas[0]).toMatchObject({
        entidade: 'tramita_limite_destino',
        antes: null,
        depois: { idRepositorio: 1, numeroEstrutura: null, tamanhoMaximoMb: 20, extensoesRecusadas: ['bat', 'exe'] },
      });
      expect(linhas[3]).toMatchObject({ antes: { numeroEstrutura: 202, tamanhoMaximoMb: 15 }, depois: null });
    });

    it('recusa limite vazio, extensão inválida, repositório ou estrutura desconhecidos', async () => {
      const criar = (corpo: object) =>
        pedir('POST', `${URL_ADMIN}/limites`, cookieAdmin, {
          idRepositorio: REPOSITORIO_EXECUTIVO,
          extensoesRecusadas: [],
          ...corpo,
        });
      const vazio = await criar({ tamanhoMaximoMb: null });
      expect(vazio.json<ErroApi>().erros).toEqual([{ campo: 'body.tamanhoMaximoMb', mensagem: M.limiteVazio }]);
      const extensao = await criar({ numeroEstrutura: 202, extensoesRecusadas: ['p d f'] });
      expect(extensao.json<ErroApi>().erros).toEqual([
        { campo: 'body.extensoesRecusadas.0', mensagem: M.extensaoInvalida },
      ]);
      const grande = await criar({ numeroEstrutura: 202, tamanhoMaximoMb: 5000 });
      expect(grande.json<ErroApi>().erros).toEqual([
        { campo: 'body.tamanhoMaximoMb', mensagem: M.numeroFaixa('O tamanho máximo (MB)', 1, 2048) },
      ]);
      esperarErro(
        await criar({ idRepositorio: 77, tamanhoMaximoMb: 10 }),
        400,
        'REQUISICAO_INVALIDA',
        M.repositorioInexistente(77),
        [{ campo: 'idRepositorio', mensagem: M.repositorioInexistente(77) }],
      );
      esperarErro(
        await criar({ numeroEstrutura: 999, tamanhoMaximoMb: 10 }),
        400,
        'REQUISICAO_INVALIDA',
        M.estruturaNaoEncontrada(999),
        [{ campo: 'numeroEstrutura', mensagem: M.estruturaNaoEncontrada(999) }],
      );
      expect(await auditoria()).toEqual([]);
    });
  });
});
