import { MENSAGENS, type TipoDocumento } from '@tramite/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { cabecalhosApp } from '../../testing/app-teste.ts';
import { usarAppTeste } from '../../testing/contexto-teste.ts';
import { criarUnidade, criarUsuario } from '../../testing/fabricas.ts';
import { esperarErro } from '../../testing/respostas.ts';

const t = usarAppTeste();
let cookieAdmin: string;
let cookieAna: string;
let cookieVocabulario: string;
const tipos: Record<string, number> = {};
const assuntos: Record<string, number> = {};

async function criarTipo(descricao: string, dados: { ativo?: boolean; fluxo?: 'ativo' | 'inativo' } = {}) {
  const db = t.banco.db;
  const { id } = await db
    .insertInto('tipoDocumento')
    .values({ descricao, ativo: dados.ativo ?? true, urlDocumentacao: null, observacao: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (dados.fluxo) {
    await db
      .insertInto('fluxo')
      .values({ idTipoDocumento: id, descricao: `Fluxo de ${descricao}`, ativo: dados.fluxo === 'ativo' })
      .execute();
  }
  tipos[descricao] = id;
  return id;
}

async function criarAssunto(codigo: string, descricao: string, dados: { atribuivel?: boolean; ativo?: boolean } = {}) {
  const { id } = await t.banco.db
    .insertInto('assunto')
    .values({ codigo, descricao, atribuivel: dados.atribuivel ?? true, ativo: dados.ativo ?? true })
    .returning('id')
    .executeTakeFirstOrThrow();
  assuntos[codigo] = id;
  return id;
}

async function vincular(tipo: string, ...codigos: string[]) {
  await t.banco.db
    .insertInto('tipoDocumentoAssunto')
    .values(
      codigos.map((codigo) => ({ idTipoDocumento: tipos[tipo] as number, idAssunto: assuntos[codigo] as number })),
    )
    .execute();
}

const descricoes = (corpo: TipoDocumento[]) => corpo.map((tipo) => tipo.descricao);

async function listar(consulta: string, cookie?: string) {
  const resposta = await t.app.inject({
    method: 'GET',
    url: `/api/tipos-documentos${consulta}`,
    headers: cookie ? { cookie } : {},
  });
  expect(resposta.statusCode).toBe(200);
  return resposta.json<TipoDocumento[]>();
}

beforeAll(async () => {
  const db = t.banco.db;
  const unidade = await criarUnidade(db, { sigla: 'PROT', nome: 'Protocolo Central' });
  await criarUsuario(db, {
    username: 'admin',
    lotacoes: [unidade.id],
    permissoes: ['ADMINISTRACAO_TIPOS_DOCUMENTAIS'],
  });
  await criarUsuario(db, { username: 'ana', lotacoes: [unidade.id] });
  await criarUsuario(db, {
    username: 'vocabulario',
    lotacoes: [unidade.id],
    permissoes: ['ADMINISTRACAO_VOCABULARIO'],
  });
  [cookieAdmin, cookieAna, cookieVocabulario] = await Promise.all([
    t.entrar('admin'),
    t.entrar('ana'),
    t.entrar('vocabulario'),
  ]);

  await criarTipo('Boletim', { fluxo: 'ativo' });
  await criarTipo('ata', { fluxo: 'ativo' });
  await criarTipo('Ajuda', { fluxo: 'ativo' });
  await criarTipo('Édito', { fluxo: 'inativo' });
  await criarTipo('Ofício');
  await criarTipo('Zeta Arquivado', { ativo: false, fluxo: 'ativo' });
  await criarAssunto('125.5', 'Aproveitamento de estudos');
  await criarAssunto('020', 'Pessoal', { atribuivel: false });
  await criarAssunto('019.9', 'Em desuso', { ativo: false });
  await criarAssunto('125.41', 'Trancamento de matrícula');
  await vincular('Boletim', '125.5');
  await vincular('ata', '020');
  await vincular('Ofício', '125.5', '019.9', '020', '125.41');
  await vincular('Zeta Arquivado', '125.5');
});

describe('GET /api/tipos-documentos', () => {
  it('lista os tipos ativos para a busca pública, em ordem de descrição sem diferenciar maiúsculas e acentos', async () => {
    expect(descricoes(await listar(''))).toEqual(['Ajuda', 'ata', 'Boletim', 'Édito', 'Ofício']);
  });

  it('para quem entrou, lista os tipos autorizados: ativos e com um fluxo ativo', async () => {
    expect(descricoes(await listar('', cookieAna))).toEqual(['Ajuda', 'ata', 'Boletim']);
  });

  it('todosTipos lista todos os ativos; com incluirInativos, também os inativos', async () => {
    expect(descricoes(await listar('?todosTipos=true', cookieAna))).toEqual([
      'Ajuda',
      'ata',
      'Boletim',
      'Édito',
      'Ofício',
    ]);
    const todos = await listar('?todosTipos=true&incluirInativos=true', cookieAdmin);
    expect(descricoes(todos)).toEqual(['Ajuda', 'ata', 'Boletim', 'Édito', 'Ofício', 'Zeta Arquivado']);
    expect(todos.find((tipo) => tipo.descricao === 'Zeta Arquivado')).toMatchObject({ ativo: false });
    expect(descricoes(await listar('?incluirInativos=true', cookieAna))).toEqual([
      'Ajuda',
      'ata',
      'Boletim',
      'Zeta Arquivado',
    ]);
  });

  it('paraInclusaoEmVocabularioControlado lista os tipos com algum assunto atribuível ativo', async () => {
    expect(descricoes(await listar('?paraInclusaoEmVocabularioControlado=true', cookieAna))).toEqual([
      'Boletim',
      'Ofício',
    ]);
    expect(
      descricoes(await listar('?paraInclusaoEmVocabularioControlado=true&incluirInativos=true', cookieAna)),
    ).toEqual(['Boletim', 'Ofício', 'Zeta Arquivado']);
    expect(descricoes(await listar('?paraInclusaoEmVocabularioControlado=false&todosTipos=false', cookieAna))).toEqual([
      'Ajuda',
      'ata',
      'Boletim',
    ]);
  });

  it('responde com todas as propriedades do tipo', async () => {
    const [ajuda] = await listar('');
    expect(ajuda).toEqual({
      id: tipos.Ajuda,
      descricao: 'Ajuda',
      ativo: true,
      geraCapa: true,
      notificaInteressadoTramitacao: false,
      integrado: false,
      urlDocumentacao: null,
      consideradoProcessoNaAnexacao: false,
      observacao: null,
    });
  });

  it('recusa uma opção que não seja true ou false', async () => {
    const resposta = await t.app.inject({ method: 'GET', url: '/api/tipos-documentos?todosTipos=sim' });
    expect(resposta.statusCode).toBe(400);
    expect(resposta.json()).toMatchObject({
      mensagem: expect.any(String),
      erros: [{ campo: 'querystring.todosTipos' }],
    });
  });
});

describe('GET /api/tipos-documentos/{id}/assuntos', () => {
  it('lista os assuntos ativos do tipo em ordem de código, com a indicação de atribuível', async () => {
    const resposta = await t.app.inject({ method: 'GET', url: `/api/tipos-documentos/${tipos.Ofício}/assuntos` });
    expect(resposta.statusCode).toBe(200);
    expect(resposta.json()).toEqual([
      { id: assuntos['020'], codigo: '020', descricao: 'Pessoal', atribuivel: false },
      { id: assuntos['125.41'], codigo: '125.41', descricao: 'Trancamento de matrícula', atribuivel: true },
      { id: assuntos['125.5'], codigo: '125.5', descricao: 'Aproveitamento de estudos', atribuivel: true },
    ]);
  });

  it('responde 404 para um tipo que não existe', async () => {
    const resposta = await t.app.inject({ method: 'GET', url: '/api/tipos-documentos/999999/assuntos' });
    esperarErro(resposta, 404, 'NAO_ENCONTRADO', MENSAGENS.lookups.tipoDocumentoNaoEncontrado);
  });
});

describe('PATCH /api/tipos-documentos/{id}', () => {
  const alterar = (id: number | undefined, corpo: unknown, cookie?: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/tipos-documentos/${id}`,
      headers: cabecalhosApp(cookie),
      payload: corpo as object,
    });

  it('exige login (401) e a permissão ADMINISTRACAO_TIPOS_DOCUMENTAIS (403), mesmo com corpo inválido', async () => {
    const anonimo = await alterar(tipos.Boletim, { ativo: false });
    esperarErro(anonimo, 401, 'NAO_AUTENTICADO', MENSAGENS.geral.naoAutenticado);
    for (const cookie of [cookieAna, cookieVocabulario]) {
      for (const corpo of [{ ativo: false }, { descricao: '' }]) {
        const resposta = await alterar(tipos.Boletim, corpo, cookie);
        esperarErro(resposta, 403, 'SEM_PERMISSAO', MENSAGENS.geral.semPermissao);
      }
    }
    const [boletim] = await t.banco.db
      .selectFrom('tipoDocumento')
      .select('ativo')
      .where('id', '=', tipos.Boletim as number)
      .execute();
    expect(boletim?.ativo).toBe(true);
  });

  it('responde 404 para um tipo que não existe', async () => {
    const resposta = await alterar(999999, { ativo: false }, cookieAdmin);
    esperarErro(resposta, 404, 'NAO_ENCONTRADO', MENSAGENS.lookups.tipoDocumentoNaoEncontrado);
  });

  it('recusa propriedades inválidas (400)', async () => {
    for (const corpo of [
      { descricao: '  ' },
      { urlDocumentacao: 'manual' },
      { urlDocumentacao: 'javascript:alert(1)' },
      { ativo: 'não' },
    ]) {
      const resposta = await alterar(tipos.Boletim, corpo, cookieAdmin);
      expect(resposta.statusCode).toBe(400);
      expect(resposta.json().erros.length).toBeGreaterThan(0);
    }
  });

  it('altera as propriedades informadas, guarda e registra na auditoria o antes e o depois', async () => {
    const id = tipos.Édito as number;
    const alteracao = {
      descricao: 'Édito Público',
      geraCapa: false,
      notificaInteressadoTramitacao: true,
      integrado: true,
      urlDocumentacao: 'https://www.ufex.edu.br/manuais/edito',
      consideradoProcessoNaAnexacao: true,
      observacao: 'Publicado no boletim de serviço.',
    };
    const resposta = await alterar(id, alteracao, cookieAdmin);
    expect(resposta.statusCode).toBe(200);
    const esperado = { id, ativo: true, ...alteracao };
    expect(resposta.json()).toEqual(esperado);
    const todos = await listar('?todosTipos=true&incluirInativos=true', cookieAdmin);
    expect(todos.find((tipo) => tipo.id === id)).toEqual(esperado);

    const auditoria = await t.banco.db
      .selectFrom('auditoria')
      .innerJoin('usuario', 'usuario.id', 'auditoria.idUsuario')
      .select([
        'usuario.username',
        'auditoria.acao',
        'auditoria.entidade',
        'auditoria.idEntidade',
        'auditoria.antes',
        'auditoria.depois',
        'auditoria.em',
      ])
      .where('auditoria.entidade', '=', 'tipo_documento')
      .execute();
    expect(auditoria).toHaveLength(1);
    expect(auditoria[0]).toMatchObject({
      username: 'admin',
      acao: 'ALTERAR_TIPO_DOCUMENTO',
      idEntidade: String(id),
      antes: { id, descricao: 'Édito', geraCapa: true, integrado: false, urlDocumentacao: null, observacao: null },
      depois: esperado,
    });
    expect(Date.now() - new Date(auditoria[0]?.em ?? 0).getTime()).toBeLessThan(60_000);
  });

  it('desativa um tipo: ele sai da lista de ativos e fica marcado como inativo', async () => {
    const resposta = await alterar(tipos.ata, { ativo: false }, cookieAdmin);
    expect(resposta.statusCode).toBe(200);
    expect(resposta.json()).toMatchObject({ descricao: 'ata', ativo: false });
    expect(descricoes(await listar(''))).not.toContain('ata');
    const todos = await listar('?todosTipos=true&incluirInativos=true', cookieAdmin);
    expect(todos.find((tipo) => tipo.descricao === 'ata')?.ativo).toBe(false);
    const reativado = await alterar(tipos.ata, { ativo: true, urlDocumentacao: null }, cookieAdmin);
    expect(reativado.json()).toMatchObject({ ativo: true });
  });

  it('não registra auditoria quando nada muda', async () => {
    const contar = async () =>
      (await t.banco.db.selectFrom('auditoria').select('id').where('entidade', '=', 'tipo_documento').execute()).length;
    const antes = await contar();
    const resposta = await alterar(tipos.Boletim, { ativo: true, descricao: 'Boletim' }, cookieAdmin);
    expect(resposta.statusCode).toBe(200);
    expect(resposta.json()).toMatchObject({ descricao: 'Boletim', ativo: true });
    expect(await contar()).toBe(antes);
  });

  it('alterações simultâneas do mesmo tipo são aplicadas uma após a outra, cada uma auditada', async () => {
    const id = tipos.Ajuda as number;
    const respostas = await Promise.all([
      alterar(id, { observacao: 'primeira' }, cookieAdmin),
      alterar(id, { geraCapa: false }, cookieAdmin),
    ]);
    expect(respostas.map((r) => r.statusCode)).toEqual([200, 200]);
    const final = (await listar('?todosTipos=true', cookieAdmin)).find((tipo) => tipo.id === id);
    expect(final).toMatchObject({ observacao: 'primeira', geraCapa: false });
    const registros = await t.banco.db
      .selectFrom('auditoria')
      .select(['antes', 'depois'])
      .where('entidade', '=', 'tipo_documento')
      .where('idEntidade', '=', String(id))
      .orderBy('id')
      .execute();
    expect(registros).toHaveLength(2);
    // The second change saw the first one's result as its "before".
    expect(registros[1]?.antes).toEqual(registros[0]?.depois);
  });
});

describe('fluxo genérico', () => {
  it('um fluxo ativo sem tipo autoriza todos os tipos ativos', async () => {
    await t.banco.db.insertInto('fluxo').values({ idTipoDocumento: null, descricao: 'Tramitação livre' }).execute();
    expect(descricoes(await listar('', cookieAna))).toEqual(['Ajuda', 'ata', 'Boletim', 'Édito Público', 'Ofício']);
  });
});

describe('OpenAPI', () => {
  it('descreve as chamadas de consulta e de administração', async () => {
    const resposta = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const caminhos = Object.keys(resposta.json().paths);
    for (const caminho of [
      '/api/tipos-documentos',
      '/api/tipos-documentos/{id}',
      '/api/tipos-documentos/{id}/assuntos',
      '/api/assuntos',
      '/api/assuntos/{id}',
      '/api/glossario',
      '/api/glossario/{id}',
      '/api/interessados',
      '/api/interessados/{tipo}',
      '/api/interessados/{id}/{tipo}/email',
      '/api/responsaveis-tramitacao',
      '/api/responsaveis-tramitacao/{tipo}',
      '/api/procedencias/UNIDADE',
      '/api/procedencias/caixa-postal/UNIDADE',
      '/api/procedencias/usuarios-lotados',
      '/api/propriedades/hipoteses-legais',
    ]) {
      expect(caminhos).toContain(caminho);
    }
    const lista = resposta.json().paths['/api/tipos-documentos'].get;
    expect(lista.parameters.map((p: { name: string }) => p.name)).toEqual([
      'paraInclusaoEmVocabularioControlado',
      'todosTipos',
      'incluirInativos',
      'paraPecas',
    ]);
  });
});
