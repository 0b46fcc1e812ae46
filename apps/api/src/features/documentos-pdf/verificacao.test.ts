import { formatarCodigoVerificacao, MENSAGENS } from '@tramite/shared';
import { type Kysely, sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import * as migracao from '../../db/migrations/0007-codigo-verificacao.ts';
import { cabecalhosApp } from '../../testing/app-teste.ts';
import { documentoEnviado } from '../../testing/cenarios/documentos.ts';
import { usarDemo } from '../../testing/contexto-teste.ts';
import { lerPdf } from '../../testing/leitura-pdf.ts';
import { esperarErro } from '../../testing/respostas.ts';

const { t } = usarDemo({ PUBLIC_URL: 'https://protocolo.ufex.edu.br' });
let ana: string;

beforeAll(async () => {
  ana = await t.entrar('ana');
});

const FORMATO = /^[2-9A-HJ-NP-Z]{16}$/;
const verificar = (codigo: string) => t.app.inject({ method: 'GET', url: `/api/verificacao/${codigo}` });

/** Opens a document through the API, as the Protocolo Central does. */
async function autuarNovo() {
  const opcao = await t.banco.db
    .selectFrom('tipoDocumentoAssunto as ta')
    .innerJoin('tipoDocumento as td', 'td.id', 'ta.idTipoDocumento')
    .innerJoin('assunto as a', 'a.id', 'ta.idAssunto')
    .select(['ta.idTipoDocumento', 'ta.idAssunto'])
    .where('td.ativo', '=', true)
    .where('a.ativo', '=', true)
    .where('a.atribuivel', '=', true)
    .orderBy('ta.idTipoDocumento')
    .executeTakeFirstOrThrow();
  const prot = await t.banco.db
    .selectFrom('unidade')
    .select('id')
    .where('sigla', '=', 'PROT')
    .executeTakeFirstOrThrow();
  const resposta = await t.app.inject({
    method: 'POST',
    url: '/api/documentos',
    headers: cabecalhosApp(ana),
    payload: { ...opcao, idProcedencia: prot.id, resumoAssunto: 'Pedido de verificação pública do comprovante' },
  });
  expect(resposta.statusCode).toBe(201);
  return resposta.json() as { idDocumento: number; numero: string };
}

const codigoDe = async (id: number) =>
  (await t.banco.db.selectFrom('documento').select('codigoVerificacao').where('id', '=', id).executeTakeFirstOrThrow())
    .codigoVerificacao;

describe('código de verificação', () => {
  it('todo documento aberto recebe um código de 16 caracteres, impresso no comprovante em grupos de 4', async () => {
    const novo = await autuarNovo();
    const codigo = await codigoDe(novo.idDocumento);
    expect(codigo).toMatch(FORMATO);
    const pdf = await lerPdf(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/documentos/${novo.idDocumento}/comprovante`,
          headers: { cookie: ana },
        })
      ).rawPayload,
    );
    expect(pdf.texto).toContain(`Código de verificação: ${codigo.slice(0, 4)}-${codigo.slice(4, 8)}-`);
    expect(pdf.texto).toContain(`https://protocolo.ufex.edu.br/verificacao/${formatarCodigoVerificacao(codigo)}`);
  });

  it('os códigos dos documentos semeados são todos diferentes e o banco recusa repetir um', async () => {
    const { total, distintos, foraDoFormato } = await sql<{ total: number; distintos: number; foraDoFormato: number }>`
      SELECT count(*)::int AS total, count(DISTINCT codigo_verificacao)::int AS distintos,
             count(*) FILTER (WHERE codigo_verificacao !~ '^[2-9A-HJ-NP-Z]{16}$')::int AS fora_do_formato
      FROM documento`
      .execute(t.banco.db)
      .then((r) => r.rows[0] as { total: number; distintos: number; foraDoFormato: number });
    expect(total).toBeGreaterThan(100);
    expect(distintos).toBe(total);
    expect(foraDoFormato).toBe(0);
    const [a, b] = await t.banco.db
      .selectFrom('documento')
      .select(['id', 'codigoVerificacao'])
      .orderBy('id')
      .limit(2)
      .execute();
    await expect(
      t.banco.db
        .updateTable('documento')
        .set({ codigoVerificacao: b?.codigoVerificacao })
        .where('id', '=', a?.id as number)
        .execute(),
    ).rejects.toThrow(/documento_codigo_verificacao_idx/);
  });
});

describe('GET verificacao/{codigo} (pública)', () => {
  it('responde os dados públicos do documento, sem login, com o código digitado de qualquer jeito', async () => {
    const doc = await documentoEnviado(t.banco.db, { situacao: 'RECEBIDO' });
    const formatado = formatarCodigoVerificacao(doc.codigoVerificacao);
    for (const digitado of [formatado, doc.codigoVerificacao.toLowerCase(), formatado.replaceAll('-', ' ')]) {
      const resposta = await verificar(encodeURIComponent(digitado));
      expect(resposta.statusCode).toBe(200);
      expect(resposta.json()).toMatchObject({
        codigoVerificacao: formatado,
        idDocumento: doc.id,
        numero: doc.numero,
        tipo: doc.tipoDescricao,
        assunto: { codigo: doc.assuntoCodigo },
        resumoAssunto: doc.resumoAssunto,
        dataAutuacao: new Date(doc.dataCriacao).toISOString(),
        dataPrimeiroEnvio: new Date(doc.dataValidade as Date).toISOString(),
        unidadeOrigem: { sigla: doc.procedenciaSigla },
        unidadeAtual: { sigla: doc.atualSigla },
        situacao: 'RECEBIDO',
      });
    }
    // Public data only: nothing about the interested party or who opened it.
    const corpo = (await verificar(formatado)).json();
    expect(Object.keys(corpo)).not.toContain('interessado');
    expect(JSON.stringify(corpo)).not.toMatch(/cpf|email|interessado/i);
  });

  it('um rascunho é confirmado sem o assunto, ainda não público', async () => {
    const novo = await autuarNovo();
    const resposta = await verificar(formatarCodigoVerificacao(await codigoDe(novo.idDocumento)));
    expect(resposta.statusCode).toBe(200);
    expect(resposta.json()).toMatchObject({
      numero: novo.numero,
      situacao: 'EM_CRIACAO',
      idDocumento: null,
      assunto: null,
      resumoAssunto: null,
    });
  });

  it('um código errado dá 404 que não fala de documento algum', async () => {
    const existentes = new Set(
      (await t.banco.db.selectFrom('documento').select('codigoVerificacao').execute()).map((d) => d.codigoVerificacao),
    );
    let errado = 'ZZZZ-ZZZZ-ZZZZ-ZZZZ';
    if (existentes.has(errado.replaceAll('-', ''))) errado = 'YYYY-YYYY-YYYY-YYYY';
    for (const codigo of [errado, 'abc', '0000-0000-0000-0000', `${'A'.repeat(16)}B`]) {
      const resposta = await verificar(codigo);
      esperarErro(resposta, 404, 'NAO_ENCONTRADO', MENSAGENS.verificacao.codigoNaoEncontrado);
    }
    expect((await verificar('x'.repeat(100))).statusCode).toBe(400);
  });
});

describe('OpenAPI', () => {
  it('documenta as chamadas de capa, comprovante e verificação', async () => {
    const { paths } = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const caminho of [
      '/api/documentos/{id}/capa',
      '/api/documentos/{id}/comprovante',
      '/api/documentos/{id}/comprovante/email',
      '/api/verificacao/{codigo}',
    ]) {
      expect(paths[caminho]?.get, caminho).toBeDefined();
    }
  });
});

describe('migração 0007', () => {
  it('preenche o código dos documentos que já existiam', async () => {
    const total = await t.banco.db
      .selectFrom('documento')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const semTipos = t.banco.db as unknown as Kysely<unknown>;
    await migracao.down(semTipos);
    await migracao.up(semTipos);
    const depois = await sql<{ total: number; distintos: number; validos: number }>`
      SELECT count(*)::int AS total, count(DISTINCT codigo_verificacao)::int AS distintos,
             count(*) FILTER (WHERE codigo_verificacao ~ '^[2-9A-HJ-NP-Z]{16}$')::int AS validos
      FROM documento`.execute(t.banco.db);
    expect(depois.rows[0]).toEqual({ total: Number(total.n), distintos: Number(total.n), validos: Number(total.n) });
  });
});
