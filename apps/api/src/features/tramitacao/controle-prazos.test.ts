import {
  type ContagensCaixaPostal,
  dataEmSaoPaulo,
  MENSAGENS,
  type PaginaCaixaPostal,
  type PaginaControlePrazos,
  somarDias,
} from '@tramite/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { autuacaoValida, autuar, tramitarEntre, usarCenario } from '../../testing/cenarios/documentos.ts';
import { usarAppTeste, usarSessoes } from '../../testing/contexto-teste.ts';

/**
 * Issue 20: deadlines in the postal box (filter by a deadline's state and by suspension, sort by deadline with none
 * last, counts that follow the filters) and the "Controle de prazos" tabs, on a small fixture with a recalled sending
 * (never counted) and a met scheduled return.
 */

const t = usarAppTeste();
const c = usarCenario(t);
const s = usarSessoes(t, ['ana', 'bruno']);

const db = () => t.banco.db;
const get = (cookie: string | undefined, url: string) =>
  t.app.inject({ method: 'GET', url: `/api${url}`, headers: cookie ? { cookie } : {} });

async function ok<T>(cookie: string, url: string): Promise<T> {
  const resposta = await get(cookie, url);
  expect(resposta.statusCode, resposta.body).toBe(200);
  return resposta.json();
}

const hoje = dataEmSaoPaulo();
const PERIODO = `dataInicio=${somarDias(hoje, -2)}&dataFim=${somarDias(hoje, 2)}`;

/** Sets a tramitação's deadline (and the document's, as the sending does) and scheduled return. */
async function definirPrazo(idTramitacao: number, prazo: string | null, retorno: string | null = null) {
  const { idDocumento } = await db()
    .updateTable('tramitacao')
    .set({ prazo, origemPrazo: prazo === null ? null : 'REMETENTE', retornoProgramado: retorno })
    .where('id', '=', idTramitacao)
    .returning('idDocumento')
    .executeTakeFirstOrThrow();
  await db().updateTable('documento').set({ prazo }).where('id', '=', idDocumento).execute();
}

const f = {} as Record<
  'vencido' | 'venceHoje' | 'noPrazo' | 'semPrazo' | 'cancelado' | 'retornoCumprido' | 'sobrestado',
  number
>;

beforeAll(async () => {
  const novo = (de: 'ana' | 'bruno') =>
    autuar(t, s[de], autuacaoValida(c, { idProcedencia: c.unidades[de === 'ana' ? 'protocolo' : 'outra'].id }));
  // Sent by PROT to PROGRAD: pending, overdue.
  f.vencido = await novo('ana');
  await definirPrazo(
    await tramitarEntre(db(), c, f.vencido, { de: 'ana', para: 'bruno', recebida: false }),
    somarDias(hoje, -3),
  );
  // Received by PROGRAD, due today, its return to PROT overdue since yesterday.
  f.venceHoje = await novo('ana');
  await definirPrazo(
    await tramitarEntre(db(), c, f.venceHoje, { de: 'ana', para: 'bruno', recebida: true }),
    hoje,
    somarDias(hoje, -1),
  );
  // Pending at PROGRAD, due in ten days, return in twenty.
  f.noPrazo = await novo('ana');
  await definirPrazo(
    await tramitarEntre(db(), c, f.noPrazo, { de: 'ana', para: 'bruno', recebida: false }),
    somarDias(hoje, 10),
    somarDias(hoje, 20),
  );
  // Pending at PROGRAD without a deadline.
  f.semPrazo = await novo('ana');
  await tramitarEntre(db(), c, f.semPrazo, { de: 'ana', para: 'bruno', recebida: false });
  // Held by PROT after a recalled sending to PROGRAD that had a deadline and a return: neither counts anywhere.
  f.cancelado = await novo('bruno');
  await tramitarEntre(db(), c, f.cancelado, { de: 'bruno', para: 'ana', recebida: true });
  const recolhida = await tramitarEntre(db(), c, f.cancelado, { de: 'ana', para: 'bruno', recebida: false });
  await definirPrazo(recolhida, somarDias(hoje, -5), somarDias(hoje, -2));
  await db()
    .updateTable('tramitacao')
    .set({ dtCancelamento: new Date().toISOString(), idUsuarioCancelamento: c.usuarios.ana.id })
    .where('id', '=', recolhida)
    .execute();
  await db()
    .updateTable('documento')
    .set({ situacao: 'RECEBIDO', idUnidadeAtual: c.unidades.protocolo.id, prazo: null })
    .where('id', '=', f.cancelado)
    .execute();
  // PROT scheduled its return and PROGRAD sent it back (received, with a new deadline): the return is met.
  f.retornoCumprido = await novo('ana');
  await definirPrazo(
    await tramitarEntre(db(), c, f.retornoCumprido, { de: 'ana', para: 'bruno', recebida: true }),
    somarDias(hoje, -4),
    somarDias(hoje, -1),
  );
  await definirPrazo(
    await tramitarEntre(db(), c, f.retornoCumprido, { de: 'bruno', para: 'ana', recebida: true }),
    somarDias(hoje, 2),
  );
  // Held by PROGRAD and suspended (2001 = 5), due tomorrow.
  f.sobrestado = await novo('ana');
  await definirPrazo(
    await tramitarEntre(db(), c, f.sobrestado, { de: 'ana', para: 'bruno', recebida: true }),
    somarDias(hoje, 1),
  );
  await db().updateTable('documento').set({ estadoProcessamento: 5 }).where('id', '=', f.sobrestado).execute();
});

