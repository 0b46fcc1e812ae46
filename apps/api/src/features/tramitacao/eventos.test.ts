import { type EventoDocumento, MENSAGENS } from '@tramite/shared';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { cabecalhosApp } from '../../testing/app-teste.ts';
import { rascunho, usarTramitacao } from '../../testing/cenarios/tramitacao.ts';
import { esperarErro } from '../../testing/respostas.ts';

const m = usarTramitacao();
const { db } = m;

beforeAll(async () => {
  await db().updateTable('tipoDocumento').set({ processo: true }).where('id', '=', m.c.tipos.oficio).execute();
});

const post = (cookie: string | undefined, url: string, payload: Record<string, unknown> = {}) =>
  m.t.app.inject({ method: 'POST', url: `/api${url}`, headers: cabecalhosApp(cookie), payload });
const eventos = async (cookie: string | undefined, id: number) => {
  const r = await m.api.get(cookie, `/documentos/${id}/eventos`);
  expect(r.statusCode).toBe(200);
  return r.json() as EventoDocumento[];
};
const textos = (lista: EventoDocumento[]) => lista.map((e) => [e.tipo, e.texto, e.textoOculto]);

describe('GET documentos/{id}/eventos', () => {
  let id: number;
  beforeAll(async () => {
    // Sent by the Protocolo Central to PROGRAD with a restricted despacho, received by Bruno.
    id = await m.novo();
    const envio = await m.api.enviar(
      m.s.ana,
      id,
      m.encaminhar(m.c.unidades.outra.id, { nivelAcesso: 'R', idHipoteseLegal: m.c.hipoteses.informacaoPessoal }),
    );
    expect(envio.statusCode).toBe(201);
    expect((await m.api.receber(m.s.bruno, id)).statusCode).toBe(200);
    const primeira = await db()
      .selectFrom('tramitacao')
      .select('id')
      .where('idDocumento', '=', id)
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('prazoAlteracao')
      .values({
        idDocumento: id,
        idTramitacao: primeira.id,
        tipo: 'PRAZO',
        anterior: '2026-03-02',
        novo: '2026-03-09',
        motivo: 'Pedido de mais prazo',
        idUsuario: m.c.usuarios.ana.id,
        idUnidade: m.c.unidades.protocolo.id,
      })
      .execute();
    expect((await post(m.s.carla, `/documentos/${id}/ciencia`, { observacao: 'Li e concordo' })).statusCode).toBe(201);
    expect((await post(m.s.bruno, `/documentos/${id}/sobrestamento`, { motivo: 'Aguarda parecer' })).statusCode).toBe(
      201,
    );
    const levantamento = await post(m.s.bruno, `/documentos/${id}/sobrestamento/levantamento`, {
      motivo: 'Parecer juntado',
    });
    expect(levantamento.statusCode).toBe(200);
    // A suspension lifted on its date.
    expect((await post(m.s.bruno, `/documentos/${id}/sobrestamento`, { motivo: 'Aguarda prazo' })).statusCode).toBe(
      201,
    );
    await db()
      .updateTable('sobrestamento')
      .set({ levantadoEm: sql`now()`, levantarEm: sql`current_date` })
      .where('idDocumento', '=', id)
      .where('levantadoEm', 'is', null)
      .execute();
    await db().updateTable('documento').set({ estadoProcessamento: 1 }).where('id', '=', id).execute();
    // A public sending to DHIS, recalled.
    expect((await m.api.enviar(m.s.bruno, id, m.encaminhar(m.c.unidades.departamento.id))).statusCode).toBe(201);
    await db()
      .updateTable('tramitacao')
      .set({
        dtCancelamento: sql`now()`,
        idUsuarioCancelamento: m.c.usuarios.bruno.id,
        motivoCancelamento: 'Enviado por engano',
      })
      .where('idDocumento', '=', id)
      .where('sequencia', '=', 2)
      .execute();
  });

  it('lista cada evento por data, com quem, a unidade e os dados de cada tipo', async () => {
    const lista = await eventos(m.s.ana, id);
    expect(lista.map((e) => e.tipo)).toEqual([
      'PRAZO_ALTERADO',
      'CIENCIA',
      'SOBRESTAMENTO',
      'LEVANTAMENTO',
      'SOBRESTAMENTO',
      'LEVANTAMENTO',
      'ENVIO_CANCELADO',
    ]);
    const ems = lista.map((e) => new Date(e.em).getTime());
    expect([...ems].sort((a, b) => a - b)).toEqual(ems);
    expect(lista[0]).toMatchObject({
      usuario: 'Ana Paula',
      unidade: { sigla: 'PROT' },
      anterior: '2026-03-02',
      novo: '2026-03-09',
      sequencia: 1,
      texto: 'Pedido de mais prazo',
    });
    expect(lista[1]).toMatchObject({ usuario: 'Carla Menezes', unidade: { sigla: 'DHIS' }, texto: 'Li e concordo' });
    expect(lista[2]).toMatchObject({ usuario: 'Bruno Henrique', texto: 'Aguarda parecer', levantarEm: null });
    expect(lista[3]).toMatchObject({ usuario: 'Bruno Henrique', texto: 'Parecer juntado', automatico: false });
    expect(lista[5]).toMatchObject({ usuario: null, unidade: null, texto: null, automatico: true });
    expect(lista[6]).toMatchObject({
      usuario: 'Bruno Henrique',
      unidade: { sigla: 'PROGRAD' },
      sequencia: 2,
      texto: 'Enviado por engano',
    });
  });

  it('o texto segue a regra do despacho: anônimo e quem não vê o despacho restrito recebem só o fato', async () => {
    expect(textos(await eventos(undefined, id))).toEqual([
      ['PRAZO_ALTERADO', null, true],
      ['CIENCIA', null, true],
      ['SOBRESTAMENTO', null, true],
      ['LEVANTAMENTO', null, true],
      ['SOBRESTAMENTO', null, true],
      ['LEVANTAMENTO', null, false],
      ['ENVIO_CANCELADO', null, true],
    ]);
    // Mariana's unit is neither end of the restricted movement; the recalled sending was public.
    expect(textos(await eventos(m.s.mariana, id))).toEqual([
      ['PRAZO_ALTERADO', null, true],
      ['CIENCIA', null, true],
      ['SOBRESTAMENTO', null, true],
      ['LEVANTAMENTO', null, true],
      ['SOBRESTAMENTO', null, true],
      ['LEVANTAMENTO', null, false],
      ['ENVIO_CANCELADO', 'Enviado por engano', false],
    ]);
    // Carla reads her own note; Vera reads every restricted despacho.
    expect((await eventos(m.s.carla, id))[1]).toMatchObject({ texto: 'Li e concordo', textoOculto: false });
    expect((await eventos(m.s.carla, id))[0]).toMatchObject({ texto: null, textoOculto: true });
    expect((await eventos(m.s.vera, id)).every((e) => !e.textoOculto)).toBe(true);
  });

  it('404 para documento desconhecido e rascunho de outra unidade; vazio sem eventos', async () => {
    const erro = MENSAGENS.autuacao.erroBuscarDadosDocumento;
    esperarErro(await m.api.get(undefined, '/documentos/999999/eventos'), 404, 'NAO_ENCONTRADO', erro);
    const alheio = await rascunho(m.t, m.c, m.s.ana);
    esperarErro(await m.api.get(m.s.bruno, `/documentos/${alheio}/eventos`), 404, 'NAO_ENCONTRADO', erro);
    expect(await eventos(m.s.ana, alheio)).toEqual([]);
  });
});
