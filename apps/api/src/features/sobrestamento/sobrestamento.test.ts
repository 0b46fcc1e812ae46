import { dataEmSaoPaulo, MENSAGENS, type SituacaoSobrestamento, type Sobrestamento, somarDias } from '@tramite/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { cabecalhosApp } from '../../testing/app-teste.ts';
import { usarTramitacao } from '../../testing/cenarios/tramitacao.ts';
import { esperarErro } from '../../testing/respostas.ts';
import { levantarVencidos } from './service.ts';

const m = usarTramitacao();
const { db, naPrograd } = m;

beforeAll(async () => {
  // Ofício is a process here; Memorando is not.
  await db().updateTable('tipoDocumento').set({ processo: true }).where('id', '=', m.c.tipos.oficio).execute();
});

const hoje = () => dataEmSaoPaulo();
const post = (cookie: string | undefined, url: string, payload: Record<string, unknown> = {}) =>
  m.t.app.inject({ method: 'POST', url: `/api${url}`, headers: cabecalhosApp(cookie), payload });
const sobrestar = (
  cookie: string | undefined,
  id: number,
  payload: Record<string, unknown> = { motivo: 'Aguarda parecer' },
) => post(cookie, `/documentos/${id}/sobrestamento`, payload);
const levantar = (cookie: string | undefined, id: number, payload: Record<string, unknown> = {}) =>
  post(cookie, `/documentos/${id}/sobrestamento/levantamento`, payload);
const situacao = async (cookie: string | undefined, id: number) => {
  const r = await m.api.get(cookie, `/documentos/${id}/sobrestamento`);
  expect(r.statusCode).toBe(200);
  return r.json() as SituacaoSobrestamento;
};
const estado = async (id: number) => (await m.documento(id)).estadoProcessamento;
const auditorias = (id: number, acao: string) =>
  db()
    .selectFrom('auditoria')
    .select(['idUsuario', 'antes', 'depois'])
    .where('entidade', '=', 'documento')
    .where('idEntidade', '=', String(id))
    .where('acao', '=', acao)
    .execute();

