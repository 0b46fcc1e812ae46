import { createHash } from 'node:crypto';
import { MENSAGENS, numeroPeca, type Peca } from '@tramite/shared';
import { describe, expect, it } from 'vitest';
import { cabecalhosApp } from '../../testing/app-teste.ts';
import { pdf } from '../../testing/arquivos.ts';
import { usarAlteracoesPecas } from '../../testing/cenarios/pecas.ts';
import { enviarPecas } from '../../testing/multipart.ts';

const A = MENSAGENS.arquivos;
const sha = (conteudo: Buffer) => createHash('sha256').update(conteudo).digest('hex');
const a = usarAlteracoesPecas();
const { db, mover, cancelar, excluir, novoDocumento, comPecas, ordem, idsDe } = a;
/** The first peça as if it had already been sent (T). */
const primeiraEnviada = () =>
  db()
    .updateTable('peca')
    .set({ situacaoTramitacao: 'T' })
    .where('id', '=', a.pecas[0]?.idAcessoAnexo as number)
    .execute();

describe('cancelamento de uma peça', () => {
  it('desentranhada: continua listada com o rótulo e o número, as seguintes fecham a lacuna; irreversível', async () => {
    const peca = a.pecas[1] as Peca;
    const resposta = await cancelar(peca, {
      situacaoVinculo: 'D',
      justificativaCancelamento: 'Devolvida ao interessado',
    });
    expect(resposta.statusCode, resposta.body).toBe(200);
    // Once desentranhada, the peça is for VISUALIZACAO_IRRESTRITA_PECAS only (spec §6): its texts leave the answer too.
    expect(resposta.json()).toMatchObject({
      situacaoVinculo: 'D',
      sequencial: 2,
      nome: null,
      justificativaCancelamento: null,
      passoFluxo: 'DESENTRANHADA',
      podeVisualizar: false,
      podeAlterar: false,
      podeExcluir: false,
    });
    expect(resposta.json().dataCancelamento).not.toBeNull();
    const gravada = await a.t.banco.db
      .selectFrom('peca')
      .select('justificativaCancelamento')
      .where('id', '=', peca.idAcessoAnexo)
      .executeTakeFirstOrThrow();
    expect(gravada.justificativaCancelamento).toBe('Devolvida ao interessado');
    expect(await ordem()).toEqual(idsDe(0, 2, 3, 4));

    const denovo = await cancelar(peca, {
      situacaoVinculo: 'M',
      justificativaCancelamento: 'x',
      idDocumentoPecaDesmembramento: a.idDocumento + 1,
    });
    expect(denovo.statusCode).toBe(409);
    expect(denovo.json().mensagem).toBe(A.pecaJaCancelada);
    const editar = await mover(peca, 1);
    expect(editar.statusCode).toBe(409);
    expect(editar.json().mensagem).toBe(A.pecaCanceladaNaoAltera);
    const apagar = await excluir(peca);
    expect(apagar.statusCode).toBe(409);
  });

  it('desmembrada: copiada como nova peça no fim do documento de destino', async () => {
    const destino = await novoDocumento();
    await comPecas(destino, 2);
    const peca = a.pecas[3] as Peca;
    const resposta = await cancelar(peca, {
      situacaoVinculo: 'M',
      justificativaCancelamento: 'Pertence a outro processo',
      idDocumentoPecaDesmembramento: destino,
    });
    expect(resposta.statusCode, resposta.body).toBe(200);
    expect(resposta.json()).toMatchObject({ situacaoVinculo: 'M', idDocumentoPecaDesmembramento: destino });
    expect(await ordem()).toEqual(idsDe(0, 1, 2, 4));
    const noDestino: Peca[] = (await a.t.app.inject({ method: 'GET', url: `/api/documentos/${destino}/pecas` })).json();
    expect(noDestino).toHaveLength(3);
    const copia = noDestino[2] as Peca;
    expect(copia).toMatchObject({
      sequencial: 3,
      nome: peca.nome,
      tipoCopia: 'N',
      situacaoVinculo: null,
      tamanho: peca.tamanho,
    });
    expect(copia.descricao).toMatch(/^Peça 4 \(desmembrada do documento /);
    expect(copia.idAnexo).not.toBe(peca.idAnexo);
    const bytes = await a.t.app.inject({
      method: 'GET',
      url: `/api/documentos/${destino}/anexos/${copia.idAnexo}/binario`,
    });
    expect(bytes.rawPayload.equals(pdf({ tamanho: 1024, marca: `${a.idDocumento}-4` }))).toBe(true);
  });

  it.each([
    ['cancelamento sem justificativa', { situacaoVinculo: 'D' }, 400, A.justificativaCancelamentoObrigatoria],
    [
      'M sem documento de destino',
      { situacaoVinculo: 'M', justificativaCancelamento: 'x' },
      400,
      A.destinoDesmembramentoObrigatorio,
    ],
    ['situacaoVinculo X', { situacaoVinculo: 'X', justificativaCancelamento: 'x' }, 400, A.situacaoVinculoInvalida],
  ])('recusa %s', async (_caso, corpo, status, mensagem) => {
    const resposta = await cancelar(a.pecas[0] as Peca, corpo);
    expect(resposta.statusCode).toBe(status);
    expect(resposta.json().mensagem).toBe(mensagem);
    expect(await ordem()).toHaveLength(5);
  });

  it('recusa desmembrar para o mesmo documento, para um desconhecido ou para um que outra unidade detém', async () => {
    const corpo = (destino: number) => ({
      situacaoVinculo: 'M',
      justificativaCancelamento: 'x',
      idDocumentoPecaDesmembramento: destino,
    });
    const mesmo = await cancelar(a.pecas[0] as Peca, corpo(a.idDocumento));
    expect(mesmo.statusCode).toBe(400);
    expect(mesmo.json().mensagem).toBe(A.destinoDesmembramentoMesmoDocumento);
    const inexistente = await cancelar(a.pecas[0] as Peca, corpo(987654));
    expect(inexistente.statusCode).toBe(404);
    expect(inexistente.json().mensagem).toBe(A.destinoDesmembramentoNaoEncontrado);
    const alheio = await novoDocumento({ idUnidade: a.ids.outra });
    const recusado = await cancelar(a.pecas[0] as Peca, corpo(alheio));
    expect(recusado.statusCode).toBe(403);
    const numero = (
      await db().selectFrom('documento').select('numero').where('id', '=', alheio).executeTakeFirstOrThrow()
    ).numero;
    expect(recusado.json().mensagem).toBe(A.destinoDesmembramentoRecusado(numero, A.apenasUnidadeAtual));
    expect(await ordem()).toHaveLength(5);
  });

  it('dois cancelamentos simultâneos da mesma peça: um vale, o outro recebe 409', async () => {
    const corpo = { situacaoVinculo: 'D', justificativaCancelamento: 'Juntada por engano' };
    const respostas = await Promise.all([cancelar(a.pecas[2] as Peca, corpo), cancelar(a.pecas[2] as Peca, corpo)]);
    expect(respostas.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await ordem()).toEqual(idsDe(0, 1, 3, 4));
  });
});

describe('numeração depois de cancelar (issue: dois "2" depois de desentranhar a peça 2)', () => {
  const listar = async (documento = a.idDocumento) =>
    (
      await a.t.app.inject({ method: 'GET', url: `/api/documentos/${documento}/pecas`, headers: { cookie: a.ana } })
    ).json() as Peca[];
  /** What the list shows in its Nº column, in its order: active peças 1..n, cancelled ones without a number. */
  const numerosVisiveis = async (documento = a.idDocumento) => (await listar(documento)).map(numeroPeca);

  it('desentranhar a peça 2: as ativas ficam 1..4, cada número uma vez, e a cancelada continua listada sem número', async () => {
    const resposta = await cancelar(a.pecas[1] as Peca, { situacaoVinculo: 'D', justificativaCancelamento: 'x' });
    expect(resposta.statusCode, resposta.body).toBe(200);
    const lista = await listar();
    // The cancelled peça stays where it was, before the peça that took its number over.
    expect(lista.map((p) => p.idAcessoAnexo)).toEqual(idsDe(0, 1, 2, 3, 4));
    expect(lista.map(numeroPeca)).toEqual([1, null, 2, 3, 4]);
    // Its own row keeps the number it had when it was cancelled ("era a peça 2").
    expect(lista[1]).toMatchObject({ situacaoVinculo: 'D', sequencial: 2 });
  });

  it('desentranhar de novo a nova peça 2, depois mover e excluir: a numeração das ativas continua 1..n', async () => {
    const corpo = { situacaoVinculo: 'D', justificativaCancelamento: 'x' };
    expect((await cancelar(a.pecas[1] as Peca, corpo)).statusCode).toBe(200);
    expect((await cancelar(a.pecas[2] as Peca, corpo)).statusCode).toBe(200);
    expect(await numerosVisiveis()).toEqual([1, null, null, 2, 3]);
    expect((await mover(a.pecas[4] as Peca, 1)).statusCode).toBe(200);
    expect((await excluir(a.pecas[0] as Peca)).statusCode).toBe(204);
    expect(await ordem()).toEqual(idsDe(4, 3));
    expect((await numerosVisiveis()).filter((n) => n !== null)).toEqual([1, 2]);
  });

  it('cancelamentos e exclusão simultâneos de peças diferentes: as ativas restantes ficam 1..n', async () => {
    const destino = await novoDocumento();
    await comPecas(destino, 2);
    const respostas = await Promise.all([
      cancelar(a.pecas[1] as Peca, { situacaoVinculo: 'D', justificativaCancelamento: 'x' }),
      cancelar(a.pecas[3] as Peca, {
        situacaoVinculo: 'M',
        justificativaCancelamento: 'y',
        idDocumentoPecaDesmembramento: destino,
      }),
      excluir(a.pecas[2] as Peca),
    ]);
    expect(respostas.map((r) => r.statusCode)).toEqual([200, 200, 204]);
    expect(await ordem()).toEqual(idsDe(0, 4));
    // Where the cancelled rows fall depends on which request ran first; the numbers shown never repeat.
    const numeros = await numerosVisiveis();
    expect(numeros.filter((n) => n !== null)).toEqual([1, 2]);
    expect(numeros.filter((n) => n === null)).toHaveLength(2);
    expect(await ordem(destino)).toHaveLength(3);
  });

  it('dois desmembramentos simultâneos para o mesmo documento: as cópias recebem números diferentes', async () => {
    const outra = await novoDocumento();
    const [daOutra] = await comPecas(outra, 1);
    const destino = await novoDocumento();
    await comPecas(destino, 2);
    const corpo = { situacaoVinculo: 'M', justificativaCancelamento: 'z', idDocumentoPecaDesmembramento: destino };
    const respostas = await Promise.all([cancelar(a.pecas[0] as Peca, corpo), cancelar(daOutra as Peca, corpo)]);
    expect(respostas.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await ordem(destino)).toHaveLength(4);
    expect(await numerosVisiveis(destino)).toEqual([1, 2, 3, 4]);
    expect(await ordem()).toEqual(idsDe(1, 2, 3, 4));
    expect(await ordem(outra)).toEqual([]);
  });
});

describe('exclusão de uma peça', () => {
  it('exclui uma peça ainda não enviada, renumera as seguintes e apaga o arquivo que ficou sem uso', async () => {
    const peca = a.pecas[1] as Peca;
    const conteudo = pdf({ tamanho: 1024, marca: `${a.idDocumento}-2` });
    expect(await a.t.app.armazenamento.existe(sha(conteudo))).toBe(true);
    const resposta = await excluir(peca);
    expect(resposta.statusCode, resposta.body).toBe(204);
    expect(await ordem()).toEqual(idsDe(0, 2, 3, 4));
    expect(await a.t.app.armazenamento.existe(sha(conteudo))).toBe(false);
    expect(await db().selectFrom('arquivo').select('sha256').where('sha256', '=', sha(conteudo)).execute()).toEqual([]);
    expect(await db().selectFrom('anexo').select('id').where('id', '=', peca.idAnexo).execute()).toEqual([]);
    const auditoria = await db()
      .selectFrom('auditoria')
      .select('antes')
      .where('acao', '=', 'EXCLUIR_PECA')
      .where('idEntidade', '=', String(peca.idAcessoAnexo))
      .executeTakeFirstOrThrow();
    expect(auditoria.antes).toMatchObject({ nome: 'peca-2.pdf', sequencial: 2 });
    expect((await excluir(peca)).statusCode).toBe(404);
  });

  it('mantém o arquivo enquanto outro anexo usa o mesmo conteúdo', async () => {
    const conteudo = pdf({ tamanho: 1024, marca: `${a.idDocumento}-3` });
    const outro = await novoDocumento();
    const mesma = await enviarPecas(a.t, a.ana, outro, { tipoCopia: 'N' }, [{ nome: 'copia.pdf', conteudo }]);
    expect(mesma.statusCode).toBe(201);
    expect((await excluir(a.pecas[2] as Peca)).statusCode).toBe(204);
    expect(await a.t.app.armazenamento.existe(sha(conteudo))).toBe(true);
    const bytes = await a.t.app.inject({
      method: 'GET',
      url: `/api/documentos/${outro}/anexos/${mesma.json().idAnexo}/binario`,
    });
    expect(bytes.rawPayload.equals(conteudo)).toBe(true);
    expect((await excluir(mesma.json())).statusCode).toBe(204);
    expect(await a.t.app.armazenamento.existe(sha(conteudo))).toBe(false);
  });

  it('recusa peça já enviada (T), outra unidade e quem não entrou', async () => {
    await primeiraEnviada();
    const enviada = await excluir(a.pecas[0] as Peca);
    expect(enviada.statusCode).toBe(409);
    expect(enviada.json().mensagem).toBe(A.pecaTramitadaNaoExclui);
    const outra = await excluir(a.pecas[1] as Peca, a.bruno);
    expect(outra.statusCode).toBe(403);
    const anonimo = await a.t.app.inject({
      method: 'DELETE',
      url: `/api/documentos/${a.idDocumento}/anexos/${a.pecas[1]?.idAnexo}`,
      headers: cabecalhosApp(),
    });
    expect(anonimo.statusCode).toBe(401);
    expect(await ordem()).toHaveLength(5);
  });

  it('lista podeExcluir só nas peças ainda não enviadas, e nunca para outras unidades', async () => {
    await primeiraEnviada();
    const listar = async (cookie?: string) =>
      (
        await a.t.app.inject({
          method: 'GET',
          url: `/api/documentos/${a.idDocumento}/pecas`,
          headers: cookie ? { cookie } : {},
        })
      ).json() as Peca[];
    expect((await listar(a.ana)).map((p) => [p.podeAlterar, p.podeExcluir])).toEqual([
      [true, false],
      [true, true],
      [true, true],
      [true, true],
      [true, true],
    ]);
    expect((await listar(a.bruno)).every((p) => !p.podeAlterar && !p.podeExcluir)).toBe(true);
    expect((await listar()).every((p) => !p.podeAlterar && !p.podeExcluir)).toBe(true);
  });
});

describe('o banco garante a numeração', () => {
  it('recusa no commit uma escrita que deixaria lacuna ou número repetido', async () => {
    // 9 leaves a gap, 2 repeats the second peça's number.
    for (const sequencial of [9, 2]) {
      await expect(
        db()
          .updateTable('peca')
          .set({ sequencial })
          .where('id', '=', a.pecas[0]?.idAcessoAnexo as number)
          .execute(),
      ).rejects.toThrow(/fora da sequência/);
    }
    expect(await ordem()).toHaveLength(5);
  });
});
