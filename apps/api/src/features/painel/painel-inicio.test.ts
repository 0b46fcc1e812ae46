import {
  DIAS_PERIODO_PADRAO_CAIXA,
  dataEmSaoPaulo,
  type InicioPainel,
  MENSAGENS,
  type PaginaCaixaPostal,
} from '@tramite/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { cabecalhosApp } from '../../testing/app-teste.ts';
import { autuacaoValida, autuar, tramitarEntre, usarCenario } from '../../testing/cenarios/documentos.ts';
import { usarAppTeste, usarSessoes } from '../../testing/contexto-teste.ts';
import { esperarErro } from '../../testing/respostas.ts';

/**
 * Issue 22, the home page (GET painel/inicio): each count is the total the postal box lists when its link is
 * followed, the box's new filter `naoLidos`, and the documents the user last acted on.
 */

const t = usarAppTeste();
const c = usarCenario(t);
const s = usarSessoes(t, ['ana', 'bruno', 'carla']);

const db = () => t.banco.db;
const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url: `/api${url}`, headers: { cookie } });

const diasAtras = (dias: number) =>
  new Date(Date.parse(dataEmSaoPaulo()) - dias * 86_400_000).toISOString().slice(0, 10);
/** The box's default period, as the web opens it from the home page's links. */
const PADRAO = () => `dataInicio=${diasAtras(DIAS_PERIODO_PADRAO_CAIXA)}&dataFim=${dataEmSaoPaulo()}`;

async function caixa(cookie: string, consulta: string): Promise<PaginaCaixaPostal> {
  const resposta = await get(cookie, `/caixa-postal?${consulta}&tamanhoPagina=100`);
  expect(resposta.statusCode, resposta.body).toBe(200);
  return resposta.json();
}

async function inicio(cookie: string, consulta = ''): Promise<InicioPainel> {
  const resposta = await get(cookie, `/painel/inicio${consulta}`);
  expect(resposta.statusCode, resposta.body).toBe(200);
  expect(resposta.body).not.toContain('férias da servidora');
  return resposta.json();
}

/**
 * PROGRAD's box (Bruno's): X1 sent 2 days ago and waiting, urgent, its deadline yesterday; X2 received 5 days ago,
 * not opened, due today; X3 received 6 days ago and opened by Bruno; X4 received 40 days ago (before the box's
 * default period), not opened, overdue.
 */
const x = {} as Record<'X1' | 'X2' | 'X3' | 'X4', number>;

beforeAll(async () => {
  const enviar = async (dias: number, recebida: boolean) => {
    const id = await autuar(t, s.ana, autuacaoValida(c));
    await tramitarEntre(db(), c, id, {
      de: 'ana',
      para: 'bruno',
      recebida,
      dtDespacho: `${diasAtras(dias)}T15:00:00Z`,
    });
    return id;
  };
  x.X1 = await enviar(2, false);
  x.X2 = await enviar(5, true);
  x.X3 = await enviar(6, true);
  x.X4 = await enviar(40, true);
  await db()
    .updateTable('documento')
    .set({ urgente: true, motivoUrgencia: 'Prazo legal' })
    .where('id', '=', x.X1)
    .execute();
  await db()
    .updateTable('tramitacao')
    .set({ prazo: diasAtras(1) })
    .where('idDocumento', '=', x.X1)
    .execute();
  await db()
    .updateTable('documento')
    .set({ prazo: diasAtras(1) })
    .where('id', '=', x.X1)
    .execute();
  await db().updateTable('documento').set({ prazo: dataEmSaoPaulo() }).where('id', '=', x.X2).execute();
  await db()
    .updateTable('documento')
    .set({ prazo: diasAtras(3) })
    .where('id', '=', x.X4)
    .execute();
  expect((await get(s.bruno, `/documentos/${x.X3}`)).statusCode).toBe(200);
});

