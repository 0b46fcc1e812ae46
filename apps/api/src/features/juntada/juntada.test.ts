import { MENSAGENS, motivoTipoJuntadaRecusado, type Vinculos } from '@tramite/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { cabecalhosApp } from '../../testing/app-teste.ts';
import { tramitarEntre } from '../../testing/cenarios/documentos.ts';
import {
  type CenarioTramitacao,
  chamadas,
  criarCenarioTramitacao,
  encaminhar,
  rascunho,
} from '../../testing/cenarios/tramitacao.ts';
import { usarAppTeste } from '../../testing/contexto-teste.ts';
import { esperarErro } from '../../testing/respostas.ts';

const t = usarAppTeste();
let c: CenarioTramitacao;
let api: ReturnType<typeof chamadas>;
const s = { ana: '', joao: '', bruno: '' };

beforeAll(async () => {
  c = await criarCenarioTramitacao(t.banco.db);
  api = chamadas(t);
  for (const nome of Object.keys(s) as (keyof typeof s)[]) s[nome] = await t.entrar(nome);
  // Ofício is kept as a process when attaching; Memorando is a plain document.
  await t.banco.db
    .updateTable('tipoDocumento')
    .set({ consideradoProcessoNaAnexacao: true })
    .where('id', '=', c.tipos.oficio)
    .execute();
});

const db = () => t.banco.db;

/**
 * A document sent by Bruno and received in `em`'s unit (Ana's Protocolo Central unless told; Bruno's PROGRAD), in
 * progress, already sent once.
 */
async function recebido(opcoes: { em?: 'ana' | 'bruno'; memorando?: boolean } = {}): Promise<number> {
  const id = await rascunho(t, c, s.ana, opcoes.memorando ? { idTipoDocumento: c.tipos.memorando } : {});
  await tramitarEntre(db(), c, id, { de: 'bruno', para: opcoes.em ?? 'ana', recebida: true });
  return id;
}

const numero = async (id: number) =>
  (await db().selectFrom('documento').select('numero').where('id', '=', id).executeTakeFirstOrThrow()).numero;
