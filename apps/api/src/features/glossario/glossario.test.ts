import { type ItemGlossario, MENSAGENS } from '@tramite/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { cabecalhosApp } from '../../testing/app-teste.ts';
import { usarAppTeste } from '../../testing/contexto-teste.ts';
import { criarAssuntos, criarUnidade, criarUsuario } from '../../testing/fabricas.ts';
import { esperarErro } from '../../testing/respostas.ts';

const t = usarAppTeste();
let cookieAdmin: string;
let cookieAna: string;
let cookieTipos: string;
let idRequerimento: number;
let idProcesso: number;
const assuntos: Record<string, number> = {};

async function criarItem(descricao: string) {
  const { id } = await t.banco.db
    .insertInto('itemGlossario')
    .values({ idTipoDocumento: idRequerimento, idAssunto: assuntos['125.5'] as number, descricao, detalhamento: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

const salvar = (metodo: 'POST' | 'PATCH', url: string, corpo: unknown, cookie?: string) =>
  t.app.inject({ method: metodo, url, headers: cabecalhosApp(cookie), payload: corpo as object });

const registrosAuditoria = (idEntidade: number) =>
  t.banco.db
    .selectFrom('auditoria')
    .leftJoin('usuario', 'usuario.id', 'auditoria.idUsuario')
    .select(['usuario.username', 'auditoria.acao', 'auditoria.antes', 'auditoria.depois', 'auditoria.em'])
    .where('auditoria.entidade', '=', 'item_glossario')
    .where('auditoria.idEntidade', '=', String(idEntidade))
    .orderBy('auditoria.id')
    .execute();

beforeAll(async () => {
  const db = t.banco.db;
  const unidade = await criarUnidade(db, { sigla: 'PROT', nome: 'Protocolo Central' });
  await criarUsuario(db, { username: 'admin', lotacoes: [unidade.id], permissoes: ['ADMINISTRACAO_VOCABULARIO'] });
  await criarUsuario(db, { username: 'ana', lotacoes: [unidade.id] });
  await criarUsuario(db, {
    username: 'tipos',
    lotacoes: [unidade.id],
    permissoes: ['ADMINISTRACAO_TIPOS_DOCUMENTAIS'],
  });
  [cookieAdmin, cookieAna, cookieTipos] = await Promise.all([t.entrar('admin'), t.entrar('ana'), t.entrar('tipos')]);

  const novoTipo = async (descricao: string) =>
    (
      await db
        .insertInto('tipoDocumento')
        .values({ descricao, urlDocumentacao: null, observacao: null })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  idRequerimento = await novoTipo('Requerimento');
  idProcesso = await novoTipo('Processo');
  Object.assign(
    assuntos,
    await criarAssuntos(db, [
      ['125.5', 'Aproveitamento de estudos', true, true],
      ['125.41', 'Trancamento de matrícula', true, true],
      ['100', 'Ensino superior', false, true],
      ['019.9', 'Em desuso', true, false],
      ['029.2', 'Férias', true, true],
    ]),
  );
  await db
    .insertInto('tipoDocumentoAssunto')
    .values([
      ...['125.5', '125.41', '100', '019.9'].map((codigo) => ({
        idTipoDocumento: idRequerimento,
        idAssunto: assuntos[codigo] as number,
      })),
      { idTipoDocumento: idProcesso, idAssunto: assuntos['029.2'] as number },
    ])
    .execute();
});

describe('GET /api/glossario', () => {
  it('exige login (401)', async () => {
    const resposta = await t.app.inject({ method: 'GET', url: '/api/glossario' });
    esperarErro(resposta, 401, 'NAO_AUTENTICADO', MENSAGENS.geral.naoAutenticado);
  });

  it('lista os itens em ordem de descrição sem diferenciar maiúsculas: ata fica entre Ajuda e Boletim', async () => {
    const criados = [];
    for (const descricao of ['Boletim', 'ata', 'Ajuda', 'édito', 'Zona']) criados.push(await criarItem(descricao));
    const resposta = await t.app.inject({ method: 'GET', url: '/api/glossario', headers: { cookie: cookieAna } });
    expect(resposta.statusCode).toBe(200);
    const itens = resposta.json<ItemGlossario[]>();
    expect(itens.map((item) => item.descricao)).toEqual(['Ajuda', 'ata', 'Boletim', 'édito', 'Zona']);
    expect(itens[0]).toEqual({
      idItemGlossario: criados[2],
      idTipoDocumento: idRequerimento,
      idAssunto: assuntos['125.5'],
      descricao: 'Ajuda',
      detalhamento: null,
      descricaoAssunto: 'Aproveitamento de estudos',
      codigoAssunto: '125.5',
      tipoDocumento: 'Requerimento',
    });
    await t.banco.db.deleteFrom('itemGlossario').execute();
  });
});

describe('POST /api/glossario', () => {
  const corpo = () => ({
    idTipoDocumento: idRequerimento,
    idAssunto: assuntos['125.41'],
    descricao: 'Trancamento de matrícula',
    detalhamento: 'Anexe o formulário assinado.',
  });

  it('exige login (401) e a permissão ADMINISTRACAO_VOCABULARIO (403), mesmo com corpo inválido', async () => {
    expect((await salvar('POST', '/api/glossario', corpo())).statusCode).toBe(401);
    for (const cookie of [cookieAna, cookieTipos]) {
      for (const dados of [corpo(), {}]) {
        const resposta = await salvar('POST', '/api/glossario', dados, cookie);
        esperarErro(resposta, 403, 'SEM_PERMISSAO', MENSAGENS.geral.semPermissao);
      }
    }
    expect(await t.banco.db.selectFrom('itemGlossario').select('id').execute()).toEqual([]);
  });

  it('inclui o item (201), responde com tipo e assunto e registra a auditoria', async () => {
    const resposta = await salvar('POST', '/api/glossario', corpo(), cookieAdmin);
    expect(resposta.statusCode).toBe(201);
    const item = resposta.json<ItemGlossario>();
    expect(item).toEqual({
      idItemGlossario: expect.any(Number),
      idTipoDocumento: idRequerimento,
      idAssunto: assuntos['125.41'],
      descricao: 'Trancamento de matrícula',
      detalhamento: 'Anexe o formulário assinado.',
      descricaoAssunto: 'Trancamento de matrícula',
      codigoAssunto: '125.41',
      tipoDocumento: 'Requerimento',
    });
    const lista = await t.app.inject({ method: 'GET', url: '/api/glossario', headers: { cookie: cookieAna } });
    expect(lista.json()).toEqual([item]);
    const [registro, ...outros] = await registrosAuditoria(item.idItemGlossario);
    expect(outros).toEqual([]);
    expect(registro).toMatchObject({ username: 'admin', acao: 'INCLUIR_ITEM_GLOSSARIO', antes: null, depois: item });
  });

  it("recusa um assunto de outro tipo, não atribuível ou inativo: 'Este assunto é inválido para este tipo de documento'", async () => {
    for (const [idTipoDocumento, codigo] of [
      [idProcesso, '125.41'],
      [idRequerimento, '100'],
      [idRequerimento, '019.9'],
      [idRequerimento, '029.2'],
      [987654, '125.41'],
    ] as const) {
      const resposta = await salvar(
        'POST',
        '/api/glossario',
        { idTipoDocumento, idAssunto: assuntos[codigo], descricao: 'Qualquer' },
        cookieAdmin,
      );
      esperarErro(resposta, 400, 'REQUISICAO_INVALIDA', 'Este assunto é inválido para este tipo de documento', [
        { campo: 'idAssunto', mensagem: MENSAGENS.autuacao.assuntoInvalido },
      ]);
    }
  });

  it('recusa a mesma descrição para o mesmo tipo e assunto (409), também ao mesmo tempo, e aceita outra', async () => {
    const par = { idTipoDocumento: idRequerimento, idAssunto: assuntos['125.41'] as number };
    const existente = await salvar('POST', '/api/glossario', { ...par, descricao: 'Guia do trancamento' }, cookieAdmin);
    expect(existente.statusCode).toBe(201);
    const repetido = await salvar(
      'POST',
      '/api/glossario',
      { ...par, descricao: '  GUIA do trancamento ' },
      cookieAdmin,
    );
    esperarErro(repetido, 409, 'CONFLITO', MENSAGENS.lookups.itemVocabularioDuplicado);

    // Two requests at once with a new description: exactly one is created.
    const simultaneas = await Promise.all(
      [1, 2].map(() => salvar('POST', '/api/glossario', { ...par, descricao: 'Prazo do trancamento' }, cookieAdmin)),
    );
    expect(simultaneas.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const iguais = await t.banco.db
      .selectFrom('itemGlossario')
      .select('id')
      .where('descricao', '=', 'Prazo do trancamento')
      .execute();
    expect(iguais).toHaveLength(1);

    // Renaming another item of the pair to an existing description is refused too, and changes nothing.
    const outro = await salvar('POST', '/api/glossario', { ...par, descricao: 'Documentos exigidos' }, cookieAdmin);
    const idOutro = outro.json<ItemGlossario>().idItemGlossario;
    const renomeado = await salvar(
      'PATCH',
      `/api/glossario/${idOutro}`,
      { ...par, descricao: 'Guia do trancamento' },
      cookieAdmin,
    );
    esperarErro(renomeado, 409, 'CONFLITO', MENSAGENS.lookups.itemVocabularioDuplicado);
    // Saving an item with its own description is not a duplicate.
    const mesmo = await salvar(
      'PATCH',
      `/api/glossario/${idOutro}`,
      { ...par, descricao: 'Documentos exigidos' },
      cookieAdmin,
    );
    expect(mesmo.statusCode).toBe(200);
    await t.banco.db.deleteFrom('itemGlossario').where('idAssunto', '=', par.idAssunto).execute();
  });

  it('exige a descrição (400)', async () => {
    const resposta = await salvar('POST', '/api/glossario', { ...corpo(), descricao: '   ' }, cookieAdmin);
    expect(resposta.statusCode).toBe(400);
    expect(resposta.json()).toMatchObject({
      mensagem: 'Informe a descrição',
      erros: [{ campo: 'body.descricao', mensagem: 'Informe a descrição' }],
    });
  });
});

describe('PATCH /api/glossario/{id}', () => {
  it('exige login e permissão; 404 para um item que não existe', async () => {
    const id = await criarItem('Para alterar');
    const dados = { idTipoDocumento: idRequerimento, idAssunto: assuntos['125.5'], descricao: 'Outro' };
    expect((await salvar('PATCH', `/api/glossario/${id}`, dados)).statusCode).toBe(401);
    expect((await salvar('PATCH', `/api/glossario/${id}`, dados, cookieAna)).statusCode).toBe(403);
    const inexistente = await salvar('PATCH', '/api/glossario/999999', dados, cookieAdmin);
    esperarErro(inexistente, 404, 'NAO_ENCONTRADO', MENSAGENS.lookups.itemVocabularioNaoEncontrado);
  });

  it('altera tipo, assunto, descrição e detalhamento e audita o antes e o depois', async () => {
    const id = await criarItem('Férias');
    const resposta = await salvar(
      'PATCH',
      `/api/glossario/${id}`,
      {
        idTipoDocumento: idProcesso,
        idAssunto: assuntos['029.2'],
        descricao: 'Férias de servidor',
        detalhamento: 'Chefia',
      },
      cookieAdmin,
    );
    expect(resposta.statusCode).toBe(200);
    const depois = {
      idItemGlossario: id,
      idTipoDocumento: idProcesso,
      idAssunto: assuntos['029.2'],
      descricao: 'Férias de servidor',
      detalhamento: 'Chefia',
      descricaoAssunto: 'Férias',
      codigoAssunto: '029.2',
      tipoDocumento: 'Processo',
    };
    expect(resposta.json()).toEqual(depois);
    const [registro] = await registrosAuditoria(id);
    expect(registro).toMatchObject({
      username: 'admin',
      acao: 'ALTERAR_ITEM_GLOSSARIO',
      antes: { idItemGlossario: id, descricao: 'Férias', tipoDocumento: 'Requerimento', codigoAssunto: '125.5' },
      depois,
    });
    const linha = await t.banco.db
      .selectFrom('itemGlossario')
      .select(['criadoEm', 'atualizadoEm'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(linha.atualizadoEm.getTime()).toBeGreaterThanOrEqual(linha.criadoEm.getTime());
  });

  it('recusa um assunto inválido para o tipo e mantém o item', async () => {
    const id = await criarItem('Mantido');
    const resposta = await salvar(
      'PATCH',
      `/api/glossario/${id}`,
      { idTipoDocumento: idProcesso, idAssunto: assuntos['125.5'], descricao: 'Mudado' },
      cookieAdmin,
    );
    expect(resposta.statusCode).toBe(400);
    expect(resposta.json().mensagem).toBe(MENSAGENS.autuacao.assuntoInvalido);
    const linha = await t.banco.db
      .selectFrom('itemGlossario')
      .select('descricao')
      .where('id', '=', id)
      .executeTakeFirst();
    expect(linha?.descricao).toBe('Mantido');
    expect(await registrosAuditoria(id)).toEqual([]);
  });
});

describe('DELETE /api/glossario/{id}', () => {
  const excluir = (id: number, cookie?: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/glossario/${id}`, headers: cabecalhosApp(cookie) });

  it('exige login e permissão; 404 para um item que não existe', async () => {
    const id = await criarItem('Protegido');
    expect((await excluir(id)).statusCode).toBe(401);
    const semPermissao = await excluir(id, cookieTipos);
    esperarErro(semPermissao, 403, 'SEM_PERMISSAO', MENSAGENS.geral.semPermissao);
    const inexistente = await excluir(999999, cookieAdmin);
    esperarErro(inexistente, 404, 'NAO_ENCONTRADO', MENSAGENS.lookups.itemVocabularioNaoEncontrado);
  });

  it('exclui o item (204) e audita o que havia antes', async () => {
    const id = await criarItem('Para excluir');
    const resposta = await excluir(id, cookieAdmin);
    expect(resposta.statusCode).toBe(204);
    expect(resposta.body).toBe('');
    const lista = await t.app.inject({ method: 'GET', url: '/api/glossario', headers: { cookie: cookieAdmin } });
    expect(lista.json().map((item: ItemGlossario) => item.idItemGlossario)).not.toContain(id);
    const [registro, ...outros] = await registrosAuditoria(id);
    expect(outros).toEqual([]);
    expect(registro).toMatchObject({
      username: 'admin',
      acao: 'EXCLUIR_ITEM_GLOSSARIO',
      antes: { idItemGlossario: id, descricao: 'Para excluir' },
      depois: null,
    });
    expect((await excluir(id, cookieAdmin)).statusCode).toBe(404);
  });

  it('duas exclusões simultâneas do mesmo item: uma exclui, a outra recebe 404', async () => {
    const id = await criarItem('Disputado');
    const respostas = await Promise.all([excluir(id, cookieAdmin), excluir(id, cookieAdmin)]);
    expect(respostas.map((r) => r.statusCode).sort()).toEqual([204, 404]);
    expect((await registrosAuditoria(id)).filter((r) => r.acao === 'EXCLUIR_ITEM_GLOSSARIO')).toHaveLength(1);
  });
});
