import { MENSAGENS, type Tramitacao } from '@tramite/shared';
import { describe, expect, it } from 'vitest';
import { cabecalhosApp } from '../../testing/app-teste.ts';
import { usarTramitacao } from '../../testing/cenarios/tramitacao.ts';
import { adicionarPecas } from '../../testing/fabricas.ts';

const m = usarTramitacao();
const { db, novo, encaminhar, naPrograd, documento, juntar } = m;

describe('POST documentos/{id}/tramitacoes', () => {
  it('envia o rascunho: tramitação, ENVIADO, validade, estado 1, peças T, despacho salvo apagado, auditoria', async () => {
    const id = await novo();
    const [peca1, peca2] = (await adicionarPecas(m.t, { idDocumento: id, idUsuario: m.c.usuarios.ana.id }, 2)).map(
      (p) => p.idPeca,
    );
    await m.t.app.inject({
      method: 'PATCH',
      url: `/api/documentos/${id}/tramitacoes`,
      headers: cabecalhosApp(m.s.ana),
      payload: { despacho: 'Texto salvo antes' },
    });
    const resposta = await m.api.enviar(m.s.ana, id, encaminhar(m.c.unidades.outra.id));
    expect(resposta.statusCode).toBe(201);
    const tramitacao = resposta.json() as Tramitacao;
    expect(tramitacao).toMatchObject({
      sequencia: 1,
      passo: 'Encaminhar',
      tipoPasso: 'ENCAMINHAR',
      fluxo: 'Tramitação livre',
      unidadeOrigem: { id: m.c.unidades.protocolo.id, sigla: 'PROT' },
      unidadeDestino: { id: m.c.unidades.outra.id, sigla: 'PROGRAD' },
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
    expect(doc).toMatchObject({
      situacao: 'ENVIADO',
      estadoProcessamento: 1,
      idUnidadeAtual: m.c.unidades.protocolo.id,
    });
    expect(doc.dataEnvio).not.toBeNull();
    expect(new Date(doc.dataValidade as Date).getTime()).toBe(new Date(doc.dataEnvio as Date).getTime());
    const pecas = await db()
      .selectFrom('peca')
      .select(['id', 'situacaoTramitacao', 'sequenciaTramitacao', 'idPasso'])
      .where('idDocumento', '=', id)
      .orderBy('id')
      .execute();
    expect(pecas).toEqual([
      { id: peca1, situacaoTramitacao: 'T', sequenciaTramitacao: 1, idPasso: m.c.fluxos.livreOficio.encaminhar },
      { id: peca2, situacaoTramitacao: 'T', sequenciaTramitacao: 1, idPasso: m.c.fluxos.livreOficio.encaminhar },
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
      idUsuario: m.c.usuarios.ana.id,
      depois: { situacao: 'ENVIADO', idUnidadeDestino: m.c.unidades.outra.id, pecasTramitadas: 2 },
    });

    // Received and sent on: the second movement, peças already sent keep their first sequencia.
    expect((await m.api.receber(m.s.bruno, id)).statusCode).toBe(200);
    const [peca3] = await adicionarPecas(m.t, { idDocumento: id, idUsuario: m.c.usuarios.bruno.id });
    const segunda = await m.api.enviar(m.s.bruno, id, {
      idPasso: m.c.fluxos.especifico.parecer,
      idDestino: m.c.unidades.departamento.id,
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
    expect(depois[2]?.id).toBe(peca3?.idPeca);
    const data = await db()
      .selectFrom('documento')
      .select('dataValidade')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(new Date(data.dataValidade as Date).getTime()).toBe(new Date(doc.dataValidade as Date).getTime());
  });

  it('sem despacho no corpo usa o salvo pela unidade; nulo envia sem despacho', async () => {
    const id = await novo();
    await m.t.app.inject({
      method: 'PATCH',
      url: `/api/documentos/${id}/tramitacoes`,
      headers: cabecalhosApp(m.s.ana),
      payload: { despacho: 'Despacho salvo', despachoPreparatorio: 'Minuta salva' },
    });
    const resposta = await m.api.enviar(m.s.ana, id, {
      idPasso: m.c.fluxos.livreOficio.encaminhar,
      idDestino: m.c.unidades.outra.id,
    });
    expect(resposta.statusCode).toBe(201);
    expect(resposta.json()).toMatchObject({ despacho: 'Despacho salvo', despachoPreparatorio: 'Minuta salva' });
    const outro = await novo();
    const semDespacho = await m.api.enviar(m.s.ana, outro, encaminhar(m.c.unidades.outra.id, { despacho: null }));
    expect(semDespacho.json()).toMatchObject({ despacho: null, despachoPreparatorio: null });
  });

  it('recusa quem não detém o documento (403) ou ainda não o recebeu (409), e o envio repetido (409)', async () => {
    const pendente = await naPrograd(false);
    const naoRecebido = await m.api.enviar(m.s.bruno, pendente, encaminhar(m.c.unidades.departamento.id));
    expect(naoRecebido.statusCode).toBe(409);
    expect(naoRecebido.json().mensagem).toBe(MENSAGENS.tramitacao.receberAntes);
    const repetido = await m.api.enviar(m.s.ana, pendente, encaminhar(m.c.unidades.departamento.id));
    expect(repetido.statusCode).toBe(409);
    expect(repetido.json().mensagem).toBe(MENSAGENS.tramitacao.jaTramitado);

    const recebido = await naPrograd();
    for (const cookie of [m.s.ana, m.s.carla, m.s.joao]) {
      const alheio = await m.api.enviar(cookie, recebido, encaminhar(m.c.unidades.departamento.id));
      expect(alheio.statusCode).toBe(403);
      expect(alheio.json().mensagem).toBe(MENSAGENS.tramitacao.naoRecebidoPelaUnidade);
    }
    // Duda belongs to PROGRAD and acts for it.
    expect((await m.api.enviar(m.s.duda, recebido, encaminhar(m.c.unidades.departamento.id))).statusCode).toBe(201);
  });

  it('recusa passo não permitido (403), passo de outro tipo (400) e destino não permitido (400)', async () => {
    const id = await novo();
    const parecer = await m.api.enviar(m.s.ana, id, {
      idPasso: m.c.fluxos.especifico.parecer,
      idDestino: m.c.unidades.outra.id,
    });
    expect(parecer.statusCode).toBe(403);
    expect(parecer.json().mensagem).toBe(MENSAGENS.tramitacao.passoNaoPermitido);
    const desarquivar = await m.api.enviar(m.s.ana, id, {
      idPasso: m.c.fluxos.livreOficio.desarquivar,
      idDestino: m.c.unidades.outra.id,
      despacho: 'Motivo',
    });
    expect(desarquivar.statusCode).toBe(403);

    for (const idPasso of [m.c.fluxos.livreMemorando.encaminhar, m.c.fluxos.antigo.passo]) {
      const outroTipo = await m.api.enviar(m.s.ana, id, { idPasso, idDestino: m.c.unidades.outra.id });
      expect(outroTipo.statusCode).toBe(400);
      expect(outroTipo.json().mensagem).toBe(MENSAGENS.tramitacao.passoNaoPermitidoDocumento);
    }

    const destinosRecusados: [number, number][] = [
      [m.c.fluxos.livreOficio.encaminhar, m.c.unidades.protocolo.id],
      [m.c.fluxos.livreOficio.encaminhar, m.c.unidades.inativa.id],
      [m.c.fluxos.livreOficio.arquivar, m.c.unidades.outra.id],
      [m.c.fluxos.especifico.protocolo, m.c.unidades.outra.id],
      [m.c.fluxos.especifico.chefia, m.c.unidades.outra.id],
      [m.c.fluxos.livreOficio.devolver, m.c.unidades.outra.id],
      [m.c.fluxos.livreOficio.encaminhar, 999_999],
    ];
    for (const [idPasso, idDestino] of destinosRecusados) {
      const resposta = await m.api.enviar(m.s.ana, id, { idPasso, idDestino });
      expect(resposta.statusCode, `passo ${idPasso} destino ${idDestino}`).toBe(400);
      expect(resposta.json().mensagem).toBe(MENSAGENS.tramitacao.destinoNaoPermitido);
    }
    expect((await documento(id)).situacao).toBe('EM_CRIACAO');
    expect((await m.api.get(m.s.ana, `/documentos/${id}/tramitacoes`)).json()).toEqual([]);
  });

  it('restrito exige hipótese legal ativa (400); sem assunto ou juntado é recusado (409)', async () => {
    const id = await novo();
    const semHipotese = await m.api.enviar(m.s.ana, id, encaminhar(m.c.unidades.outra.id, { nivelAcesso: 'R' }));
    expect(semHipotese.statusCode).toBe(400);
    expect(semHipotese.json().mensagem).toBe(MENSAGENS.arquivos.hipoteseObrigatoria);
    const sigiloso = await m.api.enviar(m.s.ana, id, encaminhar(m.c.unidades.outra.id, { nivelAcesso: 'S' }));
    expect(sigiloso.json().mensagem).toBe(MENSAGENS.arquivos.hipoteseObrigatoria);
    const inativa = await m.api.enviar(
      m.s.ana,
      id,
      encaminhar(m.c.unidades.outra.id, { nivelAcesso: 'R', idHipoteseLegal: m.c.hipoteses.inativa }),
    );
    expect(inativa.statusCode).toBe(400);
    expect(inativa.json().mensagem).toBe(MENSAGENS.arquivos.hipoteseInvalida);
    const tipoInvalido = await m.api.enviar(m.s.ana, id, encaminhar(m.c.unidades.outra.id, { tipoDespacho: 'xx' }));
    expect(tipoInvalido.statusCode).toBe(400);

    const semAssunto = await novo();
    await db().updateTable('documento').set({ idAssunto: null }).where('id', '=', semAssunto).execute();
    const r1 = await m.api.enviar(m.s.ana, semAssunto, encaminhar(m.c.unidades.outra.id));
    expect(r1.statusCode).toBe(409);
    expect(r1.json().mensagem).toBe(MENSAGENS.tramitacao.semAssunto);

    const pai = await novo();
    const filho = await novo();
    await juntar(pai, filho);
    const r2 = await m.api.enviar(m.s.ana, filho, encaminhar(m.c.unidades.outra.id));
    expect(r2.statusCode).toBe(409);
    expect(r2.json().mensagem).toBe(MENSAGENS.tramitacao.documentoJuntado);
  });

  it('exige login (401) e o cabeçalho da aplicação (403); rascunho alheio dá 404', async () => {
    const id = await novo();
    expect((await m.api.enviar(undefined, id, encaminhar(m.c.unidades.outra.id))).statusCode).toBe(401);
    const semCabecalho = await m.t.app.inject({
      method: 'POST',
      url: `/api/documentos/${id}/tramitacoes`,
      headers: { cookie: m.s.ana },
      payload: encaminhar(m.c.unidades.outra.id),
    });
    expect(semCabecalho.statusCode).toBe(403);
    expect((await m.api.enviar(m.s.bruno, id, encaminhar(m.c.unidades.departamento.id))).statusCode).toBe(404);
  });
});
