import { createHash } from 'node:crypto';
import { MENSAGENS } from '@tramite/shared';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { cabecalhosApp } from '../../testing/app-teste.ts';
import { usarAppTeste } from '../../testing/contexto-teste.ts';
import { criarUnidade, criarUsuario } from '../../testing/fabricas.ts';
import { esperarErro, esperarSessaoAberta } from '../../testing/respostas.ts';
import * as service from './service.ts';

const t = usarAppTeste({ LOGIN_MAX_FALHAS: '3' });
let protocolo: { id: number };
let reitoria: { id: number };
let outra: { id: number };

beforeAll(async () => {
  const db = t.banco.db;
  protocolo = await criarUnidade(db, { sigla: 'PROT', nome: 'Protocolo Central' });
  reitoria = await criarUnidade(db, { sigla: 'REIT', nome: 'Reitoria' });
  outra = await criarUnidade(db, { sigla: 'DEP', nome: 'Departamento' });
  await criarUsuario(db, {
    username: 'admin',
    nome: 'Administrador',
    lotacoes: [protocolo.id, reitoria.id],
    permissoes: ['RELATORIOS', 'REENCAMINHAMENTO'],
  });
  await criarUsuario(db, { username: 'ana', nome: 'Ana Paula', lotacoes: [protocolo.id] });
  await criarUsuario(db, { username: 'bloqueado', lotacoes: [protocolo.id] });
  await criarUsuario(db, { username: 'limitado', lotacoes: [protocolo.id] });
  await criarUsuario(db, { username: 'auditada', senha: 'Senha-Secreta-9', lotacoes: [protocolo.id] });
});

const formulario = (campos: Record<string, string>) => ({
  payload: new URLSearchParams(campos).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});
