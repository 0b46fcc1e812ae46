import { MENSAGENS, type Peca, type TipoDocumento } from '@tramite/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { cabecalhosApp } from '../../testing/app-teste.ts';
import { pdf } from '../../testing/arquivos.ts';
import { usarAlteracoesPecas } from '../../testing/cenarios/pecas.ts';
import { criarTipoDocumento } from '../../testing/fabricas.ts';
import { enviarPecas } from '../../testing/multipart.ts';

/**
 * Issue 24, decision 1 (migration 0031): the document type of a peça — chosen on upload or later with PATCH
 * .../pecas/{idAcessoAnexo}/tipo — is an active type that is not a process; only the unit that may change the peças
 * chooses it; the change is audited. GET tipos-documentos?paraPecas=true lists the types a peça may have.
 */

const A = MENSAGENS.arquivos;
const a = usarAlteracoesPecas();
const { db, patch, cancelar } = a;
let oficio: number;
let inativo: number;
let processo: number;

beforeAll(async () => {
  oficio = await criarTipoDocumento(db(), 'Ofício');
  inativo = await criarTipoDocumento(db(), 'Memorando antigo');
  processo = await criarTipoDocumento(db(), 'Processo administrativo');
  await db().updateTable('tipoDocumento').set({ ativo: false }).where('id', '=', inativo).execute();
  await db().updateTable('tipoDocumento').set({ processo: true }).where('id', '=', processo).execute();
});

const tipo = (peca: Peca, idTipoDocumento: unknown, cookie = a.ana) =>
  patch(cookie, `${peca.idDocumento}/pecas/${peca.idAcessoAnexo}/tipo`, { idTipoDocumento });

const auditorias = (peca: Peca) =>
  db()
    .selectFrom('auditoria')
    .select(['idUsuario', 'antes', 'depois'])
    .where('acao', '=', 'ALTERAR_TIPO_PECA')
    .where('idEntidade', '=', String(peca.idAcessoAnexo))
    .orderBy('id')
    .execute();

