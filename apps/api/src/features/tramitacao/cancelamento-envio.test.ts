import { type Documento, MENSAGENS, type ResultadoCancelamentoLote, type Tramitacao } from '@tramite/shared';
import { describe, expect, it } from 'vitest';
import { cabecalhosApp } from '../../testing/app-teste.ts';
import { auditoriaDocumento } from '../../testing/cenarios/documentos.ts';
import { usarTramitacao } from '../../testing/cenarios/tramitacao.ts';
import { adicionarPecas } from '../../testing/fabricas.ts';

const m = usarTramitacao();
const { db, novo, encaminhar, naPrograd, documento, juntar } = m;

const cancelar = (
  cookie: string | undefined,
  id: number | string,
  payload: unknown = { motivo: 'Enviado por engano' },
) =>
  m.t.app.inject({
    method: 'POST',
    url: `/api/documentos/${id}/cancelar-envio`,
    headers: cabecalhosApp(cookie),
    payload: payload as Record<string, unknown>,
  });
const lote = (cookie: string, payload: Record<string, unknown>) =>
  m.t.app.inject({
    method: 'POST',
    url: '/api/tramitacoes/cancelamento/lote',
    headers: cabecalhosApp(cookie),
    payload,
  });
const tramitacoes = (id: number) =>
  db().selectFrom('tramitacao').selectAll().where('idDocumento', '=', id).orderBy('sequencia').execute();
const pecasDe = (id: number) =>
  db()
    .selectFrom('peca')
    .select(['id', 'situacaoTramitacao', 'sequenciaTramitacao', 'idPasso'])
    .where('idDocumento', '=', id)
    .orderBy('id')
    .execute();

/** Ana's draft, with one peça, sent to PROGRAD and not received. */
async function rascunhoEnviado(extra: Record<string, unknown> = {}) {
  const id = await novo();
  await adicionarPecas(m.t, { idDocumento: id, idUsuario: m.c.usuarios.ana.id });
  const envio = await m.api.enviar(m.s.ana, id, encaminhar(m.c.unidades.outra.id, extra));
  expect(envio.statusCode).toBe(201);
  return id;
}

