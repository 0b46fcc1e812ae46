import { createHash, randomUUID } from 'node:crypto';
import {
  type Consolidacao,
  LIMITE_CONSOLIDACOES_EM_ANDAMENTO,
  MENSAGENS,
  nomeArquivoConsolidacao,
} from '@tramite/shared';
import { type Kysely, sql } from 'kysely';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as migracaoIp from '../../db/migrations/0019-consolidacao-ip.ts';
import { cabecalhosApp } from '../../testing/app-teste.ts';
import { pdf } from '../../testing/arquivos.ts';
import { usarConsolidacao } from '../../testing/cenarios/consolidacao.ts';
import {
  adicionarPecas,
  criarDocumento,
  criarTipoDocumento,
  tramitacaoRecebidaNaDemo,
} from '../../testing/fabricas.ts';
import { contarEmAndamento } from './queries.ts';
import { TAREFA_CONSOLIDAR } from './service.ts';

const { t, resumo, cookies, db, consultar, baixar, executarFila } = usarConsolidacao();
let idDocumento: number;
let idOutro: number;
let numero: string;
/** idAnexo of each peça of the document: P (2 pages), R (3), S (4), D (cancelled), and one of another document. */
const anexos = {} as Record<'P' | 'R' | 'S' | 'D' | 'outro', number>;

