import {
  type ContagensCaixaPostal,
  FILAS_CAIXA_POSTAL,
  type ItemCaixaPostal,
  MENSAGENS,
  type PaginaCaixaPostal,
} from '@tramite/shared';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { cabecalhosApp } from '../../testing/app-teste.ts';
import { autuacaoValida, autuar, tramitarEntre, usarCenario } from '../../testing/cenarios/documentos.ts';
import { usarAppTeste, usarSessoes } from '../../testing/contexto-teste.ts';
import { INTERVALO_VISITA_MINUTOS } from './queries-caixa-postal.ts';

/**
 * Issue 20, the postal box as a work queue: the queues (each with the other filters), their counts (equal to the
 * lists' totals), "novos" from the user's previous visit, and the unread rows per user.
 */

const t = usarAppTeste();
const c = usarCenario(t);
const s = usarSessoes(t, ['ana', 'joao', 'bruno', 'duda']);

const db = () => t.banco.db;
const get = (cookie: string | undefined, url: string) =>
  t.app.inject({ method: 'GET', url: `/api${url}`, headers: cookie ? { cookie } : {} });

async function caixa(cookie: string, consulta: string): Promise<PaginaCaixaPostal> {
  const resposta = await get(cookie, `/caixa-postal?${consulta}&tamanhoPagina=100`);
  expect(resposta.statusCode, resposta.body).toBe(200);
  return resposta.json();
}

async function contagens(cookie: string, consulta: string): Promise<ContagensCaixaPostal> {
  const resposta = await get(cookie, `/caixa-postal/contagens?${consulta}`);
  expect(resposta.statusCode, resposta.body).toBe(200);
  return resposta.json();
}

const ids = (pagina: PaginaCaixaPostal) => pagina.itens.map((i) => i.idDocumento).sort((a, b) => a - b);
const ordenados = (lista: number[]) => [...lista].sort((a, b) => a - b);

/** A document opened by Bruno (PROGRAD) or Ana (Protocolo) and sent to the other unit at `dtDespacho`. */
async function enviado(
  rota: { de: 'ana' | 'bruno'; para: 'ana' | 'bruno' },
  dtDespacho: string,
  extra: { recebida?: boolean; urgente?: boolean } = {},
): Promise<number> {
  const id = await autuar(
    t,
    s[rota.de],
    autuacaoValida(c, { idProcedencia: c.unidades[rota.de === 'ana' ? 'protocolo' : 'outra'].id }),
  );
  await tramitarEntre(db(), c, id, { ...rota, recebida: extra.recebida ?? false, dtDespacho });
  if (extra.urgente) {
    await db()
      .updateTable('documento')
      .set({ urgente: true, motivoUrgencia: 'Prazo legal' })
      .where('id', '=', id)
      .execute();
  }
  return id;
}

/** Sets where the user's previous visit to the unit's box ended, long enough ago for the next request to start a new visit. */
async function visitaAnterior(idUsuario: number, idUnidade: number, fim: string) {
  await db()
    .deleteFrom('caixaPostalVisita')
    .where('idUsuario', '=', idUsuario)
    .where('idUnidade', '=', idUnidade)
    .execute();
  await db()
    .insertInto('caixaPostalVisita')
    .values({ idUsuario, idUnidade, dtUltima: fim, dtAnterior: null })
    .execute();
}

