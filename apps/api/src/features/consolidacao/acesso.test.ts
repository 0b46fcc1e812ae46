import { randomUUID } from 'node:crypto';
import { MENSAGENS } from '@tramite/shared';
import { sql } from 'kysely';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cabecalhosApp } from '../../testing/app-teste.ts';
import { pdf } from '../../testing/arquivos.ts';
import { usarConsolidacao } from '../../testing/cenarios/consolidacao.ts';
import {
  adicionarPecas,
  criarDocumento,
  criarTipoDocumento,
  tramitacaoRecebidaNaDemo,
} from '../../testing/fabricas.ts';
import { expirarConsolidacoes } from './retencao.ts';
import { LIMITE_SOLICITACOES_POR_ENDERECO, LIMITE_SOLICITACOES_POR_USUARIO } from './service.ts';

/**
 * Issue 17 (items 1 and 6): who may follow and download a consolidation, how long it is kept, when an identical
 * request reuses it, the disk budget and the rate limits. Bruno's unit holds the document, so he may open its
 * restricted peça; anonymous readers and Ana (another unit) may not.
 */

const { t, resumo, cookies, db, consultar, baixar, executarFila } = usarConsolidacao();
let idDocumento: number;
let idUnidadeBruno: number;
/** idAnexo and idPeca of the document's public (P) and restricted (R) peças. */
const pecas = {} as Record<'P' | 'P2' | 'R', { idAnexo: number; idPeca: number }>;
let proximoIp = 0;

/** A fresh client address per request, so the per-address limit only counts where a test means it to. */
const novoIp = () => `10.30.${Math.floor(++proximoIp / 250)}.${(proximoIp % 250) + 1}`;