const ids = (pagina: { itens: { idDocumento: number }[] }) => pagina.itens.map((i) => i.idDocumento);
const ordenados = (lista: number[]) => [...lista].sort((a, b) => a - b);

describe('GET caixa-postal com prazos', () => {
  it('cada linha traz o prazo do documento (ou null) e se está sobrestado', async () => {
    const pagina = await ok<PaginaCaixaPostal>(s.bruno, `/caixa-postal?${PERIODO}&tamanhoPagina=100`);
    const porId = new Map(pagina.itens.map((i) => [i.idDocumento, i]));
    expect(porId.get(f.vencido)?.dataPrazo).toBe(somarDias(hoje, -3));
    expect(porId.get(f.venceHoje)?.dataPrazo).toBe(hoje);
    expect(porId.get(f.semPrazo)?.dataPrazo).toBeNull();
    expect(porId.get(f.sobrestado)?.sobrestado).toBe(true);
    expect(porId.get(f.vencido)?.sobrestado).toBe(false);
    expect(porId.has(f.cancelado)).toBe(false);
  });

  it('filtra pela situação do prazo, sem precisar de período, e as contagens acompanham o filtro', async () => {
    const casos = [
      ['VENCIDO', [f.vencido]],
      ['VENCE_HOJE', [f.venceHoje]],
      ['NO_PRAZO', [f.noPrazo, f.sobrestado]],
      ['SEM_PRAZO', [f.semPrazo]],
    ] as const;
    for (const [situacao, esperados] of casos) {
      const pagina = await ok<PaginaCaixaPostal>(s.bruno, `/caixa-postal?situacaoPrazo=${situacao}`);
      expect(ordenados(ids(pagina)), situacao).toEqual(ordenados([...esperados]));
      expect(pagina.total).toBe(esperados.length);
      const contagens = await ok<ContagensCaixaPostal>(s.bruno, `/caixa-postal/contagens?situacaoPrazo=${situacao}`);
      expect(contagens.todos, situacao).toBe(esperados.length);
      const aguardando = await ok<PaginaCaixaPostal>(
        s.bruno,
        `/caixa-postal?situacaoPrazo=${situacao}&fila=aguardando`,
      );
      expect(contagens.aguardando, situacao).toBe(aguardando.total);
    }
    // PROT's box: the document back after the recalled sending has no deadline; the met return's has one.
    const semPrazoAna = await ok<PaginaCaixaPostal>(s.ana, '/caixa-postal?situacaoPrazo=SEM_PRAZO');
    expect(ids(semPrazoAna)).toContain(f.cancelado);
    const noPrazoAna = await ok<PaginaCaixaPostal>(s.ana, '/caixa-postal?situacaoPrazo=NO_PRAZO');
    expect(ids(noPrazoAna)).toEqual([f.retornoCumprido]);
  });

  it('filtra os sobrestados, combinado com o período e com a situação do prazo', async () => {
    const sobrestados = await ok<PaginaCaixaPostal>(s.bruno, '/caixa-postal?sobrestados=true');
    expect(ids(sobrestados)).toEqual([f.sobrestado]);
    expect(sobrestados.itens[0]?.estado['2001']).toBe(5);
    expect(ids(await ok<PaginaCaixaPostal>(s.bruno, `/caixa-postal?sobrestados=true&${PERIODO}`))).toEqual([
      f.sobrestado,
    ]);
    expect(ids(await ok<PaginaCaixaPostal>(s.bruno, '/caixa-postal?sobrestados=true&situacaoPrazo=VENCIDO'))).toEqual(
      [],
    );
    expect((await ok<ContagensCaixaPostal>(s.bruno, '/caixa-postal/contagens?sobrestados=true')).todos).toBe(1);
    // false is no filter (and no search by itself).
    const semFiltro = await get(s.bruno, '/caixa-postal?sobrestados=false');
    expect(semFiltro.statusCode).toBe(400);
    expect(semFiltro.json().mensagem).toBe(MENSAGENS.caixaPostal.filtroObrigatorio);
  });

  it('ordena pelo prazo: o mais próximo primeiro, sem prazo por último, em qualquer página', async () => {
    const todos = await ok<PaginaCaixaPostal>(s.bruno, `/caixa-postal?${PERIODO}&ordenacao=prazo&direcao=asc`);
    expect(ids(todos)).toEqual([f.vencido, f.venceHoje, f.sobrestado, f.noPrazo, f.semPrazo]);
    const desc = await ok<PaginaCaixaPostal>(s.bruno, `/caixa-postal?${PERIODO}&ordenacao=prazo&direcao=desc`);
    expect(ids(desc)).toEqual([f.noPrazo, f.sobrestado, f.venceHoje, f.vencido, f.semPrazo]);
    const paginas: number[] = [];
    for (let pagina = 1; pagina <= 3; pagina++) {
      const parte = await ok<PaginaCaixaPostal>(
        s.bruno,
        `/caixa-postal?${PERIODO}&ordenacao=prazo&direcao=asc&tamanhoPagina=2&pagina=${pagina}`,
      );
      expect(parte.total).toBe(5);
      paginas.push(...ids(parte));
    }
    expect(paginas).toEqual(ids(todos));
    // Combined with a queue: only what waits to be received, still by deadline.
    const aguardando = await ok<PaginaCaixaPostal>(
      s.bruno,
      `/caixa-postal?${PERIODO}&ordenacao=prazo&direcao=asc&fila=aguardando`,
    );
    expect(ids(aguardando)).toEqual([f.vencido, f.noPrazo, f.semPrazo]);
  });

  it('recusa uma situação de prazo desconhecida', async () => {
    const resposta = await get(s.bruno, '/caixa-postal?situacaoPrazo=ATRASADO');
    expect(resposta.statusCode).toBe(400);
    expect(resposta.json().codigo).toBe('REQUISICAO_INVALIDA');
  });
});