describe('GET caixa-postal?naoLidos=true', () => {
  it('lista só as linhas que o usuário não abriu desde que chegaram, somada às filas e às contagens', async () => {
    const naoLidos = await caixa(s.bruno, `fila=recebidos&naoLidos=true&${PADRAO()}`);
    expect(naoLidos.itens.map((i) => [i.idDocumento, i.lido])).toEqual([[x.X2, false]]);
    expect(naoLidos.total).toBe(1);
    // Without the queue, the waiting X1 (never opened) is unread too; the counts follow the filter.
    const todos = await caixa(s.bruno, `naoLidos=true&${PADRAO()}`);
    expect(todos.itens.map((i) => i.idDocumento).sort((a, b) => a - b)).toEqual([x.X1, x.X2]);
    const contagens = await get(s.bruno, `/caixa-postal/contagens?naoLidos=true&${PADRAO()}`);
    expect(contagens.json()).toMatchObject({ todos: 2, aguardando: 1, recebidos: 1 });
    // naoLidos=false (or absent) filters nothing; it is not a search by itself.
    expect((await caixa(s.bruno, `naoLidos=false&${PADRAO()}`)).total).toBe(3);
    esperarErro(
      await get(s.bruno, '/caixa-postal?naoLidos=true'),
      400,
      'REQUISICAO_INVALIDA',
      MENSAGENS.caixaPostal.filtroObrigatorio,
    );
  });
});

describe('GET painel/inicio', () => {
  it('cada contagem é o total da caixa aberta pelo seu link', async () => {
    const { idUnidade, contagens } = await inicio(s.bruno);
    expect(idUnidade).toBe(c.unidades.outra.id);
    // X1 waits (urgent); X2 is the only unread received row in the period (X3 read, X4 older); X2 is due today;
    // X1 (its tramitação's deadline) and X4 are overdue, whatever the period.
    expect(contagens).toEqual({ aguardando: 1, naoLidos: 1, urgentes: 1, venceHoje: 1, vencidos: 2 });
    const total = async (consulta: string) => (await caixa(s.bruno, consulta)).total;
    expect(await total(`fila=aguardando&${PADRAO()}`)).toBe(contagens.aguardando);
    expect(await total(`fila=recebidos&naoLidos=true&${PADRAO()}`)).toBe(contagens.naoLidos);
    expect(await total(`fila=urgentes&${PADRAO()}`)).toBe(contagens.urgentes);
    expect(await total('situacaoPrazo=VENCE_HOJE')).toBe(contagens.venceHoje);
    expect(await total('situacaoPrazo=VENCIDO')).toBe(contagens.vencidos);
  });

  it('abrir um documento tira-o dos não lidos', async () => {
    expect((await get(s.bruno, `/documentos/${x.X2}`)).statusCode).toBe(200);
    expect((await inicio(s.bruno)).contagens.naoLidos).toBe(0);
  });

  it('outra unidade só se for uma das lotações do usuário', async () => {
    esperarErro(
      await get(s.bruno, `/painel/inicio?idUnidade=${c.unidades.protocolo.id}`),
      403,
      'SEM_PERMISSAO',
      MENSAGENS.painel.semPermissaoUnidade,
    );
    expect((await inicio(s.ana, `?idUnidade=${c.unidades.protocolo.id}`)).idUnidade).toBe(c.unidades.protocolo.id);
  });

  it('os últimos documentos do usuário: o mais recente primeiro, um por documento, com a última ação', async () => {
    // Ana opened X1..X4 in that order; Bruno received X1 through the API after opening X3 and X2.
    const ana = await inicio(s.ana);
    expect(ana.recentes.map((r) => [r.idDocumento, r.acao])).toEqual([
      [x.X4, 'Autuou'],
      [x.X3, 'Autuou'],
      [x.X2, 'Autuou'],
      [x.X1, 'Autuou'],
    ]);
    const recebido = await t.app.inject({
      method: 'POST',
      url: `/api/documentos/${x.X1}/receber`,
      headers: cabecalhosApp(s.bruno),
    });
    expect(recebido.statusCode, recebido.body).toBe(200);
    const bruno = await inicio(s.bruno);
    expect(bruno.recentes).toHaveLength(1);
    expect(bruno.recentes[0]).toMatchObject({ idDocumento: x.X1, acao: 'Recebeu', tipoDescricao: 'Ofício' });
    expect(Object.keys(bruno.recentes[0] ?? {}).sort()).toEqual([
      'acao',
      'em',
      'idDocumento',
      'numero',
      'tipoDescricao',
    ]);
    // Carla has done nothing.
    expect((await inicio(s.carla)).recentes).toEqual([]);
  });
});