describe('POST documentos/{id}/cancelar-envio', () => {
  it('primeiro envio: a tramitação fica marcada e o documento volta a rascunho, com as peças não tramitadas', async () => {
    const id = await rascunhoEnviado();
    const resposta = await cancelar(m.s.ana, id, { motivo: '  Destino errado  ' });
    expect(resposta.statusCode).toBe(200);
    expect(resposta.json() as Documento).toMatchObject({
      idDocumento: id,
      situacao: 'EM_CRIACAO',
      unidadeAtual: { id: m.c.unidades.protocolo.id },
      idDestino: null,
      podeReceber: false,
      ultimaTramitacao: null,
      dataEnvio: null,
      dataValidade: null,
    });
    const doc = await documento(id);
    expect(doc).toMatchObject({ situacao: 'EM_CRIACAO', estadoProcessamento: 6, dataEnvio: null, dataValidade: null });
    const [t1] = await tramitacoes(id);
    expect(t1).toMatchObject({
      idUsuarioCancelamento: m.c.usuarios.ana.id,
      motivoCancelamento: 'Destino errado',
      dtRecebimento: null,
    });
    expect(t1?.dtCancelamento).not.toBeNull();
    expect(await pecasDe(id)).toEqual([
      expect.objectContaining({ situacaoTramitacao: null, idPasso: null, sequenciaTramitacao: 1 }),
    ]);
    const [auditoria] = await auditoriaDocumento(db(), id, 'CANCELAR_ENVIO');
    expect(auditoria).toMatchObject({
      idUsuario: m.c.usuarios.ana.id,
      antes: { situacao: 'ENVIADO', estadoProcessamento: 1, idTramitacao: t1?.id },
      depois: { situacao: 'EM_CRIACAO', estadoProcessamento: 6, motivo: 'Destino errado', pecasDesmarcadas: 1 },
    });

    // The history keeps it, with who and why; the destination may no longer receive it.
    const historico = (await m.api.get(m.s.ana, `/documentos/${id}/tramitacoes`)).json() as Tramitacao[];
    expect(historico[0]?.cancelamento).toMatchObject({ usuario: 'Ana Paula', motivo: 'Destino errado' });
    const recebimento = await m.api.receber(m.s.bruno, id);
    expect(recebimento.statusCode).toBe(409);
    expect(recebimento.json().mensagem).toBe(MENSAGENS.cancelamentoEnvio.envioCancelado);

    // Sent again: a new movement, the peça goes with it.
    expect((await m.api.enviar(m.s.ana, id, encaminhar(m.c.unidades.departamento.id))).statusCode).toBe(201);
    expect((await tramitacoes(id)).map((t) => t.sequencia)).toEqual([1, 2]);
    expect(await pecasDe(id)).toEqual([expect.objectContaining({ situacaoTramitacao: 'T', sequenciaTramitacao: 2 })]);
    expect((await documento(id)).dataValidade).not.toBeNull();
  });

  it('envio seguinte: volta a RECEBIDO na unidade, com a data de envio e o estado de antes; só as peças dele', async () => {
    const id = await naPrograd();
    const antes = await documento(id);
    const [nova] = await adicionarPecas(m.t, { idDocumento: id, idUsuario: m.c.usuarios.bruno.id });
    const envio = await m.api.enviar(m.s.bruno, id, {
      idPasso: m.c.fluxos.livreOficio.concluir,
      idDestino: m.c.unidades.departamento.id,
      despacho: 'Concluído',
    });
    expect(envio.statusCode).toBe(201);
    expect((await documento(id)).estadoProcessamento).toBe(3);
    const pecasAntes = await pecasDe(id);
    expect(pecasAntes.filter((p) => p.situacaoTramitacao === 'T')).toHaveLength(pecasAntes.length);

    const resposta = await cancelar(m.s.bruno, id);
    expect(resposta.statusCode).toBe(200);
    expect(resposta.json()).toMatchObject({ situacao: 'RECEBIDO', unidadeAtual: { id: m.c.unidades.outra.id } });
    const depois = await documento(id);
    expect(depois).toMatchObject({
      situacao: 'RECEBIDO',
      estadoProcessamento: antes.estadoProcessamento,
      idUnidadeAtual: m.c.unidades.outra.id,
      prazo: antes.prazo,
    });
    expect(new Date(depois.dataEnvio as Date).getTime()).toBe(new Date(antes.dataEnvio as Date).getTime());
    expect(new Date(depois.dataValidade as Date).getTime()).toBe(new Date(antes.dataValidade as Date).getTime());
    const pecas = await pecasDe(id);
    expect(pecas.find((p) => p.id === nova?.idPeca)).toMatchObject({ situacaoTramitacao: null, idPasso: null });
    expect(pecas.filter((p) => p.id !== nova?.idPeca).every((p) => p.situacaoTramitacao === 'T')).toBe(true);
    // The destination no longer has it to receive.
    const paraCarla = (await m.api.get(m.s.carla, `/documentos/${id}`)).json() as Documento;
    expect(paraCarla).toMatchObject({ podeReceber: false, idDestino: null, situacao: 'RECEBIDO' });
    const recebimento = await m.api.receber(m.s.carla, id);
    expect(recebimento.statusCode).toBe(409);
    expect(recebimento.json().mensagem).toBe(MENSAGENS.cancelamentoEnvio.envioCancelado);
    // Bruno's unit holds it again and may forward it.
    const fluxos = await m.fluxosDe(m.s.bruno, id);
    expect(fluxos.some((f) => f.passos.length > 0)).toBe(true);
  });

  it('documentos juntados voltam com o principal: suas tramitações canceladas e os dados restaurados', async () => {
    const pai = await novo();
    const filho = await novo();
    await juntar(pai, filho);
    const filhoAntes = await documento(filho);
    expect((await m.api.enviar(m.s.ana, pai, encaminhar(m.c.unidades.outra.id))).statusCode).toBe(201);
    expect((await documento(filho)).dataEnvio).not.toBeNull();

    const doFilho = await cancelar(m.s.ana, filho);
    expect(doFilho.statusCode).toBe(409);
    expect(doFilho.json().mensagem).toBe(MENSAGENS.cancelamentoEnvio.documentoJuntado);

    expect((await cancelar(m.s.ana, pai)).statusCode).toBe(200);
    const [tFilho] = await tramitacoes(filho);
    expect(tFilho?.dtCancelamento).not.toBeNull();
    expect(tFilho?.motivoCancelamento).toBe('Enviado por engano');
    expect(await documento(filho)).toMatchObject({
      situacao: 'E',
      estadoProcessamento: filhoAntes.estadoProcessamento,
      dataEnvio: null,
      idUnidadeAtual: filhoAntes.idUnidadeAtual,
    });
    const [auditoria] = await auditoriaDocumento(db(), pai, 'CANCELAR_ENVIO');
    expect(auditoria?.depois).toMatchObject({ agregados: [filho] });
  });

  it('recusas: outra unidade (403), já recebido, nada a cancelar, já cancelado (409); motivo (400); login e 404', async () => {
    const id = await rascunhoEnviado();
    for (const cookie of [m.s.bruno, m.s.carla, m.s.duda]) {
      const resposta = await cancelar(cookie, id);
      expect(resposta.statusCode).toBe(403);
      expect(resposta.json().mensagem).toBe(MENSAGENS.cancelamentoEnvio.somenteOrigem);
    }
    const semMotivo = await cancelar(m.s.ana, id, { motivo: '   ' });
    expect(semMotivo.statusCode).toBe(400);
    expect(semMotivo.json().mensagem).toBe(MENSAGENS.cancelamentoEnvio.informeMotivo);
    const longo = await cancelar(m.s.ana, id, { motivo: 'x'.repeat(501) });
    expect(longo.statusCode).toBe(400);
    expect(longo.json().mensagem).toBe(MENSAGENS.cancelamentoEnvio.motivoLongo);
    expect((await cancelar(m.s.ana, id, {})).statusCode).toBe(400);
    expect((await cancelar(undefined, id)).statusCode).toBe(401);
    expect((await cancelar(m.s.ana, 999_999)).statusCode).toBe(404);

    expect((await cancelar(m.s.ana, id)).statusCode).toBe(200);
    const deNovo = await cancelar(m.s.ana, id);
    expect(deNovo.statusCode).toBe(409);
    expect(deNovo.json().mensagem).toBe(MENSAGENS.cancelamentoEnvio.nadaACancelar);

    const recebido = await naPrograd();
    const tarde = await cancelar(m.s.ana, recebido);
    expect(tarde.statusCode).toBe(409);
    expect(tarde.json().mensagem).toBe(MENSAGENS.cancelamentoEnvio.jaRecebido);
    const nunca = await cancelar(m.s.ana, await novo());
    expect(nunca.statusCode).toBe(409);
    expect(nunca.json().mensagem).toBe(MENSAGENS.cancelamentoEnvio.nadaACancelar);
  });

  it('um envio registrado sem a situação anterior (dados antigos) não é cancelado, e nada muda', async () => {
    const id = await rascunhoEnviado();
    await db().updateTable('tramitacao').set({ situacaoAnterior: null }).where('idDocumento', '=', id).execute();
    const resposta = await cancelar(m.s.ana, id);
    expect(resposta.statusCode).toBe(409);
    expect(resposta.json().mensagem).toBe(MENSAGENS.cancelamentoEnvio.semEstadoAnterior);
    expect((await tramitacoes(id))[0]?.dtCancelamento).toBeNull();
    expect((await documento(id)).situacao).toBe('ENVIADO');
  });

  it('recebimento em nome da unidade (reencaminhamento) de um envio cancelado dá 409', async () => {
    const id = await naPrograd();
    expect((await m.api.enviar(m.s.bruno, id, encaminhar(m.c.unidades.departamento.id))).statusCode).toBe(201);
    expect((await cancelar(m.s.bruno, id)).statusCode).toBe(200);
    const resposta = await m.t.app.inject({
      method: 'POST',
      url: `/api/reencaminhamento/documento/${id}/receber`,
      headers: cabecalhosApp(m.s.admin),
    });
    expect(resposta.statusCode).toBe(409);
    expect(resposta.json().mensagem).toBe(MENSAGENS.cancelamentoEnvio.envioCancelado);
  });
});

