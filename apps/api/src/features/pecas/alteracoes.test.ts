import { createHash } from 'node:crypto';
import { MENSAGENS, type Peca } from '@tramite/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AppTeste, cabecalhosApp, criarAppTeste } from '../../testing/app-teste.ts';
import { criarUnidade, criarUsuario } from '../../testing/fabricas.ts';
import { criarDocumento, criarHipotese, criarTipoDocumento, enviar, pdf, sequencia } from './apoio-teste.ts';

const A = MENSAGENS.arquivos;

let t: AppTeste;
let ana: string;
let bruno: string;
let ids: { protocolo: number; outra: number; ana: number; bruno: number; tipo: number; hipotese: number };
/** A fresh document held RECEBIDO by the Protocolo Central, with five peças, for each test. */
let idDocumento: number;
let pecas: Peca[];

const db = () => t.banco.db;
const sha = (conteudo: Buffer) => createHash('sha256').update(conteudo).digest('hex');

function patch(cookie: string | undefined, url: string, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'PATCH', url: `/api/documentos/${url}`, headers: cabecalhosApp(cookie), payload });
}
const mover = (peca: Peca, sequencial: unknown, cookie = ana) =>
  patch(cookie, `${peca.idDocumento}/pecas/${peca.idAcessoAnexo}`, { sequencial });
const cancelar = (peca: Peca, corpo: Record<string, unknown>, cookie = ana) =>
  patch(cookie, `${peca.idDocumento}/pecas/${peca.idAcessoAnexo}/cancelar`, corpo);