describe('GET caixa-postal?fila= e GET caixa-postal/contagens', () => {
  const MARCO = 'dataInicio=2025-03-10&dataFim=2025-03-12';

  it('cada fila no servidor, combinada com os outros filtros, e as contagens iguais aos totais das listas', async () => {
    const urgentePendente = await enviado({ de: 'ana', para: 'bruno' }, '2025-03-10T12:00:00Z', { urgente: true });
    const pendente = await enviado({ de: 'ana', para: 'bruno' }, '2025-03-11T12:00:00Z');
    const urgenteRecebido = await enviado({ de: 'ana', para: 'bruno' }, '2025-03-10T13:00:00Z', {
      recebida: true,
      urgente: true,
    });
    const recebido = await enviado({ de: 'ana', para: 'bruno' }, '2025-03-12T12:00:00Z', { recebida: true });
    // Outside the period: in no list and no count.
    await enviado({ de: 'ana', para: 'bruno' }, '2025-03-20T12:00:00Z', { urgente: true });
    // Bruno's previous visit to the PROGRAD box ended on 11 March at 00:00 UTC.
    await visitaAnterior(c.usuarios.bruno.id, c.unidades.outra.id, '2025-03-11T00:00:00Z');

    const esperado: Record<(typeof FILAS_CAIXA_POSTAL)[number] | 'todos', number[]> = {
      todos: [urgentePendente, pendente, urgenteRecebido, recebido],
      aguardando: [urgentePendente, pendente],
      recebidos: [urgenteRecebido, recebido],
      novos: [pendente, recebido],
      urgentes: [urgentePendente, urgenteRecebido],
    };
    const contas = await contagens(s.bruno, MARCO);
    expect(contas).toEqual({ todos: 4, aguardando: 2, recebidos: 2, novos: 2, urgentes: 2 });
    for (const fila of FILAS_CAIXA_POSTAL) {
      const pagina = await caixa(s.bruno, `${MARCO}&fila=${fila}`);
      expect(ids(pagina), fila).toEqual(ordenados(esperado[fila]));
      expect(pagina.total, fila).toBe(contas[fila]);
    }
    expect(ids(await caixa(s.bruno, MARCO))).toEqual(ordenados(esperado.todos));

    // A queue paginates as the box does: pages of one, each with the queue's total.
    const primeira = await get(s.bruno, `/caixa-postal?${MARCO}&fila=urgentes&tamanhoPagina=1&pagina=1`);
    const segunda = await get(s.bruno, `/caixa-postal?${MARCO}&fila=urgentes&tamanhoPagina=1&pagina=2`);
    expect(primeira.json().total).toBe(2);
    expect([primeira.json().itens[0].idDocumento, segunda.json().itens[0].idDocumento]).toEqual([
      urgenteRecebido,
      urgentePendente,
    ]);

    // With the number filter: the queues and counts of that one document.
    const { numero } = await db()
      .selectFrom('documento')
      .select('numero')
      .where('id', '=', urgentePendente)
      .executeTakeFirstOrThrow();
    const porNumero = `numeroDocumento=${encodeURIComponent(numero)}`;
    expect(await contagens(s.bruno, porNumero)).toEqual({
      todos: 1,
      aguardando: 1,
      recebidos: 0,
      novos: 0,
      urgentes: 1,
    });
    expect(ids(await caixa(s.bruno, `${porNumero}&fila=urgentes`))).toEqual([urgentePendente]);
    expect((await caixa(s.bruno, `${porNumero}&fila=recebidos`)).total).toBe(0);

    // A received one leaves "aguardando" for "recebidos" in both the list and the count.
    const receber = await t.app.inject({
      method: 'POST',
      url: `/api/documentos/${pendente}/receber`,
      headers: cabecalhosApp(s.bruno),
    });
    expect(receber.statusCode, receber.body).toBe(200);
    const depois = await contagens(s.bruno, MARCO);
    expect(depois).toMatchObject({ todos: 4, aguardando: 1, recebidos: 3 });
    expect((await caixa(s.bruno, `${MARCO}&fila=recebidos`)).total).toBe(depois.recebidos);
  });

  it('os rascunhos ficam em "todos" e em nenhuma fila de chegada', async () => {
    const rascunho = await autuar(t, s.bruno, autuacaoValida(c, { idProcedencia: c.unidades.outra.id }));
    const { numero } = await db()
      .selectFrom('documento')
      .select('numero')
      .where('id', '=', rascunho)
      .executeTakeFirstOrThrow();
    const porNumero = `numeroDocumento=${encodeURIComponent(numero)}`;
    expect(await contagens(s.bruno, porNumero)).toEqual({
      todos: 1,
      aguardando: 0,
      recebidos: 0,
      novos: 0,
      urgentes: 0,
    });
  });

  it('recusa fila desconhecida, as regras da busca valem para as contagens, só as lotações do usuário', async () => {
    expect((await get(s.bruno, '/caixa-postal?numeroDocumento=1&fila=lidos')).statusCode).toBe(400);
    const semFiltro = await get(s.bruno, '/caixa-postal/contagens');
    expect(semFiltro.statusCode).toBe(400);
    expect(semFiltro.json().mensagem).toBe(MENSAGENS.caixaPostal.filtroObrigatorio);
    const alheia = await get(s.bruno, `/caixa-postal/contagens?${MARCO}&idUnidadeAtual=${c.unidades.protocolo.id}`);
    expect(alheia.statusCode).toBe(403);
    expect(alheia.json().mensagem).toBe(MENSAGENS.usuario.unidadeNaoLotada);
    expect((await get(undefined, `/caixa-postal/contagens?${MARCO}`)).statusCode).toBe(401);
  });
});

