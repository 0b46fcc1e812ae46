import {
  type AssuntosPainel,
  dataEmSaoPaulo,
  type IdadePainel,
  MENSAGENS,
  type MovimentoPainel,
  type PermanenciaPainel,
  type UnidadesAntigasPainel,
  type UnidadesPainel,
} from '@tramite/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { cabecalhosApp } from '../../testing/app-teste.ts';
import { autuacaoValida, autuar, usarCenario } from '../../testing/cenarios/documentos.ts';
import { usarAppTeste, usarSessoes } from '../../testing/contexto-teste.ts';
import { registrarTramitacao } from '../../testing/fabricas.ts';
import { esperarErro } from '../../testing/respostas.ts';

/**
 * Issue 22, the Painel's aggregates against numbers computed by hand on a small fixture (docs/domain.md, "Painel").
 * PROGRAD is the unit under test; every instant is noon in Brasília (15:00Z) unless said otherwise; the flow's period
 * is March 2025 (Saturday 1 to Monday 31: the weeks starting 24/02, 03/03, 10/03, 17/03, 24/03 and 31/03).
 *
 *   A (Ofício, Férias): PROT→PROGRAD sent 03/03, received 04/03; PROGRAD→PROT sent 06/03 (a stay of 2 days),
 *     received 06/03 18:00Z; PROT→PROGRAD sent 11/03 18:00Z (PROT's stay: 5 days), received 12/03; then joined into
 *     P at PROGRAD: its stay has no sending of its own, and it is not held (joined).
 *   P (Memorando, Compras): PROT→PROGRAD sent 10/03, received 10/03 21:00Z (18:00 in Brasília); held since.
 *   S (Ofício, Férias): PROT→PROGRAD sent 17/03, received 18/03; suspended (sobrestado): still held.
 *   B (Memorando, Compras): PROT→PROGRAD sent 18/03, received 19/03; PROGRAD→PROT sent 29/03 (10 days), received
 *     31/03 at PROT; held by PROT.
 *   C (Ofício, Férias): PROT→PROGRAD sent and received 20/03 (19:00Z); PROGRAD→DHIS sent 24/03 and cancelled;
 *     PROGRAD→DHIS sent 26/03 19:00Z (a stay of 6 days; the cancelled sending does not end it), pending at DHIS.
 *   D (Ofício, Férias), opened at PROGRAD: PROGRAD→PROT sent 05/03 (its first sending: no stay), received 05/03
 *     20:00Z; held by PROT.
 *   E1, E2, E3 (Ofício/Memorando/Ofício; Férias/Compras/Férias): received at PROGRAD 3, 10 and 40 days ago.
 */

const t = usarAppTeste();
const c = usarCenario(t);
const s = usarSessoes(t, ['ana', 'bruno', 'joao']);

const db = () => t.banco.db;
const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url: `/api${url}`, headers: { cookie } });
const MARCO = 'dataInicio=2025-03-01&dataFim=2025-03-31';
const SEMANAS = ['2025-02-24', '2025-03-03', '2025-03-10', '2025-03-17', '2025-03-24', '2025-03-31'];

async function ok<T>(cookie: string, url: string): Promise<T> {
  const resposta = await get(cookie, url);
  expect(resposta.statusCode, resposta.body).toBe(200);
  // Counts only: never a summary of a subject nor a dispatch.
  expect(resposta.body).not.toContain('férias da servidora');
  expect(resposta.body).not.toContain('Encaminho para providências');
  return resposta.json();
}

/** The day `dias` before today in Brasília, 'YYYY-MM-DD'. */
const diasAtras = (dias: number) =>
  new Date(Date.parse(dataEmSaoPaulo()) - dias * 86_400_000).toISOString().slice(0, 10);
/** Whole days from a day to today in Brasília. */
const diasDesde = (dia: string) => Math.round((Date.parse(dataEmSaoPaulo()) - Date.parse(dia)) / 86_400_000);

const doc = {} as Record<'A' | 'P' | 'S' | 'B' | 'C' | 'D' | 'E1' | 'E2' | 'E3', number>;

