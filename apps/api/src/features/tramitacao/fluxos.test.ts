import { type Consistencia, MENSAGENS } from '@tramite/shared';
import { describe, expect, it } from 'vitest';
import { cabecalhosApp } from '../../testing/app-teste.ts';
import { passosDe, usarTramitacao } from '../../testing/cenarios/tramitacao.ts';
import { adicionarPecas } from '../../testing/fabricas.ts';

const m = usarTramitacao();
const { db, novo, naPrograd, juntar, fluxosDe } = m;

describe('GET documentos/{id}/fluxos', () => {
  it('lista os fluxos ativos do tipo por descrição, com os passos que a unidade pode dar agora', async () => {
    const id = await novo();
    const fluxos = await fluxosDe(m.s.ana, id);
    expect(fluxos.map((f) => f.descricao)).toEqual(['Análise de férias', 'Tramitação livre']);
    expect(passosDe(fluxos, 'Tramitação livre')).toEqual(['Encaminhar', 'Devolver', 'Arquivar', 'Concluir']);
    // 'Parecer da PROGRAD' is only for PROGRAD.
    expect(passosDe(fluxos, 'Análise de férias')).toEqual(['Encaminhar à chefia', 'Encaminhar ao Protocolo']);
    expect(fluxos[1]?.passos[0]).toEqual({
      id: m.c.fluxos.livreOficio.encaminhar,
      descricao: 'Encaminhar',
      tipo: 'ENCAMINHAR',
      ordem: 1,
      prazoDiasUteis: null,
    });
  });

  it('sem passos para quem não detém o documento ou ainda não o recebeu; com eles depois do recebimento', async () => {
    const id = await naPrograd(false);
    for (const cookie of [m.s.ana, m.s.bruno, m.s.carla]) {
      expect((await fluxosDe(cookie, id)).every((f) => f.passos.length === 0)).toBe(true);
    }
    await m.api.receber(m.s.bruno, id);
    const fluxos = await fluxosDe(m.s.bruno, id);
    expect(passosDe(fluxos, 'Análise de férias')).toEqual([
      'Encaminhar à chefia',
      'Encaminhar ao Protocolo',
      'Parecer da PROGRAD',
    ]);
    expect((await fluxosDe(m.s.ana, id)).every((f) => f.passos.length === 0)).toBe(true);
  });

  it('exige login (401); rascunho de outra unidade ou documento desconhecido dá 404', async () => {
    const id = await novo();
    expect((await m.api.get(undefined, `/documentos/${id}/fluxos`)).statusCode).toBe(401);
    const alheio = await m.api.get(m.s.bruno, `/documentos/${id}/fluxos`);
    expect(alheio.statusCode).toBe(404);
    expect(alheio.json().mensagem).toBe(MENSAGENS.autuacao.erroBuscarDadosDocumento);
    expect((await m.api.get(m.s.ana, '/documentos/999999/fluxos')).statusCode).toBe(404);
  });
});

describe('GET documentos/{id}/fluxos/{idFluxo}/destinos', () => {
  const destinos = async (cookie: string, id: number, idFluxo: number, idPasso: number) => {
    const resposta = await m.api.get(cookie, `/documentos/${id}/fluxos/${idFluxo}/destinos?idPasso=${idPasso}`);
    expect(resposta.statusCode).toBe(200);
    return (resposta.json() as { sigla: string }[]).map((u) => u.sigla);
  };

  it('QUALQUER: toda unidade ativa menos a atual; ARQUIVO: os arquivos; PAI: a unidade superior', async () => {
    const id = await novo();
    const livre = m.c.fluxos.livreOficio;
    const qualquer = await destinos(m.s.ana, id, livre.id, livre.encaminhar);
    expect(qualquer).toEqual(['ARQ', 'DHIS', 'PROGRAD', 'REIT']);
    expect(await destinos(m.s.ana, id, livre.id, livre.arquivar)).toEqual(['ARQ']);
    const esp = m.c.fluxos.especifico;
    expect(await destinos(m.s.ana, id, esp.id, esp.chefia)).toEqual(['REIT']);
  });

  it('LISTADAS: as unidades listadas, ativas, sem a atual; DEVOLVER: quem enviou à unidade', async () => {
    const id = await naPrograd();
    const esp = m.c.fluxos.especifico;
    expect(await destinos(m.s.bruno, id, esp.id, esp.protocolo)).toEqual(['PROT']);
    expect(await destinos(m.s.ana, id, esp.id, esp.protocolo)).toEqual([]);
    expect(await destinos(m.s.bruno, id, m.c.fluxos.livreOficio.id, m.c.fluxos.livreOficio.devolver)).toEqual(['PROT']);
    expect(await destinos(m.s.bruno, id, esp.id, esp.chefia)).toEqual(['REIT']);
  });

  it('fluxo de outro tipo ou inativo, ou passo de outro fluxo: 404', async () => {
    const id = await novo();
    const memorando = await m.api.get(
      m.s.ana,
      `/documentos/${id}/fluxos/${m.c.fluxos.livreMemorando.id}/destinos?idPasso=${m.c.fluxos.livreMemorando.encaminhar}`,
    );
    expect(memorando.statusCode).toBe(404);
    expect(memorando.json().mensagem).toBe(MENSAGENS.tramitacao.fluxoNaoEncontrado);
    const inativo = await m.api.get(
      m.s.ana,
      `/documentos/${id}/fluxos/${m.c.fluxos.antigo.id}/destinos?idPasso=${m.c.fluxos.antigo.passo}`,
    );
    expect(inativo.statusCode).toBe(404);
    const outroPasso = await m.api.get(
      m.s.ana,
      `/documentos/${id}/fluxos/${m.c.fluxos.especifico.id}/destinos?idPasso=${m.c.fluxos.livreOficio.encaminhar}`,
    );
    expect(outroPasso.statusCode).toBe(404);
    expect(outroPasso.json().mensagem).toBe(MENSAGENS.tramitacao.passoNaoEncontrado);
    expect((await m.api.get(m.s.ana, `/documentos/${id}/fluxos/${m.c.fluxos.especifico.id}/destinos`)).statusCode).toBe(
      400,
    );
  });
});