describe('Novos desde meu último acesso', () => {
  const TUDO = 'dataInicio=2000-01-01&dataFim=2100-12-31';
  const visita = () =>
    db()
      .selectFrom('caixaPostalVisita')
      .select(['dtUltima', 'dtAnterior'])
      .where('idUsuario', '=', c.usuarios.joao.id)
      .where('idUnidade', '=', c.unidades.protocolo.id)
      .executeTakeFirst();

  it('conta o que chegou depois do fim da visita anterior; dentro de uma visita a referência não muda', async () => {
    const agora = Date.now();
    const minutos = (n: number) => new Date(agora - n * 60_000).toISOString();
    const antigo = await enviado({ de: 'bruno', para: 'ana' }, minutos(120), { recebida: true });
    const recente = await enviado({ de: 'bruno', para: 'ana' }, minutos(45));

    // Never visited: every arrival is new; the counts do not register a visit.
    expect((await contagens(s.joao, TUDO)).novos).toBe(2);
    expect(await visita()).toBeUndefined();
    // The first visit: still no previous one.
    expect(ids(await caixa(s.joao, `${TUDO}&fila=novos`))).toEqual(ordenados([antigo, recente]));
    expect((await visita())?.dtAnterior).toBeNull();

    // The previous visit ended an hour ago: what arrived since is new, in the counts and in the list.
    const fim = minutos(60);
    await visitaAnterior(c.usuarios.joao.id, c.unidades.protocolo.id, fim);
    expect((await contagens(s.joao, TUDO)).novos).toBe(1);
    expect(ids(await caixa(s.joao, `${TUDO}&fila=novos`))).toEqual([recente]);
    const registrada = await visita();
    expect(new Date(registrada?.dtAnterior as Date).toISOString()).toBe(fim);
    expect(new Date(registrada?.dtUltima as Date).getTime()).toBeGreaterThan(agora - 60_000);

    // Within the same visit (less than the gap since the last request) the reference stays put.
    const novamente = await caixa(s.joao, `${TUDO}&fila=novos`);
    expect(ids(novamente)).toEqual([recente]);
    expect((await contagens(s.joao, TUDO)).novos).toBe(novamente.total);
    // Ana's visits are hers: her first visit sees both as new.
    expect((await contagens(s.ana, TUDO)).novos).toBe(2);

    // After the gap, the next request starts a new visit that counts from the last request of this one.
    const ultima = minutos(INTERVALO_VISITA_MINUTOS + 1);
    await db()
      .updateTable('caixaPostalVisita')
      .set({ dtUltima: ultima })
      .where('idUsuario', '=', c.usuarios.joao.id)
      .where('idUnidade', '=', c.unidades.protocolo.id)
      .execute();
    expect((await contagens(s.joao, TUDO)).novos).toBe(0);
    expect((await caixa(s.joao, `${TUDO}&fila=novos`)).total).toBe(0);
    expect(new Date((await visita())?.dtAnterior as Date).toISOString()).toBe(ultima);
  });
});

describe('Não lidos, por usuário', () => {
  const ABRIL = 'dataInicio=2025-04-10&dataFim=2025-04-10';
  const item = async (cookie: string, id: number) =>
    (await caixa(cookie, ABRIL)).itens.find((i) => i.idDocumento === id) as ItemCaixaPostal;
  const leituras = (id: number) =>
    db().selectFrom('documentoLeitura').select(['idUsuario', 'dtLeitura']).where('idDocumento', '=', id).execute();

  it('abrir a página do documento marca como lido só para quem abriu; receber também; uma nova chegada volta a não lido', async () => {
    const id = await enviado({ de: 'ana', para: 'bruno' }, '2025-04-10T12:00:00Z');
    expect((await item(s.bruno, id)).lido).toBe(false);
    expect((await item(s.duda, id)).lido).toBe(false);

    // Bruno opens the document's page (twice: one reading, updated).
    expect((await get(s.bruno, `/documentos/${id}`)).statusCode).toBe(200);
    expect((await get(s.bruno, `/documentos/${id}`)).statusCode).toBe(200);
    expect(await leituras(id)).toEqual([{ idUsuario: c.usuarios.bruno.id, dtLeitura: expect.any(Date) }]);
    expect((await item(s.bruno, id)).lido).toBe(true);
    // Another user's reading does not change Duda's.
    expect((await item(s.duda, id)).lido).toBe(false);

    // Receiving counts as opening it, for the one who receives.
    const receber = await t.app.inject({
      method: 'POST',
      url: `/api/documentos/${id}/receber`,
      headers: cabecalhosApp(s.duda),
    });
    expect(receber.statusCode, receber.body).toBe(200);
    expect((await item(s.duda, id)).lido).toBe(true);

    // A reading before the document's arrival does not count: it arrived again since.
    await db()
      .updateTable('documentoLeitura')
      .set({ dtLeitura: '2025-04-09T12:00:00Z' })
      .where('idDocumento', '=', id)
      .where('idUsuario', '=', c.usuarios.bruno.id)
      .execute();
    expect((await item(s.bruno, id)).lido).toBe(false);
  });

  it('não registra leitura de quem não entrou nem de documento que não abriu (404)', async () => {
    const id = await enviado({ de: 'ana', para: 'bruno' }, '2025-04-10T13:00:00Z');
    expect((await get(undefined, `/documentos/${id}`)).statusCode).toBe(200);
    expect((await get(s.bruno, '/documentos/999999')).statusCode).toBe(404);
    expect((await get(s.bruno, `/documentos/${id}/tramitacoes`)).statusCode).toBe(200);
    expect(await leituras(id)).toEqual([]);
    const total = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM documento_leitura WHERE id_documento = 999999`.execute(db());
    expect(total.rows[0]?.n).toBe(0);
  });
});
