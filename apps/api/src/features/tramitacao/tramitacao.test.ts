import { type Consistencia, type Fluxo, MENSAGENS, type ResultadoLote, type Tramitacao } from '@tramite/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppTeste, cabecalhosApp, criarAppTeste } from '../../testing/app-teste.ts';
import { adicionarPeca, type CenarioTramitacao, chamadas, criarCenarioTramitacao, rascunho } from './cenario-teste.ts';

let t: AppTeste;
let c: CenarioTramitacao;
let api: ReturnType<typeof chamadas>;
const s: Record<'ana' | 'joao' | 'bruno' | 'carla' | 'duda' | 'mariana' | 'admin' | 'vera', string> = {
  ana: '',
  joao: '',
  bruno: '',
  carla: '',
  duda: '',
  mariana: '',
  admin: '',
  vera: '',
};

beforeAll(async () => {
  t = await criarAppTeste();
  c = await criarCenarioTramitacao(t.banco.db);
  api = chamadas(t);
  for (const nome of Object.keys(s) as (keyof typeof s)[]) s[nome] = await t.entrar(nome);
});

afterAll(async () => {
  await t?.fechar();
});

const db = () => t.banco.db;
const novo = (extra: Parameters<typeof rascunho>[3] = {}) => rascunho(t, c, s.ana, extra);
const encaminhar = (idDestino: number, extra: Record<string, unknown> = {}) => ({
  idPasso: c.fluxos.livreOficio.encaminhar,
  idDestino,
  despacho: 'Encaminho para providências.',
  ...extra,
});

/** A draft of the Protocolo Central sent by Ana to PROGRAD and, unless told otherwise, received there by Bruno. */
async function naPrograd(receber = true): Promise<number> {
  const id = await novo();
  const envio = await api.enviar(s.ana, id, encaminhar(c.unidades.outra.id));
  expect(envio.statusCode).toBe(201);
  if (receber) expect((await api.receber(s.bruno, id)).statusCode).toBe(200);
  return id;
}

const fluxosDe = async (cookie: string, id: number) => {
  const resposta = await api.get(cookie, `/documentos/${id}/fluxos`);
  expect(resposta.statusCode).toBe(200);
  return resposta.json() as Fluxo[];
};
const passosDe = (fluxos: Fluxo[], descricao: string) =>
  fluxos.find((f) => f.descricao === descricao)?.passos.map((p) => p.descricao);

describe('GET documentos/{id}/fluxos', () => {
  it('lista os fluxos ativos do tipo por descrição, com os passos que a unidade pode dar agora', async () => {
    const id = await novo();
    const fluxos = await fluxosDe(s.ana, id);
    expect(fluxos.map((f) => f.descricao)).toEqual(['Análise de férias', 'Tramitação livre']);
    expect(passosDe(fluxos, 'Tramitação livre')).toEqual(['Encaminhar', 'Devolver', 'Arquivar', 'Concluir']);
    // 'Parecer da PROGRAD' is only for PROGRAD.
    expect(passosDe(fluxos, 'Análise de férias')).toEqual(['Encaminhar à chefia', 'Encaminhar ao Protocolo']);
    expect(fluxos[1]?.passos[0]).toEqual({
      id: c.fluxos.livreOficio.encaminhar,
      descricao: 'Encaminhar',
      tipo: 'ENCAMINHAR',
      ordem: 1,
    });
  });

  it('sem passos para quem não detém o documento ou ainda não o recebeu; com eles depois do recebimento', async () => {
    const id = await naPrograd(false);
    for (const cookie of [s.ana, s.bruno, s.carla]) {
      expect((await fluxosDe(cookie, id)).every((f) => f.passos.length === 0)).toBe(true);
    }
    await api.receber(s.bruno, id);
    const fluxos = await fluxosDe(s.bruno, id);
    expect(passosDe(fluxos, 'Análise de férias')).toEqual([
      'Encaminhar à chefia',
      'Encaminhar ao Protocolo',
      'Parecer da PROGRAD',
    ]);
    expect((await fluxosDe(s.ana, id)).every((f) => f.passos.length === 0)).toBe(true);
  });

  it('exige login (401); rascunho de outra unidade ou documento desconhecido dá 404', async () => {
    const id = await novo();
    expect((await api.get(undefined, `/documentos/${id}/fluxos`)).statusCode).toBe(401);
    const alheio = await api.get(s.bruno, `/documentos/${id}/fluxos`);
    expect(alheio.statusCode).toBe(404);
    expect(alheio.json().mensagem).toBe(MENSAGENS.autuacao.erroBuscarDadosDocumento);
    expect((await api.get(s.ana, '/documentos/999999/fluxos')).statusCode).toBe(404);
  });
});