const excluir = (peca: Peca, cookie = ana) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/documentos/${peca.idDocumento}/anexos/${peca.idAnexo}`,
    headers: cabecalhosApp(cookie),
  });

async function novoDocumento(dados: { idUnidade?: number; estadoTamanho?: 1 | 2 } = {}) {
  return criarDocumento(db(), { idUnidade: ids.protocolo, idUsuario: ids.ana, idTipoDocumento: ids.tipo, ...dados });
}

async function comPecas(documento: number, quantidade: number): Promise<Peca[]> {
  const criadas: Peca[] = [];
  for (let i = 1; i <= quantidade; i++) {
    const resposta = await enviar(t, ana, documento, { tipoCopia: 'N', descricao: `Peça ${i}` }, [
      { nome: `peca-${i}.pdf`, conteudo: pdf(1024, `${documento}-${i}`) },
    ]);
    expect(resposta.statusCode, resposta.body).toBe(201);
    criadas.push(resposta.json());
  }
  return criadas;
}

/** The ids of the active peças in their order. */
async function ordem(documento = idDocumento): Promise<number[]> {
  const linhas = await sequencia(db(), documento);
  expect(linhas.map(([, s]) => s)).toEqual(linhas.map((_, i) => i + 1));
  return linhas.map(([id]) => id);
}
const idsDe = (...indices: number[]) => indices.map((i) => (pecas[i] as Peca).idAcessoAnexo);

beforeAll(async () => {
  t = await criarAppTeste();
  const protocolo = await criarUnidade(db(), { sigla: 'PROT', nome: 'Protocolo Central' });
  const outra = await criarUnidade(db(), { sigla: 'PROGRAD', nome: 'Pró-Reitoria de Graduação' });
  const usuarioAna = await criarUsuario(db(), { username: 'ana', lotacoes: [protocolo.id] });
  const usuarioBruno = await criarUsuario(db(), { username: 'bruno', lotacoes: [outra.id] });
  ids = {
    protocolo: protocolo.id,
    outra: outra.id,
    ana: usuarioAna.id,
    bruno: usuarioBruno.id,
    tipo: await criarTipoDocumento(db()),
    hipotese: await criarHipotese(db()),
  };
  ana = await t.entrar('ana');
  bruno = await t.entrar('bruno');
});

beforeEach(async () => {
  idDocumento = await novoDocumento();
  pecas = await comPecas(idDocumento, 5);
});

afterAll(async () => {
  await t?.fechar();
});

describe('edição de uma peça', () => {
  const edicao = (peca: Peca, corpo: Record<string, unknown>, cookie = ana) =>
    patch(cookie, `${peca.idDocumento}/pecas/${peca.idAcessoAnexo}`, {
      idAnexo: peca.idAnexo,
      descricao: 'Ofício com dados pessoais',
      tipoCopia: 'A',
      nivelAcesso: 'R',
      idHipoteseLegal: ids.hipotese,
      justificativaAlteracao: 'Contém CPF do interessado',
      ...corpo,
    });

  it('altera descrição, tipo de cópia, nível de acesso e hipótese legal, e audita antes e depois', async () => {
    const peca = pecas[1] as Peca;
    const resposta = await edicao(peca, {});
    expect(resposta.statusCode, resposta.body).toBe(200);
    expect(resposta.json()).toMatchObject({
      idAcessoAnexo: peca.idAcessoAnexo,
      descricao: 'Ofício com dados pessoais',
      tipoCopia: 'A',
      nivelAcesso: 'R',
      idHipoteseLegal: ids.hipotese,
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

    const publica = await edicao(peca, { nivelAcesso: 'P', idHipoteseLegal: ids.hipotese, descricao: '' });
    expect(publica.json()).toMatchObject({ nivelAcesso: 'P', idHipoteseLegal: null, descricao: null });
  });

  it.each([
    ['alteração sem justificativa', { justificativaAlteracao: '  ' }, 400, A.justificativaAlteracaoObrigatoria],
    ['nível R sem hipótese legal', { idHipoteseLegal: null }, 400, A.hipoteseObrigatoria],
    ['hipótese legal desconhecida', { idHipoteseLegal: 424242 }, 400, A.hipoteseInvalida],
    ['idAnexo de outro anexo', { idAnexo: 424242 }, 400, A.anexoDivergente],
  ])('recusa %s', async (_caso, corpo, status, mensagem) => {
    const resposta = await edicao(pecas[0] as Peca, corpo);
    expect(resposta.statusCode).toBe(status);
    expect(resposta.json().mensagem).toBe(mensagem);
  });

  it('recusa outra unidade (403) e quem não entrou (401)', async () => {
    const outra = await edicao(pecas[0] as Peca, {}, bruno);
    expect(outra.statusCode).toBe(403);
    expect(outra.json().mensagem).toBe(A.apenasUnidadeAtual);
    const anonimo = await t.app.inject({
      method: 'PATCH',
      url: `/api/documentos/${idDocumento}/pecas/${pecas[0]?.idAcessoAnexo}`,
      headers: cabecalhosApp(),
      payload: { sequencial: 1 },
    });
    expect(anonimo.statusCode).toBe(401);
  });

  it('responde 404 para uma peça de outro documento', async () => {
    const outro = await novoDocumento();
    const resposta = await patch(ana, `${outro}/pecas/${pecas[0]?.idAcessoAnexo}`, { sequencial: 1 });
    expect(resposta.statusCode).toBe(404);
    expect(resposta.json().mensagem).toBe(A.pecaNaoEncontrada);
  });
});

describe('alteração do sequencial (spec §4)', () => {
  it('move uma peça e desloca as intermediárias, nos dois sentidos', async () => {
    const baixo = await mover(pecas[0] as Peca, 4);
    expect(baixo.statusCode, baixo.body).toBe(200);
    expect(baixo.json().sequencial).toBe(4);
    expect(await ordem()).toEqual(idsDe(1, 2, 3, 0, 4));
    const cima = await mover(pecas[4] as Peca, 2);
    expect(cima.json().sequencial).toBe(2);
    expect(await ordem()).toEqual(idsDe(1, 4, 2, 3, 0));
  });

  it('limita a 1..n quando nenhuma peça foi enviada', async () => {
    expect((await mover(pecas[2] as Peca, 99)).json().sequencial).toBe(5);
    expect((await mover(pecas[2] as Peca, -3)).json().sequencial).toBe(1);
    expect(await ordem()).toEqual(idsDe(2, 0, 1, 3, 4));
  });

  it('limita ao mínimo e ao máximo entre as peças com situacaoTramitacao T', async () => {
    await db()
      .updateTable('peca')
      .set({ situacaoTramitacao: 'T' })
      .where('id', 'in', idsDe(1, 2, 3))
      .execute();
    expect((await mover(pecas[4] as Peca, 1)).json().sequencial).toBe(2);
    expect(await ordem()).toEqual(idsDe(0, 4, 1, 2, 3));
    // The bounds are where the T peças are now (3..5), not where they were.
    expect((await mover(pecas[0] as Peca, 1)).json().sequencial).toBe(3);
    expect(await ordem()).toEqual(idsDe(4, 1, 0, 2, 3));
    expect((await mover(pecas[0] as Peca, 9)).json().sequencial).toBe(5);
    expect(await ordem()).toEqual(idsDe(4, 1, 2, 3, 0));
  });

  it('recusa sequencial não numérico', async () => {
    const resposta = await mover(pecas[0] as Peca, 'primeiro');
    expect(resposta.statusCode).toBe(400);
    expect(resposta.json().mensagem).toBe(A.sequencialInvalido);
  });

  it('mantém 1..n sem repetição com 10 movimentações simultâneas', async () => {
    const mais = await comPecas(idDocumento, 5);
    const todas = [...pecas, ...mais];
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

describe('cancelamento de uma peça', () => {
  it('desentranhada: continua listada com o rótulo e o número, as seguintes fecham a lacuna; irreversível', async () => {
    const peca = pecas[1] as Peca;
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
    const gravada = await t.banco.db
      .selectFrom('peca')
      .select('justificativaCancelamento')
      .where('id', '=', peca.idAcessoAnexo)
      .executeTakeFirstOrThrow();
    expect(gravada.justificativaCancelamento).toBe('Devolvida ao interessado');
    expect(await ordem()).toEqual(idsDe(0, 2, 3, 4));

    const denovo = await cancelar(peca, {
      situacaoVinculo: 'M',
      justificativaCancelamento: 'x',
      idDocumentoPecaDesmembramento: idDocumento + 1,
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
    const peca = pecas[3] as Peca;
    const resposta = await cancelar(peca, {
      situacaoVinculo: 'M',
      justificativaCancelamento: 'Pertence a outro processo',
      idDocumentoPecaDesmembramento: destino,
    });
    expect(resposta.statusCode, resposta.body).toBe(200);
    expect(resposta.json()).toMatchObject({ situacaoVinculo: 'M', idDocumentoPecaDesmembramento: destino });
    expect(await ordem()).toEqual(idsDe(0, 1, 2, 4));
    const noDestino: Peca[] = (await t.app.inject({ method: 'GET', url: `/api/documentos/${destino}/pecas` })).json();
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
    const bytes = await t.app.inject({
      method: 'GET',
      url: `/api/documentos/${destino}/anexos/${copia.idAnexo}/binario`,
    });
    expect(bytes.rawPayload.equals(pdf(1024, `${idDocumento}-4`))).toBe(true);
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
    const resposta = await cancelar(pecas[0] as Peca, corpo);
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
    const mesmo = await cancelar(pecas[0] as Peca, corpo(idDocumento));
    expect(mesmo.statusCode).toBe(400);
    expect(mesmo.json().mensagem).toBe(A.destinoDesmembramentoMesmoDocumento);
    const inexistente = await cancelar(pecas[0] as Peca, corpo(987654));
    expect(inexistente.statusCode).toBe(404);
    expect(inexistente.json().mensagem).toBe(A.destinoDesmembramentoNaoEncontrado);
    const alheio = await novoDocumento({ idUnidade: ids.outra });
    const recusado = await cancelar(pecas[0] as Peca, corpo(alheio));
    expect(recusado.statusCode).toBe(403);
    const numero = (
      await db().selectFrom('documento').select('numero').where('id', '=', alheio).executeTakeFirstOrThrow()
    ).numero;
    expect(recusado.json().mensagem).toBe(A.destinoDesmembramentoRecusado(numero, A.apenasUnidadeAtual));
    expect(await ordem()).toHaveLength(5);
  });

  it('dois cancelamentos simultâneos da mesma peça: um vale, o outro recebe 409', async () => {
    const corpo = { situacaoVinculo: 'D', justificativaCancelamento: 'Juntada por engano' };
    const respostas = await Promise.all([cancelar(pecas[2] as Peca, corpo), cancelar(pecas[2] as Peca, corpo)]);
    expect(respostas.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await ordem()).toEqual(idsDe(0, 1, 3, 4));
  });
});

describe('exclusão de uma peça', () => {
  it('exclui uma peça ainda não enviada, renumera as seguintes e apaga o arquivo que ficou sem uso', async () => {
    const peca = pecas[1] as Peca;
    const conteudo = pdf(1024, `${idDocumento}-2`);
    expect(await t.app.armazenamento.existe(sha(conteudo))).toBe(true);
    const resposta = await excluir(peca);
    expect(resposta.statusCode, resposta.body).toBe(204);
    expect(await ordem()).toEqual(idsDe(0, 2, 3, 4));
    expect(await t.app.armazenamento.existe(sha(conteudo))).toBe(false);
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
    const conteudo = pdf(1024, `${idDocumento}-3`);
    const outro = await novoDocumento();
    const mesma = await enviar(t, ana, outro, { tipoCopia: 'N' }, [{ nome: 'copia.pdf', conteudo }]);
    expect(mesma.statusCode).toBe(201);
    expect((await excluir(pecas[2] as Peca)).statusCode).toBe(204);
    expect(await t.app.armazenamento.existe(sha(conteudo))).toBe(true);
    const bytes = await t.app.inject({
      method: 'GET',
      url: `/api/documentos/${outro}/anexos/${mesma.json().idAnexo}/binario`,
    });
    expect(bytes.rawPayload.equals(conteudo)).toBe(true);
    expect((await excluir(mesma.json())).statusCode).toBe(204);
    expect(await t.app.armazenamento.existe(sha(conteudo))).toBe(false);
  });

  it('recusa peça já enviada (T), outra unidade e quem não entrou', async () => {
    await db()
      .updateTable('peca')
      .set({ situacaoTramitacao: 'T' })
      .where('id', '=', pecas[0]?.idAcessoAnexo as number)
      .execute();
    const enviada = await excluir(pecas[0] as Peca);
    expect(enviada.statusCode).toBe(409);
    expect(enviada.json().mensagem).toBe(A.pecaTramitadaNaoExclui);
    const outra = await excluir(pecas[1] as Peca, bruno);
    expect(outra.statusCode).toBe(403);
    const anonimo = await t.app.inject({
      method: 'DELETE',
      url: `/api/documentos/${idDocumento}/anexos/${pecas[1]?.idAnexo}`,
      headers: cabecalhosApp(),
    });
    expect(anonimo.statusCode).toBe(401);
    expect(await ordem()).toHaveLength(5);
  });

  it('lista podeExcluir só nas peças ainda não enviadas, e nunca para outras unidades', async () => {
    await db()
      .updateTable('peca')
      .set({ situacaoTramitacao: 'T' })
      .where('id', '=', pecas[0]?.idAcessoAnexo as number)
      .execute();
    const listar = async (cookie?: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/documentos/${idDocumento}/pecas`,
          headers: cookie ? { cookie } : {},
        })
      ).json() as Peca[];
    expect((await listar(ana)).map((p) => [p.podeAlterar, p.podeExcluir])).toEqual([
      [true, false],
      [true, true],
      [true, true],
      [true, true],
      [true, true],
    ]);
    expect((await listar(bruno)).every((p) => !p.podeAlterar && !p.podeExcluir)).toBe(true);
    expect((await listar()).every((p) => !p.podeAlterar && !p.podeExcluir)).toBe(true);
  });
});

describe('o banco garante a numeração', () => {
  it('recusa no commit uma escrita que deixaria lacuna ou número repetido', async () => {
    await expect(
      db()
        .updateTable('peca')
        .set({ sequencial: 9 })
        .where('id', '=', pecas[0]?.idAcessoAnexo as number)
        .execute(),
    ).rejects.toThrow(/fora da sequência/);
    await expect(
      db()
        .updateTable('peca')
        .set({ sequencial: 2 })
        .where('id', '=', pecas[0]?.idAcessoAnexo as number)
        .execute(),
    ).rejects.toThrow(/fora da sequência/);
    expect(await ordem()).toHaveLength(5);
  });
});
