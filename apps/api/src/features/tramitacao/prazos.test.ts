import {
  criarCalendario,
  dataBr,
  dataEmSaoPaulo,
  MENSAGENS,
  type PrazoAlterado,
  type ResultadoLote,
  somarDias,
  type Tramitacao,
} from '@tramite/shared';
import { describe, expect, it } from 'vitest';
import { cabecalhosApp } from '../../testing/app-teste.ts';
import { usarTramitacao } from '../../testing/cenarios/tramitacao.ts';
import { esperarErro } from '../../testing/respostas.ts';

const m = usarTramitacao();
const { db, novo, encaminhar, naPrograd, documento } = m;

// The test database has no institutional days: the shared calendar of national days is the server's.
const calendario = criarCalendario();
const hoje = () => dataEmSaoPaulo();
const diaUtil = (n: number) => calendario.somarDiasUteis(hoje(), n);
/** The first Saturday or Sunday after today. */
function proximoFimDeSemana(): string {
  let dia = somarDias(hoje(), 1);
  while (calendario.motivoNaoUtil(dia) === null || !['Sábado', 'Domingo'].includes(calendario.motivoNaoUtil(dia) ?? ''))
    dia = somarDias(dia, 1);
  return dia;
}

const patch = (cookie: string, url: string, payload: Record<string, unknown>) =>
  m.t.app.inject({ method: 'PATCH', url: `/api${url}`, headers: cabecalhosApp(cookie), payload });
const tramitacaoDe = (id: number) =>
  db()
    .selectFrom('tramitacao')
    .select(['id', 'prazo', 'origemPrazo', 'retornoProgramado', 'idUnidadeDestino'])
    .where('idDocumento', '=', id)
    .orderBy('sequencia', 'desc')
    .executeTakeFirstOrThrow();
const alteracoesDe = (id: number) =>
  db()
    .selectFrom('prazoAlteracao')
    .select(['tipo', 'anterior', 'novo', 'motivo', 'idUsuario', 'idUnidade', 'idTramitacao'])
    .where('idDocumento', '=', id)
    .orderBy('id')
    .execute();