function solicitar(ids: number[], opcoes: { cookie?: string; ip?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/consolidacao/${idDocumento}/PDF`,
    headers: cabecalhosApp(opcoes.cookie),
    payload: ids,
    remoteAddress: opcoes.ip ?? novoIp(),
  });
}

async function solicitarUuid(ids: number[], opcoes: { cookie?: string; ip?: string } = {}): Promise<string> {
  const resposta = await solicitar(ids, opcoes);
  expect(resposta.statusCode, resposta.body).toBe(202);
  return resposta.json().uuid;
}

beforeAll(async () => {
  idUnidadeBruno = resumo.unidades.unidadeBruno;
  idDocumento = await criarDocumento(db(), {
    idUnidade: idUnidadeBruno,
    idUsuario: resumo.usuarios.bruno,
    idTipoDocumento: await criarTipoDocumento(db()),
  });
  await tramitacaoRecebidaNaDemo(db(), resumo, idDocumento, { de: 'protocolo', para: 'unidadeBruno', por: 'bruno' });
  const criadas = await adicionarPecas(t, { idDocumento, idUsuario: resumo.usuarios.bruno }, [
    { nome: 'publica.pdf', conteudo: pdf({ paginas: 2, marca: 'Publica' }), tipoMime: 'application/pdf' },
    { nome: 'publica-2.pdf', conteudo: pdf({ paginas: 1, marca: 'Publica 2' }), tipoMime: 'application/pdf' },
    {
      nome: 'restrita.pdf',
      conteudo: pdf({ paginas: 3, marca: 'Restrita' }),
      tipoMime: 'application/pdf',
      nivelAcesso: 'R',
      idHipoteseLegal: resumo.hipoteses.informacaoPessoal,
    },
  ]);
  const [P, P2, R] = criadas;
  if (!P || !P2 || !R) throw new Error('peças não criadas');
  Object.assign(pecas, { P, P2, R });
});

beforeEach(async () => {
  // Every test starts with no unfinished consolidation and fresh counters.
  await db()
    .updateTable('consolidacao')
    .set({ estado: 'ERRO' })
    .where('estado', 'in', ['PENDENTE', 'PROCESSANDO'])
    .execute();
  await db().deleteFrom('job').execute();
  await db().deleteFrom('limiteTaxa').execute();
});

describe('consolidação com peça restrita: só de quem a pediu', () => {
  it('é servida a Bruno, e a ninguém mais (404 como um uuid desconhecido), nem listada pelo POST consolidacao', async () => {
    const uuid = await solicitarUuid([pecas.P.idAnexo, pecas.R.idAnexo], { cookie: cookies.bruno });
    await executarFila();
    const desconhecida = await baixar(randomUUID());
    expect(desconhecida.statusCode).toBe(404);
    for (const cookie of [undefined, cookies.ana, cookies.vera]) {
      const resposta = await baixar(uuid, cookie);
      expect(resposta.statusCode).toBe(404);
      expect(resposta.json()).toEqual(desconhecida.json());
      expect(await consultar([uuid], cookie)).toEqual([]);
    }
    const doBruno = await baixar(uuid, cookies.bruno);
    expect(doBruno.statusCode).toBe(200);
    expect(doBruno.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await consultar([uuid], cookies.bruno)).toEqual([
      expect.objectContaining({ uuid, estado: 'CONCLUIDA', restrita: true, expirada: false }),
    ]);
  });

  it('responde 403 pedindo nova solicitação quando a peça é reclassificada ou o documento sai da unidade', async () => {
    const esperarAcessoPerdido = async (uuid: string) => {
      const resposta = await baixar(uuid, cookies.bruno);
      expect(resposta.statusCode).toBe(403);
      expect(resposta.json()).toMatchObject({
        codigo: 'CONSOLIDACAO_ACESSO_PERDIDO',
        mensagem: MENSAGENS.consolidacao.acessoPerdido,
      });
    };
    const uuid = await solicitarUuid([pecas.P.idAnexo, pecas.R.idAnexo], { cookie: cookies.bruno });
    await executarFila();
    expect((await baixar(uuid, cookies.bruno)).statusCode).toBe(200);

    await db().updateTable('peca').set({ nivelAcesso: 'S' }).where('id', '=', pecas.R.idPeca).execute();
    try {
      await esperarAcessoPerdido(uuid);
    } finally {
      await db().updateTable('peca').set({ nivelAcesso: 'R' }).where('id', '=', pecas.R.idPeca).execute();
    }
    expect((await baixar(uuid, cookies.bruno)).statusCode).toBe(200);

    await db()
      .updateTable('documento')
      .set({ idUnidadeAtual: resumo.unidades.protocolo })
      .where('id', '=', idDocumento)
      .execute();
    try {
      await esperarAcessoPerdido(uuid);
      // Still nobody else's: the others keep getting 404.
      expect((await baixar(uuid, cookies.ana)).statusCode).toBe(404);
    } finally {
      await db()
        .updateTable('documento')
        .set({ idUnidadeAtual: idUnidadeBruno })
        .where('id', '=', idDocumento)
        .execute();
    }
  });

  it('a de peças públicas, pedida sem login, é servida a qualquer um que tenha o uuid', async () => {
    const uuid = await solicitarUuid([pecas.P.idAnexo, pecas.R.idAnexo]);
    await executarFila();
    const linha = await db()
      .selectFrom('consolidacao')
      .select(['restrita', 'idUsuario'])
      .where('uuid', '=', uuid)
      .executeTakeFirstOrThrow();
    expect(linha).toEqual({ restrita: false, idUsuario: null });
    expect((await baixar(uuid)).statusCode).toBe(200);
    expect((await baixar(uuid, cookies.ana)).statusCode).toBe(200);
    expect(await consultar([uuid])).toEqual([expect.objectContaining({ uuid, restrita: false })]);
  });
});

describe('retenção', () => {
  it('depois de CONSOLIDACAO_RETENCAO_HORAS responde 410 e a varredura apaga o arquivo', async () => {
    const uuid = await solicitarUuid([pecas.P2.idAnexo], { cookie: cookies.bruno });
    await executarFila();
    const { sha256 } = await db()
      .selectFrom('consolidacao')
      .select('sha256')
      .where('uuid', '=', uuid)
      .executeTakeFirstOrThrow();
    expect(sha256).not.toBeNull();
    expect(await t.app.armazenamento.existe(sha256 as string)).toBe(true);

    const horas = t.config.consolidacao.retencaoHoras + 1;
    await db()
      .updateTable('consolidacao')
      .set({
        criadoEm: sql`now() - make_interval(hours => ${horas})`,
        concluidoEm: sql`now() - make_interval(hours => ${horas})`,
      })
      .where('uuid', '=', uuid)
      .execute();
    // Already answered as expired before the sweep passes.
    const antes = await baixar(uuid);
    expect(antes.statusCode).toBe(410);
    expect(antes.json()).toMatchObject({ codigo: 'CONSOLIDACAO_EXPIRADA', mensagem: MENSAGENS.consolidacao.expirada });

    const resultado = await expirarConsolidacoes(
      { db: db(), armazenamento: t.app.armazenamento },
      { retencaoHoras: t.config.consolidacao.retencaoHoras },
    );
    expect(resultado.expiradas).toBeGreaterThanOrEqual(1);
    expect(await t.app.armazenamento.existe(sha256 as string)).toBe(false);
    expect(
      await db()
        .selectFrom('arquivo')
        .select('sha256')
        .where('sha256', '=', sha256 as string)
        .execute(),
    ).toEqual([]);
    const depois = await baixar(uuid);
    expect(depois.statusCode).toBe(410);
    expect(depois.json()).toMatchObject({ codigo: 'CONSOLIDACAO_EXPIRADA', mensagem: MENSAGENS.consolidacao.expirada });
    expect(await consultar([uuid])).toEqual([expect.objectContaining({ uuid, expirada: true, tamanho: null })]);
    // A new identical request builds it again under a new uuid.
    expect(await solicitarUuid([pecas.P2.idAnexo])).not.toBe(uuid);
  });
});

describe('reaproveitamento de um pedido idêntico', () => {
  it('o mesmo documento, as mesmas peças e a mesma classe de acesso respondem o mesmo uuid', async () => {
    const publica = await solicitarUuid([pecas.P.idAnexo]);
    expect(await solicitarUuid([pecas.P.idAnexo])).toBe(publica);
    // Ana cannot open the restricted peça: hers holds only the public one, the same consolidation.
    expect(await solicitarUuid([pecas.R.idAnexo, pecas.P.idAnexo], { cookie: cookies.ana })).toBe(publica);
    await executarFila();
    expect(await solicitarUuid([pecas.P.idAnexo], { cookie: cookies.bruno })).toBe(publica);

    const doBruno = await solicitarUuid([pecas.P.idAnexo, pecas.R.idAnexo], { cookie: cookies.bruno });
    expect(doBruno).not.toBe(publica);
    expect(await solicitarUuid([pecas.R.idAnexo, pecas.P.idAnexo], { cookie: cookies.bruno })).toBe(doBruno);
    // Another user allowed to see the same peças gets a consolidation of her own.
    const daVera = await solicitarUuid([pecas.P.idAnexo, pecas.R.idAnexo], { cookie: cookies.vera });
    expect(daVera).not.toBe(doBruno);
    // Other peças, or one that ended in ERRO, are built again.
    expect(await solicitarUuid([pecas.P.idAnexo, pecas.P2.idAnexo])).not.toBe(publica);
    await db().updateTable('consolidacao').set({ estado: 'ERRO' }).where('uuid', '=', doBruno).execute();
    expect(await solicitarUuid([pecas.P.idAnexo, pecas.R.idAnexo], { cookie: cookies.bruno })).not.toBe(doBruno);
  });
});

describe('orçamento de disco', () => {
  it('recusa com 503 quando as consolidações guardadas mais a nova passariam de CONSOLIDACAO_DISCO_MAXIMO_MB', async () => {
    const sha256 = 'f'.repeat(64);
    const tamanho = (t.config.consolidacao.discoMaximoMb + 1) * 1024 * 1024;
    await db().insertInto('arquivo').values({ sha256, tamanho, tipoMime: 'application/pdf' }).execute();
    const uuid = randomUUID();
    await db()
      .insertInto('consolidacao')
      .values({ uuid, idUsuario: null, idDocumento, tipo: 'PDF', idsPecas: [0], estado: 'CONCLUIDA', sha256 })
      .execute();
    try {
      const cheio = await solicitar([pecas.P.idAnexo, pecas.P2.idAnexo]);
      expect(cheio.statusCode).toBe(503);
      expect(cheio.json()).toMatchObject({ codigo: 'SERVIDOR_OCUPADO', mensagem: MENSAGENS.consolidacao.discoCheio });
    } finally {
      await db().deleteFrom('consolidacao').where('uuid', '=', uuid).execute();
      await db().deleteFrom('arquivo').where('sha256', '=', sha256).execute();
    }
    expect((await solicitar([pecas.P.idAnexo, pecas.P2.idAnexo])).statusCode).toBe(202);
  });
});

describe('limite de solicitações', () => {
  it(`por endereço: ${LIMITE_SOLICITACOES_POR_ENDERECO.maximo} por janela, depois 429 com Retry-After`, async () => {
    const ip = '10.40.0.1';
    for (let i = 0; i < LIMITE_SOLICITACOES_POR_ENDERECO.maximo; i++) {
      expect((await solicitar([pecas.P.idAnexo], { ip })).statusCode).toBe(202);
    }
    const excesso = await solicitar([pecas.P.idAnexo], { ip });
    expect(excesso.statusCode).toBe(429);
    expect(excesso.json()).toMatchObject({
      codigo: 'LIMITE_TAXA',
      mensagem: MENSAGENS.consolidacao.muitasSolicitacoes,
    });
    expect(Number(excesso.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await solicitar([pecas.P.idAnexo], { ip: '10.40.0.2' })).statusCode).toBe(202);
  });

  it(`por usuário: ${LIMITE_SOLICITACOES_POR_USUARIO.maximo} por janela, de qualquer endereço`, async () => {
    for (let i = 0; i < LIMITE_SOLICITACOES_POR_USUARIO.maximo; i++) {
      expect((await solicitar([pecas.P.idAnexo], { cookie: cookies.vera })).statusCode).toBe(202);
    }
    const excesso = await solicitar([pecas.P.idAnexo], { cookie: cookies.vera });
    expect(excesso.statusCode).toBe(429);
    expect(excesso.json()).toMatchObject({
      codigo: 'LIMITE_TAXA',
      mensagem: MENSAGENS.consolidacao.muitasSolicitacoes,
    });
    expect(excesso.headers['retry-after']).toBeDefined();
  });
});
