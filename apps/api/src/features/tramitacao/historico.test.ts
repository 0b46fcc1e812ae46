import { MENSAGENS, type Tramitacao } from '@tramite/shared';
import { describe, expect, it } from 'vitest';
import { cabecalhosApp } from '../../testing/app-teste.ts';
import { usarTramitacao } from '../../testing/cenarios/tramitacao.ts';

const m = usarTramitacao();
const { db, novo, naPrograd } = m;

describe('PATCH documentos/{id}/tramitacoes e GET .../tramitacoes/despacho', () => {
  const salvar = (cookie: string, id: number, payload: Record<string, unknown>) =>
    m.t.app.inject({
      method: 'PATCH',
      url: `/api/documentos/${id}/tramitacoes`,
      headers: cabecalhosApp(cookie),
      payload,
    });

  it('salva o despacho e o preparatório da unidade, um sem apagar o outro', async () => {
    const id = await novo();
    expect((await m.api.get(m.s.ana, `/documentos/${id}/tramitacoes/despacho`)).json()).toEqual({
      despacho: null,
      despachoPreparatorio: null,
    });
    const primeiro = await salvar(m.s.ana, id, { despacho: 'Primeira versão' });
    expect(primeiro.statusCode).toBe(200);
    expect(primeiro.json()).toEqual({ despacho: 'Primeira versão', despachoPreparatorio: null });
    const segundo = await salvar(m.s.joao, id, { despachoPreparatorio: 'Minuta' });
    expect(segundo.json()).toEqual({ despacho: 'Primeira versão', despachoPreparatorio: 'Minuta' });
    expect((await m.api.get(m.s.ana, `/documentos/${id}/tramitacoes/despacho`)).json()).toEqual({
      despacho: 'Primeira versão',
      despachoPreparatorio: 'Minuta',
    });
    expect((await salvar(m.s.ana, id, { despacho: '' })).json()).toEqual({
      despacho: null,
      despachoPreparatorio: 'Minuta',
    });
  });

  it('recusa corpo vazio (400), quem não detém o documento (403) e exige login (401)', async () => {
    const id = await naPrograd();
    expect((await salvar(m.s.bruno, id, {})).statusCode).toBe(400);
    const alheio = await salvar(m.s.ana, id, { despacho: 'x' });
    expect(alheio.statusCode).toBe(403);
    expect(alheio.json().mensagem).toBe(MENSAGENS.tramitacao.naoRecebidoPelaUnidade);
    expect(
      (
        await m.t.app.inject({
          method: 'PATCH',
          url: `/api/documentos/${id}/tramitacoes`,
          headers: cabecalhosApp(),
          payload: { despacho: 'x' },
        })
      ).statusCode,
    ).toBe(401);
    expect((await m.api.get(undefined, `/documentos/${id}/tramitacoes/despacho`)).statusCode).toBe(401);
  });
});

describe('GET documentos/{id}/tramitacoes e ultima-tramitacao', () => {
  it('histórico em ordem, com datas, dias e despacho restrito só para quem pode vê-lo', async () => {
    const id = await naPrograd();
    const restrito = await m.api.enviar(m.s.bruno, id, {
      idPasso: m.c.fluxos.especifico.chefia,
      idDestino: m.c.unidades.reitoria.id,
      despacho: 'Dados pessoais do servidor',
      nivelAcesso: 'R',
      idHipoteseLegal: m.c.hipoteses.informacaoPessoal,
    });
    expect(restrito.statusCode).toBe(201);
    const dois = new Date(Date.now() - 3 * 86_400_000).toISOString();
    await db()
      .updateTable('tramitacao')
      .set({ dtDespacho: dois })
      .where('id', '=', (restrito.json() as Tramitacao).id)
      .execute();

    const historicoDe = async (cookie: string | undefined) => {
      const resposta = await m.api.get(cookie, `/documentos/${id}/tramitacoes`);
      expect(resposta.statusCode).toBe(200);
      return resposta.json() as Tramitacao[];
    };
    const completo = await historicoDe(m.s.bruno);
    expect(completo.map((x) => x.sequencia)).toEqual([1, 2]);
    expect(completo[0]).toMatchObject({
      unidadeOrigem: { sigla: 'PROT' },
      unidadeDestino: { sigla: 'PROGRAD' },
      remetente: 'Ana Paula',
      recebedor: 'Bruno Henrique',
      dias: 0,
    });
    expect(completo[0]?.dtRecebimento).not.toBeNull();
    expect(completo[1]).toMatchObject({
      passo: 'Encaminhar à chefia',
      nivelAcesso: 'R',
      despacho: 'Dados pessoais do servidor',
      descricaoHipoteseLegal: 'Informação pessoal',
      despachoOculto: false,
      recebedor: null,
      dtRecebimento: null,
    });
    // Not received: days until now.
    expect(completo[1]?.dias).toBeGreaterThanOrEqual(2);
    expect(completo[1]?.dias).toBeLessThanOrEqual(4);

    for (const cookie of [m.s.vera, m.s.admin, m.s.bruno, m.s.duda]) {
      // vera: VISUALIZACAO_IRRESTRITA_PECAS; admin: belongs to REIT (destination); bruno, duda: PROGRAD (origin).
      expect((await historicoDe(cookie))[1]?.despacho).toBe('Dados pessoais do servidor');
    }
    for (const cookie of [m.s.carla, m.s.ana, undefined]) {
      const oculto = (await historicoDe(cookie))[1];
      expect(oculto).toMatchObject({
        despacho: null,
        despachoOculto: true,
        descricaoHipoteseLegal: 'Informação pessoal',
      });
      expect((await historicoDe(cookie))[0]?.despacho).toBe('Encaminho para providências.');
    }

    const ultima = await m.api.get(undefined, `/documentos/${id}/ultima-tramitacao`);
    expect(ultima.statusCode).toBe(200);
    expect(ultima.json()).toMatchObject({ sequencia: 2, despacho: null, unidadeDestino: { sigla: 'REIT' } });
  });

  it('rascunho: histórico vazio e última tramitação nula para a unidade; 404 para os demais', async () => {
    const id = await novo();
    expect((await m.api.get(m.s.ana, `/documentos/${id}/tramitacoes`)).json()).toEqual([]);
    const ultima = await m.api.get(m.s.ana, `/documentos/${id}/ultima-tramitacao`);
    expect(ultima.statusCode).toBe(200);
    expect(ultima.json()).toBeNull();
    for (const cookie of [m.s.bruno, undefined]) {
      expect((await m.api.get(cookie, `/documentos/${id}/tramitacoes`)).statusCode).toBe(404);
      expect((await m.api.get(cookie, `/documentos/${id}/ultima-tramitacao`)).statusCode).toBe(404);
    }
  });
});