describe('GET controle-de-prazos', () => {
  const aba = (cookie: string, consulta: string) => ok<PaginaControlePrazos>(cookie, `/controle-de-prazos?${consulta}`);

  it('exige login', async () => {
    expect((await get(undefined, '/controle-de-prazos')).statusCode).toBe(401);
    expect((await get(undefined, '/controle-de-prazos/retornos-pendentes')).statusCode).toBe(401);
  });

  it('na-unidade: o que está na caixa da unidade com prazo, por data, com quem definiu e o estado', async () => {
    const pagina = await aba(s.bruno, 'aba=na-unidade');
    expect(ids(pagina)).toEqual([f.vencido, f.venceHoje, f.sobrestado, f.noPrazo]);
    expect(pagina.total).toBe(4);
    const [vencido, venceHoje] = pagina.itens;
    expect(vencido).toMatchObject({
      data: somarDias(hoje, -3),
      situacaoPrazo: 'VENCIDO',
      pendenteRecebimento: true,
      ondeEsta: { sigla: 'PROGRAD' },
      definidoPor: { usuario: 'Ana Paula', unidade: 'PROT', origemPrazo: 'REMETENTE' },
      resumoAssunto: 'Solicitação de férias da servidora',
    });
    expect(venceHoje).toMatchObject({ situacaoPrazo: 'VENCE_HOJE', pendenteRecebimento: false, diasUteis: 0 });
    // Ana's unit: the met return's new deadline; the document back from the recalled sending has none.
    expect(ids(await aba(s.ana, 'aba=na-unidade'))).toEqual([f.retornoCumprido]);
  });

  it('aguardados: o que a unidade enviou e está pendente ou com outra unidade com prazo (nunca o envio cancelado)', async () => {
    const pagina = await aba(s.ana, 'aba=aguardados');
    expect(ids(pagina)).toEqual([f.vencido, f.venceHoje, f.sobrestado, f.noPrazo]);
    expect(pagina.itens.map((i) => i.ondeEsta?.sigla)).toEqual(['PROGRAD', 'PROGRAD', 'PROGRAD', 'PROGRAD']);
    expect(ids(await aba(s.bruno, 'aba=aguardados'))).toEqual([f.retornoCumprido]);
  });

  it('retornos: os retornos programados não cumpridos, com a data e o estado (nem o cancelado, nem o cumprido)', async () => {
    const pagina = await aba(s.ana, 'aba=retornos');
    expect(ids(pagina)).toEqual([f.venceHoje, f.noPrazo]);
    expect(pagina.itens[0]).toMatchObject({ data: somarDias(hoje, -1), situacaoPrazo: 'VENCIDO' });
    expect(pagina.itens[1]).toMatchObject({ data: somarDias(hoje, 20), situacaoPrazo: 'NO_PRAZO' });
    expect((await aba(s.bruno, 'aba=retornos')).total).toBe(0);
    const aviso = await ok<{ vencidosOuHoje: number }>(s.ana, '/controle-de-prazos/retornos-pendentes');
    expect(aviso.vencidosOuHoje).toBe(1);
  });

  it('filtra pelo estado e pagina', async () => {
    expect(ids(await aba(s.ana, 'aba=aguardados&situacaoPrazo=VENCIDO'))).toEqual([f.vencido]);
    expect(ids(await aba(s.ana, 'aba=aguardados&situacaoPrazo=NO_PRAZO'))).toEqual([f.sobrestado, f.noPrazo]);
    expect(ids(await aba(s.ana, 'aba=retornos&situacaoPrazo=VENCE_HOJE'))).toEqual([]);
    const segunda = await aba(s.ana, 'aba=aguardados&tamanhoPagina=3&pagina=2');
    expect(segunda.total).toBe(4);
    expect(ids(segunda)).toEqual([f.noPrazo]);
  });

  it('recusa aba e estado desconhecidos', async () => {
    for (const consulta of ['aba=todas', 'situacaoPrazo=SEM_PRAZO', 'tamanhoPagina=101']) {
      const resposta = await get(s.ana, `/controle-de-prazos?${consulta}`);
      expect(resposta.statusCode, consulta).toBe(400);
      expect(resposta.json().codigo).toBe('REQUISICAO_INVALIDA');
    }
  });
});
