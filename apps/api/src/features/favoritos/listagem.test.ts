import { type Documento, type Favorito, MENSAGENS, type PaginaFavoritos } from '@tramite/shared';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { cabecalhosApp } from '../../testing/app-teste.ts';
import { tramitarEntre } from '../../testing/cenarios/documentos.ts';
import { type CenarioTramitacao, criarCenarioTramitacao, rascunho } from '../../testing/cenarios/tramitacao.ts';
import { usarAppTeste } from '../../testing/contexto-teste.ts';
import { adicionarPecas } from '../../testing/fabricas.ts';
import { esperarErro } from '../../testing/respostas.ts';

const t = usarAppTeste();
let c: CenarioTramitacao;
const s = { ana: '', bruno: '', joao: '' };

beforeAll(async () => {
  c = await criarCenarioTramitacao(t.banco.db);
  for (const nome of Object.keys(s) as (keyof typeof s)[]) s[nome] = await t.entrar(nome);
});

const db = () => t.banco.db;

const listar = (cookie: string | undefined, consulta = '') =>
  t.app.inject({
    method: 'GET',
    url: `/api/documentos-favoritos${consulta ? `?${consulta}` : ''}`,
    headers: cookie ? { cookie } : {},
  });
const pagina = async (cookie: string, consulta = '') => {
  const resposta = await listar(cookie, consulta);
  expect(resposta.statusCode, resposta.body).toBe(200);
  return resposta.json() as PaginaFavoritos;
};
const ids = async (cookie: string, consulta = '') => (await pagina(cookie, consulta)).itens.map((i) => i.idDocumento);
const favoritar = async (cookie: string, id: number) => {
  const resposta = await t.app.inject({
    method: 'POST',
    url: `/api/documentos-favoritos/${id}`,
    headers: cabecalhosApp(cookie),
  });
  expect(resposta.statusCode, resposta.body).toBe(201);
};
const acompanhar = (cookie: string | undefined, id: number, payload: unknown) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/documentos-favoritos/${id}`,
    headers: cabecalhosApp(cookie),
    payload: payload as Record<string, unknown>,
  });
const marcar = (cookie: string | undefined, id: number, payload: unknown) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/documentos-favoritos/${id}/tags`,
    headers: cabecalhosApp(cookie),
    payload: payload as Record<string, unknown>,
  });

/** A document opened by Ana (Protocolo Central), sent to PROGRAD and received there by Bruno. */
async function recebidoNaPrograd(extra: Parameters<typeof rascunho>[3] = {}) {
  const id = await rascunho(t, c, s.ana, extra);
  await tramitarEntre(db(), c, id, { de: 'ana', para: 'bruno', recebida: true });
  return id;
}

/** Moves every trace of change of the document to `quando` (row, movements and peças). */
async function envelhecer(id: number, quando: string) {
  await db().updateTable('documento').set({ dataUltimaAlteracao: quando }).where('id', '=', id).execute();
  await db()
    .updateTable('tramitacao')
    .set({
      dtDespacho: quando,
      dtRecebimento: sql`CASE WHEN dt_recebimento IS NULL THEN NULL ELSE ${quando}::timestamptz END`,
    })
    .where('idDocumento', '=', id)
    .execute();
}