describe('cancelamento e recebimento ao mesmo tempo', () => {
  it('exatamente um vence, o outro recebe 409 com a mensagem certa; o estado final é coerente (6 vezes, cada um chamado primeiro em metade)', async () => {
    for (let rodada = 0; rodada < 6; rodada++) {
      const id = await rascunhoEnviado();
      // The draft goes back to Ana's unit only: Bruno's view of a recalled draft is the recall, not a 404.
      // Each goes first half of the time.
      const [recall, receipt] =
        rodada % 2 === 0
          ? await Promise.all([cancelar(m.s.ana, id), m.api.receber(m.s.bruno, id)])
          : await Promise.all([m.api.receber(m.s.bruno, id), cancelar(m.s.ana, id)]).then(([r, c]) => [c, r] as const);
      expect([recall.statusCode, receipt.statusCode].sort()).toEqual([200, 409]);
      const [t1] = await tramitacoes(id);
      const doc = await documento(id);
      if (recall.statusCode === 200) {
        expect(receipt.json().mensagem).toBe(MENSAGENS.cancelamentoEnvio.envioCancelado);
        expect(t1).toMatchObject({ dtRecebimento: null });
        expect(t1?.dtCancelamento).not.toBeNull();
        expect(doc).toMatchObject({ situacao: 'EM_CRIACAO', idUnidadeAtual: m.c.unidades.protocolo.id });
      } else {
        expect(recall.json().mensagem).toBe(MENSAGENS.cancelamentoEnvio.jaRecebido);
        expect(t1).toMatchObject({ dtCancelamento: null });
        expect(t1?.dtRecebimento).not.toBeNull();
        expect(doc).toMatchObject({ situacao: 'RECEBIDO', idUnidadeAtual: m.c.unidades.outra.id });
      }
    }
  });

  it('dois cancelamentos simultâneos: um vale, o outro diz que não há o que cancelar', async () => {
    for (let rodada = 0; rodada < 3; rodada++) {
      const id = await rascunhoEnviado();
      const respostas = await Promise.all([cancelar(m.s.ana, id), cancelar(m.s.joao, id)]);
      expect(respostas.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(respostas.find((r) => r.statusCode === 409)?.json().mensagem).toBe(
        MENSAGENS.cancelamentoEnvio.nadaACancelar,
      );
      expect(await auditoriaDocumento(db(), id, 'CANCELAR_ENVIO')).toHaveLength(1);
    }
  });
});

describe('POST tramitacoes/cancelamento/lote', () => {
  it('cancela cada um por si, na ordem pedida, dizendo por que não', async () => {
    const a = await rascunhoEnviado();
    const recebido = await naPrograd();
    const b = await rascunhoEnviado();
    const numero = async (id: number) => (await documento(id)).numero;
    const resposta = await lote(m.s.ana, { idsDocumentos: [a, recebido, 999_999, b, a], motivo: 'Lote errado' });
    expect(resposta.statusCode).toBe(200);
    expect(resposta.json() as ResultadoCancelamentoLote[]).toEqual([
      { idDocumento: a, numero: await numero(a), cancelado: true, erro: null },
      {
        idDocumento: recebido,
        numero: await numero(recebido),
        cancelado: false,
        erro: MENSAGENS.cancelamentoEnvio.jaRecebido,
      },
      { idDocumento: 999_999, numero: null, cancelado: false, erro: MENSAGENS.autuacao.erroBuscarDadosDocumento },
      { idDocumento: b, numero: await numero(b), cancelado: true, erro: null },
    ]);
    expect((await documento(b)).situacao).toBe('EM_CRIACAO');
    // A recalled first sending is a draft of Ana's unit again: hidden from Bruno, so no number.
    const pelaOutra = await lote(m.s.bruno, { idsDocumentos: [a], motivo: 'x' });
    expect(pelaOutra.json()).toEqual([
      { idDocumento: a, numero: null, cancelado: false, erro: MENSAGENS.autuacao.erroBuscarDadosDocumento },
    ]);
  });

  it('valida o corpo: de 1 a 100 documentos e o motivo (400)', async () => {
    expect((await lote(m.s.ana, { idsDocumentos: [], motivo: 'x' })).statusCode).toBe(400);
    const muitos = Array.from({ length: 101 }, (_, i) => i + 1);
    expect((await lote(m.s.ana, { idsDocumentos: muitos, motivo: 'x' })).statusCode).toBe(400);
    const semMotivo = await lote(m.s.ana, { idsDocumentos: [1], motivo: '' });
    expect(semMotivo.statusCode).toBe(400);
    expect(semMotivo.json().mensagem).toBe(MENSAGENS.cancelamentoEnvio.informeMotivo);
  });
});

describe('avisos do cancelamento', () => {
  it('a unidade de destino (usuários e e-mail da unidade) e os acompanhantes; o motivo só para quem vê o despacho', async () => {
    await db()
      .updateTable('usuario')
      .set({ notificacoesPorEmail: true })
      .where('username', 'in', ['ana', 'joao', 'bruno', 'duda', 'carla', 'vera'])
      .execute();
    await db()
      .updateTable('unidade')
      .set({ email: 'prograd@ufex.edu.br' })
      .where('id', '=', m.c.unidades.outra.id)
      .execute();
    const id = await naPrograd();
    // A restricted sending from PROGRAD to the Departamento, followed by Carla (destination), Vera (unrestricted
    // reader), João (neither end) and Bruno (the author).
    const envio = await m.api.enviar(m.s.bruno, id, {
      ...encaminhar(m.c.unidades.departamento.id),
      nivelAcesso: 'R',
      idHipoteseLegal: m.c.hipoteses.informacaoPessoal,
    });
    expect(envio.statusCode).toBe(201);
    for (const nome of ['carla', 'vera', 'joao', 'bruno'] as const) {
      await db()
        .insertInto('favorito')
        .values({ idUsuario: m.c.usuarios[nome].id, idDocumento: id, acompanhadoPorEmail: true })
        .execute();
    }
    const ultimoId =
      (
        await db()
          .selectFrom('emailSaida')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirst()
      )?.id ?? 0;
    expect((await cancelar(m.s.bruno, id, { motivo: 'Faltou o parecer' })).statusCode).toBe(200);
    const emails = await db()
      .selectFrom('emailSaida')
      .select(['para', 'assunto', 'texto'])
      .where('id', '>', Number(ultimoId))
      .orderBy('para')
      .execute();
    const numero = (await documento(id)).numero;
    expect(emails.map((e) => e.para)).toEqual(['carla@ufex.edu.br', 'joao@ufex.edu.br', 'vera@ufex.edu.br']);
    const de = (para: string) => emails.find((e) => e.para === para)?.texto ?? '';
    for (const e of emails) expect(e.assunto).toBe(`Documento ${numero}: envio à unidade DHIS cancelado`);
    // Carla is told as the destination's user (once, though she also follows it), with the reason.
    expect(de('carla@ufex.edu.br')).toContain('Prezado(a) Carla Menezes,');
    expect(de('carla@ufex.edu.br')).toContain('foi cancelado por Bruno Henrique');
    expect(de('carla@ufex.edu.br')).toContain('Motivo: Faltou o parecer');
    expect(de('carla@ufex.edu.br')).toContain('lotado(a) na unidade DHIS');
    expect(de('vera@ufex.edu.br')).toContain('Motivo: Faltou o parecer');
    expect(de('vera@ufex.edu.br')).toContain('acompanha este documento');
    expect(de('joao@ufex.edu.br')).toContain('foi cancelado por Bruno Henrique');
    expect(de('joao@ufex.edu.br')).not.toContain('Faltou o parecer');
  });

  it('o e-mail da unidade de destino também é avisado, uma vez', async () => {
    await db()
      .updateTable('unidade')
      .set({ email: 'dhis@ufex.edu.br' })
      .where('id', '=', m.c.unidades.departamento.id)
      .execute();
    await db().updateTable('usuario').set({ notificacoesPorEmail: false }).where('username', '=', 'carla').execute();
    const id = await naPrograd();
    expect((await m.api.enviar(m.s.bruno, id, encaminhar(m.c.unidades.departamento.id))).statusCode).toBe(201);
    const ultimoId =
      (
        await db()
          .selectFrom('emailSaida')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirst()
      )?.id ?? 0;
    expect((await cancelar(m.s.bruno, id, { motivo: 'Destino errado' })).statusCode).toBe(200);
    const emails = await db()
      .selectFrom('emailSaida')
      .select(['para', 'texto'])
      .where('id', '>', Number(ultimoId))
      .execute();
    expect(emails.map((e) => e.para)).toEqual(['dhis@ufex.edu.br']);
    expect(emails[0]?.texto).toContain('Prezados(as) da unidade DHIS,');
    expect(emails[0]?.texto).toContain('Motivo: Destino errado');
    expect(emails[0]?.texto).toContain(`/documentos/${id}`);
    await db().updateTable('unidade').set({ email: null }).where('id', '=', m.c.unidades.departamento.id).execute();
  });
});