describe('tipo da peça', () => {
  it('no envio: guarda o tipo informado, e a lista de peças o mostra', async () => {
    const resposta = await enviarPecas(a.t, a.ana, a.idDocumento, { tipoCopia: 'N', idTipoDocumento: String(oficio) }, [
      { nome: 'oficio.pdf', conteudo: pdf({ marca: 'oficio' }) },
    ]);
    expect(resposta.statusCode, resposta.body).toBe(201);
    expect(resposta.json()).toMatchObject({ idTipoDocumento: oficio, descricaoTipoDocumento: 'Ofício' });
    const lista = await a.t.app.inject({
      method: 'GET',
      url: `/api/documentos/${a.idDocumento}/pecas`,
      headers: cabecalhosApp(a.ana),
    });
    const pecas = lista.json<Peca[]>();
    expect(pecas.map((p) => p.idTipoDocumento)).toEqual([null, null, null, null, null, oficio]);
    // Without the field, none.
    expect(a.pecas[0]).toMatchObject({ idTipoDocumento: null, descricaoTipoDocumento: null });
  });

  it.each([
    ['inexistente', () => 424242],
    ['inativo', () => inativo],
    ['de processo', () => processo],
  ])('no envio: recusa um tipo %s (400, no campo) e não cria a peça', async (_caso, id) => {
    const resposta = await enviarPecas(a.t, a.ana, a.idDocumento, { tipoCopia: 'N', idTipoDocumento: String(id()) }, [
      { nome: 'x.pdf', conteudo: pdf({ marca: `x-${id()}` }) },
    ]);
    expect(resposta.statusCode, resposta.body).toBe(400);
    expect(resposta.json()).toMatchObject({
      mensagem: A.tipoPecaInvalido,
      erros: [{ campo: 'idTipoDocumento', mensagem: A.tipoPecaInvalido }],
    });
    const { quantidade } = await db()
      .selectFrom('peca')
      .select((eb) => eb.fn.countAll<number>().as('quantidade'))
      .where('idDocumento', '=', a.idDocumento)
      .executeTakeFirstOrThrow();
    expect(Number(quantidade)).toBe(5);
  });

  it('PATCH .../tipo escolhe, troca e retira o tipo, auditando cada mudança (a repetição não audita)', async () => {
    const peca = a.pecas[2] as Peca;
    const escolhido = await tipo(peca, oficio);
    expect(escolhido.statusCode, escolhido.body).toBe(200);
    expect(escolhido.json()).toMatchObject({
      idAcessoAnexo: peca.idAcessoAnexo,
      idTipoDocumento: oficio,
      descricaoTipoDocumento: 'Ofício',
      sequencial: 3,
    });
    expect((await tipo(peca, oficio)).statusCode).toBe(200);
    const retirado = await tipo(peca, null);
    expect(retirado.json()).toMatchObject({ idTipoDocumento: null, descricaoTipoDocumento: null });
    expect(await auditorias(peca)).toEqual([
      { idUsuario: a.ids.ana, antes: { idTipoDocumento: null }, depois: { idTipoDocumento: oficio } },
      { idUsuario: a.ids.ana, antes: { idTipoDocumento: oficio }, depois: { idTipoDocumento: null } },
    ]);
  });

  it.each([
    ['inexistente', () => 424242, 400, A.tipoPecaInvalido],
    ['inativo', () => inativo, 400, A.tipoPecaInvalido],
    ['de processo', () => processo, 400, A.tipoPecaInvalido],
    ['que não é número', () => 'Ofício', 400, A.tipoPecaInvalido],
  ])('PATCH .../tipo recusa um tipo %s', async (_caso, id, status, mensagem) => {
    const resposta = await tipo(a.pecas[0] as Peca, id());
    expect(resposta.statusCode, resposta.body).toBe(status);
    expect(resposta.json().mensagem).toBe(mensagem);
    expect(await auditorias(a.pecas[0] as Peca)).toEqual([]);
  });

  it('só quem pode alterar as peças: outra unidade 403, sem login 401, peça cancelada 409, outro documento 404', async () => {
    const peca = a.pecas[1] as Peca;
    const outra = await tipo(peca, oficio, a.bruno);
    expect(outra.statusCode).toBe(403);
    expect(outra.json().mensagem).toBe(A.apenasUnidadeAtual);
    const anonimo = await patch(undefined, `${peca.idDocumento}/pecas/${peca.idAcessoAnexo}/tipo`, {
      idTipoDocumento: oficio,
    });
    expect(anonimo.statusCode).toBe(401);
    const outroDocumento = await a.novoDocumento();
    expect(
      (await patch(a.ana, `${outroDocumento}/pecas/${peca.idAcessoAnexo}/tipo`, { idTipoDocumento: oficio }))
        .statusCode,
    ).toBe(404);
    const cancelada = await cancelar(peca, { situacaoVinculo: 'D', justificativaCancelamento: 'Juntada por engano' });
    expect(cancelada.statusCode, cancelada.body).toBe(200);
    const depois = await tipo(peca, oficio);
    expect(depois.statusCode).toBe(409);
    expect(depois.json().mensagem).toBe(A.pecaCanceladaNaoAltera);
    expect(await auditorias(peca)).toEqual([]);
  });

  it('GET tipos-documentos?paraPecas=true: só os tipos ativos que não são processo', async () => {
    const resposta = await a.t.app.inject({
      method: 'GET',
      url: '/api/tipos-documentos?paraPecas=true',
      headers: cabecalhosApp(a.ana),
    });
    expect(resposta.statusCode).toBe(200);
    const ids = resposta.json<TipoDocumento[]>().map((t) => t.id);
    expect(ids).toContain(oficio);
    expect(ids).toContain(a.ids.tipo);
    expect(ids).not.toContain(inativo);
    expect(ids).not.toContain(processo);
  });
});