beforeAll(async () => {
  const prot = c.unidades.protocolo.id;
  const prograd = c.unidades.outra.id;
  const dhis = c.unidades.departamento.id;
  const ana = c.usuarios.ana.id;
  const bruno = c.usuarios.bruno.id;
  const abrir = (tipo: 'oficio' | 'memorando', assunto: 'ferias' | 'compras') =>
    autuar(t, s.ana, autuacaoValida(c, { idTipoDocumento: c.tipos[tipo], idAssunto: c.assuntos[assunto] }));
  const tramitar = (idDocumento: number, de: number, para: number, dtDespacho: string, recebidaEm?: string) =>
    registrarTramitacao(db(), {
      idDocumento,
      idUnidadeOrigem: de,
      idUnidadeDestino: para,
      idUsuarioRemetente: de === prograd ? bruno : ana,
      dtDespacho,
      recebida: recebidaEm ? { idUsuario: para === prograd ? bruno : ana, em: recebidaEm } : undefined,
      moverDocumento: true,
    });

  doc.A = await abrir('oficio', 'ferias');
  await tramitar(doc.A, prot, prograd, '2025-03-03T15:00:00Z', '2025-03-04T15:00:00Z');
  await tramitar(doc.A, prograd, prot, '2025-03-06T15:00:00Z', '2025-03-06T18:00:00Z');
  await tramitar(doc.A, prot, prograd, '2025-03-11T18:00:00Z', '2025-03-12T15:00:00Z');

  doc.P = await abrir('memorando', 'compras');
  await tramitar(doc.P, prot, prograd, '2025-03-10T15:00:00Z', '2025-03-10T21:00:00Z');
  // Bruno, at PROGRAD, joins A into P through the API.
  const juntada = await t.app.inject({
    method: 'POST',
    url: `/api/documentos/${doc.P}/agregados`,
    headers: cabecalhosApp(s.bruno),
    payload: { idDocumento: doc.A, tipoAgregacao: 'APENSACAO' },
  });
  expect(juntada.statusCode, juntada.body).toBe(201);

  doc.S = await abrir('oficio', 'ferias');
  await tramitar(doc.S, prot, prograd, '2025-03-17T15:00:00Z', '2025-03-18T15:00:00Z');
  await db().updateTable('documento').set({ estadoProcessamento: 5 }).where('id', '=', doc.S).execute();

  doc.B = await abrir('memorando', 'compras');
  await tramitar(doc.B, prot, prograd, '2025-03-18T15:00:00Z', '2025-03-19T15:00:00Z');
  await tramitar(doc.B, prograd, prot, '2025-03-29T15:00:00Z', '2025-03-31T15:00:00Z');

  doc.C = await abrir('oficio', 'ferias');
  await tramitar(doc.C, prot, prograd, '2025-03-20T19:00:00Z', '2025-03-20T19:00:00Z');
  const cancelada = await tramitar(doc.C, prograd, dhis, '2025-03-24T15:00:00Z');
  await db()
    .updateTable('tramitacao')
    .set({ dtCancelamento: '2025-03-25T15:00:00Z', idUsuarioCancelamento: bruno, motivoCancelamento: 'Engano' })
    .where('id', '=', cancelada)
    .execute();
  await db().updateTable('documento').set({ situacao: 'RECEBIDO' }).where('id', '=', doc.C).execute();
  await tramitar(doc.C, prograd, dhis, '2025-03-26T19:00:00Z');

  doc.D = await autuar(
    t,
    s.bruno,
    autuacaoValida(c, { idProcedencia: prograd, idTipoDocumento: c.tipos.oficio, idAssunto: c.assuntos.ferias }),
  );
  await tramitar(doc.D, prograd, prot, '2025-03-05T15:00:00Z', '2025-03-05T20:00:00Z');

  const recente = async (tipo: 'oficio' | 'memorando', assunto: 'ferias' | 'compras', dias: number) => {
    const id = await abrir(tipo, assunto);
    await tramitar(id, prot, prograd, `${diasAtras(dias)}T14:00:00Z`, `${diasAtras(dias)}T15:00:00Z`);
    return id;
  };
  doc.E1 = await recente('oficio', 'ferias', 3);
  doc.E2 = await recente('memorando', 'compras', 10);
  doc.E3 = await recente('oficio', 'ferias', 40);

  // João (Protocolo Central) sees the whole institution.
  await db()
    .insertInto('usuarioPermissao')
    .values({ idUsuario: c.usuarios.joao.id, permissao: 'PAINEL_INSTITUCIONAL' })
    .execute();
});