describe('GET documentos/{id}/fluxos/{idFluxo}/destinos', () => {
  const destinos = async (cookie: string, id: number, idFluxo: number, idPasso: number) => {
    const resposta = await api.get(cookie, `/documentos/${id}/fluxos/${idFluxo}/destinos?idPasso=${idPasso}`);
    expect(resposta.statusCode).toBe(200);
    return (resposta.json() as { sigla: string }[]).map((u) => u.sigla);
  };

  it('QUALQUER: toda unidade ativa menos a atual; ARQUIVO: os arquivos; PAI: a unidade superior', async () => {
    const id = await novo();
    const livre = c.fluxos.livreOficio;
    const qualquer = await destinos(s.ana, id, livre.id, livre.encaminhar);
    expect(qualquer).toEqual(['ARQ', 'DHIS', 'PROGRAD', 'REIT']);
    expect(await destinos(s.ana, id, livre.id, livre.arquivar)).toEqual(['ARQ']);
    const esp = c.fluxos.especifico;
    expect(await destinos(s.ana, id, esp.id, esp.chefia)).toEqual(['REIT']);
  });

  it('LISTADAS: as unidades listadas, ativas, sem a atual; DEVOLVER: quem enviou à unidade', async () => {
    const id = await naPrograd();
    const esp = c.fluxos.especifico;
    expect(await destinos(s.bruno, id, esp.id, esp.protocolo)).toEqual(['PROT']);
    expect(await destinos(s.ana, id, esp.id, esp.protocolo)).toEqual([]);
    expect(await destinos(s.bruno, id, c.fluxos.livreOficio.id, c.fluxos.livreOficio.devolver)).toEqual(['PROT']);
    expect(await destinos(s.bruno, id, esp.id, esp.chefia)).toEqual(['REIT']);
  });

  it('fluxo de outro tipo ou inativo, ou passo de outro fluxo: 404', async () => {
    const id = await novo();
    const memorando = await api.get(
      s.ana,
      `/documentos/${id}/fluxos/${c.fluxos.livreMemorando.id}/destinos?idPasso=${c.fluxos.livreMemorando.encaminhar}`,
    );
    expect(memorando.statusCode).toBe(404);
    expect(memorando.json().mensagem).toBe(MENSAGENS.tramitacao.fluxoNaoEncontrado);
    const inativo = await api.get(
      s.ana,
      `/documentos/${id}/fluxos/${c.fluxos.antigo.id}/destinos?idPasso=${c.fluxos.antigo.passo}`,
    );
    expect(inativo.statusCode).toBe(404);
    const outroPasso = await api.get(
      s.ana,
      `/documentos/${id}/fluxos/${c.fluxos.especifico.id}/destinos?idPasso=${c.fluxos.livreOficio.encaminhar}`,
    );
    expect(outroPasso.statusCode).toBe(404);
    expect(outroPasso.json().mensagem).toBe(MENSAGENS.tramitacao.passoNaoEncontrado);
    expect((await api.get(s.ana, `/documentos/${id}/fluxos/${c.fluxos.especifico.id}/destinos`)).statusCode).toBe(400);
  });
});

