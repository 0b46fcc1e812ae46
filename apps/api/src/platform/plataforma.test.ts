import { MENSAGENS } from '@tramite/shared';
import Fastify, { type InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppTeste, cabecalhosApp, criarAppTeste } from '../testing/app-teste.ts';
import { criarUnidade, criarUsuario } from '../testing/fabricas.ts';
import { ErroDominio } from './erros.ts';
import { ErroTrabalho } from './pool-trabalhadores.ts';
import { removerSessoesExpiradas } from './sessao.ts';
import { registrarTratamentoErros } from './tratamento-erros.ts';

let t: AppTeste;

beforeAll(async () => {
  t = await criarAppTeste({ SESSAO_INATIVIDADE_MINUTOS: '30', SESSAO_DURACAO_MAXIMA_HORAS: '8' });
  const unidade = await criarUnidade(t.banco.db);
  await criarUsuario(t.banco.db, { username: 'ana', lotacoes: [unidade.id] });
});

afterAll(async () => {
  await t?.fechar();
});

describe('formato de erro', () => {
  it.each<[string, () => Promise<InjectOptions>, number, unknown]>([
    [
      'responde 404 com mensagem para uma chamada que não existe',
      async () => ({ method: 'GET', url: '/api/nao-existe' }),
      404,
      {
        codigo: 'ROTA_NAO_ENCONTRADA',
        mensagem: MENSAGENS.geral.rotaNaoEncontrada,
        erros: [{ mensagem: 'GET /api/nao-existe' }],
      },
    ],
    [
      'responde 400 com os campos inválidos',
      async () => ({
        method: 'POST',
        url: '/api/auth/configuracoes',
        headers: { ...cabecalhosApp(await t.entrar('ana')), 'content-type': 'application/json' },
        payload: '{"idUnidadeAtual": ',
      }),
      400,
      { codigo: 'REQUISICAO_INVALIDA', mensagem: 'O corpo da requisição não é um JSON válido', erros: [] },
    ],
  ])('%s', async (_titulo, pedido, status, corpo) => {
    const resposta = await t.app.inject(await pedido());
    expect(resposta.statusCode).toBe(status);
    expect(resposta.json()).toEqual(corpo);
  });

  it('responde 400 quando a query não segue o esquema', async () => {
    const resposta = await t.app.inject({ method: 'GET', url: `/api/auth/login?redirect=${'x'.repeat(3000)}` });
    expect(resposta.statusCode).toBe(400);
    const corpo = resposta.json();
    expect(corpo.mensagem).toBeTypeOf('string');
    expect(corpo.codigo).toBe('REQUISICAO_INVALIDA');
    expect(corpo.erros[0].campo).toBe('querystring.redirect');
  });

  it('esconde os detalhes de um erro inesperado', async () => {
    const app = Fastify({ logger: false });
    registrarTratamentoErros(app);
    app.get('/quebra', async () => {
      throw new Error('SELECT * FROM segredo WHERE senha = 123');
    });
    app.get('/regra', async () => {
      throw new ErroDominio('CONFLITO', 'Conflito de teste', [{ campo: 'x', mensagem: 'y' }]);
    });
    app.get('/trabalho/:motivo', async (request) => {
      const { motivo } = request.params as { motivo: 'tempo' | 'ocupado' };
      throw new ErroTrabalho(motivo, `trabalho ${motivo}`);
    });
    app.get('/banco', async () => {
      throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    });
    const quebra = await app.inject({ method: 'GET', url: '/quebra' });
    expect(quebra.statusCode).toBe(500);
    expect(quebra.json()).toEqual({ codigo: 'ERRO_INTERNO', mensagem: MENSAGENS.geral.erroInterno, erros: [] });
    expect(quebra.body).not.toContain('SELECT');
    const regra = await app.inject({ method: 'GET', url: '/regra' });
    expect(regra.statusCode).toBe(409);
    expect(regra.json()).toEqual({
      codigo: 'CONFLITO',
      mensagem: 'Conflito de teste',
      erros: [{ campo: 'x', mensagem: 'y' }],
    });
    // The pool's failures: past the limits the same input fails again (422), a full pool passes (503).
    const tempo = await app.inject({ method: 'GET', url: '/trabalho/tempo' });
    expect(tempo.statusCode).toBe(422);
    expect(tempo.json()).toEqual({ codigo: 'TRABALHO_TEMPO_ESGOTADO', mensagem: 'trabalho tempo', erros: [] });
    const ocupado = await app.inject({ method: 'GET', url: '/trabalho/ocupado' });
    expect(ocupado.statusCode).toBe(503);
    expect(ocupado.json()).toEqual({ codigo: 'SERVIDOR_OCUPADO', mensagem: 'trabalho ocupado', erros: [] });
    const banco = await app.inject({ method: 'GET', url: '/banco' });
    expect(banco.statusCode).toBe(503);
    expect(banco.json()).toMatchObject({ codigo: 'BANCO_INDISPONIVEL', mensagem: MENSAGENS.geral.bancoIndisponivel });
    await app.close();
  });
});