describe('GET painel/movimento', () => {
  it('conta recebimentos e envios da unidade por semana (segunda-feira, Brasília), com as semanas vazias', async () => {
    // Received by PROGRAD: A 04/03 (week 03/03); A 12/03 and P 10/03 18:00 BRT (10/03); S 18/03, B 19/03, C 20/03
    // (17/03). Sent from PROGRAD: A 06/03 and D 05/03 (03/03); B 29/03 and C 26/03 (24/03); C's cancelled 24/03 not.
    const { semanas } = await ok<MovimentoPainel>(
      s.bruno,
      `/painel/movimento?idUnidade=${c.unidades.outra.id}&${MARCO}`,
    );
    expect(semanas).toEqual([
      { inicio: SEMANAS[0], recebidos: 0, enviados: 0 },
      { inicio: SEMANAS[1], recebidos: 1, enviados: 2 },
      { inicio: SEMANAS[2], recebidos: 2, enviados: 0 },
      { inicio: SEMANAS[3], recebidos: 3, enviados: 0 },
      { inicio: SEMANAS[4], recebidos: 0, enviados: 2 },
      { inicio: SEMANAS[5], recebidos: 0, enviados: 0 },
    ]);
  });

  it('na instituição soma todas as unidades', async () => {
    // Receipts add PROT's: A 06/03 and D 05/03 (03/03), B 31/03 (31/03). Sendings add PROT's: A 03/03 (03/03),
    // A 11/03 and P 10/03 (10/03), S 17/03, B 18/03 and C 20/03 (17/03).
    const { semanas } = await ok<MovimentoPainel>(s.joao, `/painel/movimento?${MARCO}`);
    expect(semanas.map((s) => [s.recebidos, s.enviados])).toEqual([
      [0, 0],
      [3, 3],
      [2, 2],
      [3, 3],
      [0, 2],
      [1, 0],
    ]);
  });
});

describe('GET painel/permanencia', () => {
  it('mede cada permanência encerrada no período pelo envio seguinte, por tipo', async () => {
    // Ofício: A 04/03→06/03 = 2 days, C 20/03 19:00Z→26/03 19:00Z = 6 days (the cancelled sending ended nothing):
    // median 4, p90 = 2 + 0.9 × (6 − 2) = 5.6. Memorando: B 19/03→29/03 = 10. D's first sending has no receipt before
    // it; A's stay from 12/03 ended in the juntada, with no sending: neither counts.
    const { tipos } = await ok<PermanenciaPainel>(
      s.bruno,
      `/painel/permanencia?idUnidade=${c.unidades.outra.id}&${MARCO}`,
    );
    expect(tipos).toEqual([
      { idTipoDocumento: c.tipos.oficio, tipo: 'Ofício', permanencias: 2, medianaDias: 4, percentil90Dias: 5.6 },
      { idTipoDocumento: c.tipos.memorando, tipo: 'Memorando', permanencias: 1, medianaDias: 10, percentil90Dias: 10 },
    ]);
  });

  it('na instituição inclui as permanências das outras unidades', async () => {
    // PROT's only stay ended in March: A received 06/03 18:00Z, sent 11/03 18:00Z = 5 days. Ofício [2, 5, 6]:
    // median 5, p90 = 5 + 0.8 × (6 − 5) = 5.8.
    const { tipos } = await ok<PermanenciaPainel>(s.joao, `/painel/permanencia?${MARCO}`);
    expect(tipos.map((tipo) => [tipo.tipo, tipo.permanencias, tipo.medianaDias, tipo.percentil90Dias])).toEqual([
      ['Ofício', 3, 5, 5.8],
      ['Memorando', 1, 10, 10],
    ]);
  });

  it('um período sem envios não tem tipos', async () => {
    const vazio = await ok<PermanenciaPainel>(
      s.bruno,
      `/painel/permanencia?idUnidade=${c.unidades.outra.id}&dataInicio=2024-01-01&dataFim=2024-12-31`,
    );
    expect(vazio.tipos).toEqual([]);
  });
});

