import { calcularPrazo, type Fluxo, type ItemCaixaPostal, MENSAGENS, type PaginaCaixaPostal } from '@tramite/shared';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { cabecalhosApp } from '../../testing/app-teste.ts';
import { usarDemo } from '../../testing/contexto-teste.ts';

/** The postal box on the demo data: who sees what, the rules of spec §5, pagination, filters and the flow through it. */

const { t, resumo } = usarDemo();
const s = { ana: '', bruno: '', admin: '' };
const TUDO = 'dataInicio=2000-01-01&dataFim=2100-12-31';

beforeAll(async () => {
  s.ana = await t.entrar('ana');
  s.bruno = await t.entrar('bruno');
  s.admin = await t.entrar('admin');
});

const db = () => t.banco.db;
const caixa = (cookie: string | undefined, consulta: string) =>
  t.app.inject({ method: 'GET', url: `/api/caixa-postal?${consulta}`, headers: cookie ? { cookie } : {} });

async function pagina(cookie: string, consulta: string): Promise<PaginaCaixaPostal> {
  const resposta = await caixa(cookie, consulta);
  expect(resposta.statusCode, resposta.body).toBe(200);
  return resposta.json();
}

/** Every item of the box, page after page. */
async function caixaInteira(cookie: string, consulta: string, tamanhoPagina = 20): Promise<ItemCaixaPostal[]> {
  const itens: ItemCaixaPostal[] = [];
  for (let n = 1; ; n++) {
    const p = await pagina(cookie, `${consulta}&pagina=${n}&tamanhoPagina=${tamanhoPagina}`);
    itens.push(...p.itens);
    if (p.itens.length < tamanhoPagina) {
      expect(itens.length).toBe(p.total);
      return itens;
    }
  }
}