function solicitar(ids: unknown, opcoes: { cookie?: string; tipo?: string; documento?: number; ip?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/consolidacao/${opcoes.documento ?? idDocumento}/${opcoes.tipo ?? 'PDF'}`,
    headers: cabecalhosApp(opcoes.cookie),
    payload: ids as object,
    remoteAddress: opcoes.ip ?? '10.0.0.1',
  });
}

beforeAll(async () => {
  const base = { idUnidade: resumo.unidades.protocolo, idUsuario: resumo.usuarios.ana };
  const idTipo = await criarTipoDocumento(db());
  idDocumento = await criarDocumento(db(), { ...base, idTipoDocumento: idTipo });
  await tramitacaoRecebidaNaDemo(db(), resumo, idDocumento, { de: 'reitoria', para: 'protocolo', por: 'admin' });
  idOutro = await criarDocumento(db(), { ...base, idTipoDocumento: idTipo });
  numero = (await db().selectFrom('documento').select('numero').where('id', '=', idDocumento).executeTakeFirstOrThrow())
    .numero;
  const hipotese = resumo.hipoteses.informacaoPessoal;
  const criadas = await adicionarPecas(t, { idDocumento, idUsuario: resumo.usuarios.ana }, [
    { nome: 'publica.pdf', conteudo: pdf({ paginas: 2, marca: 'Publica' }), tipoMime: 'application/pdf' },
    {
      nome: 'restrita.pdf',
      conteudo: pdf({ paginas: 3, marca: 'Restrita' }),
      tipoMime: 'application/pdf',
      nivelAcesso: 'R',
      idHipoteseLegal: hipotese,
    },
    {
      nome: 'sigilosa.pdf',
      conteudo: pdf({ paginas: 4, marca: 'Sigilosa' }),
      tipoMime: 'application/pdf',
      nivelAcesso: 'S',
      idHipoteseLegal: hipotese,
    },
    { nome: 'desentranhada.pdf', conteudo: pdf({ paginas: 1, marca: 'Cancelada' }), tipoMime: 'application/pdf' },
  ]);
  [anexos.P, anexos.R, anexos.S, anexos.D] = criadas.map((c) => c.idAnexo) as [number, number, number, number];
  const cancelada = await t.app.inject({
    method: 'PATCH',
    url: `/api/documentos/${idDocumento}/pecas/${criadas[3]?.idPeca}/cancelar`,
    headers: cabecalhosApp(cookies.ana),
    payload: { situacaoVinculo: 'D', justificativaCancelamento: 'Devolvida ao interessado' },
  });
  expect(cancelada.statusCode, cancelada.body).toBe(200);
  const [outra] = await adicionarPecas(t, { idDocumento: idOutro, idUsuario: resumo.usuarios.ana }, [
    { nome: 'outra.pdf', conteudo: pdf({ paginas: 1, marca: 'Outra' }), tipoMime: 'application/pdf' },
  ]);
  anexos.outro = outra?.idAnexo as number;
});

beforeEach(async () => {
  // Each test starts with no unfinished consolidation, so the per-requester limit never leaks between tests, and with
  // none an identical request would reuse (ERRO ones never are); the rate limits start again too.
  await db().updateTable('consolidacao').set({ estado: 'ERRO' }).where('estado', '!=', 'ERRO').execute();
  await db().deleteFrom('job').execute();
  await db().deleteFrom('limiteTaxa').execute();
});

describe('POST consolidacao/{idDocumento}/{tipo}', () => {
  it('responde 202 com um uuid e grava o pedido e a sua tarefa na mesma transação, com o usuário', async () => {
    const resposta = await solicitar([anexos.P], { cookie: cookies.ana });
    expect(resposta.statusCode, resposta.body).toBe(202);
    const { uuid } = resposta.json();
    expect(uuid).toMatch(/^[0-9a-f-]{36}$/);
    const linha = await db().selectFrom('consolidacao').selectAll().where('uuid', '=', uuid).executeTakeFirstOrThrow();
    expect(linha).toMatchObject({ idUsuario: resumo.usuarios.ana, idDocumento, tipo: 'PDF', estado: 'PENDENTE' });
    const jobs = await db().selectFrom('job').select(['tipo', 'payload', 'estado']).execute();
    expect(jobs).toEqual([{ tipo: TAREFA_CONSOLIDAR, payload: { uuid }, estado: 'PENDENTE' }]);
    const auditoria = await db()
      .selectFrom('auditoria')
      .select(['acao', 'idUsuario'])
      .where('idEntidade', '=', uuid)
      .execute();
    expect(auditoria).toEqual([{ acao: 'SOLICITAR_CONSOLIDACAO', idUsuario: resumo.usuarios.ana }]);
  });

  it('é pública: um pedido anônimo é gravado sem usuário', async () => {
    const resposta = await solicitar([anexos.P]);
    expect(resposta.statusCode, resposta.body).toBe(202);
    const linha = await db()
      .selectFrom('consolidacao')
      .select(['idUsuario', 'ipSolicitante'])
      .where('uuid', '=', resposta.json().uuid)
      .executeTakeFirstOrThrow();
    // The address stays on the row itself: the limit of unfinished ones per address reads it, not the audit log.
    expect(linha).toEqual({ idUsuario: null, ipSolicitante: '10.0.0.1' });
  });

  it('mantém as peças na ordem do sequencial, qualquer que seja a ordem dos ids, sem repetição', async () => {
    const resposta = await solicitar([anexos.R, anexos.P, anexos.R], { cookie: cookies.ana });
    expect(resposta.statusCode, resposta.body).toBe(202);
    const linha = await db()
      .selectFrom('consolidacao')
      .select('idsPecas')
      .where('uuid', '=', resposta.json().uuid)
      .executeTakeFirstOrThrow();
    const pecas = await db()
      .selectFrom('peca')
      .select('id')
      .where('idAnexo', 'in', [anexos.P, anexos.R])
      .orderBy('sequencial')
      .execute();
    expect(linha.idsPecas.map(Number)).toEqual(pecas.map((p) => p.id));
  });

  it('recusa com 400, nomeando-os, ids de outro documento, ids desconhecidos e peças canceladas', async () => {
    const outro = await solicitar([anexos.P, anexos.outro], { cookie: cookies.ana });
    expect(outro.statusCode).toBe(400);
    expect(outro.json().mensagem).toBe(MENSAGENS.consolidacao.pecasDeOutroDocumento(String(anexos.outro)));
    const desconhecido = await solicitar([999999], { cookie: cookies.ana });
    expect(desconhecido.statusCode).toBe(400);
    expect(desconhecido.json().mensagem).toBe(MENSAGENS.consolidacao.pecasDeOutroDocumento('999999'));
    const cancelada = await solicitar([anexos.D], { cookie: cookies.ana });
    expect(cancelada.statusCode).toBe(400);
    expect(await db().selectFrom('consolidacao').select('uuid').where('estado', '=', 'PENDENTE').execute()).toEqual([]);
  });

  it('valida o tipo, o corpo e o documento', async () => {
    const tipo = await solicitar([anexos.P], { tipo: 'DOCX' });
    expect(tipo.statusCode).toBe(400);
    expect(tipo.body).toContain(MENSAGENS.consolidacao.tipoInvalido);
    const vazio = await solicitar([]);
    expect(vazio.statusCode).toBe(400);
    expect(vazio.json().mensagem).toBe(MENSAGENS.consolidacao.nenhumaPeca);
    expect((await solicitar({ ids: [anexos.P] })).statusCode).toBe(400);
    expect((await solicitar(['abc'])).statusCode).toBe(400);
    const semDocumento = await solicitar([anexos.P], { documento: 987654 });
    expect(semDocumento.statusCode).toBe(404);
    const semCabecalho = await t.app.inject({
      method: 'POST',
      url: `/api/consolidacao/${idDocumento}/PDF`,
      payload: [anexos.P],
    });
    expect(semCabecalho.statusCode).toBe(403);
  });

  it(`limita cada solicitante a ${LIMITE_CONSOLIDACOES_EM_ANDAMENTO} consolidações em andamento (429)`, async () => {
    // Distinct peças each time: an identical request would reuse the first one instead of starting another.
    const extras = await adicionarPecas(
      t,
      { idDocumento, idUsuario: resumo.usuarios.ana },
      await Promise.all(
        [1, 2, 3].map(async (i) => ({
          nome: `extra-${i}.pdf`,
          conteudo: pdf({ paginas: 1, marca: `Extra ${i}` }),
          tipoMime: 'application/pdf',
        })),
      ),
    );
    const conjuntos = [[anexos.P], ...extras.map((extra) => [extra.idAnexo])];
    try {
      for (const ids of conjuntos.slice(0, LIMITE_CONSOLIDACOES_EM_ANDAMENTO)) {
        expect((await solicitar(ids, { ip: '10.9.9.9' })).statusCode).toBe(202);
      }
      const excesso = await solicitar(conjuntos[LIMITE_CONSOLIDACOES_EM_ANDAMENTO] ?? [], { ip: '10.9.9.9' });
      expect(excesso.statusCode).toBe(429);
      expect(excesso.json()).toMatchObject({
        codigo: 'LIMITE_SIMULTANEOS',
        mensagem: MENSAGENS.consolidacao.muitasEmAndamento(LIMITE_CONSOLIDACOES_EM_ANDAMENTO),
      });
      // Another requester is not affected; once the queue runs, the same one may ask again.
      expect((await solicitar(conjuntos[3] ?? [], { ip: '10.9.9.8' })).statusCode).toBe(202);
      expect((await solicitar([anexos.P, anexos.R], { cookie: cookies.ana, ip: '10.9.9.9' })).statusCode).toBe(202);
      await executarFila();
      expect((await solicitar([anexos.P, ...(conjuntos[1] ?? [])], { ip: '10.9.9.9' })).statusCode).toBe(202);
    } finally {
      await executarFila();
      await db().updateTable('consolidacao').set({ estado: 'ERRO' }).execute();
      await db()
        .deleteFrom('peca')
        .where(
          'idAnexo',
          'in',
          extras.map((extra) => extra.idAnexo),
        )
        .execute();
    }
  });
});

describe('consolidações anônimas em andamento por endereço (issue 18)', () => {
  it('conta pelo endereço gravado na consolidação, não pela auditoria; as de antes da 0019 o recebem da auditoria', async () => {
    const uuid = randomUUID();
    // A row as written before migration 0019: no address on it, the address only in its audit row (old name).
    await db()
      .insertInto('consolidacao')
      .values({ uuid, idUsuario: null, idDocumento, tipo: 'PDF', idsPecas: [anexos.P], ipSolicitante: null })
      .execute();
    await sql`
      INSERT INTO auditoria (acao, entidade, id_entidade, ip)
      VALUES ('consolidacao.solicitar', 'consolidacao', ${uuid}, '10.7.7.7')`.execute(db());
    try {
      expect(await contarEmAndamento(db(), null, '10.7.7.7')).toBe(0);
      // The migration again on this database: it fills the address from the audit row.
      const semTipos = db() as unknown as Kysely<unknown>;
      await migracaoIp.down(semTipos);
      await migracaoIp.up(semTipos);
      const linha = await db()
        .selectFrom('consolidacao')
        .select('ipSolicitante')
        .where('uuid', '=', uuid)
        .executeTakeFirstOrThrow();
      expect(linha.ipSolicitante).toBe('10.7.7.7');
      expect(await contarEmAndamento(db(), null, '10.7.7.7')).toBe(1);
      expect(await contarEmAndamento(db(), null, '10.7.7.8')).toBe(0);
    } finally {
      await db().updateTable('consolidacao').set({ estado: 'ERRO' }).where('uuid', '=', uuid).execute();
    }
  });
});

describe('visibilidade das peças', () => {
  async function paginasDaConsolidacao(uuid: string, cookie?: string): Promise<number> {
    await executarFila();
    const resposta = await baixar(uuid, cookie);
    expect(resposta.statusCode, resposta.body.slice(0, 200)).toBe(200);
    return (await PDFDocument.load(resposta.rawPayload)).getPageCount();
  }

  it('deixa de fora a peça restrita para um solicitante anônimo (capa + a peça pública)', async () => {
    const resposta = await solicitar([anexos.P, anexos.R]);
    expect(resposta.statusCode, resposta.body).toBe(202);
    const { uuid } = resposta.json();
    const linha = await db()
      .selectFrom('consolidacao')
      .select('idsPecas')
      .where('uuid', '=', uuid)
      .executeTakeFirstOrThrow();
    expect(linha.idsPecas).toHaveLength(1);
    expect(await paginasDaConsolidacao(uuid)).toBe(1 + 2);
  });

  it('deixa de fora a peça restrita para um usuário de outra unidade, e a sigilosa é desconhecida para ele', async () => {
    const resposta = await solicitar([anexos.P, anexos.R], { cookie: cookies.bruno });
    expect(resposta.statusCode).toBe(202);
    expect(await paginasDaConsolidacao(resposta.json().uuid)).toBe(1 + 2);
    const sigilosa = await solicitar([anexos.S], { cookie: cookies.bruno });
    expect(sigilosa.statusCode).toBe(400);
    expect((await solicitar([anexos.S])).statusCode).toBe(400);
  });

  it('só peças restritas que o solicitante não pode abrir: 400, nada gravado', async () => {
    const resposta = await solicitar([anexos.R]);
    expect(resposta.statusCode).toBe(400);
    expect(resposta.json().mensagem).toBe(MENSAGENS.consolidacao.nenhumaPecaVisivel);
  });

  it('inclui as peças restritas e sigilosas para um usuário com VISUALIZACAO_IRRESTRITA_PECAS', async () => {
    const resposta = await solicitar([anexos.P, anexos.R, anexos.S], { cookie: cookies.vera });
    expect(resposta.statusCode, resposta.body).toBe(202);
    expect(await paginasDaConsolidacao(resposta.json().uuid, cookies.vera)).toBe(1 + 2 + 3 + 4);
  });

  it('inclui a peça restrita para a unidade que detém o documento', async () => {
    const resposta = await solicitar([anexos.P, anexos.R], { cookie: cookies.ana });
    expect(await paginasDaConsolidacao(resposta.json().uuid, cookies.ana)).toBe(1 + 2 + 3);
  });
});

describe('GET e POST consolidacao, download', () => {
  it('lista as consolidações de quem entrou, as mais recentes primeiro, e nada para quem não entrou', async () => {
    const primeira = (await solicitar([anexos.outro], { cookie: cookies.bruno, documento: idOutro })).json().uuid;
    const segunda = (await solicitar([anexos.P], { cookie: cookies.bruno })).json().uuid;
    const daAna = (await solicitar([anexos.P, anexos.R], { cookie: cookies.ana })).json().uuid;
    const lista = await t.app.inject({ method: 'GET', url: '/api/consolidacao', headers: { cookie: cookies.bruno } });
    expect(lista.statusCode).toBe(200);
    const uuids = (lista.json() as Consolidacao[]).map((c) => c.uuid);
    expect(uuids.indexOf(segunda)).toBeLessThan(uuids.indexOf(primeira));
    expect(uuids).not.toContain(daAna);
    expect(lista.json()[0]).toMatchObject({
      uuid: segunda,
      idDocumento,
      numero,
      tipo: 'PDF',
      estado: 'PENDENTE',
      quantidadePecas: 1,
      paginas: null,
      erro: null,
      concluidoEm: null,
    });
    const anonimo = await t.app.inject({ method: 'GET', url: '/api/consolidacao' });
    expect(anonimo.json()).toEqual([]);
  });

  it('responde o estado dos uuids pedidos, ignorando os desconhecidos e os malformados, e acompanha a tarefa', async () => {
    const { uuid } = (await solicitar([anexos.P])).json();
    expect(await consultar([uuid, randomUUID(), 'lixo'])).toEqual([
      expect.objectContaining({ uuid, estado: 'PENDENTE', numero }),
    ]);
    const naoConcluida = await baixar(uuid);
    expect(naoConcluida.statusCode).toBe(409);
    expect(naoConcluida.json()).toMatchObject({
      codigo: 'CONSOLIDACAO_NAO_CONCLUIDA',
      mensagem: MENSAGENS.consolidacao.naoConcluida,
    });
    await executarFila();
    const [concluida] = await consultar([uuid]);
    expect(concluida).toMatchObject({ uuid, estado: 'CONCLUIDA', paginas: 3, erro: null });
    expect(concluida?.concluidoEm).not.toBeNull();
    expect(concluida?.tamanho).toBeGreaterThan(0);
  });

  it('baixa o PDF pronto como consolidacao-<numero>.pdf; o arquivo guardado tem o nome do seu SHA-256', async () => {
    const { uuid } = (await solicitar([anexos.P])).json();
    await executarFila();
    const resposta = await baixar(uuid);
    expect(resposta.statusCode).toBe(200);
    expect(resposta.headers['content-type']).toBe('application/pdf');
    expect(resposta.headers['content-disposition']).toContain(`filename="${nomeArquivoConsolidacao(numero)}"`);
    expect(nomeArquivoConsolidacao(numero)).toMatch(/^consolidacao-99999\.\d{6}-2025-00\.pdf$/);
    expect(resposta.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const linha = await db()
      .selectFrom('consolidacao')
      .select('sha256')
      .where('uuid', '=', uuid)
      .executeTakeFirstOrThrow();
    expect(createHash('sha256').update(resposta.rawPayload).digest('hex')).toBe(linha.sha256);
    expect((await baixar(randomUUID())).statusCode).toBe(404);
    expect((await baixar('nao-e-uuid')).statusCode).toBe(400);
  });

  it('termina em ERRO com o motivo quando o arquivo de uma peça está corrompido, e a fila não tenta de novo', async () => {
    const [quebrada] = await adicionarPecas(t, { idDocumento, idUsuario: resumo.usuarios.ana }, [
      { nome: 'quebrada.pdf', conteudo: Buffer.from('%PDF-1.4\nnada aqui\n'), tipoMime: 'application/pdf' },
    ]);
    const { uuid } = (await solicitar([anexos.P, quebrada?.idAnexo])).json();
    await executarFila();
    const [consolidacao] = await consultar([uuid]);
    expect(consolidacao?.estado).toBe('ERRO');
    expect(consolidacao?.erro).toMatch(/^A peça \d+ \(quebrada\.pdf\) não pôde ser incluída/);
    const job = await db().selectFrom('job').select('estado').executeTakeFirstOrThrow();
    expect(job.estado).toBe('CONCLUIDO');
    expect((await baixar(uuid)).statusCode).toBe(409);
    await db()
      .deleteFrom('peca')
      .where('idAnexo', '=', quebrada?.idAnexo as number)
      .execute();
  });
});