const documento = (id: number) =>
  db()
    .selectFrom('documento')
    .select(['situacao', 'idDocumentoAgregador', 'idUnidadeAtual'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const candidatos = async (cookie: string | undefined, idPai: number, numeroDocumento: string) =>
  api.get(cookie, `/documentos/${idPai}/agregados/candidatos?numeroDocumento=${encodeURIComponent(numeroDocumento)}`);
const juntar = (cookie: string | undefined, idPai: number, idDocumento: number, tipoAgregacao = 'X') =>
  t.app.inject({
    method: 'POST',
    url: `/api/documentos/${idPai}/agregados`,
    headers: cabecalhosApp(cookie),
    payload: { idDocumento, tipoAgregacao },
  });
const desjuntar = (cookie: string | undefined, idPai: number, idAgregado: number) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/documentos/${idPai}/agregados/${idAgregado}`,
    headers: cabecalhosApp(cookie),
  });
const vinculos = async (cookie: string | undefined, id: number) => {
  const resposta = await api.get(cookie, `/documentos/${id}/agregados`);
  expect(resposta.statusCode).toBe(200);
  return resposta.json() as Vinculos;
};

/** Every candidate rule: the candidates call answers 404 with the spec message and the join is refused. */
async function esperarRecusado(idPai: number, idFilho: number) {
  const lista = await candidatos(s.ana, idPai, await numero(idFilho));
  expect(lista.statusCode).toBe(404);
  expect(lista.json().mensagem).toBe(MENSAGENS.juntada.nenhumCandidato);
  const post = await juntar(s.ana, idPai, idFilho, 'APENSACAO');
  expect(post.statusCode).toBe(409);
  expect(post.json().mensagem).toBe(MENSAGENS.juntada.nenhumCandidato);
  expect((await documento(idFilho)).idDocumentoAgregador).toBeNull();
}

describe('GET documentos/{id}/agregados/candidatos', () => {
  it('lista, pelo número com ou sem pontuação, o documento recebido pela unidade atual', async () => {
    const pai = await recebido();
    const filho = await recebido();
    const nup = await numero(filho);
    for (const busca of [nup, nup.replace(/\D/g, '')]) {
      const resposta = await candidatos(s.ana, pai, busca);
      expect(resposta.statusCode).toBe(200);
      expect(resposta.json()).toEqual([
        expect.objectContaining({ idDocumento: filho, numero: nup, tipo: 'Ofício', unidadeAtual: 'PROT' }),
      ]);
    }
  });

  it('exige login e um número', async () => {
    const pai = await recebido();
    expect((await candidatos(undefined, pai, '1')).statusCode).toBe(401);
    expect((await candidatos(s.ana, pai, '-/.')).statusCode).toBe(400);
  });

  it('recusa documento de outra unidade', async () => {
    await esperarRecusado(await recebido(), await recebido({ em: 'bruno' }));
  });

  it('recusa documento enviado e ainda não recebido', async () => {
    const filho = await rascunho(t, c, s.ana);
    await tramitarEntre(db(), c, filho, { de: 'ana', para: 'bruno', recebida: false });
    expect(await documento(filho)).toMatchObject({ situacao: 'ENVIADO', idUnidadeAtual: c.unidades.protocolo.id });
    await esperarRecusado(await recebido(), filho);
  });

  it('recusa documento arquivado (2001 diferente de 1)', async () => {
    const filho = await recebido();
    await db().updateTable('documento').set({ estadoProcessamento: 2 }).where('id', '=', filho).execute();
    await esperarRecusado(await recebido(), filho);
  });

  it('recusa rascunho (em criação)', async () => {
    await esperarRecusado(await recebido(), await rascunho(t, c, s.ana));
  });

  it('recusa documento sem data de validade', async () => {
    const filho = await recebido();
    await db().updateTable('documento').set({ dataValidade: null }).where('id', '=', filho).execute();
    await esperarRecusado(await recebido(), filho);
  });

  it('recusa documento em situação E', async () => {
    const filho = await recebido();
    await db().updateTable('documento').set({ situacao: 'E' }).where('id', '=', filho).execute();
    await esperarRecusado(await recebido(), filho);
  });

  it('não oferece o próprio documento nem um documento que o contém', async () => {
    const avo = await recebido();
    const pai = await recebido();
    expect((await juntar(s.ana, avo, pai)).statusCode).toBe(201);
    expect((await candidatos(s.ana, pai, await numero(pai))).statusCode).toBe(404);
    expect((await candidatos(s.ana, pai, await numero(avo))).statusCode).toBe(404);
  });
});

describe('POST documentos/{id}/agregados', () => {
  it('anexa (X): o filho fica em situação E, com o agregador, e a juntada registra quem e quando', async () => {
    const pai = await recebido();
    const filho = await recebido();
    const antes = Date.now();
    const resposta = await juntar(s.ana, pai, filho, 'X');
    expect(resposta.statusCode).toBe(201);
    const corpo = resposta.json() as Vinculos;
    expect(corpo.agregador).toBeNull();
    expect(corpo.agregados).toEqual([
      {
        idAgregado: expect.any(Number),
        idDocumento: filho,
        numero: await numero(filho),
        tipo: 'Ofício',
        tipoAgregacao: 'ANEXACAO',
        juntadoEm: expect.any(String),
        juntadoPor: 'Ana Paula',
      },
    ]);
    expect(Date.parse(corpo.agregados[0]?.juntadoEm ?? '')).toBeGreaterThanOrEqual(antes - 1000);
    expect(await documento(filho)).toMatchObject({ situacao: 'E', idDocumentoAgregador: pai });
    const linha = await db()
      .selectFrom('agregacao')
      .selectAll()
      .where('idDocumento', '=', filho)
      .executeTakeFirstOrThrow();
    expect(linha).toMatchObject({
      idDocumentoAgregador: pai,
      tipoAgregacao: 'ANEXACAO',
      situacaoAnterior: 'RECEBIDO',
      idUsuarioJuntada: c.usuarios.ana.id,
      desjuntadoEm: null,
    });
    const auditoria = await db()
      .selectFrom('auditoria')
      .select(['acao', 'idUsuario'])
      .where('entidade', '=', 'documento')
      .where('idEntidade', '=', String(filho))
      .where('acao', '=', 'ANEXAR_DOCUMENTO')
      .execute();
    expect(auditoria).toEqual([{ acao: 'ANEXAR_DOCUMENTO', idUsuario: c.usuarios.ana.id }]);

    const doFilho = await vinculos(undefined, filho);
    expect(doFilho.agregador).toEqual({
      idAgregado: corpo.agregados[0]?.idAgregado,
      idDocumento: pai,
      numero: await numero(pai),
      tipoAgregacao: 'ANEXACAO',
    });
    const detalhe = await api.get(undefined, `/documentos/${filho}`);
    expect(detalhe.json()).toMatchObject({ idDocumentoAgregador: pai, situacao: 'E' });
  });

  it('qualquer outro tipo apensa', async () => {
    const pai = await recebido();
    for (const tipo of ['APENSACAO', 'A']) {
      const filho = await recebido();
      const resposta = await juntar(s.ana, pai, filho, tipo);
      expect(resposta.statusCode).toBe(201);
      expect((resposta.json() as Vinculos).agregados.find((a) => a.idDocumento === filho)?.tipoAgregacao).toBe(
        'APENSACAO',
      );
    }
    expect((await vinculos(s.ana, pai)).agregados).toHaveLength(2);
  });

  it('só anexa a processos ou a tipos considerados processo na anexação; apensa a qualquer tipo', async () => {
    const memorando = await recebido({ memorando: true });
    const recusado = await juntar(s.ana, memorando, await recebido(), 'X');
    expect(recusado.statusCode).toBe(409);
    expect(recusado.json().mensagem).toBe(MENSAGENS.juntada.agregadorNaoProcesso);
    expect((await juntar(s.ana, memorando, await recebido(), 'APENSACAO')).statusCode).toBe(201);

    await db().updateTable('tipoDocumento').set({ processo: true }).where('id', '=', c.tipos.memorando).execute();
    try {
      expect((await juntar(s.ana, memorando, await recebido(), 'X')).statusCode).toBe(201);
    } finally {
      await db().updateTable('tipoDocumento').set({ processo: false }).where('id', '=', c.tipos.memorando).execute();
    }
    // Ofício is not a process but is considered one when attaching.
    expect((await juntar(s.ana, await recebido(), await recebido({ memorando: true }), 'X')).statusCode).toBe(201);
  });

  it('GET .../agregados/tipo-documento diz o que a regra comum lê do pai; a anexação recusada pela regra é 409', async () => {
    const classe = async (cookie: string | undefined, id: number) =>
      api.get(cookie, `/documentos/${id}/agregados/tipo-documento`);
    const memorando = await recebido({ memorando: true });
    const oficio = await recebido();
    const doMemorando = await classe(s.ana, memorando);
    expect(doMemorando.statusCode).toBe(200);
    expect(doMemorando.json()).toEqual({ processo: false, consideradoProcessoNaAnexacao: false });
    expect(motivoTipoJuntadaRecusado('ANEXACAO', doMemorando.json())).toBe(MENSAGENS.juntada.agregadorNaoProcesso);
    const recusado = await juntar(s.ana, memorando, await recebido(), 'X');
    esperarErro(recusado, 409, 'CONFLITO', MENSAGENS.juntada.agregadorNaoProcesso);
    expect((await classe(s.ana, oficio)).json()).toEqual({ processo: false, consideradoProcessoNaAnexacao: true });
    expect(motivoTipoJuntadaRecusado('ANEXACAO', (await classe(s.ana, oficio)).json())).toBeNull();

    expect((await classe(undefined, memorando)).statusCode).toBe(401);
    // A draft of another unit stays hidden, as in the detail.
    const outro = await rascunho(t, c, s.bruno);
    esperarErro(await classe(s.ana, outro), 404, 'NAO_ENCONTRADO', MENSAGENS.autuacao.erroBuscarDadosDocumento);
    esperarErro(await classe(s.ana, 999_999), 404, 'NAO_ENCONTRADO', MENSAGENS.autuacao.erroBuscarDadosDocumento);
  });

  it('recusa juntar um documento a si mesmo e ciclos', async () => {
    const a = await recebido();
    const b = await recebido();
    const mesmo = await juntar(s.ana, a, a);
    expect(mesmo.statusCode).toBe(409);
    expect(mesmo.json().mensagem).toBe(MENSAGENS.juntada.mesmoDocumento);
    expect((await juntar(s.ana, a, b)).statusCode).toBe(201);
    const ciclo = await juntar(s.ana, b, a, 'APENSACAO');
    expect(ciclo.statusCode).toBe(409);
    expect(ciclo.json().mensagem).toBe(MENSAGENS.juntada.ciclo);
    // b is inside a, which is not joined: a grandchild joined under b is still no cycle, but b cannot receive joins.
    const neto = await juntar(s.ana, b, await recebido(), 'APENSACAO');
    expect(neto.statusCode).toBe(409);
    expect(neto.json().mensagem).toBe(MENSAGENS.juntada.agregadorIndisponivel);
    expect(await documento(a)).toMatchObject({ situacao: 'RECEBIDO', idDocumentoAgregador: null });
  });

  it('recusa juntar de novo um documento já juntado', async () => {
    const filho = await recebido();
    expect((await juntar(s.ana, await recebido(), filho)).statusCode).toBe(201);
    const outraVez = await juntar(s.ana, await recebido(), filho, 'APENSACAO');
    expect(outraVez.statusCode).toBe(409);
    expect(outraVez.json().mensagem).toBe(MENSAGENS.juntada.jaJuntado);
  });

  it('de duas juntadas simultâneas do mesmo filho em pais diferentes, só uma vence', async () => {
    const filho = await recebido();
    const [p1, p2] = [await recebido(), await recebido()];
    const respostas = await Promise.all([juntar(s.ana, p1, filho), juntar(s.joao, p2, filho, 'APENSACAO')]);
    expect(respostas.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const abertas = await db()
      .selectFrom('agregacao')
      .select('idDocumentoAgregador')
      .where('idDocumento', '=', filho)
      .where('desjuntadoEm', 'is', null)
      .execute();
    expect(abertas).toHaveLength(1);
    expect((await documento(filho)).idDocumentoAgregador).toBe(abertas[0]?.idDocumentoAgregador);
  });

  it('o pai precisa estar recebido pela unidade atual do usuário e em andamento', async () => {
    const deOutra = await juntar(s.ana, await recebido({ em: 'bruno' }), await recebido());
    expect(deOutra.statusCode).toBe(403);
    const pai = await recebido();
    await db().updateTable('documento').set({ estadoProcessamento: 3 }).where('id', '=', pai).execute();
    const concluido = await juntar(s.ana, pai, await recebido());
    expect(concluido.statusCode).toBe(409);
    expect(concluido.json().mensagem).toBe(MENSAGENS.juntada.agregadorIndisponivel);
    const rascunhoPai = await juntar(s.ana, await rascunho(t, c, s.ana), await recebido());
    expect(rascunhoPai.statusCode).toBe(409);
  });

  it('exige login e documentos existentes', async () => {
    const pai = await recebido();
    expect((await juntar(undefined, pai, await recebido())).statusCode).toBe(401);
    expect((await juntar(s.ana, 999_999, await recebido())).statusCode).toBe(404);
    expect((await juntar(s.ana, pai, 999_999)).statusCode).toBe(404);
  });
});

describe('DELETE documentos/{id}/agregados/{idAgregado}', () => {
  it('desanexa e desapensa: restaura a situação anterior e registra quem e quando', async () => {
    const pai = await recebido();
    const anexado = await recebido();
    const apensado = await recebido();
    await db().updateTable('documento').set({ situacao: 'T' }).where('id', '=', apensado).execute();
    await juntar(s.ana, pai, anexado, 'X');
    const juntados = (await (await juntar(s.ana, pai, apensado, 'APENSACAO')).json()) as Vinculos;
    const idAnexacao = juntados.agregados.find((a) => a.idDocumento === anexado)?.idAgregado ?? 0;
    const idApensacao = juntados.agregados.find((a) => a.idDocumento === apensado)?.idAgregado ?? 0;

    const semPermissao = await desjuntar(s.bruno, pai, idAnexacao);
    expect(semPermissao.statusCode).toBe(403);

    const primeiro = await desjuntar(s.joao, pai, idAnexacao);
    expect(primeiro.statusCode).toBe(200);
    expect((primeiro.json() as Vinculos).agregados.map((a) => a.idDocumento)).toEqual([apensado]);
    expect(await documento(anexado)).toEqual({
      situacao: 'RECEBIDO',
      idDocumentoAgregador: null,
      idUnidadeAtual: c.unidades.protocolo.id,
    });
    const fechada = await db()
      .selectFrom('agregacao')
      .select(['idUsuarioDesjuntada', 'desjuntadoEm'])
      .where('id', '=', idAnexacao)
      .executeTakeFirstOrThrow();
    expect(fechada.idUsuarioDesjuntada).toBe(c.usuarios.joao.id);
    expect(fechada.desjuntadoEm).not.toBeNull();

    const segundo = await desjuntar(s.ana, pai, idApensacao);
    expect(segundo.statusCode).toBe(200);
    expect((segundo.json() as Vinculos).agregados).toEqual([]);
    expect(await documento(apensado)).toMatchObject({ situacao: 'T', idDocumentoAgregador: null });
    const acoes = await db()
      .selectFrom('auditoria')
      .select('acao')
      .where('idEntidade', 'in', [String(anexado), String(apensado)])
      .where('acao', 'in', ['DESANEXAR_DOCUMENTO', 'DESAPENSAR_DOCUMENTO'])
      .orderBy('id')
      .execute();
    expect(acoes.map((a) => a.acao)).toEqual(['DESANEXAR_DOCUMENTO', 'DESAPENSAR_DOCUMENTO']);

    const deNovo = await desjuntar(s.ana, pai, idApensacao);
    expect(deNovo.statusCode).toBe(409);
    expect(deNovo.json().mensagem).toBe(MENSAGENS.juntada.naoJuntado);
    expect((await desjuntar(s.ana, pai, 999_999)).statusCode).toBe(404);
    expect((await desjuntar(undefined, pai, idApensacao)).statusCode).toBe(401);
    // Detached, the document may be joined again.
    expect((await juntar(s.ana, pai, apensado, 'APENSACAO')).statusCode).toBe(201);
  });
});

describe('juntados acompanham o pai na tramitação', () => {
  it('o filho segue o pai enviado e recebido em outra unidade, e lá pode ser desapensado', async () => {
    const pai = await recebido();
    const filho = await recebido();
    const resposta = (await (await juntar(s.ana, pai, filho, 'APENSACAO')).json()) as Vinculos;
    const envio = await api.enviar(s.ana, pai, encaminhar(c, c.unidades.outra.id));
    expect(envio.statusCode).toBe(201);
    const pendente = await db()
      .selectFrom('tramitacao')
      .select(['idUnidadeDestino', 'dtRecebimento'])
      .where('idDocumento', '=', filho)
      .orderBy('sequencia', 'desc')
      .executeTakeFirstOrThrow();
    expect(pendente).toEqual({ idUnidadeDestino: c.unidades.outra.id, dtRecebimento: null });

    expect((await api.receber(s.bruno, pai)).statusCode).toBe(200);
    expect(await documento(filho)).toEqual({
      situacao: 'E',
      idDocumentoAgregador: pai,
      idUnidadeAtual: c.unidades.outra.id,
    });
    // Ana's unit no longer holds the parent.
    expect((await desjuntar(s.ana, pai, resposta.agregados[0]?.idAgregado ?? 0)).statusCode).toBe(403);
    expect((await desjuntar(s.bruno, pai, resposta.agregados[0]?.idAgregado ?? 0)).statusCode).toBe(200);
    expect(await documento(filho)).toEqual({
      situacao: 'RECEBIDO',
      idDocumentoAgregador: null,
      idUnidadeAtual: c.unidades.outra.id,
    });
  });
});

describe('GET documentos/{id}/agregados', () => {
  it('é pública, mas esconde rascunhos de outras unidades', async () => {
    const pai = await recebido();
    expect(await vinculos(undefined, pai)).toEqual({ agregador: null, agregados: [] });
    const esboco = await rascunho(t, c, s.ana);
    expect((await api.get(s.bruno, `/documentos/${esboco}/agregados`)).statusCode).toBe(404);
    expect((await api.get(undefined, `/documentos/${esboco}/agregados`)).statusCode).toBe(404);
    expect((await api.get(s.ana, `/documentos/${esboco}/agregados`)).statusCode).toBe(200);
  });
});