/** POST /api/auth/login with these form fields, as the login page sends them. */
const postarLogin = (campos: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', ...formulario(campos) });

describe('GET /api/auth/login', () => {
  it('mostra a página de login acessível em português', async () => {
    const resposta = await t.app.inject({ method: 'GET', url: '/api/auth/login?redirect=/caixa-postal' });
    expect(resposta.statusCode).toBe(200);
    expect(resposta.headers['content-type']).toContain('text/html');
    expect(resposta.body).toContain('<html lang="pt-BR">');
    expect(resposta.body).toContain('<label for="username">Usuário</label>');
    expect(resposta.body).toContain('value="/caixa-postal"');
    expect(resposta.headers['content-security-policy']).toContain("script-src 'self'");
    expect(resposta.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(resposta.headers['x-content-type-options']).toBe('nosniff');
  });

  it('troca um redirecionamento para outro site por /home', async () => {
    for (const destino of [
      'https://malicioso.example/x',
      '//malicioso.example',
      '/\\malicioso.example',
      'javascript:alert(1)',
    ]) {
      const resposta = await t.app.inject({
        method: 'GET',
        url: `/api/auth/login?redirect=${encodeURIComponent(destino)}`,
      });
      expect(resposta.body).toContain('name="redirect" value="/home"');
    }
  });
});

describe('POST /api/auth/login', () => {
  it('abre a sessão com cookie HttpOnly e SameSite=Lax e redireciona (303) ao destino', async () => {
    const resposta = await postarLogin({ username: 'ana', password: 'ana', redirect: '/documentos/1?aba=pecas' });
    const cookie = esperarSessaoAberta(resposta, '/documentos/1?aba=pecas');
    const sessoes = await t.banco.db.selectFrom('sessao').selectAll().execute();
    // The database keeps only the token's hash.
    expect(sessoes.some((s) => s.id === cookie?.value)).toBe(false);
  });

  it('não redireciona para fora do site', async () => {
    const resposta = await postarLogin({ username: 'ana', password: 'ana', redirect: 'https://malicioso.example' });
    expect(resposta.statusCode).toBe(303);
    expect(resposta.headers.location).toBe('/home');
  });

  it('mostra a página de novo com a mensagem quando a senha está errada', async () => {
    const resposta = await postarLogin({ username: 'bloqueado', password: 'errada', redirect: '/busca' });
    expect(resposta.statusCode).toBe(401);
    expect(resposta.body).toContain(MENSAGENS.login.credenciaisInvalidas);
    expect(resposta.body).toContain('value="bloqueado"');
    expect(resposta.cookies).toHaveLength(0);
  });

  it('dá a mesma resposta para um usuário que não existe', async () => {
    const resposta = await postarLogin({ username: 'ninguem', password: 'x' });
    expect(resposta.statusCode).toBe(401);
    expect(resposta.body).toContain(MENSAGENS.login.credenciaisInvalidas);
  });

  it('limita tentativas repetidas sem sucesso, mesmo com a senha certa depois', async () => {
    for (let i = 0; i < 3; i++) {
      const falha = await postarLogin({ username: 'limitado', password: `errada${i}` });
      expect(falha.statusCode).toBe(401);
    }
    const bloqueada = await postarLogin({ username: 'limitado', password: 'limitado' });
    expect(bloqueada.statusCode).toBe(429);
    expect(bloqueada.body).toContain(MENSAGENS.login.aguardeParaTentar(Number(bloqueada.headers['retry-after'])));
  });

  it('a recusa do login leva um código estável: CREDENCIAIS_INVALIDAS e, passadas as falhas, LOGIN_AGUARDE', async () => {
    const origem = { ip: '198.51.100.77', agente: 'teste' };
    const codigos: string[] = [];
    for (let i = 0; i <= t.config.login.maxFalhas; i++) {
      const resultado = await service.entrar(
        t.banco.db,
        t.config,
        { username: 'ninguem-codigo', password: 'x' },
        origem,
      );
      if (!resultado.ok) codigos.push(resultado.erro.codigo);
    }
    expect(codigos).toEqual([
      ...Array.from({ length: t.config.login.maxFalhas }, () => 'CREDENCIAIS_INVALIDAS'),
      'LOGIN_AGUARDE',
    ]);
  });

  it('recusa um formulário enviado de outro site', async () => {
    const resposta = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: new URLSearchParams({ username: 'ana', password: 'ana' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://malicioso.example' },
    });
    expect(resposta.statusCode).toBe(403);
    expect(resposta.cookies).toHaveLength(0);
  });

  it('gera uma sessão nova a cada login e encerra a anterior enviada no cookie', async () => {
    const primeiro = await t.entrar('ana');
    const segundo = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: new URLSearchParams({ username: 'ana', password: 'ana' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: primeiro },
    });
    const novo = segundo.cookies.find((c) => c.name === 'tramite_sessao');
    expect(novo?.value).toBeTruthy();
    expect(`tramite_sessao=${novo?.value}`).not.toBe(primeiro);
    const antiga = await t.app.inject({ method: 'GET', url: '/api/auth', headers: { cookie: primeiro } });
    expect(antiga.statusCode).toBe(401);
  });
});

describe('GET /api/auth', () => {
  it('responde 401 com o formato de erro para quem não entrou', async () => {
    const resposta = await t.app.inject({ method: 'GET', url: '/api/auth' });
    esperarErro(resposta, 401, 'NAO_AUTENTICADO', MENSAGENS.geral.naoAutenticado);
  });

  it('devolve o usuário com permissões, configurações e lotações', async () => {
    const cookie = await t.entrar('admin');
    const resposta = await t.app.inject({ method: 'GET', url: '/api/auth', headers: { cookie } });
    expect(resposta.statusCode).toBe(200);
    const usuario = resposta.json();
    expect(usuario).toMatchObject({
      username: 'admin',
      nome: 'Administrador',
      permissoes: ['REENCAMINHAMENTO', 'RELATORIOS'],
      configuracoes: { idUnidadeAtual: protocolo.id, email: 'admin@ufex.edu.br', notificacoesPorEmail: false },
      email: 'admin@ufex.edu.br',
      emailPessoal: null,
      idPessoa: null,
    });
    expect(usuario.lotacoes.map((u: { sigla: string }) => u.sigla).sort()).toEqual(['PROT', 'REIT']);
    expect(usuario).not.toHaveProperty('senhaHash');
  });

  it('lista as permissões e as configurações', async () => {
    const cookie = await t.entrar('ana');
    const permissoes = await t.app.inject({ method: 'GET', url: '/api/auth/permissoes', headers: { cookie } });
    expect(permissoes.json()).toEqual([]);
    const configuracoes = await t.app.inject({ method: 'GET', url: '/api/auth/configuracoes', headers: { cookie } });
    expect(configuracoes.json()).toEqual({
      idUnidadeAtual: protocolo.id,
      email: 'ana@ufex.edu.br',
      notificacoesPorEmail: false,
      resumoDiarioHorario: null,
    });
  });

  it('ignora um cookie de sessão inventado', async () => {
    const resposta = await t.app.inject({ method: 'GET', url: '/api/auth', headers: { cookie: 'tramite_sessao=abc' } });
    expect(resposta.statusCode).toBe(401);
  });
});

describe('POST /api/auth/configuracoes', () => {
  const salvarConfiguracoes = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/auth/configuracoes', headers, payload });
  const salvarComoAna = async (payload: Record<string, unknown>) =>
    salvarConfiguracoes(cabecalhosApp(await t.entrar('ana')), payload);

  it('troca a unidade atual por outra lotação e registra a auditoria', async () => {
    const cookie = await t.entrar('admin');
    const resposta = await salvarConfiguracoes(cabecalhosApp(cookie), {
      idUnidadeAtual: reitoria.id,
      email: 'gabinete@ufex.edu.br',
      notificacoesPorEmail: true,
    });
    expect(resposta.statusCode).toBe(200);
    expect(resposta.json()).toEqual({
      idUnidadeAtual: reitoria.id,
      email: 'gabinete@ufex.edu.br',
      notificacoesPorEmail: true,
      resumoDiarioHorario: null,
    });
    const usuario = await t.app.inject({ method: 'GET', url: '/api/auth', headers: { cookie } });
    expect(usuario.json().configuracoes.idUnidadeAtual).toBe(reitoria.id);
    const auditoria = await t.banco.db
      .selectFrom('auditoria')
      .selectAll()
      .where('acao', '=', 'ALTERAR_CONFIGURACOES')
      .execute();
    expect(auditoria).toHaveLength(1);
    expect(auditoria[0]?.antes).toMatchObject({ idUnidadeAtual: protocolo.id });
    expect(auditoria[0]?.depois).toMatchObject({ idUnidadeAtual: reitoria.id, email: 'gabinete@ufex.edu.br' });
  });

  it('recusa uma unidade que não é lotação do usuário', async () => {
    const resposta = await salvarComoAna({ idUnidadeAtual: outra.id, email: 'ana@ufex.edu.br' });
    expect(resposta.statusCode).toBe(400);
    expect(resposta.json().mensagem).toBe(MENSAGENS.usuario.unidadeNaoLotada);
  });

  it('recusa um e-mail de notificação inválido', async () => {
    const resposta = await salvarComoAna({ idUnidadeAtual: protocolo.id, email: 'nao-e-email' });
    expect(resposta.statusCode).toBe(400);
    expect(resposta.json()).toMatchObject({
      mensagem: MENSAGENS.usuario.emailInvalido,
      erros: [{ campo: 'email', mensagem: MENSAGENS.usuario.emailInvalido }],
    });
  });

  it('recusa a chamada sem o cabeçalho que um formulário de outro site não envia', async () => {
    const cookie = await t.entrar('ana');
    const resposta = await salvarConfiguracoes({ cookie }, { idUnidadeAtual: protocolo.id });
    expect(resposta.statusCode).toBe(403);
    expect(resposta.json()).toMatchObject({ codigo: 'CSRF_AUSENTE', mensagem: MENSAGENS.geral.cabecalhoCsrfAusente });
  });

  it('exige login', async () => {
    const resposta = await salvarConfiguracoes(cabecalhosApp(), { idUnidadeAtual: protocolo.id });
    expect(resposta.statusCode).toBe(401);
  });
});

describe('POST /api/auth/logout', () => {
  it('encerra a sessão no servidor', async () => {
    const cookie = await t.entrar('ana');
    const saida = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: cabecalhosApp(cookie) });
    expect(saida.statusCode).toBe(204);
    const depois = await t.app.inject({ method: 'GET', url: '/api/auth', headers: { cookie } });
    expect(depois.statusCode).toBe(401);
  });
});