describe('prazo no envio (POST documentos/{id}/tramitacoes)', () => {
  it('sem prazo informado usa o padrão do passo (GET fluxos o mostra); null explícito deixa sem prazo', async () => {
    const { chefia } = m.c.fluxos.especifico;
    await db().updateTable('passo').set({ prazoDiasUteis: 3 }).where('id', '=', chefia).execute();
    try {
      const id = await novo();
      const fluxos = await m.fluxosDe(m.s.ana, id);
      const passo = fluxos.flatMap((f) => f.passos).find((p) => p.id === chefia);
      expect(passo?.prazoDiasUteis).toBe(3);
      expect(
        fluxos.flatMap((f) => f.passos).find((p) => p.id === m.c.fluxos.livreOficio.encaminhar)?.prazoDiasUteis,
      ).toBeNull();

      const resposta = await m.api.enviar(m.s.ana, id, { idPasso: chefia, idDestino: m.c.unidades.reitoria.id });
      expect(resposta.statusCode, resposta.body).toBe(201);
      expect(resposta.json()).toMatchObject({ prazo: diaUtil(3), origemPrazo: 'PASSO', retornoProgramado: null });
      expect((await documento(id)).prazo).toBe(diaUtil(3));

      const semPrazo = await novo();
      const nulo = await m.api.enviar(m.s.ana, semPrazo, {
        idPasso: chefia,
        idDestino: m.c.unidades.reitoria.id,
        prazo: null,
      });
      expect(nulo.json()).toMatchObject({ prazo: null, origemPrazo: null });
      expect((await documento(semPrazo)).prazo).toBeNull();
    } finally {
      await db().updateTable('passo').set({ prazoDiasUteis: null }).where('id', '=', chefia).execute();
    }
  });

  it('o remetente dá uma data ou N dias úteis, e um retorno programado; o histórico e a última tramitação os mostram', async () => {
    const id = await novo();
    const resposta = await m.api.enviar(
      m.s.ana,
      id,
      encaminhar(m.c.unidades.outra.id, { prazo: { diasUteis: 5 }, retornoProgramado: diaUtil(10) }),
    );
    expect(resposta.statusCode, resposta.body).toBe(201);
    expect(resposta.json()).toMatchObject({
      prazo: diaUtil(5),
      origemPrazo: 'REMETENTE',
      retornoProgramado: diaUtil(10),
    });
    expect((await documento(id)).prazo).toBe(diaUtil(5));
    const ultima = (await m.api.get(m.s.bruno, `/documentos/${id}/ultima-tramitacao`)).json() as Tramitacao;
    expect(ultima).toMatchObject({ prazo: diaUtil(5), origemPrazo: 'REMETENTE', retornoProgramado: diaUtil(10) });

    const outro = await novo();
    const data = diaUtil(2);
    const comData = await m.api.enviar(m.s.ana, outro, encaminhar(m.c.unidades.outra.id, { prazo: { data } }));
    expect(comData.json()).toMatchObject({ prazo: data, origemPrazo: 'REMETENTE' });
    const auditoria = await db()
      .selectFrom('auditoria')
      .select('depois')
      .where('acao', '=', 'TRAMITAR_DOCUMENTO')
      .where('idEntidade', '=', String(outro))
      .executeTakeFirstOrThrow();
    expect(auditoria.depois).toMatchObject({ prazo: data, origemPrazo: 'REMETENTE', retornoProgramado: null });
  });

  it('recusa data não útil, passada, além de 365 dias, dias úteis fora de 1..365 e retorno antes do prazo (400); nada é enviado', async () => {
    const id = await novo();
    const fimDeSemana = proximoFimDeSemana();
    const casos: [Record<string, unknown>, string, string][] = [
      [
        { prazo: { data: fimDeSemana } },
        MENSAGENS.prazos.diaNaoUtil(dataBr(fimDeSemana), calendario.motivoNaoUtil(fimDeSemana) ?? ''),
        'prazo',
      ],
      [{ prazo: { data: somarDias(hoje(), -1) } }, MENSAGENS.prazos.noPassado, 'prazo'],
      [{ prazo: { data: somarDias(hoje(), 366) } }, MENSAGENS.prazos.muitoDistante, 'prazo'],
      [{ prazo: { data: '2026-02-30' } }, MENSAGENS.prazos.dataInvalida, 'prazo'],
      [
        { prazo: { data: diaUtil(5) }, retornoProgramado: diaUtil(4) },
        MENSAGENS.prazos.retornoAntesDoPrazo,
        'retornoProgramado',
      ],
      [{ retornoProgramado: somarDias(hoje(), -3) }, MENSAGENS.prazos.retornoNoPassado, 'retornoProgramado'],
    ];
    for (const [extra, mensagem, campo] of casos) {
      const resposta = await m.api.enviar(m.s.ana, id, encaminhar(m.c.unidades.outra.id, extra));
      esperarErro(resposta, 400, 'REQUISICAO_INVALIDA', mensagem, [{ campo, mensagem }]);
    }
    for (const diasUteis of [0, 366, 2.5]) {
      const resposta = await m.api.enviar(m.s.ana, id, encaminhar(m.c.unidades.outra.id, { prazo: { diasUteis } }));
      expect(resposta.statusCode).toBe(400);
      expect(resposta.json().erros).toContainEqual(
        expect.objectContaining({ mensagem: MENSAGENS.prazos.diasUteisInvalidos }),
      );
    }
    expect((await documento(id)).situacao).toBe('EM_CRIACAO');
  });

  it('arquivar e concluir não levam prazo nem retorno programado (400)', async () => {
    const id = await naPrograd();
    const arquivar = {
      idPasso: m.c.fluxos.livreOficio.arquivar,
      idDestino: m.c.unidades.arquivo.id,
      despacho: 'Arquive-se',
    };
    for (const extra of [{ prazo: { diasUteis: 2 } }, { retornoProgramado: diaUtil(3) }]) {
      const resposta = await m.api.enviar(m.s.bruno, id, { ...arquivar, ...extra });
      expect(resposta.statusCode).toBe(400);
      expect(resposta.json().mensagem).toBe(MENSAGENS.prazos.passoSemPrazo);
    }
    const semPrazo = await m.api.enviar(m.s.bruno, id, arquivar);
    expect(semPrazo.statusCode).toBe(201);
    expect(semPrazo.json()).toMatchObject({ prazo: null, origemPrazo: null, retornoProgramado: null });
  });

  it('em lote, um só prazo para todos; um prazo inválido recusa o pedido inteiro', async () => {
    const ids = [await novo(), await novo()];
    const lote = (payload: Record<string, unknown>) =>
      m.t.app.inject({ method: 'POST', url: '/api/tramitacoes/lote', headers: cabecalhosApp(m.s.ana), payload });
    const corpo = { idsDocumentos: ids, idPasso: m.c.fluxos.livreOficio.encaminhar, idDestino: m.c.unidades.outra.id };
    const invalido = await lote({ ...corpo, prazo: { data: somarDias(hoje(), -1) } });
    esperarErro(invalido, 400, 'REQUISICAO_INVALIDA', MENSAGENS.prazos.noPassado, [
      { campo: 'prazo', mensagem: MENSAGENS.prazos.noPassado },
    ]);
    const resposta = await lote({ ...corpo, prazo: { diasUteis: 4 }, retornoProgramado: diaUtil(6) });
    expect((resposta.json() as ResultadoLote[]).every((r) => r.tramitado)).toBe(true);
    for (const id of ids) {
      expect(await tramitacaoDe(id)).toMatchObject({
        prazo: diaUtil(4),
        origemPrazo: 'REMETENTE',
        retornoProgramado: diaUtil(6),
      });
      expect((await documento(id)).prazo).toBe(diaUtil(4));
    }
  });

  it('reencaminhamento aceita prazo e retorno programado', async () => {
    const id = await naPrograd();
    const resposta = await m.t.app.inject({
      method: 'POST',
      url: `/api/reencaminhamento/documento/${id}/tramitacoes`,
      headers: cabecalhosApp(m.s.admin),
      payload: {
        idPasso: m.c.fluxos.livreOficio.encaminhar,
        idDestino: m.c.unidades.departamento.id,
        prazo: { diasUteis: 7 },
      },
    });
    expect(resposta.statusCode, resposta.body).toBe(201);
    expect(resposta.json()).toMatchObject({ prazo: diaUtil(7), origemPrazo: 'REMETENTE', reencaminhamento: true });
    expect((await documento(id)).prazo).toBe(diaUtil(7));
  });

  it('filhos juntados não têm prazo próprio', async () => {
    const pai = await novo();
    const filho = await novo();
    await m.juntar(pai, filho);
    const resposta = await m.api.enviar(m.s.ana, pai, encaminhar(m.c.unidades.outra.id, { prazo: { diasUteis: 3 } }));
    expect(resposta.statusCode, resposta.body).toBe(201);
    expect((await tramitacaoDe(filho)).prazo).toBeNull();
    expect((await tramitacaoDe(pai)).prazo).toBe(diaUtil(3));
  });
});