describe('GET documentos-favoritos', () => {
  it('exige login (401) e lista só os favoritos de quem chama', async () => {
    expect((await listar(undefined)).statusCode).toBe(401);
    const [a, b, doBruno] = [await recebidoNaPrograd(), await recebidoNaPrograd(), await recebidoNaPrograd()];
    await favoritar(s.ana, a);
    await favoritar(s.ana, b);
    await favoritar(s.bruno, doBruno);
    await favoritar(s.bruno, a);
    await marcar(s.ana, a, { tags: ['da Ana'] });
    await marcar(s.bruno, a, { tags: ['do Bruno'] });
    expect((await ids(s.ana)).sort()).toEqual([a, b].sort());
    expect((await ids(s.bruno)).sort()).toEqual([a, doBruno].sort());
    expect(await ids(s.joao)).toEqual([]);
    const daAna = (await pagina(s.ana)).itens.find((i) => i.idDocumento === a);
    const doBrunoItem = (await pagina(s.bruno)).itens.find((i) => i.idDocumento === a);
    expect(daAna?.tagsFavorito).toEqual(['da Ana']);
    expect(doBrunoItem?.tagsFavorito).toEqual(['do Bruno']);
    // Bruno's favourite row of the document is not Ana's to change.
    expect((await acompanhar(s.ana, doBruno, { acompanhadoPorEmail: true })).statusCode).toBe(404);
    expect((await marcar(s.ana, doBruno, { tags: ['x'] })).statusCode).toBe(404);
    await db().deleteFrom('favorito').execute();
    await db().deleteFrom('marcador').execute();
  });

  it('responde cada favorito com número, tipo, resumo, situação, marcadores, acompanhamento, última alteração e tramitação', async () => {
    const id = await recebidoNaPrograd();
    await favoritar(s.ana, id);
    await marcar(s.ana, id, { tags: ['urgente', 'prazo LAI'] });
    await db().updateTable('documento').set({ estadoOrigem: 3 }).where('id', '=', id).execute();
    const documento = (await db()
      .selectFrom('documento')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow()) as {
      numero: string;
    };
    const resposta = await pagina(s.ana);
    expect(resposta).toMatchObject({ total: 1, pagina: 1, tamanhoPagina: 20 });
    const [item] = resposta.itens;
    expect(item).toMatchObject({
      idDocumento: id,
      numero: documento.numero,
      idTipoDocumento: c.tipos.oficio,
      tipoDocumento: 'Ofício (Digitalizado)',
      resumoAssunto: 'Solicitação de férias da servidora',
      situacao: 'RECEBIDO',
      tagsFavorito: ['prazo LAI', 'urgente'],
      tagsFavoritoTela: 'prazo LAI, urgente',
      acompanhadoPorEmail: false,
      ultimaTramitacao: {
        unidadeOrigem: { id: c.unidades.protocolo.id, sigla: 'PROT', nome: 'Protocolo Central' },
        unidadeDestino: { id: c.unidades.outra.id, sigla: 'PROGRAD', nome: 'Pró-Reitoria de Graduação' },
        passo: null,
      },
    });
    expect(item?.ultimaTramitacao?.dtRecebimento).not.toBeNull();
    expect(Date.now() - Date.parse(item?.dataUltimaAlteracao ?? '')).toBeLessThan(60_000);
    await db().deleteFrom('favorito').execute();
    await db().deleteFrom('marcador').execute();
  });

  it('não busca a última tramitação de documento em criação (ultimaTramitacao nula)', async () => {
    const emCriacao = await rascunho(t, c, s.ana);
    // Even with a movement row present (an inconsistent draft), the draft's last movement is not read.
    await tramitarEntre(db(), c, emCriacao, { de: 'ana', para: 'bruno', recebida: false });
    await db()
      .updateTable('documento')
      .set({ situacao: 'EM_CRIACAO', estadoProcessamento: 6, idUnidadeAtual: c.unidades.protocolo.id })
      .where('id', '=', emCriacao)
      .execute();
    const enviado = await recebidoNaPrograd();
    await favoritar(s.ana, emCriacao);
    await favoritar(s.ana, enviado);
    const itens = (await pagina(s.ana)).itens;
    expect(itens.find((i) => i.idDocumento === emCriacao)).toMatchObject({
      situacao: 'EM_CRIACAO',
      ultimaTramitacao: null,
    });
    expect(itens.find((i) => i.idDocumento === enviado)?.ultimaTramitacao).not.toBeNull();
    await db().deleteFrom('favorito').execute();
  });

  it('esconde o favorito de um rascunho que o usuário não pode mais ver', async () => {
    const esboco = await rascunho(t, c, s.ana);
    await db().insertInto('favorito').values({ idUsuario: c.usuarios.bruno.id, idDocumento: esboco }).execute();
    expect(await ids(s.bruno)).toEqual([]);
    await db().deleteFrom('favorito').execute();
  });

  describe('filtros', () => {
    let antigo: number;
    let ferias: number;
    let compras: number;

    beforeAll(async () => {
      antigo = await recebidoNaPrograd({ resumoAssunto: 'Pedido antigo de diárias' });
      ferias = await recebidoNaPrograd({ resumoAssunto: 'Férias da coordenação em janeiro' });
      compras = await recebidoNaPrograd({
        idTipoDocumento: c.tipos.memorando,
        idAssunto: c.assuntos.compras,
        resumoAssunto: 'Compra de material de escritório',
      });
      for (const id of [antigo, ferias, compras]) await favoritar(s.ana, id);
      await envelhecer(antigo, '2020-01-15T12:00:00-03:00');
    });

    it('por período da última alteração, em dias de Brasília, inclusive nas pontas', async () => {
      expect(await ids(s.ana, 'dataInicioUltimaAlteracao=2020-01-15&dataFimUltimaAlteracao=2020-01-15')).toEqual([
        antigo,
      ]);
      expect(await ids(s.ana, 'dataInicioUltimaAlteracao=2020-01-16&dataFimUltimaAlteracao=2020-12-31')).toEqual([]);
      const hoje = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
      expect((await ids(s.ana, `dataInicioUltimaAlteracao=${hoje}&dataFimUltimaAlteracao=${hoje}`)).sort()).toEqual(
        [ferias, compras].sort(),
      );
    });

    it('a última alteração conta as peças: uma peça nova traz o documento para hoje', async () => {
      const alvo = await recebidoNaPrograd({ resumoAssunto: 'Documento que recebe peça' });
      await favoritar(s.ana, alvo);
      await envelhecer(alvo, '2020-02-10T10:00:00-03:00');
      const fevereiro = 'dataInicioUltimaAlteracao=2020-02-01&dataFimUltimaAlteracao=2020-02-29';
      expect(await ids(s.ana, fevereiro)).toEqual([alvo]);
      await adicionarPecas(t, { idDocumento: alvo, idUsuario: c.usuarios.bruno.id });
      expect(await ids(s.ana, fevereiro)).toEqual([]);
      await db().deleteFrom('favorito').where('idDocumento', '=', alvo).execute();
    });

    it('por resumo (busca textual sem acentos) e por tipo documental', async () => {
      expect(await ids(s.ana, 'resumoDocumento=ferias')).toEqual([ferias]);
      expect(await ids(s.ana, `resumoDocumento=${encodeURIComponent('material escritório')}`)).toEqual([compras]);
      expect(await ids(s.ana, `idTipoDocumento=${c.tipos.memorando}`)).toEqual([compras]);
      expect((await ids(s.ana, `idTipoDocumento=${c.tipos.oficio}`)).sort()).toEqual([antigo, ferias].sort());
      expect(await ids(s.ana, `idTipoDocumento=${c.tipos.memorando}&resumoDocumento=ferias`)).toEqual([]);
      // Empty parameters are no filter.
      expect(await ids(s.ana, 'resumoDocumento=&dataInicioUltimaAlteracao=&dataFimUltimaAlteracao=')).toHaveLength(3);
    });

    it('pagina, os alterados mais recentemente primeiro', async () => {
      const todos = await pagina(s.ana, 'tamanhoPagina=100');
      expect(todos.total).toBe(3);
      expect(todos.itens.at(-1)?.idDocumento).toBe(antigo);
      const datas = todos.itens.map((i) => Date.parse(i.dataUltimaAlteracao));
      expect(datas).toEqual([...datas].sort((x, y) => y - x));
      const segunda = await pagina(s.ana, 'tamanhoPagina=2&pagina=2');
      expect(segunda).toMatchObject({ total: 3, pagina: 2, tamanhoPagina: 2 });
      expect(segunda.itens.map((i) => i.idDocumento)).toEqual([antigo]);
    });

    it('recusa filtros inválidos com a mensagem de cada regra (400)', async () => {
      const casos: [string, string][] = [
        ['dataInicioUltimaAlteracao=2026-01-01', MENSAGENS.favoritos.dataAlteracaoIncompleta],
        ['dataFimUltimaAlteracao=2026-01-01', MENSAGENS.favoritos.dataAlteracaoIncompleta],
        [
          'dataInicioUltimaAlteracao=2026-02-01&dataFimUltimaAlteracao=2026-01-01',
          MENSAGENS.favoritos.periodoInvertido,
        ],
        ['resumoDocumento=ab', MENSAGENS.busca.resumoCurto],
        [`resumoDocumento=${encodeURIComponent('  ab  ')}`, MENSAGENS.busca.resumoCurto],
      ];
      for (const [consulta, mensagem] of casos) {
        const resposta = await listar(s.ana, consulta);
        expect(resposta.statusCode, consulta).toBe(400);
        expect(resposta.json().mensagem, consulta).toBe(mensagem);
      }
      for (const consulta of [
        'dataInicioUltimaAlteracao=2025-02-30&dataFimUltimaAlteracao=2025-03-01',
        'dataInicioUltimaAlteracao=01/02/2025&dataFimUltimaAlteracao=2025-03-01',
        'idTipoDocumento=abc',
        'tamanhoPagina=0',
        'tamanhoPagina=101',
      ]) {
        expect((await listar(s.ana, consulta)).statusCode, consulta).toBe(400);
      }
    });
  });
});