describe('POST documentos/{id}/sobrestamento', () => {
  it('a unidade que detém o processo o sobrestá: estado 5, o motivo, a data e a auditoria', async () => {
    const id = await naPrograd();
    const levantarEm = somarDias(hoje(), 30);
    const r = await sobrestar(m.s.bruno, id, { motivo: '  Aguarda parecer jurídico  ', levantarEm });
    expect(r.statusCode).toBe(201);
    const corpo = r.json() as Sobrestamento;
    expect(corpo).toMatchObject({
      idDocumento: id,
      motivo: 'Aguarda parecer jurídico',
      motivoOculto: false,
      levantarEm,
      unidade: { id: m.c.unidades.outra.id, sigla: 'PROGRAD' },
      usuario: 'Bruno Henrique',
      levantadoEm: null,
    });
    expect(await estado(id)).toBe(5);
    const [auditoria] = await auditorias(id, 'SOBRESTAR_DOCUMENTO');
    expect(auditoria?.idUsuario).toBe(m.c.usuarios.bruno.id);
    expect(auditoria?.antes).toEqual({ estadoProcessamento: 1 });
    // Public: everybody sees that it is suspended; the reason only who is logged in.
    expect((await situacao(m.s.carla, id)).vigente?.motivo).toBe('Aguarda parecer jurídico');
    const anonimo = await situacao(undefined, id);
    expect(anonimo.processo).toBe(true);
    expect(anonimo.vigente).toMatchObject({ id: corpo.id, motivo: null, motivoOculto: true, levantarEm });
  });

  it('recusa quem não está autenticado, outra unidade, quem ainda não recebeu e documento desconhecido', async () => {
    const id = await naPrograd();
    expect((await sobrestar(undefined, id)).statusCode).toBe(401);
    esperarErro(await sobrestar(m.s.ana, id), 403, 'SEM_PERMISSAO', MENSAGENS.sobrestamento.apenasUnidadeDetentora);
    const naoRecebido = await naPrograd(false);
    esperarErro(
      await sobrestar(m.s.bruno, naoRecebido),
      403,
      'SEM_PERMISSAO',
      MENSAGENS.sobrestamento.apenasUnidadeDetentora,
    );
    esperarErro(
      await sobrestar(m.s.bruno, 999_999),
      404,
      'NAO_ENCONTRADO',
      MENSAGENS.autuacao.erroBuscarDadosDocumento,
    );
    expect(await estado(id)).toBe(1);
  });

  it('só processos em andamento, e não duas vezes', async () => {
    const memorando = await m.novo({ idTipoDocumento: m.c.tipos.memorando, idAssunto: m.c.assuntos.compras });
    const envio = await m.api.enviar(
      m.s.ana,
      memorando,
      m.encaminhar(m.c.unidades.outra.id, {
        idPasso: m.c.fluxos.livreMemorando.encaminhar,
      }),
    );
    expect(envio.statusCode).toBe(201);
    expect((await m.api.receber(m.s.bruno, memorando)).statusCode).toBe(200);
    esperarErro(await sobrestar(m.s.bruno, memorando), 409, 'CONFLITO', MENSAGENS.sobrestamento.apenasProcessos);

    const arquivado = await naPrograd();
    await db().updateTable('documento').set({ estadoProcessamento: 2 }).where('id', '=', arquivado).execute();
    esperarErro(await sobrestar(m.s.bruno, arquivado), 409, 'CONFLITO', MENSAGENS.sobrestamento.apenasEmAndamento);

    const id = await naPrograd();
    expect((await sobrestar(m.s.bruno, id)).statusCode).toBe(201);
    esperarErro(await sobrestar(m.s.bruno, id), 409, 'CONFLITO', MENSAGENS.sobrestamento.jaSobrestado);
  });

  it('valida o motivo e a data de levantamento', async () => {
    const id = await naPrograd();
    esperarErro(
      await sobrestar(m.s.bruno, id, { motivo: '   ' }),
      400,
      'REQUISICAO_INVALIDA',
      MENSAGENS.sobrestamento.motivoObrigatorio,
      [{ campo: 'body.motivo', mensagem: MENSAGENS.sobrestamento.motivoObrigatorio }],
    );
    const longo = await sobrestar(m.s.bruno, id, { motivo: 'x'.repeat(501) });
    expect(longo.json().mensagem).toBe(MENSAGENS.sobrestamento.motivoLongo);
    const casos: [string, string][] = [
      [hoje(), MENSAGENS.sobrestamento.levantarEmPassado],
      [somarDias(hoje(), -3), MENSAGENS.sobrestamento.levantarEmPassado],
      [somarDias(hoje(), 2 * 366 + 1), MENSAGENS.sobrestamento.levantarEmDistante],
    ];
    for (const [levantarEm, mensagem] of casos) {
      esperarErro(
        await sobrestar(m.s.bruno, id, { motivo: 'Aguarda', levantarEm }),
        400,
        'REQUISICAO_INVALIDA',
        mensagem,
        [{ campo: 'levantarEm', mensagem }],
      );
    }
    const invalida = await sobrestar(m.s.bruno, id, { motivo: 'Aguarda', levantarEm: '2026-02-30' });
    expect(invalida.statusCode).toBe(400);
    expect(invalida.json().mensagem).toBe(MENSAGENS.sobrestamento.dataInvalida);
    expect(await estado(id)).toBe(1);
    expect((await sobrestar(m.s.bruno, id, { motivo: 'Aguarda', levantarEm: somarDias(hoje(), 700) })).statusCode).toBe(
      201,
    );
  });

  it('de dois pedidos ao mesmo tempo, só um sobrestá', async () => {
    const id = await naPrograd();
    const respostas = await Promise.all([sobrestar(m.s.bruno, id), sobrestar(m.s.duda, id)]);
    expect(respostas.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const vigentes = await db().selectFrom('sobrestamento').select('id').where('idDocumento', '=', id).execute();
    expect(vigentes).toHaveLength(1);
    expect(await estado(id)).toBe(5);
  });
});

describe('enquanto sobrestado', () => {
  it('não é tramitado nem juntado (como pai ou como filho), até o levantamento', async () => {
    const id = await naPrograd();
    const outro = await naPrograd();
    expect((await sobrestar(m.s.bruno, id)).statusCode).toBe(201);
    const mensagem = MENSAGENS.sobrestamento.documentoSobrestado;
    esperarErro(
      await m.api.enviar(m.s.bruno, id, m.encaminhar(m.c.unidades.departamento.id)),
      409,
      'CONFLITO',
      mensagem,
    );
    const consistencia = await m.api.get(
      m.s.bruno,
      `/documentos/${id}/fluxos/${m.c.fluxos.livreOficio.id}/consistencia?idPasso=${m.c.fluxos.livreOficio.encaminhar}`,
    );
    expect(consistencia.json().ERRO).toContain(mensagem);
    const juntar = (pai: number, filho: number) =>
      post(m.s.bruno, `/documentos/${pai}/agregados`, { idDocumento: filho, tipoAgregacao: 'APENSACAO' });
    esperarErro(await juntar(id, outro), 409, 'CONFLITO', mensagem);
    esperarErro(await juntar(outro, id), 409, 'CONFLITO', mensagem);

    const r = await levantar(m.s.bruno, id, { motivo: 'Parecer chegou' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ usuarioLevantamento: 'Bruno Henrique', motivoLevantamento: 'Parecer chegou' });
    expect(await estado(id)).toBe(1);
    expect((await m.api.enviar(m.s.bruno, id, m.encaminhar(m.c.unidades.departamento.id))).statusCode).toBe(201);
  });
});

describe('POST documentos/{id}/sobrestamento/levantamento', () => {
  it('devolve o estado anterior e registra quem levantou; recusa sem sobrestamento e de outra unidade', async () => {
    const id = await naPrograd();
    esperarErro(await levantar(m.s.bruno, id), 409, 'CONFLITO', MENSAGENS.sobrestamento.naoSobrestado);
    expect((await sobrestar(m.s.bruno, id)).statusCode).toBe(201);
    expect((await levantar(undefined, id)).statusCode).toBe(401);
    esperarErro(await levantar(m.s.ana, id), 403, 'SEM_PERMISSAO', MENSAGENS.sobrestamento.apenasUnidadeDetentora);
    const longo = await levantar(m.s.bruno, id, { motivo: 'x'.repeat(501) });
    expect(longo.json().mensagem).toBe(MENSAGENS.sobrestamento.motivoLongo);
    const r = await levantar(m.s.bruno, id, { motivo: '' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ motivoLevantamento: null, usuarioLevantamento: 'Bruno Henrique' });
    expect(r.json().levantadoEm).not.toBeNull();
    expect(await estado(id)).toBe(1);
    expect((await situacao(m.s.bruno, id)).vigente).toBeNull();
    const [auditoria] = await auditorias(id, 'LEVANTAR_SOBRESTAMENTO');
    expect(auditoria?.depois).toEqual({ estadoProcessamento: 1, motivo: null });
    // Suspended again after a lifting: a new one is in force.
    expect((await sobrestar(m.s.bruno, id)).statusCode).toBe(201);
  });

  it('de dois levantamentos ao mesmo tempo, só um levanta', async () => {
    const id = await naPrograd();
    expect((await sobrestar(m.s.bruno, id)).statusCode).toBe(201);
    const respostas = await Promise.all([levantar(m.s.bruno, id), levantar(m.s.duda, id)]);
    expect(respostas.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await estado(id)).toBe(1);
    expect(await auditorias(id, 'LEVANTAR_SOBRESTAMENTO')).toHaveLength(1);
  });
});

describe('levantamento automático na data', () => {
  it('levanta os vencidos uma só vez mesmo com duas passadas ao mesmo tempo; os futuros ficam', async () => {
    const amanha = somarDias(hoje(), 1);
    const vencidos = [await naPrograd(), await naPrograd()];
    const futuro = await naPrograd();
    for (const id of vencidos) {
      expect((await sobrestar(m.s.bruno, id, { motivo: 'Aguarda prazo', levantarEm: amanha })).statusCode).toBe(201);
    }
    expect(
      (await sobrestar(m.s.bruno, futuro, { motivo: 'Aguarda', levantarEm: somarDias(hoje(), 3) })).statusCode,
    ).toBe(201);
    // Today nothing is due.
    expect(await levantarVencidos(db())).toBe(0);
    // Noon tomorrow in Brasília.
    const amanhaMeioDia = new Date(`${amanha}T15:00:00Z`);
    const [a, b] = await Promise.all([levantarVencidos(db(), amanhaMeioDia), levantarVencidos(db(), amanhaMeioDia)]);
    expect(a + b).toBe(2);
    for (const id of vencidos) {
      expect(await estado(id)).toBe(1);
      const linha = await db()
        .selectFrom('sobrestamento')
        .select(['levantadoEm', 'idUsuarioLevantamento'])
        .where('idDocumento', '=', id)
        .executeTakeFirstOrThrow();
      expect(linha.levantadoEm).not.toBeNull();
      expect(linha.idUsuarioLevantamento).toBeNull();
      const auditoria = await auditorias(id, 'LEVANTAR_SOBRESTAMENTO');
      expect(auditoria).toHaveLength(1);
      expect(auditoria[0]?.idUsuario).toBeNull();
    }
    expect(await estado(futuro)).toBe(5);
    expect(await levantarVencidos(db(), amanhaMeioDia)).toBe(0);
  });
});