describe('GET documentos/{id}/fluxos/{idFluxo}/consistencia', () => {
  const consistencia = async (cookie: string, id: number, idPasso = m.c.fluxos.livreOficio.encaminhar) => {
    const idFluxo = idPasso === m.c.fluxos.especifico.parecer ? m.c.fluxos.especifico.id : m.c.fluxos.livreOficio.id;
    const resposta = await m.api.get(cookie, `/documentos/${id}/fluxos/${idFluxo}/consistencia?idPasso=${idPasso}`);
    expect(resposta.statusCode).toBe(200);
    return resposta.json() as Consistencia;
  };

  it('ALERTA quando ainda não há peças, quando urgente e quando há despacho preparatório salvo', async () => {
    const id = await novo({ urgente: true, motivoUrgencia: 'Prazo judicial' });
    expect(await consistencia(m.s.ana, id)).toEqual({
      ERRO: [],
      ALERTA: [MENSAGENS.tramitacao.semPecas, MENSAGENS.tramitacao.urgente],
    });
    await adicionarPecas(m.t, { idDocumento: id, idUsuario: m.c.usuarios.ana.id });
    await m.t.app.inject({
      method: 'PATCH',
      url: `/api/documentos/${id}/tramitacoes`,
      headers: cabecalhosApp(m.s.ana),
      payload: { despachoPreparatorio: 'Minuta de parecer' },
    });
    expect(await consistencia(m.s.ana, id)).toEqual({
      ERRO: [],
      ALERTA: [MENSAGENS.tramitacao.urgente, MENSAGENS.tramitacao.despachoPreparatorioSalvo],
    });
  });

  it('ERRO quando a unidade não detém o documento, não o recebeu, ou o passo não é permitido', async () => {
    const id = await naPrograd(false);
    expect((await consistencia(m.s.bruno, id)).ERRO).toEqual([MENSAGENS.tramitacao.receberAntes]);
    expect((await consistencia(m.s.ana, id)).ERRO).toEqual([MENSAGENS.tramitacao.jaTramitado]);
    expect((await consistencia(m.s.carla, id)).ERRO).toEqual([MENSAGENS.tramitacao.naoRecebidoPelaUnidade]);
    const outro = await novo();
    expect((await consistencia(m.s.ana, outro, m.c.fluxos.especifico.parecer)).ERRO).toEqual([
      MENSAGENS.tramitacao.passoNaoPermitido,
    ]);
  });

  it('ERRO quando juntado a outro documento ou sem assunto', async () => {
    const pai = await novo();
    const filho = await novo();
    await juntar(pai, filho);
    expect((await consistencia(m.s.ana, filho)).ERRO).toEqual([MENSAGENS.tramitacao.documentoJuntado]);
    const semAssunto = await novo();
    await db().updateTable('documento').set({ idAssunto: null }).where('id', '=', semAssunto).execute();
    expect((await consistencia(m.s.ana, semAssunto)).ERRO).toEqual([MENSAGENS.tramitacao.semAssunto]);
  });
});