describe('auditoria de login e logout', () => {
  const ultimoId = async () =>
    (
      await t.banco.db
        .selectFrom('auditoria')
        .select(sql<number>`coalesce(max(id), 0)::int`.as('id'))
        .executeTakeFirstOrThrow()
    ).id;
  const registrosDesde = (id: number) =>
    t.banco.db.selectFrom('auditoria').selectAll().where('id', '>', id).orderBy('id').execute();
  const AGENTE = 'Mozilla/5.0 (X11; Linux x86_64) Teste/1.0';

  it('registra o login por senha e a saída, com IP e navegador, sem senha nem token', async () => {
    const { id: idUsuario } = await t.banco.db
      .selectFrom('usuario')
      .select('id')
      .where('username', '=', 'auditada')
      .executeTakeFirstOrThrow();
    const inicio = await ultimoId();

    // A failure goes to tentativa_login only, as before.
    const falha = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '198.51.100.23',
      ...formulario({ username: 'auditada', password: 'errada' }),
    });
    expect(falha.statusCode).toBe(401);
    expect(await registrosDesde(inicio)).toEqual([]);
    expect(
      await t.banco.db.selectFrom('tentativaLogin').select('ip').where('chave', '=', 'auditada').execute(),
    ).toEqual([{ ip: '198.51.100.23' }]);

    const entrada = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '198.51.100.23',
      payload: new URLSearchParams({ username: 'auditada', password: 'Senha-Secreta-9' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': AGENTE },
    });
    expect(entrada.statusCode).toBe(303);
    const token = entrada.cookies.find((c) => c.name === 'tramite_sessao')?.value ?? '';
    const idSessao = createHash('sha256').update(token).digest('hex');
    const [login, ...outrosLogin] = await registrosDesde(inicio);
    expect(outrosLogin).toEqual([]);
    expect(login).toMatchObject({
      idUsuario,
      acao: 'LOGIN',
      entidade: 'sessao',
      idEntidade: idSessao,
      ip: '198.51.100.23',
      antes: null,
      depois: { metodo: 'senha', agente: AGENTE },
    });
    // The session it names is the one opened.
    expect(await t.banco.db.selectFrom('sessao').select('idUsuario').where('id', '=', idSessao).execute()).toEqual([
      { idUsuario },
    ]);

    const cookie = `tramite_sessao=${token}`;
    const meio = await ultimoId();
    const saida = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      remoteAddress: '198.51.100.24',
      headers: { ...cabecalhosApp(cookie), 'user-agent': AGENTE },
    });
    expect(saida.statusCode).toBe(204);
    const [logout, ...outrosLogout] = await registrosDesde(meio);
    expect(outrosLogout).toEqual([]);
    expect(logout).toMatchObject({
      idUsuario,
      acao: 'LOGOUT',
      entidade: 'sessao',
      idEntidade: idSessao,
      ip: '198.51.100.24',
      depois: { metodo: 'senha', agente: AGENTE },
    });

    const texto = JSON.stringify(await registrosDesde(inicio));
    expect(texto).not.toContain('Senha-Secreta-9');
    expect(texto).not.toContain(token);

    // Leaving again with the ended session, or with no cookie, ends nothing and records nothing.
    const fim = await ultimoId();
    const repetida = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: cabecalhosApp(cookie) });
    expect(repetida.statusCode).toBe(204);
    const semCookie = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: cabecalhosApp() });
    expect(semCookie.statusCode).toBe(204);
    expect(await registrosDesde(fim)).toEqual([]);
  });
});