describe('PATCH documentos-favoritos/{id}', () => {
  it('liga e desliga o acompanhamento por e-mail, guarda e audita só as mudanças', async () => {
    const id = await recebidoNaPrograd();
    await favoritar(s.ana, id);
    const ligado = await acompanhar(s.ana, id, { acompanhadoPorEmail: true });
    expect(ligado.statusCode).toBe(200);
    expect(ligado.json() as Favorito).toEqual({ idDocumento: id, favorito: true, acompanhadoPorEmail: true });
    expect((await acompanhar(s.ana, id, { acompanhadoPorEmail: true })).statusCode).toBe(200);
    expect((await pagina(s.ana)).itens.find((i) => i.idDocumento === id)?.acompanhadoPorEmail).toBe(true);
    const detalhe = await t.app.inject({ method: 'GET', url: `/api/documentos/${id}`, headers: { cookie: s.ana } });
    expect((detalhe.json() as Documento).acompanhadoPorEmail).toBe(true);
    expect((await acompanhar(s.ana, id, { acompanhadoPorEmail: false })).json().acompanhadoPorEmail).toBe(false);
    expect((await pagina(s.ana)).itens.find((i) => i.idDocumento === id)?.acompanhadoPorEmail).toBe(false);
    const auditoria = await db()
      .selectFrom('auditoria')
      .select(['idUsuario', 'antes', 'depois'])
      .where('acao', '=', 'ALTERAR_ACOMPANHAMENTO_FAVORITO')
      .where('idEntidade', '=', String(id))
      .orderBy('id')
      .execute();
    expect(auditoria).toEqual([
      { idUsuario: c.usuarios.ana.id, antes: { acompanhadoPorEmail: false }, depois: { acompanhadoPorEmail: true } },
      { idUsuario: c.usuarios.ana.id, antes: { acompanhadoPorEmail: true }, depois: { acompanhadoPorEmail: false } },
    ]);
  });

  it('401 sem login, 404 com mensagem clara fora dos favoritos, 400 sem o booleano', async () => {
    const id = await recebidoNaPrograd();
    expect((await acompanhar(undefined, id, { acompanhadoPorEmail: true })).statusCode).toBe(401);
    const fora = await acompanhar(s.ana, id, { acompanhadoPorEmail: true });
    expect(fora.statusCode).toBe(404);
    expect(fora.json().mensagem).toBe(MENSAGENS.favoritos.naoFavorito);
    expect((await acompanhar(s.ana, 999_999, { acompanhadoPorEmail: true })).statusCode).toBe(404);
    await favoritar(s.ana, id);
    for (const corpo of [{}, { acompanhadoPorEmail: 'sim' }, { acompanhadoPorEmail: null }]) {
      expect((await acompanhar(s.ana, id, corpo)).statusCode).toBe(400);
    }
    const semCabecalho = await t.app.inject({
      method: 'PATCH',
      url: `/api/documentos-favoritos/${id}`,
      headers: { cookie: s.ana },
      payload: { acompanhadoPorEmail: true },
    });
    expect(semCabecalho.statusCode).toBe(403);
    const rascunhoDaAna = await rascunho(t, c, s.ana);
    await favoritar(s.ana, rascunhoDaAna);
    // Bruno cannot see Ana's draft: the same 404 as the detail.
    const invisivel = await acompanhar(s.bruno, rascunhoDaAna, { acompanhadoPorEmail: true });
    expect(invisivel.statusCode).toBe(404);
    expect(invisivel.json().mensagem).toBe(MENSAGENS.autuacao.erroBuscarDadosDocumento);
  });
});