/** The box of a unit written the plain way, to check the indexed query against. */
async function esperado(idUnidade: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    SELECT d.id FROM documento d
    WHERE (d.estado_visibilidade_caixa IS NULL OR d.estado_visibilidade_caixa = 1)
      AND (
        (d.situacao IN ('RECEBIDO', 'T') AND d.id_unidade_atual = ${idUnidade})
        OR (d.situacao = 'EM_CRIACAO' AND d.id_unidade_criadora = ${idUnidade})
        OR (d.situacao = 'ENVIADO' AND EXISTS (
          SELECT 1 FROM tramitacao t WHERE t.id_documento = d.id AND t.id_unidade_destino = ${idUnidade}
            AND t.dt_recebimento IS NULL
            AND t.sequencia = (SELECT max(x.sequencia) FROM tramitacao x WHERE x.id_documento = d.id)))
      )
    ORDER BY d.id`.execute(db());
  return rows.map((r) => Number(r.id));
}

describe('GET caixa-postal: regras da busca', () => {
  it('exige o número ou as duas datas, com as mensagens da especificação (400)', async () => {
    const semFiltro = await caixa(s.ana, '');
    expect(semFiltro.statusCode).toBe(400);
    expect(semFiltro.json().mensagem).toBe(MENSAGENS.caixaPostal.filtroObrigatorio);
    for (const consulta of ['dataInicio=2024-01-01', 'dataFim=2024-01-01', 'numeroDocumento=1&dataFim=2024-01-01']) {
      const umaData = await caixa(s.ana, consulta);
      expect(umaData.statusCode).toBe(400);
      expect(umaData.json().mensagem).toBe(MENSAGENS.caixaPostal.dataIncompleta);
    }
    const invertida = await caixa(s.ana, 'dataInicio=2024-03-02&dataFim=2024-03-01');
    expect(invertida.statusCode).toBe(400);
    expect(invertida.json().mensagem).toBe(MENSAGENS.caixaPostal.dataInvertida);
    expect((await caixa(s.ana, 'dataInicio=2024-03-01&dataFim=2024-03-01')).statusCode).toBe(200);
    const invalida = await caixa(s.ana, 'dataInicio=2024-02-30&dataFim=2024-03-01');
    expect(invalida.statusCode).toBe(400);
    expect(invalida.json().mensagem).toBe(MENSAGENS.busca.dataInvalida);
    expect((await caixa(s.ana, 'numeroDocumento=1')).statusCode).toBe(200);
  });

  it('só as lotações do usuário (403) e só com login (401)', async () => {
    const alheia = await caixa(s.ana, `${TUDO}&idUnidadeAtual=${resumo.unidades.unidadeBruno}`);
    expect(alheia.statusCode).toBe(403);
    expect(alheia.json().mensagem).toBe(MENSAGENS.usuario.unidadeNaoLotada);
    expect((await caixa(undefined, TUDO)).statusCode).toBe(401);
    // The administrator belongs to the Protocolo Central, the Reitoria and PROGRAD.
    const prograd = await caixaInteira(s.admin, `${TUDO}&idUnidadeAtual=${resumo.unidades.unidadeBruno}`);
    expect(prograd.map((i) => i.idDocumento).sort((a, b) => a - b)).toEqual(
      await esperado(resumo.unidades.unidadeBruno),
    );
  });
});

describe('GET caixa-postal: conteúdo', () => {
  it('a caixa da unidade atual: pendentes, recebidos e rascunhos dela, nada além, em páginas sem repetição', async () => {
    const itens = await caixaInteira(s.ana, TUDO, 7);
    const ids = itens.map((i) => i.idDocumento);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort((a, b) => a - b)).toEqual(await esperado(resumo.unidades.protocolo));
    for (const id of [
      ...resumo.documentos.pendentesProtocolo,
      ...resumo.documentos.recebidosProtocolo,
      ...resumo.documentos.emCriacaoAna,
    ]) {
      expect(ids).toContain(id);
    }
    for (const id of [...resumo.documentos.pendentesUnidadeBruno, ...resumo.documentos.emCriacaoBruno]) {
      expect(ids).not.toContain(id);
    }
    // Most recent first: the last sending, or the creation of a draft.
    const datas = itens.map((i) => Date.parse(i.dataEnvio ?? i.dataCriacao));
    expect(datas).toEqual([...datas].sort((a, b) => b - a));
  });

  it('cada item diz se aguarda recebimento, quem enviou e o prazo; rascunhos sem envio', async () => {
    const itens = await caixaInteira(s.ana, TUDO, 100);
    const porId = new Map(itens.map((i) => [i.idDocumento, i]));
    for (const id of resumo.documentos.pendentesProtocolo) {
      const item = porId.get(id) as ItemCaixaPostal;
      expect(item).toMatchObject({ situacao: 'ENVIADO', pendenteRecebimento: true, recebido: false });
      const ultima = await db()
        .selectFrom('tramitacao as t')
        .innerJoin('unidade as u', 'u.id', 't.idUnidadeOrigem')
        .select(['u.sigla', 't.dtDespacho'])
        .where('t.idDocumento', '=', id)
        .orderBy('t.sequencia', 'desc')
        .executeTakeFirstOrThrow();
      expect(item.unidadeOrigem).toBe(ultima.sigla);
      expect(Date.parse(item.dataEnvio as string)).toBe(new Date(ultima.dtDespacho).getTime());
      expect(item.prazo).toBe(calcularPrazo(item.dataEnvio));
    }
    for (const id of resumo.documentos.recebidosProtocolo) {
      expect(porId.get(id)).toMatchObject({ situacao: 'RECEBIDO', pendenteRecebimento: false, recebido: true });
    }
    for (const id of resumo.documentos.emCriacaoAna) {
      expect(porId.get(id)).toMatchObject({
        situacao: 'EM_CRIACAO',
        pendenteRecebimento: false,
        recebido: false,
        unidadeOrigem: null,
        dataEnvio: null,
        prazo: null,
      });
    }
    const urgente = itens.find((i) => i.pendenteRecebimento && i.urgente);
    expect(urgente).toBeDefined();
  });

  it('filtra por número (com ou sem pontuação), tipo e período em dias de Brasília', async () => {
    const id = resumo.documentos.pendentesProtocolo[0] as number;
    const { numero, idTipoDocumento } = await db()
      .selectFrom('documento')
      .select(['numero', 'idTipoDocumento'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    for (const consulta of [numero, numero.replace(/\D/g, '')]) {
      const p = await pagina(s.ana, `numeroDocumento=${encodeURIComponent(consulta)}`);
      expect(p.itens.map((i) => i.idDocumento)).toEqual([id]);
    }
    const deOutraUnidade = resumo.documentos.pendentesUnidadeBruno[0] as number;
    const outro = await db()
      .selectFrom('documento')
      .select('numero')
      .where('id', '=', deOutraUnidade)
      .executeTakeFirstOrThrow();
    expect((await pagina(s.ana, `numeroDocumento=${encodeURIComponent(outro.numero)}`)).total).toBe(0);
    expect((await pagina(s.ana, 'numeroDocumento=abc')).total).toBe(0);

    const doTipo = await caixaInteira(s.ana, `${TUDO}&idTipoDocumento=${idTipoDocumento}`, 100);
    expect(doTipo.length).toBeGreaterThan(0);
    expect(doTipo.every((i) => i.idTipoDocumento === idTipoDocumento)).toBe(true);
    expect(doTipo.map((i) => i.idDocumento)).toContain(id);

    // 02:30 UTC on 10 March is 23:30 of 9 March in Brasília.
    await db()
      .updateTable('tramitacao')
      .set({ dtDespacho: '2024-03-10T02:30:00Z' })
      .where('idDocumento', '=', id)
      .where('dtRecebimento', 'is', null)
      .execute();
    await db().updateTable('documento').set({ dataEnvio: '2024-03-10T02:30:00Z' }).where('id', '=', id).execute();
    const dia9 = await pagina(s.ana, 'dataInicio=2024-03-09&dataFim=2024-03-09');
    expect(dia9.itens.map((i) => i.idDocumento)).toEqual([id]);
    expect((await pagina(s.ana, 'dataInicio=2024-03-10&dataFim=2024-03-10')).total).toBe(0);
  });

  it('ordena por número quando pedido', async () => {
    const p = await pagina(s.ana, `${TUDO}&ordenacao=numero&direcao=asc&tamanhoPagina=50`);
    const numeros = p.itens.map((i) => i.numero);
    expect(numeros).toEqual([...numeros].sort());
  });

  it('mantém só estado 32007 ausente ou 1', async () => {
    const [oculto, visivel] = resumo.documentos.pendentesProtocolo.slice(1, 3) as [number, number];
    await db().updateTable('documento').set({ estadoVisibilidadeCaixa: 2 }).where('id', '=', oculto).execute();
    await db().updateTable('documento').set({ estadoVisibilidadeCaixa: 1 }).where('id', '=', visivel).execute();
    const ids = (await caixaInteira(s.ana, TUDO, 100)).map((i) => i.idDocumento);
    expect(ids).not.toContain(oculto);
    expect(ids).toContain(visivel);
    const item = (await caixaInteira(s.ana, TUDO, 100)).find((i) => i.idDocumento === visivel);
    expect(item?.estado['32007']).toBe(1);
  });

  it('o documento sai da caixa ao ser tramitado e entra, pendente, na do destino; recebido, fica lá', async () => {
    const id = resumo.documentos.pendentesProtocolo[3] as number;
    const receber = await t.app.inject({
      method: 'POST',
      url: `/api/documentos/${id}/receber`,
      headers: cabecalhosApp(s.ana),
    });
    expect(receber.statusCode).toBe(200);
    const naAna = (await caixaInteira(s.ana, TUDO, 100)).find((i) => i.idDocumento === id);
    expect(naAna).toMatchObject({ situacao: 'RECEBIDO', recebido: true, pendenteRecebimento: false });

    const fluxos = (
      await t.app.inject({ method: 'GET', url: `/api/documentos/${id}/fluxos`, headers: { cookie: s.ana } })
    ).json() as Fluxo[];
    const passo = fluxos.find((f) => f.descricao === 'Tramitação livre')?.passos.find((p) => p.tipo === 'ENCAMINHAR');
    const envio = await t.app.inject({
      method: 'POST',
      url: `/api/documentos/${id}/tramitacoes`,
      headers: cabecalhosApp(s.ana),
      payload: { idPasso: passo?.id, idDestino: resumo.unidades.unidadeBruno, despacho: 'Segue para a PROGRAD' },
    });
    expect(envio.statusCode, envio.body).toBe(201);
    expect((await caixaInteira(s.ana, TUDO, 100)).map((i) => i.idDocumento)).not.toContain(id);
    const noBruno = (await caixaInteira(s.bruno, TUDO, 100)).find((i) => i.idDocumento === id);
    expect(noBruno).toMatchObject({ situacao: 'ENVIADO', pendenteRecebimento: true, unidadeOrigem: 'PROT', prazo: 0 });

    await t.app.inject({ method: 'POST', url: `/api/documentos/${id}/receber`, headers: cabecalhosApp(s.bruno) });
    const recebido = (await caixaInteira(s.bruno, TUDO, 100)).find((i) => i.idDocumento === id);
    expect(recebido).toMatchObject({
      situacao: 'RECEBIDO',
      recebido: true,
      pendenteRecebimento: false,
      unidadeOrigem: 'PROT',
    });
  });
});
