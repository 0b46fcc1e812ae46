import { MENSAGENS, type Peca } from '@tramite/shared';
import { describe, expect, it } from 'vitest';
import { cabecalhosApp } from '../../testing/app-teste.ts';
import { usarAlteracoesPecas } from '../../testing/cenarios/pecas.ts';

const A = MENSAGENS.arquivos;
const a = usarAlteracoesPecas();
const { db, patch, mover, novoDocumento, comPecas, ordem, idsDe } = a;

describe('edição de uma peça', () => {
  const edicao = (peca: Peca, corpo: Record<string, unknown>, cookie = a.ana) =>
    patch(cookie, `${peca.idDocumento}/pecas/${peca.idAcessoAnexo}`, {
      idAnexo: peca.idAnexo,
      descricao: 'Ofício com dados pessoais',
      tipoCopia: 'A',
      nivelAcesso: 'R',
      idHipoteseLegal: a.ids.hipotese,
      justificativaAlteracao: 'Contém CPF do interessado',
      ...corpo,
    });

  it('altera descrição, tipo de cópia, nível de acesso e hipótese legal, e audita antes e depois', async () => {
    const peca = a.pecas[1] as Peca;
    const resposta = await edicao(peca, {});
    expect(resposta.statusCode, resposta.body).toBe(200);
    expect(resposta.json()).toMatchObject({
      idAcessoAnexo: peca.idAcessoAnexo,
      descricao: 'Ofício com dados pessoais',
      tipoCopia: 'A',
      nivelAcesso: 'R',
      idHipoteseLegal: a.ids.hipotese,
      justificativaAlteracao: 'Contém CPF do interessado',
      sequencial: 2,
    });
    const auditoria = await db()
      .selectFrom('auditoria')
      .selectAll()
      .where('acao', '=', 'ALTERAR_PECA')
      .where('idEntidade', '=', String(peca.idAcessoAnexo))
      .executeTakeFirstOrThrow();
    expect(auditoria.antes).toMatchObject({
      descricao: 'Peça 2',
      tipoCopia: 'N',
      nivelAcesso: 'P',
      idHipoteseLegal: null,
    });
    expect(auditoria.depois).toMatchObject({ descricao: 'Ofício com dados pessoais', nivelAcesso: 'R' });

    const publica = await edicao(peca, { nivelAcesso: 'P', idHipoteseLegal: a.ids.hipotese, descricao: '' });
    expect(publica.json()).toMatchObject({ nivelAcesso: 'P', idHipoteseLegal: null, descricao: null });
  });

  it.each([
    ['alteração sem justificativa', { justificativaAlteracao: '  ' }, 400, A.justificativaAlteracaoObrigatoria],
    ['nível R sem hipótese legal', { idHipoteseLegal: null }, 400, A.hipoteseObrigatoria],
    ['hipótese legal desconhecida', { idHipoteseLegal: 424242 }, 400, A.hipoteseInvalida],
    ['idAnexo de outro anexo', { idAnexo: 424242 }, 400, A.anexoDivergente],
  ])('recusa %s', async (_caso, corpo, status, mensagem) => {
    const resposta = await edicao(a.pecas[0] as Peca, corpo);
    expect(resposta.statusCode).toBe(status);
    expect(resposta.json().mensagem).toBe(mensagem);
  });

  it('recusa outra unidade (403) e quem não entrou (401)', async () => {
    const outra = await edicao(a.pecas[0] as Peca, {}, a.bruno);
    expect(outra.statusCode).toBe(403);
    expect(outra.json().mensagem).toBe(A.apenasUnidadeAtual);
    const anonimo = await a.t.app.inject({
      method: 'PATCH',
      url: `/api/documentos/${a.idDocumento}/pecas/${a.pecas[0]?.idAcessoAnexo}`,
      headers: cabecalhosApp(),
      payload: { sequencial: 1 },
    });
    expect(anonimo.statusCode).toBe(401);
  });

  it('responde 404 para uma peça de outro documento', async () => {
    const outro = await novoDocumento();
    const resposta = await patch(a.ana, `${outro}/pecas/${a.pecas[0]?.idAcessoAnexo}`, { sequencial: 1 });
    expect(resposta.statusCode).toBe(404);
    expect(resposta.json().mensagem).toBe(A.pecaNaoEncontrada);
  });
});

describe('alteração do sequencial (spec §4)', () => {
  it('move uma peça e desloca as intermediárias, nos dois sentidos', async () => {
    const baixo = await mover(a.pecas[0] as Peca, 4);
    expect(baixo.statusCode, baixo.body).toBe(200);
    expect(baixo.json().sequencial).toBe(4);
    expect(await ordem()).toEqual(idsDe(1, 2, 3, 0, 4));
    const cima = await mover(a.pecas[4] as Peca, 2);
    expect(cima.json().sequencial).toBe(2);
    expect(await ordem()).toEqual(idsDe(1, 4, 2, 3, 0));
  });

  it('limita a 1..n quando nenhuma peça foi enviada', async () => {
    expect((await mover(a.pecas[2] as Peca, 99)).json().sequencial).toBe(5);
    expect((await mover(a.pecas[2] as Peca, -3)).json().sequencial).toBe(1);
    expect(await ordem()).toEqual(idsDe(2, 0, 1, 3, 4));
  });

  it('limita ao mínimo e ao máximo entre as peças com situacaoTramitacao T', async () => {
    await db()
      .updateTable('peca')
      .set({ situacaoTramitacao: 'T' })
      .where('id', 'in', idsDe(1, 2, 3))
      .execute();
    expect((await mover(a.pecas[4] as Peca, 1)).json().sequencial).toBe(2);
    expect(await ordem()).toEqual(idsDe(0, 4, 1, 2, 3));
    // The bounds are where the T peças are now (3..5), not where they were.
    expect((await mover(a.pecas[0] as Peca, 1)).json().sequencial).toBe(3);
    expect(await ordem()).toEqual(idsDe(4, 1, 0, 2, 3));
    expect((await mover(a.pecas[0] as Peca, 9)).json().sequencial).toBe(5);
    expect(await ordem()).toEqual(idsDe(4, 1, 2, 3, 0));
  });

  it('recusa sequencial não numérico', async () => {
    const resposta = await mover(a.pecas[0] as Peca, 'primeiro');
    expect(resposta.statusCode).toBe(400);
    expect(resposta.json().mensagem).toBe(A.sequencialInvalido);
  });

  it('mantém 1..n sem repetição com 10 movimentações simultâneas', async () => {
    const mais = await comPecas(a.idDocumento, 5);
    const todas = [...a.pecas, ...mais];
    const pedidos = [
      [0, 10],
      [9, 1],
      [3, 7],
      [5, 2],
      [7, 4],
      [1, 9],
      [8, 3],
      [2, 6],
      [6, 5],
      [4, 8],
    ] as const;
    const respostas = await Promise.all(pedidos.map(([i, destino]) => mover(todas[i] as Peca, destino)));
    expect(respostas.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const final = await ordem();
    expect([...final].sort((a, b) => a - b)).toEqual(todas.map((p) => p.idAcessoAnexo).sort((a, b) => a - b));
    const auditorias = await db()
      .selectFrom('auditoria')
      .select('idEntidade')
      .where('acao', '=', 'ALTERAR_SEQUENCIAL_PECA')
      .where(
        'idEntidade',
        'in',
        todas.map((p) => String(p.idAcessoAnexo)),
      )
      .execute();
    expect(auditorias).toHaveLength(10);
  });
});
