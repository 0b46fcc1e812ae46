import { MENSAGENS } from '@tramite/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarAppTeste } from '../../testing/contexto-teste.ts';
import { criarAssuntos } from '../../testing/fabricas.ts';
import { esperarErro } from '../../testing/respostas.ts';

const t = usarAppTeste();
const ids: Record<string, number> = {};
let idTipo: number;
let idTipoSemAssuntos: number;

beforeAll(async () => {
  const db = t.banco.db;
  Object.assign(
    ids,
    await criarAssuntos(db, [
      ['125.5', 'Aproveitamento de estudos', true, true],
      ['020', 'Pessoal', false, true],
      ['019.9', 'Assuntos transitórios', true, false],
      ['125.41', 'Trancamento de matrícula', true, true],
      ['211', 'Projetos de pesquisa', true, true],
    ]),
  );
  ({ id: idTipo } = await db
    .insertInto('tipoDocumento')
    .values({ descricao: 'Requerimento', urlDocumentacao: null, observacao: null })
    .returning('id')
    .executeTakeFirstOrThrow());
  ({ id: idTipoSemAssuntos } = await db
    .insertInto('tipoDocumento')
    .values({ descricao: 'Ata', urlDocumentacao: null, observacao: null })
    .returning('id')
    .executeTakeFirstOrThrow());
  await db
    .insertInto('tipoDocumentoAssunto')
    .values(
      ['125.5', '020', '019.9', '125.41'].map((codigo) => ({
        idTipoDocumento: idTipo,
        idAssunto: ids[codigo] as number,
      })),
    )
    .execute();
});

describe('GET /api/assuntos', () => {
  it('lista os assuntos ativos em ordem de código, com a indicação de atribuível', async () => {
    const resposta = await t.app.inject({ method: 'GET', url: '/api/assuntos' });
    expect(resposta.statusCode).toBe(200);
    expect(resposta.json()).toEqual([
      { id: ids['020'], codigo: '020', descricao: 'Pessoal', atribuivel: false },
      { id: ids['125.41'], codigo: '125.41', descricao: 'Trancamento de matrícula', atribuivel: true },
      { id: ids['125.5'], codigo: '125.5', descricao: 'Aproveitamento de estudos', atribuivel: true },
      { id: ids['211'], codigo: '211', descricao: 'Projetos de pesquisa', atribuivel: true },
    ]);
  });

  it('com idTipoDocumento, lista só os assuntos ativos do tipo', async () => {
    const resposta = await t.app.inject({ method: 'GET', url: `/api/assuntos?idTipoDocumento=${idTipo}` });
    expect(resposta.json().map((a: { codigo: string }) => a.codigo)).toEqual(['020', '125.41', '125.5']);
    const vazio = await t.app.inject({ method: 'GET', url: `/api/assuntos?idTipoDocumento=${idTipoSemAssuntos}` });
    expect(vazio.json()).toEqual([]);
  });

  it('responde 404 para um tipo que não existe e 400 para um id inválido', async () => {
    const inexistente = await t.app.inject({ method: 'GET', url: '/api/assuntos?idTipoDocumento=987654' });
    esperarErro(inexistente, 404, 'NAO_ENCONTRADO', MENSAGENS.lookups.tipoDocumentoNaoEncontrado);
    const invalido = await t.app.inject({ method: 'GET', url: '/api/assuntos?idTipoDocumento=abc' });
    expect(invalido.statusCode).toBe(400);
    expect(invalido.json().erros[0]).toMatchObject({ campo: 'querystring.idTipoDocumento' });
  });
});

describe('GET /api/assuntos/{id}', () => {
  it('devolve o assunto, inclusive um inativo (documentos antigos ainda o usam)', async () => {
    const resposta = await t.app.inject({ method: 'GET', url: `/api/assuntos/${ids['125.5']}` });
    expect(resposta.statusCode).toBe(200);
    expect(resposta.json()).toEqual({
      id: ids['125.5'],
      codigo: '125.5',
      descricao: 'Aproveitamento de estudos',
      atribuivel: true,
    });
    const inativo = await t.app.inject({ method: 'GET', url: `/api/assuntos/${ids['019.9']}` });
    expect(inativo.json()).toMatchObject({ codigo: '019.9' });
  });

  it("responde 404 'Não foi possível encontrar o assunto' para um assunto que não existe", async () => {
    const resposta = await t.app.inject({ method: 'GET', url: '/api/assuntos/999999' });
    esperarErro(resposta, 404, 'NAO_ENCONTRADO', 'Não foi possível encontrar o assunto');
    expect(MENSAGENS.autuacao.erroEncontrarAssunto).toBe('Não foi possível encontrar o assunto');
  });

  it('responde 400 para um id que não é número', async () => {
    const resposta = await t.app.inject({ method: 'GET', url: '/api/assuntos/abc' });
    expect(resposta.statusCode).toBe(400);
    expect(resposta.json()).toMatchObject({ mensagem: expect.any(String), erros: [{ campo: 'params.id' }] });
  });
});