describe('o que a unidade detém agora: idade, assuntos e unidades com os mais antigos', () => {
  it('idade por faixa, desde o recebimento que trouxe o documento à unidade; o sobrestado conta, o juntado não', async () => {
    // PROGRAD holds P (since 10/03/2025), S (suspended, since 18/03/2025), E1 (3 days), E2 (10), E3 (40); A is joined
    // into P, C is pending at DHIS.
    const { faixas } = await ok<IdadePainel>(s.bruno, `/painel/idade?idUnidade=${c.unidades.outra.id}&${MARCO}`);
    expect(faixas).toEqual([
      { faixa: '0-5', documentos: 1 },
      { faixa: '6-15', documentos: 1 },
      { faixa: '16-30', documentos: 0 },
      { faixa: '31-90', documentos: 1 },
      { faixa: '90+', documentos: 2 },
    ]);
    // The institution adds PROT's B and D (March 2025).
    const instituicao = await ok<IdadePainel>(s.joao, `/painel/idade?${MARCO}`);
    expect(instituicao.faixas.map((f) => f.documentos)).toEqual([1, 1, 0, 1, 4]);
  });

  it('os assuntos com mais documentos detidos', async () => {
    // PROGRAD: Férias S, E1, E3; Compras P, E2. The institution adds D (Férias) and B (Compras).
    const unidade = await ok<AssuntosPainel>(s.bruno, `/painel/assuntos?idUnidade=${c.unidades.outra.id}&${MARCO}`);
    expect(unidade.assuntos).toEqual([
      { idAssunto: c.assuntos.ferias, assunto: 'Férias', documentos: 3 },
      { idAssunto: c.assuntos.compras, assunto: 'Compras', documentos: 2 },
    ]);
    const instituicao = await ok<AssuntosPainel>(s.joao, `/painel/assuntos?${MARCO}`);
    expect(instituicao.assuntos.map((a) => [a.assunto, a.documentos])).toEqual([
      ['Férias', 4],
      ['Compras', 3],
    ]);
  });

  it('as unidades que detêm os documentos mais antigos, o mais antigo primeiro', async () => {
    // PROT's oldest is D (received 05/03/2025), PROGRAD's P (10/03/2025); DHIS holds nothing (C is pending).
    const { unidades } = await ok<UnidadesAntigasPainel>(s.joao, `/painel/unidades-antigas?${MARCO}`);
    expect(unidades).toEqual([
      {
        idUnidade: c.unidades.protocolo.id,
        sigla: 'PROT',
        nome: 'Protocolo Central',
        maisAntigoDias: diasDesde('2025-03-05'),
        acimaDe90Dias: 2,
        documentos: 2,
      },
      {
        idUnidade: c.unidades.outra.id,
        sigla: 'PROGRAD',
        nome: 'Pró-Reitoria de Graduação',
        maisAntigoDias: diasDesde('2025-03-10'),
        acimaDe90Dias: 2,
        documentos: 5,
      },
    ]);
  });
});

describe('permissões e validação', () => {
  it('o painel de uma unidade é dos seus membros; o da instituição e o das outras, de PAINEL_INSTITUCIONAL', async () => {
    const prot = c.unidades.protocolo.id;
    for (const rota of ['movimento', 'permanencia', 'idade', 'assuntos']) {
      esperarErro(
        await get(s.bruno, `/painel/${rota}?idUnidade=${prot}&${MARCO}`),
        403,
        'SEM_PERMISSAO',
        MENSAGENS.painel.semPermissaoUnidade,
      );
      esperarErro(
        await get(s.bruno, `/painel/${rota}?${MARCO}`),
        403,
        'SEM_PERMISSAO',
        MENSAGENS.painel.semPermissaoInstitucional,
      );
      expect((await get(s.ana, `/painel/${rota}?idUnidade=${prot}&${MARCO}`)).statusCode).toBe(200);
      expect((await get(s.joao, `/painel/${rota}?idUnidade=${c.unidades.outra.id}&${MARCO}`)).statusCode).toBe(200);
    }
    esperarErro(
      await get(s.ana, `/painel/unidades-antigas?${MARCO}`),
      403,
      'SEM_PERMISSAO',
      MENSAGENS.painel.semPermissaoInstitucional,
    );
    expect((await t.app.inject({ method: 'GET', url: `/api/painel/movimento?${MARCO}` })).statusCode).toBe(401);
  });

  it('lista as unidades que o usuário pode escolher', async () => {
    expect(await ok<UnidadesPainel>(s.bruno, '/painel/unidades')).toEqual({
      institucional: false,
      unidades: [{ id: c.unidades.outra.id, sigla: 'PROGRAD', nome: 'Pró-Reitoria de Graduação' }],
    });
    // Every active unit (DPAT is inactive), by name.
    const joao = await ok<UnidadesPainel>(s.joao, '/painel/unidades');
    expect(joao.institucional).toBe(true);
    expect(joao.unidades.map((u) => u.sigla)).toEqual(['DHIS', 'PROGRAD', 'PROT']);
  });

  it('recusa períodos inválidos com as mensagens do painel', async () => {
    const casos: [string, string][] = [
      ['dataInicio=2025-02-30&dataFim=2025-03-31', MENSAGENS.painel.dataInvalida],
      ['dataInicio=2025-03-31&dataFim=2025-03-01', MENSAGENS.painel.periodoInvertido],
      ['dataInicio=2023-01-01&dataFim=2025-03-31', MENSAGENS.painel.periodoLongo],
    ];
    for (const [periodo, mensagem] of casos) {
      const resposta = await get(s.joao, `/painel/movimento?${periodo}`);
      expect(resposta.statusCode).toBe(400);
      expect(resposta.json().codigo).toBe('REQUISICAO_INVALIDA');
      expect(resposta.json().erros.map((e: { mensagem: string }) => e.mensagem)).toEqual([mensagem]);
    }
    expect((await get(s.joao, '/painel/unidades-antigas?dataInicio=2025-03-31&dataFim=2025-03-01')).statusCode).toBe(
      400,
    );
  });
});