describe('sessões', () => {
  it('expira a sessão parada por mais tempo que o limite de inatividade', async () => {
    const cookie = await t.entrar('ana');
    await t.banco.db.updateTable('sessao').set({ ultimoAcessoEm: sql`now() - interval '31 minutes'` }).execute();
    const resposta = await t.app.inject({ method: 'GET', url: '/api/auth', headers: { cookie } });
    expect(resposta.statusCode).toBe(401);
  });

  it('expira a sessão depois da duração máxima, mesmo em uso', async () => {
    const cookie = await t.entrar('ana');
    const antes = await t.app.inject({ method: 'GET', url: '/api/auth', headers: { cookie } });
    expect(antes.statusCode).toBe(200);
    await t.banco.db
      .updateTable('sessao')
      .set({ expiraEm: sql`now() - interval '1 second'`, ultimoAcessoEm: sql`now()` })
      .execute();
    const depois = await t.app.inject({ method: 'GET', url: '/api/auth', headers: { cookie } });
    expect(depois.statusCode).toBe(401);
    expect(await removerSessoesExpiradas(t.banco.db, t.config.sessao)).toBeGreaterThanOrEqual(1);
  });

  it('vale para outro processo da API no mesmo banco', async () => {
    const cookie = await t.entrar('ana');
    const { buildApp } = await import('../app.ts');
    const outro = await buildApp({
      db: t.banco.db,
      config: t.config,
      armazenamento: t.app.armazenamento,
      trabalhadores: t.app.trabalhadores,
    });
    const resposta = await outro.inject({ method: 'GET', url: '/api/auth', headers: { cookie } });
    expect(resposta.statusCode).toBe(200);
    await outro.close();
  });
});

describe('GET /api/mensagens', () => {
  it('lista só as notícias válidas', async () => {
    await t.banco.db
      .insertInto('mensagemNoticia')
      .values([
        { mensagem: 'Sistema em manutenção no sábado', dataValidade: new Date(Date.now() + 86_400_000) },
        { mensagem: 'Aviso antigo', dataValidade: new Date(Date.now() - 86_400_000) },
        { mensagem: 'Aviso permanente', dataValidade: null },
      ])
      .execute();
    const resposta = await t.app.inject({ method: 'GET', url: '/api/mensagens' });
    expect(resposta.statusCode).toBe(200);
    const mensagens = resposta.json().map((m: { mensagem: string }) => m.mensagem);
    expect(mensagens.sort()).toEqual(['Aviso permanente', 'Sistema em manutenção no sábado']);
  });
});

describe('OpenAPI', () => {
  it('documenta as chamadas em /api/openapi.json e serve a interface em /api/docs', async () => {
    const documento = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(documento.statusCode).toBe(200);
    const openapi = documento.json();
    expect(openapi.openapi).toBe('3.1.0');
    expect(Object.keys(openapi.paths)).toEqual(
      expect.arrayContaining(['/api/auth', '/api/auth/permissoes', '/api/auth/configuracoes', '/api/mensagens']),
    );
    expect(openapi.paths['/api/auth'].get.responses['200']).toBeDefined();
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('swagger');
  });
});