describe('GET documentos/{id}/fluxos/{idFluxo}/consistencia', () => {
  const consistencia = async (cookie: string, id: number, idPasso = c.fluxos.livreOficio.encaminhar) => {
    const idFluxo = idPasso === c.fluxos.especifico.parecer ? c.fluxos.especifico.id : c.fluxos.livreOficio.id;
    const resposta = await api.get(cookie, `/documentos/${id}/fluxos/${idFluxo}/consistencia?idPasso=${idPasso}`);
    expect(resposta.statusCode).toBe(200);
    return resposta.json() as Consistencia;
  };

  it('ALERTA quando ainda não há peças, quando urgente e quando há despacho preparatório salvo', async () => {
    const id = await novo({ urgente: true, motivoUrgencia: 'Prazo judicial' });
    expect(await consistencia(s.ana, id)).toEqual({
      ERRO: [],
      ALERTA: [MENSAGENS.tramitacao.semPecas, MENSAGENS.tramitacao.urgente],
    });
    await adicionarPeca(db(), id, c.usuarios.ana.id);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/documentos/${id}/tramitacoes`,
      headers: cabecalhosApp(s.ana),
      payload: { despachoPreparatorio: 'Minuta de parecer' },
    });
    expect(await consistencia(s.ana, id)).toEqual({
      ERRO: [],
      ALERTA: [MENSAGENS.tramitacao.urgente, MENSAGENS.tramitacao.despachoPreparatorioSalvo],
    });
  });

  it('ERRO quando a unidade não detém o documento, não o recebeu, ou o passo não é permitido', async () => {
    const id = await naPrograd(false);
    expect((await consistencia(s.bruno, id)).ERRO).toEqual([MENSAGENS.tramitacao.receberAntes]);
    expect((await consistencia(s.ana, id)).ERRO).toEqual([MENSAGENS.tramitacao.jaTramitado]);
    expect((await consistencia(s.carla, id)).ERRO).toEqual([MENSAGENS.tramitacao.naoRecebidoPelaUnidade]);
    const outro = await novo();
    expect((await consistencia(s.ana, outro, c.fluxos.especifico.parecer)).ERRO).toEqual([
      MENSAGENS.tramitacao.passoNaoPermitido,
    ]);
  });

  it('ERRO quando juntado a outro documento ou sem assunto', async () => {
    const pai = await novo();
    const filho = await novo();
    await db()
      .updateTable('documento')
      .set({ idDocumentoAgregador: pai, situacao: 'E' })
      .where('id', '=', filho)
      .execute();
    expect((await consistencia(s.ana, filho)).ERRO).toEqual([MENSAGENS.tramitacao.documentoJuntado]);
    const semAssunto = await novo();
    await db().updateTable('documento').set({ idAssunto: null }).where('id', '=', semAssunto).execute();
    expect((await consistencia(s.ana, semAssunto)).ERRO).toEqual([MENSAGENS.tramitacao.semAssunto]);
  });
});

describe('POST documentos/{id}/tramitacoes', () => {
  it('envia o rascunho: tramitação, ENVIADO, validade, estado 1, peças T, despacho salvo apagado, auditoria', async () => {
    const id = await novo();
    const [peca1, peca2] = [
      await adicionarPeca(db(), id, c.usuarios.ana.id),
      await adicionarPeca(db(), id, c.usuarios.ana.id),
    ];
    await t.app.inject({
      method: 'PATCH',
      url: `/api/documentos/${id}/tramitacoes`,
      headers: cabecalhosApp(s.ana),
      payload: { despacho: 'Texto salvo antes' },
    });
    const resposta = await api.enviar(s.ana, id, encaminhar(c.unidades.outra.id));
    expect(resposta.statusCode).toBe(201);
    const tramitacao = resposta.json() as Tramitacao;
    expect(tramitacao).toMatchObject({
      sequencia: 1,
      passo: 'Encaminhar',
      tipoPasso: 'ENCAMINHAR',
      fluxo: 'Tramitação livre',
      unidadeOrigem: { id: c.unidades.protocolo.id, sigla: 'PROT' },
      unidadeDestino: { id: c.unidades.outra.id, sigla: 'PROGRAD' },
      remetente: 'Ana Paula',
      recebedor: null,
      despacho: 'Encaminho para providências.',
      tipoDespacho: 'I',
      nivelAcesso: 'P',
      dtRecebimento: null,
      dias: 0,
      reencaminhamento: false,
    });
    const doc = await db()
      .selectFrom('documento')
      .select(['situacao', 'estadoProcessamento', 'dataEnvio', 'dataValidade', 'idUnidadeAtual'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(doc).toMatchObject({ situacao: 'ENVIADO', estadoProcessamento: 1, idUnidadeAtual: c.unidades.protocolo.id });
    expect(doc.dataEnvio).not.toBeNull();
    expect(new Date(doc.dataValidade as Date).getTime()).toBe(new Date(doc.dataEnvio as Date).getTime());
    const pecas = await db()
      .selectFrom('peca')
      .select(['id', 'situacaoTramitacao', 'sequenciaTramitacao', 'idPasso'])
      .where('idDocumento', '=', id)
      .orderBy('id')
      .execute();
    expect(pecas).toEqual([
      { id: peca1, situacaoTramitacao: 'T', sequenciaTramitacao: 1, idPasso: c.fluxos.livreOficio.encaminhar },
      { id: peca2, situacaoTramitacao: 'T', sequenciaTramitacao: 1, idPasso: c.fluxos.livreOficio.encaminhar },
    ]);
    const rascunhos = await db()
      .selectFrom('rascunhoDespacho')
      .select('idUnidade')
      .where('idDocumento', '=', id)
      .execute();
    expect(rascunhos).toEqual([]);
    const auditoria = await db()
      .selectFrom('auditoria')
      .select(['idUsuario', 'depois'])
      .where('acao', '=', 'TRAMITAR_DOCUMENTO')
      .where('idEntidade', '=', String(id))
      .execute();
    expect(auditoria).toHaveLength(1);
    expect(auditoria[0]).toMatchObject({
      idUsuario: c.usuarios.ana.id,
      depois: { situacao: 'ENVIADO', idUnidadeDestino: c.unidades.outra.id, pecasTramitadas: 2 },
    });

    // Received and sent on: the second movement, peças already sent keep their first sequencia.
    expect((await api.receber(s.bruno, id)).statusCode).toBe(200);
    const peca3 = await adicionarPeca(db(), id, c.usuarios.bruno.id);
    const segunda = await api.enviar(s.bruno, id, {
      idPasso: c.fluxos.especifico.parecer,
      idDestino: c.unidades.departamento.id,
      despacho: 'Para parecer',
    });
    expect(segunda.statusCode).toBe(201);
    expect(segunda.json()).toMatchObject({
      sequencia: 2,
      unidadeOrigem: { sigla: 'PROGRAD' },
      passo: 'Parecer da PROGRAD',
    });
    const depois = await db()
      .selectFrom('peca')
      .select(['id', 'sequenciaTramitacao'])
      .where('idDocumento', '=', id)
      .orderBy('id')
      .execute();
    expect(depois.map((p) => p.sequenciaTramitacao)).toEqual([1, 1, 2]);
    expect(depois[2]?.id).toBe(peca3);
    const data = await db()
      .selectFrom('documento')
      .select('dataValidade')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(new Date(data.dataValidade as Date).getTime()).toBe(new Date(doc.dataValidade as Date).getTime());
  });

  it('sem despacho no corpo usa o salvo pela unidade; nulo envia sem despacho', async () => {
    const id = await novo();
    await t.app.inject({
      method: 'PATCH',
      url: `/api/documentos/${id}/tramitacoes`,
      headers: cabecalhosApp(s.ana),
      payload: { despacho: 'Despacho salvo', despachoPreparatorio: 'Minuta salva' },
    });
    const resposta = await api.enviar(s.ana, id, {
      idPasso: c.fluxos.livreOficio.encaminhar,
      idDestino: c.unidades.outra.id,
    });
    expect(resposta.statusCode).toBe(201);
    expect(resposta.json()).toMatchObject({ despacho: 'Despacho salvo', despachoPreparatorio: 'Minuta salva' });
    const outro = await novo();
    const semDespacho = await api.enviar(s.ana, outro, encaminhar(c.unidades.outra.id, { despacho: null }));
    expect(semDespacho.json()).toMatchObject({ despacho: null, despachoPreparatorio: null });
  });

  it('recusa quem não detém o documento (403) ou ainda não o recebeu (409), e o envio repetido (409)', async () => {
    const pendente = await naPrograd(false);
    const naoRecebido = await api.enviar(s.bruno, pendente, encaminhar(c.unidades.departamento.id));
    expect(naoRecebido.statusCode).toBe(409);
    expect(naoRecebido.json().mensagem).toBe(MENSAGENS.tramitacao.receberAntes);
    const repetido = await api.enviar(s.ana, pendente, encaminhar(c.unidades.departamento.id));
    expect(repetido.statusCode).toBe(409);
    expect(repetido.json().mensagem).toBe(MENSAGENS.tramitacao.jaTramitado);

    const recebido = await naPrograd();
    for (const cookie of [s.ana, s.carla, s.joao]) {
      const alheio = await api.enviar(cookie, recebido, encaminhar(c.unidades.departamento.id));
      expect(alheio.statusCode).toBe(403);
      expect(alheio.json().mensagem).toBe(MENSAGENS.tramitacao.naoRecebidoPelaUnidade);
    }
    // Duda belongs to PROGRAD and acts for it.
    expect((await api.enviar(s.duda, recebido, encaminhar(c.unidades.departamento.id))).statusCode).toBe(201);
  });

  it('recusa passo não permitido (403), passo de outro tipo (400) e destino não permitido (400)', async () => {
    const id = await novo();
    const parecer = await api.enviar(s.ana, id, {
      idPasso: c.fluxos.especifico.parecer,
      idDestino: c.unidades.outra.id,
    });
    expect(parecer.statusCode).toBe(403);
    expect(parecer.json().mensagem).toBe(MENSAGENS.tramitacao.passoNaoPermitido);
    const desarquivar = await api.enviar(s.ana, id, {
      idPasso: c.fluxos.livreOficio.desarquivar,
      idDestino: c.unidades.outra.id,
      despacho: 'Motivo',
    });
    expect(desarquivar.statusCode).toBe(403);

    for (const idPasso of [c.fluxos.livreMemorando.encaminhar, c.fluxos.antigo.passo]) {
      const outroTipo = await api.enviar(s.ana, id, { idPasso, idDestino: c.unidades.outra.id });
      expect(outroTipo.statusCode).toBe(400);
      expect(outroTipo.json().mensagem).toBe(MENSAGENS.tramitacao.passoNaoPermitidoDocumento);
    }

    const destinosRecusados: [number, number][] = [
      [c.fluxos.livreOficio.encaminhar, c.unidades.protocolo.id],
      [c.fluxos.livreOficio.encaminhar, c.unidades.inativa.id],
      [c.fluxos.livreOficio.arquivar, c.unidades.outra.id],
      [c.fluxos.especifico.protocolo, c.unidades.outra.id],
      [c.fluxos.especifico.chefia, c.unidades.outra.id],
      [c.fluxos.livreOficio.devolver, c.unidades.outra.id],
      [c.fluxos.livreOficio.encaminhar, 999_999],
    ];
    for (const [idPasso, idDestino] of destinosRecusados) {
      const resposta = await api.enviar(s.ana, id, { idPasso, idDestino });
      expect(resposta.statusCode, `passo ${idPasso} destino ${idDestino}`).toBe(400);
      expect(resposta.json().mensagem).toBe(MENSAGENS.tramitacao.destinoNaoPermitido);
    }
    const situacao = await db()
      .selectFrom('documento')
      .select('situacao')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(situacao.situacao).toBe('EM_CRIACAO');
    expect((await api.get(s.ana, `/documentos/${id}/tramitacoes`)).json()).toEqual([]);
  });

  it('restrito exige hipótese legal ativa (400); sem assunto ou juntado é recusado (409)', async () => {
    const id = await novo();
    const semHipotese = await api.enviar(s.ana, id, encaminhar(c.unidades.outra.id, { nivelAcesso: 'R' }));
    expect(semHipotese.statusCode).toBe(400);
    expect(semHipotese.json().mensagem).toBe(MENSAGENS.arquivos.hipoteseObrigatoria);
    const sigiloso = await api.enviar(s.ana, id, encaminhar(c.unidades.outra.id, { nivelAcesso: 'S' }));
    expect(sigiloso.json().mensagem).toBe(MENSAGENS.arquivos.hipoteseObrigatoria);
    const inativa = await api.enviar(
      s.ana,
      id,
      encaminhar(c.unidades.outra.id, { nivelAcesso: 'R', idHipoteseLegal: c.hipoteses.inativa }),
    );
    expect(inativa.statusCode).toBe(400);
    expect(inativa.json().mensagem).toBe(MENSAGENS.arquivos.hipoteseInvalida);
    const tipoInvalido = await api.enviar(s.ana, id, encaminhar(c.unidades.outra.id, { tipoDespacho: 'xx' }));
    expect(tipoInvalido.statusCode).toBe(400);

    const semAssunto = await novo();
    await db().updateTable('documento').set({ idAssunto: null }).where('id', '=', semAssunto).execute();
    const r1 = await api.enviar(s.ana, semAssunto, encaminhar(c.unidades.outra.id));
    expect(r1.statusCode).toBe(409);
    expect(r1.json().mensagem).toBe(MENSAGENS.tramitacao.semAssunto);

    const pai = await novo();
    const filho = await novo();
    await db()
      .updateTable('documento')
      .set({ idDocumentoAgregador: pai, situacao: 'E' })
      .where('id', '=', filho)
      .execute();
    const r2 = await api.enviar(s.ana, filho, encaminhar(c.unidades.outra.id));
    expect(r2.statusCode).toBe(409);
    expect(r2.json().mensagem).toBe(MENSAGENS.tramitacao.documentoJuntado);
  });

  it('exige login (401) e o cabeçalho da aplicação (403); rascunho alheio dá 404', async () => {
    const id = await novo();
    expect((await api.enviar(undefined, id, encaminhar(c.unidades.outra.id))).statusCode).toBe(401);
    const semCabecalho = await t.app.inject({
      method: 'POST',
      url: `/api/documentos/${id}/tramitacoes`,
      headers: { cookie: s.ana },
      payload: encaminhar(c.unidades.outra.id),
    });
    expect(semCabecalho.statusCode).toBe(403);
    expect((await api.enviar(s.bruno, id, encaminhar(c.unidades.departamento.id))).statusCode).toBe(404);
  });

  it('documentos juntados vão junto no envio e são recebidos junto', async () => {
    const pai = await novo();
    const filho = await novo();
    const neto = await novo();
    await adicionarPeca(db(), filho, c.usuarios.ana.id);
    await db()
      .updateTable('documento')
      .set({ idDocumentoAgregador: pai, situacao: 'E' })
      .where('id', '=', filho)
      .execute();
    await db()
      .updateTable('documento')
      .set({ idDocumentoAgregador: filho, situacao: 'E' })
      .where('id', '=', neto)
      .execute();
    const envio = await api.enviar(s.ana, pai, encaminhar(c.unidades.outra.id));
    expect(envio.statusCode).toBe(201);
    const principal = (envio.json() as Tramitacao).id;
    const movimentos = await db()
      .selectFrom('tramitacao')
      .select([
        'idDocumento',
        'sequencia',
        'idUnidadeOrigem',
        'idUnidadeDestino',
        'idTramitacaoPrincipal',
        'dtRecebimento',
      ])
      .where('idDocumento', 'in', [filho, neto])
      .orderBy('idDocumento')
      .execute();
    expect(movimentos).toEqual(
      [filho, neto].map((idDocumento) => ({
        idDocumento,
        sequencia: 1,
        idUnidadeOrigem: c.unidades.protocolo.id,
        idUnidadeDestino: c.unidades.outra.id,
        idTramitacaoPrincipal: principal,
        dtRecebimento: null,
      })),
    );
    const pecaFilho = await db()
      .selectFrom('peca')
      .select(['situacaoTramitacao', 'sequenciaTramitacao'])
      .where('idDocumento', '=', filho)
      .executeTakeFirstOrThrow();
    expect(pecaFilho).toEqual({ situacaoTramitacao: 'T', sequenciaTramitacao: 1 });
    const filhos = await db()
      .selectFrom('documento')
      .select(['situacao', 'estadoProcessamento', 'idUnidadeAtual'])
      .where('id', 'in', [filho, neto])
      .execute();
    expect(filhos.every((f) => f.situacao === 'E' && f.estadoProcessamento === 1)).toBe(true);

    expect((await api.receber(s.bruno, pai)).statusCode).toBe(200);
    const recebidos = await db()
      .selectFrom('tramitacao')
      .select(['idUsuarioRecebedor', 'dtRecebimento'])
      .where('idTramitacaoPrincipal', '=', principal)
      .execute();
    expect(recebidos).toHaveLength(2);
    expect(recebidos.every((r) => r.idUsuarioRecebedor === c.usuarios.bruno.id && r.dtRecebimento !== null)).toBe(true);
    const depois = await db()
      .selectFrom('documento')
      .select('idUnidadeAtual')
      .where('id', 'in', [filho, neto])
      .execute();
    expect(depois.every((d) => d.idUnidadeAtual === c.unidades.outra.id)).toBe(true);
    // The child's own history shows the movement it made with its parent.
    const historico = (await api.get(s.bruno, `/documentos/${filho}/tramitacoes`)).json() as Tramitacao[];
    expect(historico).toHaveLength(1);
    expect(historico[0]).toMatchObject({ idTramitacaoPrincipal: principal, recebedor: 'Bruno Henrique' });
  });

  it('ARQUIVAR leva ao arquivo (2001 = 2); DESARQUIVAR exige motivo, volta a 1 e registra o desarquivamento', async () => {
    const id = await novo();
    const livre = c.fluxos.livreOficio;
    const arquivar = await api.enviar(s.ana, id, { idPasso: livre.arquivar, idDestino: c.unidades.arquivo.id });
    expect(arquivar.statusCode).toBe(201);
    const arquivado = await db()
      .selectFrom('documento')
      .select(['estadoProcessamento', 'estadoVisibilidadeCaixa'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(arquivado).toEqual({ estadoProcessamento: 2, estadoVisibilidadeCaixa: null });
    expect((await api.receber(s.mariana, id)).statusCode).toBe(200);
    const fluxos = await fluxosDe(s.mariana, id);
    expect(passosDe(fluxos, 'Tramitação livre')).toEqual(['Desarquivar']);
    expect(passosDe(fluxos, 'Análise de férias')).toEqual([]);

    const semMotivo = await api.enviar(s.mariana, id, {
      idPasso: livre.desarquivar,
      idDestino: c.unidades.protocolo.id,
    });
    expect(semMotivo.statusCode).toBe(400);
    expect(semMotivo.json().mensagem).toBe(MENSAGENS.tramitacao.motivoDesarquivamento);
    const encaminharArquivado = await api.enviar(s.mariana, id, encaminhar(c.unidades.protocolo.id));
    expect(encaminharArquivado.statusCode).toBe(403);

    const desarquivar = await api.enviar(s.mariana, id, {
      idPasso: livre.desarquivar,
      idDestino: c.unidades.protocolo.id,
      despacho: 'Pedido de vista pelo interessado',
    });
    expect(desarquivar.statusCode).toBe(201);
    const tramitacao = desarquivar.json() as Tramitacao;
    const doc = await db()
      .selectFrom('documento')
      .select('estadoProcessamento')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(doc.estadoProcessamento).toBe(1);
    const registro = await db()
      .selectFrom('desarquivamento')
      .select(['idUnidade', 'idUsuario', 'idTramitacao', 'motivo', 'em'])
      .where('idDocumento', '=', id)
      .execute();
    expect(registro).toHaveLength(1);
    expect(registro[0]).toMatchObject({
      idUnidade: c.unidades.arquivo.id,
      idUsuario: c.usuarios.mariana.id,
      idTramitacao: tramitacao.id,
      motivo: 'Pedido de vista pelo interessado',
    });
  });

  it('CONCLUIR marca 2001 = 3', async () => {
    const id = await naPrograd();
    const resposta = await api.enviar(s.bruno, id, {
      idPasso: c.fluxos.livreOficio.concluir,
      idDestino: c.unidades.protocolo.id,
      despacho: 'Concluído',
    });
    expect(resposta.statusCode).toBe(201);
    const doc = await db()
      .selectFrom('documento')
      .select('estadoProcessamento')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(doc.estadoProcessamento).toBe(3);
  });

  it('de 10 envios simultâneos do mesmo documento, exatamente um vale; os outros dão 409', async () => {
    const id = await novo();
    const respostas = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        api.enviar(i % 2 ? s.ana : s.joao, id, encaminhar(i % 3 ? c.unidades.outra.id : c.unidades.departamento.id)),
      ),
    );
    expect(respostas.map((r) => r.statusCode).sort()).toEqual([201, ...Array(9).fill(409)]);
    for (const r of respostas.filter((x) => x.statusCode === 409)) {
      expect(r.json().mensagem).toBe(MENSAGENS.tramitacao.jaTramitado);
    }
    const linhas = await db().selectFrom('tramitacao').select('id').where('idDocumento', '=', id).execute();
    expect(linhas).toHaveLength(1);
  });
});

describe('PATCH documentos/{id}/tramitacoes e GET .../tramitacoes/despacho', () => {
  const salvar = (cookie: string, id: number, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/documentos/${id}/tramitacoes`,
      headers: cabecalhosApp(cookie),
      payload,
    });

  it('salva o despacho e o preparatório da unidade, um sem apagar o outro', async () => {
    const id = await novo();
    expect((await api.get(s.ana, `/documentos/${id}/tramitacoes/despacho`)).json()).toEqual({
      despacho: null,
      despachoPreparatorio: null,
    });
    const primeiro = await salvar(s.ana, id, { despacho: 'Primeira versão' });
    expect(primeiro.statusCode).toBe(200);
    expect(primeiro.json()).toEqual({ despacho: 'Primeira versão', despachoPreparatorio: null });
    const segundo = await salvar(s.joao, id, { despachoPreparatorio: 'Minuta' });
    expect(segundo.json()).toEqual({ despacho: 'Primeira versão', despachoPreparatorio: 'Minuta' });
    expect((await api.get(s.ana, `/documentos/${id}/tramitacoes/despacho`)).json()).toEqual({
      despacho: 'Primeira versão',
      despachoPreparatorio: 'Minuta',
    });
    expect((await salvar(s.ana, id, { despacho: '' })).json()).toEqual({
      despacho: null,
      despachoPreparatorio: 'Minuta',
    });
  });

  it('recusa corpo vazio (400), quem não detém o documento (403) e exige login (401)', async () => {
    const id = await naPrograd();
    expect((await salvar(s.bruno, id, {})).statusCode).toBe(400);
    const alheio = await salvar(s.ana, id, { despacho: 'x' });
    expect(alheio.statusCode).toBe(403);
    expect(alheio.json().mensagem).toBe(MENSAGENS.tramitacao.naoRecebidoPelaUnidade);
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/documentos/${id}/tramitacoes`,
          headers: cabecalhosApp(),
          payload: { despacho: 'x' },
        })
      ).statusCode,
    ).toBe(401);
    expect((await api.get(undefined, `/documentos/${id}/tramitacoes/despacho`)).statusCode).toBe(401);
  });
});

describe('GET documentos/{id}/tramitacoes e ultima-tramitacao', () => {
  it('histórico em ordem, com datas, dias e despacho restrito só para quem pode vê-lo', async () => {
    const id = await naPrograd();
    const restrito = await api.enviar(s.bruno, id, {
      idPasso: c.fluxos.especifico.chefia,
      idDestino: c.unidades.reitoria.id,
      despacho: 'Dados pessoais do servidor',
      nivelAcesso: 'R',
      idHipoteseLegal: c.hipoteses.informacaoPessoal,
    });
    expect(restrito.statusCode).toBe(201);
    const dois = new Date(Date.now() - 3 * 86_400_000).toISOString();
    await db()
      .updateTable('tramitacao')
      .set({ dtDespacho: dois })
      .where('id', '=', (restrito.json() as Tramitacao).id)
      .execute();

    const historicoDe = async (cookie: string | undefined) => {
      const resposta = await api.get(cookie, `/documentos/${id}/tramitacoes`);
      expect(resposta.statusCode).toBe(200);
      return resposta.json() as Tramitacao[];
    };
    const completo = await historicoDe(s.bruno);
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

    for (const cookie of [s.vera, s.admin, s.bruno, s.duda]) {
      // vera: VISUALIZACAO_IRRESTRITA_PECAS; admin: belongs to REIT (destination); bruno, duda: PROGRAD (origin).
      expect((await historicoDe(cookie))[1]?.despacho).toBe('Dados pessoais do servidor');
    }
    for (const cookie of [s.carla, s.ana, undefined]) {
      const oculto = (await historicoDe(cookie))[1];
      expect(oculto).toMatchObject({
        despacho: null,
        despachoOculto: true,
        descricaoHipoteseLegal: 'Informação pessoal',
      });
      expect((await historicoDe(cookie))[0]?.despacho).toBe('Encaminho para providências.');
    }

    const ultima = await api.get(undefined, `/documentos/${id}/ultima-tramitacao`);
    expect(ultima.statusCode).toBe(200);
    expect(ultima.json()).toMatchObject({ sequencia: 2, despacho: null, unidadeDestino: { sigla: 'REIT' } });
  });

  it('rascunho: histórico vazio e última tramitação nula para a unidade; 404 para os demais', async () => {
    const id = await novo();
    expect((await api.get(s.ana, `/documentos/${id}/tramitacoes`)).json()).toEqual([]);
    const ultima = await api.get(s.ana, `/documentos/${id}/ultima-tramitacao`);
    expect(ultima.statusCode).toBe(200);
    expect(ultima.json()).toBeNull();
    for (const cookie of [s.bruno, undefined]) {
      expect((await api.get(cookie, `/documentos/${id}/tramitacoes`)).statusCode).toBe(404);
      expect((await api.get(cookie, `/documentos/${id}/ultima-tramitacao`)).statusCode).toBe(404);
    }
  });
});

describe('POST tramitacoes/lote', () => {
  const lote = (cookie: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/tramitacoes/lote', headers: cabecalhosApp(cookie), payload });

  it('tramita cada documento por si: os permitidos vão, os recusados dizem por quê', async () => {
    const oficio = await novo();
    const memorando = await novo({ idTipoDocumento: c.tipos.memorando, idAssunto: c.assuntos.compras });
    const alheio = await naPrograd();
    const semAssunto = await novo();
    await db().updateTable('documento').set({ idAssunto: null }).where('id', '=', semAssunto).execute();
    const rascunhoAlheio = await rascunho(t, c, s.bruno);
    const resposta = await lote(s.ana, {
      idsDocumentos: [oficio, alheio, memorando, 999_999, semAssunto, rascunhoAlheio, oficio],
      idPasso: c.fluxos.livreOficio.encaminhar,
      idDestino: c.unidades.departamento.id,
      despacho: 'Encaminho em lote',
    });
    expect(resposta.statusCode).toBe(200);
    const numero = async (id: number) =>
      (await db().selectFrom('documento').select('numero').where('id', '=', id).executeTakeFirstOrThrow()).numero;
    expect(resposta.json() as ResultadoLote[]).toEqual([
      { idDocumento: oficio, numero: await numero(oficio), tramitado: true, erro: null },
      {
        idDocumento: alheio,
        numero: await numero(alheio),
        tramitado: false,
        erro: MENSAGENS.tramitacao.naoRecebidoPelaUnidade,
      },
      // Another type: its own 'Tramitação livre' > 'Encaminhar'.
      { idDocumento: memorando, numero: await numero(memorando), tramitado: true, erro: null },
      { idDocumento: 999_999, numero: null, tramitado: false, erro: MENSAGENS.autuacao.erroBuscarDadosDocumento },
      {
        idDocumento: semAssunto,
        numero: await numero(semAssunto),
        tramitado: false,
        erro: MENSAGENS.tramitacao.semAssunto,
      },
      {
        idDocumento: rascunhoAlheio,
        numero: null,
        tramitado: false,
        erro: MENSAGENS.autuacao.erroBuscarDadosDocumento,
      },
    ]);
    const passoMemorando = await db()
      .selectFrom('tramitacao')
      .select(['idPasso', 'despacho'])
      .where('idDocumento', '=', memorando)
      .executeTakeFirstOrThrow();
    expect(passoMemorando).toEqual({ idPasso: c.fluxos.livreMemorando.encaminhar, despacho: 'Encaminho em lote' });
  });

  it('valida o corpo: de 1 a 100 documentos, hipótese para restrito (400)', async () => {
    const base = { idPasso: c.fluxos.livreOficio.encaminhar, idDestino: c.unidades.outra.id };
    expect((await lote(s.ana, { ...base, idsDocumentos: [] })).statusCode).toBe(400);
    const muitos = Array.from({ length: 101 }, (_, i) => i + 1);
    expect((await lote(s.ana, { ...base, idsDocumentos: muitos })).statusCode).toBe(400);
    const restrito = await lote(s.ana, { ...base, idsDocumentos: [1], nivelAcesso: 'R' });
    expect(restrito.statusCode).toBe(400);
    expect(restrito.json().mensagem).toBe(MENSAGENS.arquivos.hipoteseObrigatoria);
  });
});