describe('PATCH documentos/{id}/prazo', () => {
  /** Sent by Ana with a deadline of 5 business days and received by Bruno at PROGRAD. */
  async function comPrazoNaPrograd(): Promise<number> {
    const id = await novo();
    const envio = await m.api.enviar(m.s.ana, id, encaminhar(m.c.unidades.outra.id, { prazo: { diasUteis: 5 } }));
    expect(envio.statusCode).toBe(201);
    expect((await m.api.receber(m.s.bruno, id)).statusCode).toBe(200);
    return id;
  }

  it('a unidade que detém o documento altera e retira o prazo, com motivo: histórico, documento e auditoria', async () => {
    const id = await comPrazoNaPrograd();
    const resposta = await patch(m.s.bruno, `/documentos/${id}/prazo`, {
      prazo: diaUtil(8),
      motivo: 'Aguardando parecer',
    });
    expect(resposta.statusCode, resposta.body).toBe(200);
    const { id: idTramitacao } = await tramitacaoDe(id);
    expect(resposta.json() as PrazoAlterado).toEqual({
      idTramitacao,
      prazo: diaUtil(8),
      origemPrazo: 'REMETENTE',
      retornoProgramado: null,
    } satisfies PrazoAlterado);
    expect((await documento(id)).prazo).toBe(diaUtil(8));
    // The document page says who changed it last, no longer only who set it.
    const ultima = (await m.api.get(m.s.bruno, `/documentos/${id}/ultima-tramitacao`)).json() as Tramitacao;
    expect(ultima.prazoAlterado?.usuario).toBe(m.c.usuarios.bruno.nome);
    const retirado = await patch(m.s.bruno, `/documentos/${id}/prazo`, { prazo: null, motivo: 'Sem urgência' });
    expect(retirado.json()).toMatchObject({ prazo: null, origemPrazo: null });
    expect((await documento(id)).prazo).toBeNull();
    expect(await alteracoesDe(id)).toEqual([
      {
        tipo: 'PRAZO',
        anterior: diaUtil(5),
        novo: diaUtil(8),
        motivo: 'Aguardando parecer',
        idUsuario: m.c.usuarios.bruno.id,
        idUnidade: m.c.unidades.outra.id,
        idTramitacao,
      },
      {
        tipo: 'PRAZO',
        anterior: diaUtil(8),
        novo: null,
        motivo: 'Sem urgência',
        idUsuario: m.c.usuarios.bruno.id,
        idUnidade: m.c.unidades.outra.id,
        idTramitacao,
      },
    ]);
    const auditoria = await db()
      .selectFrom('auditoria')
      .select(['idUsuario', 'antes', 'depois'])
      .where('acao', '=', 'ALTERAR_PRAZO')
      .where('idEntidade', '=', String(id))
      .orderBy('id')
      .execute();
    expect(auditoria).toHaveLength(2);
    expect(auditoria[0]).toMatchObject({ idUsuario: m.c.usuarios.bruno.id, depois: { prazo: diaUtil(8) } });
  });

  it('só a unidade que detém o documento recebido (403); enviado e ainda não recebido também não (403)', async () => {
    const id = await comPrazoNaPrograd();
    const corpo = { prazo: diaUtil(9), motivo: 'Tentativa' };
    esperarErro(
      await patch(m.s.ana, `/documentos/${id}/prazo`, corpo),
      403,
      'SEM_PERMISSAO',
      MENSAGENS.prazos.somenteDetentor,
    );
    esperarErro(
      await patch(m.s.carla, `/documentos/${id}/prazo`, corpo),
      403,
      'SEM_PERMISSAO',
      MENSAGENS.prazos.somenteDetentor,
    );
    const pendente = await naPrograd(false);
    esperarErro(
      await patch(m.s.bruno, `/documentos/${pendente}/prazo`, corpo),
      403,
      'SEM_PERMISSAO',
      MENSAGENS.prazos.somenteDetentor,
    );
    const anonimo = await m.t.app.inject({
      method: 'PATCH',
      url: `/api/documentos/${id}/prazo`,
      headers: cabecalhosApp(undefined),
      payload: corpo,
    });
    expect(anonimo.statusCode).toBe(401);
    expect(await alteracoesDe(id)).toEqual([]);
  });

  it('recusa prazo igual ao atual, data inválida e motivo ausente (400)', async () => {
    const id = await comPrazoNaPrograd();
    esperarErro(
      await patch(m.s.bruno, `/documentos/${id}/prazo`, { prazo: diaUtil(5), motivo: 'Mesmo' }),
      400,
      'REQUISICAO_INVALIDA',
      MENSAGENS.prazos.prazoIgual,
      [{ campo: 'prazo', mensagem: MENSAGENS.prazos.prazoIgual }],
    );
    const fimDeSemana = proximoFimDeSemana();
    const naoUtil = await patch(m.s.bruno, `/documentos/${id}/prazo`, { prazo: fimDeSemana, motivo: 'Fim de semana' });
    expect(naoUtil.statusCode).toBe(400);
    expect(naoUtil.json().mensagem).toBe(
      MENSAGENS.prazos.diaNaoUtil(dataBr(fimDeSemana), calendario.motivoNaoUtil(fimDeSemana) ?? ''),
    );
    const passado = await patch(m.s.bruno, `/documentos/${id}/prazo`, { prazo: somarDias(hoje(), -2), motivo: 'x' });
    expect(passado.json().mensagem).toBe(MENSAGENS.prazos.noPassado);
    const semMotivo = await patch(m.s.bruno, `/documentos/${id}/prazo`, { prazo: diaUtil(9), motivo: ' ' });
    expect(semMotivo.statusCode).toBe(400);
    expect(semMotivo.json().erros).toEqual([{ campo: 'body.motivo', mensagem: MENSAGENS.prazos.motivoObrigatorio }]);
    expect(await alteracoesDe(id)).toEqual([]);
  });

  it('alterações simultâneas: com o documento travado, a mesma data vale uma vez e as outras se encadeiam', async () => {
    const id = await comPrazoNaPrograd();
    const iguais = await Promise.all(
      [1, 2, 3].map(() => patch(m.s.bruno, `/documentos/${id}/prazo`, { prazo: diaUtil(9), motivo: 'Corrida' })),
    );
    expect(iguais.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
    const diferentes = await Promise.all(
      [10, 11].map((n) => patch(m.s.bruno, `/documentos/${id}/prazo`, { prazo: diaUtil(n), motivo: `Dia ${n}` })),
    );
    expect(diferentes.map((r) => r.statusCode)).toEqual([200, 200]);
    const historico = await alteracoesDe(id);
    expect(historico).toHaveLength(3);
    // Each change starts from the one before it: no change is lost.
    expect(historico[1]?.anterior).toBe(historico[0]?.novo);
    expect(historico[2]?.anterior).toBe(historico[1]?.novo);
    expect((await documento(id)).prazo).toBe(historico[2]?.novo);
  });
});

describe('PATCH documentos/{id}/prazo contra um envio simultâneo', () => {
  it('o documento travado decide: alterado antes do envio, ou recusado (403/409) depois; o prazo do documento é sempre o da última tramitação', async () => {
    const id = await novo();
    await m.api.enviar(m.s.ana, id, encaminhar(m.c.unidades.outra.id, { prazo: { diasUteis: 5 } }));
    await m.api.receber(m.s.bruno, id);
    const [alteracao, envio] = await Promise.all([
      patch(m.s.bruno, `/documentos/${id}/prazo`, { prazo: diaUtil(9), motivo: 'Corrida com o envio' }),
      m.api.enviar(m.s.bruno, id, encaminhar(m.c.unidades.departamento.id, { prazo: { diasUteis: 2 } })),
    ]);
    expect(envio.statusCode).toBe(201);
    expect([200, 403, 409]).toContain(alteracao.statusCode);
    if (alteracao.statusCode === 409) expect(alteracao.json().mensagem).toBe(MENSAGENS.prazos.documentoMudou);
    expect((await documento(id)).prazo).toBe(diaUtil(2));
    expect(await tramitacaoDe(id)).toMatchObject({ prazo: diaUtil(2), idUnidadeDestino: m.c.unidades.departamento.id });
  });
});

describe('PATCH documentos/{id}/retorno-programado', () => {
  it('a unidade que programou o retorno o altera enquanto o documento não voltou; depois, 403', async () => {
    const id = await novo();
    await m.api.enviar(
      m.s.ana,
      id,
      encaminhar(m.c.unidades.outra.id, { prazo: { diasUteis: 3 }, retornoProgramado: diaUtil(6) }),
    );
    const url = `/documentos/${id}/retorno-programado`;
    esperarErro(
      await patch(m.s.bruno, url, { data: diaUtil(7), motivo: 'Não sou eu' }),
      403,
      'SEM_PERMISSAO',
      MENSAGENS.prazos.somenteQuemProgramou,
    );
    esperarErro(
      await patch(m.s.ana, url, { data: diaUtil(2), motivo: 'Antes do prazo' }),
      400,
      'REQUISICAO_INVALIDA',
      MENSAGENS.prazos.retornoAntesDoPrazo,
      [{ campo: 'data', mensagem: MENSAGENS.prazos.retornoAntesDoPrazo }],
    );
    const igual = await patch(m.s.ana, url, { data: diaUtil(6), motivo: 'Igual' });
    expect(igual.json().mensagem).toBe(MENSAGENS.prazos.retornoIgual);
    const resposta = await patch(m.s.ana, url, { data: diaUtil(8), motivo: 'Mais tempo' });
    expect(resposta.statusCode, resposta.body).toBe(200);
    expect(resposta.json()).toMatchObject({ prazo: diaUtil(3), retornoProgramado: diaUtil(8) });
    expect(await tramitacaoDe(id)).toMatchObject({ retornoProgramado: diaUtil(8) });
    expect(await alteracoesDe(id)).toMatchObject([
      { tipo: 'RETORNO_PROGRAMADO', anterior: diaUtil(6), novo: diaUtil(8), motivo: 'Mais tempo' },
    ]);

    // PROGRAD receives it and sends it back: the return is met, no longer changeable.
    expect((await m.api.receber(m.s.bruno, id)).statusCode).toBe(200);
    const devolvido = await m.api.enviar(m.s.bruno, id, encaminhar(m.c.unidades.protocolo.id));
    expect(devolvido.statusCode).toBe(201);
    esperarErro(
      await patch(m.s.ana, url, { data: diaUtil(9), motivo: 'Tarde demais' }),
      403,
      'SEM_PERMISSAO',
      MENSAGENS.prazos.somenteQuemProgramou,
    );
  });
});