describe('PATCH documentos-favoritos/{id}/tags', () => {
  it('substitui os marcadores no mesmo repositório do documento, com a mesma normalização', async () => {
    const id = await recebidoNaPrograd();
    await favoritar(s.ana, id);
    const resposta = await marcar(s.ana, id, { tags: ['Urgente', ' urgente ', 'prazo LAI', 'a,b', '', '  '] });
    expect(resposta.statusCode, resposta.body).toBe(200);
    expect(resposta.json()).toEqual({
      idDocumento: id,
      tagsFavorito: ['a', 'b', 'prazo LAI', 'Urgente'],
      tagsFavoritoTela: 'a, b, prazo LAI, Urgente',
    });
    const detalhe = async () =>
      (
        (
          await t.app.inject({ method: 'GET', url: `/api/documentos/${id}`, headers: { cookie: s.ana } })
        ).json() as Documento
      ).tags;
    expect(await detalhe()).toEqual(['a', 'b', 'prazo LAI', 'Urgente']);
    // The detail's POST documentos/{id}/tags writes the same store the list reads.
    await t.app.inject({
      method: 'POST',
      url: `/api/documentos/${id}/tags`,
      headers: cabecalhosApp(s.ana),
      payload: { stringTags: 'licitação' },
    });
    expect((await pagina(s.ana)).itens.find((i) => i.idDocumento === id)?.tagsFavorito).toEqual(['licitação']);
    const limpo = await marcar(s.ana, id, { tags: [] });
    expect(limpo.json().tagsFavorito).toEqual([]);
    expect(await detalhe()).toEqual([]);
    const auditoria = await db()
      .selectFrom('auditoria')
      .select('depois')
      .where('acao', '=', 'SALVAR_MARCADORES')
      .where('idEntidade', '=', String(id))
      .orderBy('id')
      .execute();
    expect(auditoria.map((a) => a.depois)).toEqual([['a', 'b', 'prazo LAI', 'Urgente'], ['licitação'], []]);
  });

  it('valida tamanho e quantidade (400), exige login (401) e favorito (404)', async () => {
    const id = await recebidoNaPrograd();
    expect((await marcar(undefined, id, { tags: ['x'] })).statusCode).toBe(401);
    const fora = await marcar(s.ana, id, { tags: ['x'] });
    expect(fora.statusCode).toBe(404);
    expect(fora.json().mensagem).toBe(MENSAGENS.favoritos.naoFavorito);
    await favoritar(s.ana, id);
    const longo = await marcar(s.ana, id, { tags: ['x'.repeat(61)] });
    esperarErro(longo, 400, 'REQUISICAO_INVALIDA', MENSAGENS.documento.marcadorLongo, [
      { campo: 'tags', mensagem: MENSAGENS.documento.marcadorLongo },
    ]);
    const demais = await marcar(s.ana, id, { tags: Array.from({ length: 21 }, (_, i) => `m${i}`) });
    expect(demais.json().mensagem).toBe(MENSAGENS.documento.marcadoresDemais);
    expect((await marcar(s.ana, id, { tags: ['x'.repeat(60)] })).statusCode).toBe(200);
    expect((await marcar(s.ana, id, { tags: 'a,b' })).statusCode).toBe(400);
    expect((await marcar(s.ana, id, {})).statusCode).toBe(400);
  });
});
