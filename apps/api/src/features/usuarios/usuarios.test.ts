import { MENSAGENS, type PaginaUsuariosAdministracao, type UsuarioAdministracao } from '@tramite/shared';
import { sql } from 'kysely';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cabecalhosApp } from '../../testing/app-teste.ts';
import { usarAppTeste } from '../../testing/contexto-teste.ts';
import { criarUnidade, criarUsuario } from '../../testing/fabricas.ts';
import { esperarErro } from '../../testing/respostas.ts';

/** Administração › Usuários: search, the four things an administrator changes, every refusal and the audit. */

const M = MENSAGENS.administracaoUsuarios;
const t = usarAppTeste();
const u = { prot: 0, dhis: 0, arq: 0, fechada: 0 };
const ids = { admin: 0, ana: 0, carla: 0, joao: 0, outro: 0 };
let cookieAdmin: string;
let cookieOutro: string;

beforeAll(async () => {
  const db = t.banco.db;
  u.prot = (await criarUnidade(db, { sigla: 'PROT', nome: 'Protocolo Central' })).id;
  u.dhis = (await criarUnidade(db, { sigla: 'DHIS', nome: 'Departamento de História' })).id;
  u.arq = (await criarUnidade(db, { sigla: 'ARQ', nome: 'Arquivo Central' })).id;
  u.fechada = (await criarUnidade(db, { sigla: 'ARQV', nome: 'Arquivo Antigo' })).id;
  await db.updateTable('unidade').set({ ativa: false }).where('id', '=', u.fechada).execute();
  ids.admin = (
    await criarUsuario(db, {
      username: 'admin',
      nome: 'Administrador do Sistema',
      lotacoes: [u.prot],
      permissoes: ['ADMINISTRACAO_USUARIOS', 'RELATORIOS'],
    })
  ).id;
  ids.ana = (await criarUsuario(db, { username: 'ana', nome: 'Ana Paula Ferreira', lotacoes: [u.prot] })).id;
  ids.carla = (await criarUsuario(db, { username: 'carla', nome: 'Carla Menezes Lima', lotacoes: [u.dhis] })).id;
  ids.joao = (await criarUsuario(db, { username: 'joao', nome: 'João Carlos Almeida', lotacoes: [u.prot] })).id;
  ids.outro = (
    await criarUsuario(db, {
      username: 'outro',
      nome: 'Zélia Outra',
      lotacoes: [u.prot],
      permissoes: ['ADMINISTRACAO_VOCABULARIO', 'ADMINISTRACAO_TIPOS_DOCUMENTAIS', 'REENCAMINHAMENTO', 'RELATORIOS'],
    })
  ).id;
  await db
    .updateTable('usuario')
    .set({ cpf: '52998224725', matriculaSiape: '1234567' })
    .where('id', '=', ids.carla)
    .execute();
  cookieAdmin = await t.entrar('admin');
  cookieOutro = await t.entrar('outro');
});

function pedir(metodo: 'GET' | 'PATCH', url: string, cookie?: string, payload?: object) {
  return t.app.inject({
    method: metodo,
    url: `/api/administracao/usuarios${url}`,
    headers: cabecalhosApp(cookie),
    payload,
  });
}

const alterar = (id: number, payload: object, cookie = cookieAdmin) => pedir('PATCH', `/${id}`, cookie, payload);

async function buscar(busca: string, extra = ''): Promise<PaginaUsuariosAdministracao> {
  const resposta = await pedir('GET', `?busca=${encodeURIComponent(busca)}${extra}`, cookieAdmin);
  expect(resposta.statusCode).toBe(200);
  return resposta.json();
}

const usernames = (pagina: PaginaUsuariosAdministracao) => pagina.itens.map((item) => item.username);

async function ultimaAuditoria() {
  return t.banco.db
    .selectFrom('auditoria')
    .selectAll()
    .where('acao', '=', 'ALTERAR_USUARIO')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

async function contarAuditorias(): Promise<number> {
  const { n } = await t.banco.db
    .selectFrom('auditoria')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('acao', '=', 'ALTERAR_USUARIO')
    .executeTakeFirstOrThrow();
  return n;
}

async function estadoNoBanco(id: number) {
  const usuario = await t.banco.db
    .selectFrom('usuario')
    .select(['ativo', 'idUnidadeAtual'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const lotacoes = await t.banco.db
    .selectFrom('lotacao')
    .select('idUnidade')
    .where('idUsuario', '=', id)
    .orderBy('idUnidade')
    .execute();
  const permissoes = await t.banco.db
    .selectFrom('usuarioPermissao')
    .select('permissao')
    .where('idUsuario', '=', id)
    .orderBy('permissao')
    .execute();
  return {
    ...usuario,
    lotacoes: lotacoes.map((l) => l.idUnidade),
    permissoes: permissoes.map((p) => p.permissao),
  };
}

describe('acesso', () => {
  it('sem sessão é 401; sem ADMINISTRACAO_USUARIOS é 403 em todas as chamadas, mesmo com o corpo inválido', async () => {
    esperarErro(await pedir('GET', ''), 401, 'NAO_AUTENTICADO', MENSAGENS.geral.naoAutenticado);
    esperarErro(await alterar(ids.ana, { ativo: false }, ''), 401, 'NAO_AUTENTICADO', MENSAGENS.geral.naoAutenticado);
    // `outro` holds every other permission: none of them opens this screen.
    for (const resposta of [
      await pedir('GET', '?busca=ana', cookieOutro),
      await pedir('GET', `/${ids.ana}`, cookieOutro),
      await alterar(ids.ana, { permissoes: ['RELATORIOS'] }, cookieOutro),
      await alterar(ids.ana, { lotacoes: 'x' }, cookieOutro),
      await alterar(ids.outro, { permissoes: ['ADMINISTRACAO_USUARIOS'] }, cookieOutro),
    ]) {
      esperarErro(resposta, 403, 'SEM_PERMISSAO', MENSAGENS.geral.semPermissao);
    }
    expect((await estadoNoBanco(ids.ana)).permissoes).toEqual([]);
    expect((await estadoNoBanco(ids.outro)).permissoes).not.toContain('ADMINISTRACAO_USUARIOS');
  });
});

describe('GET /api/administracao/usuarios', () => {
  it('acha pelo nome sem diferenciar acentos e maiúsculas, e pelo username', async () => {
    expect(usernames(await buscar('FERREIRA'))).toEqual(['ana']);
    expect(usernames(await buscar('joao carlos'))).toEqual(['joao']);
    expect(usernames(await buscar('zelia'))).toEqual(['outro']);
    expect(usernames(await buscar('carl'))).toEqual(['carla', 'joao']);
  });

  it('acha pelo CPF (com ou sem pontuação) e pela matrícula SIAPE', async () => {
    expect(usernames(await buscar('529.982.247-25'))).toEqual(['carla']);
    expect(usernames(await buscar('98224'))).toEqual(['carla']);
    expect(usernames(await buscar('1234567'))).toEqual(['carla']);
  });

  it('trata % e _ como texto e responde vazio quando nada casa', async () => {
    const nada = await buscar('%_%');
    expect(nada).toEqual({ itens: [], total: 0, pagina: 1, tamanhoPagina: 20 });
  });

  it('pagina no servidor, em ordem de nome, com o total de encontrados', async () => {
    const primeira = await buscar('', '&tamanhoPagina=2&pagina=1');
    expect(primeira.total).toBe(5);
    expect(usernames(primeira)).toEqual(['admin', 'ana']);
    const terceira = await buscar('', '&tamanhoPagina=2&pagina=3');
    expect(terceira).toMatchObject({ total: 5, pagina: 3, tamanhoPagina: 2 });
    expect(usernames(terceira)).toEqual(['outro']);
    const carla = (await buscar('carla menezes')).itens[0];
    expect(carla).toEqual({
      id: ids.carla,
      username: 'carla',
      nome: 'Carla Menezes Lima',
      cpf: '52998224725',
      matriculaSiape: '1234567',
      email: 'carla@ufex.edu.br',
      ativo: true,
      idUnidadeAtual: u.dhis,
      lotacoes: [{ id: u.dhis, sigla: 'DHIS', nome: 'Departamento de História', ativa: true }],
      permissoes: [],
    });
  });

  it('recusa uma página fora dos limites (400)', async () => {
    expect((await pedir('GET', '?tamanhoPagina=1000', cookieAdmin)).statusCode).toBe(400);
  });
});

describe('GET /api/administracao/usuarios/{id}', () => {
  it('responde o usuário com lotações e permissões, e 404 para um id desconhecido', async () => {
    const resposta = await pedir('GET', `/${ids.admin}`, cookieAdmin);
    expect(resposta.statusCode).toBe(200);
    expect(resposta.json<UsuarioAdministracao>()).toMatchObject({
      username: 'admin',
      lotacoes: [{ sigla: 'PROT' }],
      permissoes: ['ADMINISTRACAO_USUARIOS', 'RELATORIOS'],
    });
    esperarErro(await pedir('GET', '/999999', cookieAdmin), 404, 'NAO_ENCONTRADO', M.usuarioNaoEncontrado);
  });
});

describe('PATCH /api/administracao/usuarios/{id}', () => {
  let joao: Awaited<ReturnType<typeof estadoNoBanco>>;
  beforeEach(async () => {
    // Each test starts joao from the same state: lotado only in PROT, active, no permission.
    await t.banco.db.deleteFrom('lotacao').where('idUsuario', '=', ids.joao).execute();
    await t.banco.db.insertInto('lotacao').values({ idUsuario: ids.joao, idUnidade: u.prot }).execute();
    await t.banco.db.deleteFrom('usuarioPermissao').where('idUsuario', '=', ids.joao).execute();
    await t.banco.db
      .updateTable('usuario')
      .set({ ativo: true, idUnidadeAtual: u.prot })
      .where('id', '=', ids.joao)
      .execute();
    joao = await estadoNoBanco(ids.joao);
  });

  it('concede RELATORIOS: a sessão já aberta do usuário passa a gerar relatórios, e a auditoria guarda antes e depois', async () => {
    const cookieAna = await t.entrar('ana');
    const unidadesRelatorio = () =>
      t.app.inject({ method: 'GET', url: '/api/relatorios/malote/unidades', headers: { cookie: cookieAna } });
    expect((await unidadesRelatorio()).statusCode).toBe(403);

    const resposta = await alterar(ids.ana, { permissoes: ['RELATORIOS'] });
    expect(resposta.statusCode).toBe(200);
    expect(resposta.json<UsuarioAdministracao>().permissoes).toEqual(['RELATORIOS']);
    expect((await estadoNoBanco(ids.ana)).permissoes).toEqual(['RELATORIOS']);
    expect((await unidadesRelatorio()).statusCode).toBe(200);

    const auditoria = await ultimaAuditoria();
    expect(auditoria).toMatchObject({
      idUsuario: ids.admin,
      entidade: 'usuario',
      idEntidade: String(ids.ana),
      antes: { lotacoes: [u.prot], idUnidadeAtual: u.prot, permissoes: [], ativo: true },
      depois: { lotacoes: [u.prot], idUnidadeAtual: u.prot, permissoes: ['RELATORIOS'], ativo: true },
    });
    expect(auditoria?.ip).toBeTruthy();
  });

  it('altera as lotações e a unidade atual, e retira permissões', async () => {
    await alterar(ids.joao, { permissoes: ['REENCAMINHAMENTO', 'RELATORIOS'] });
    const resposta = await alterar(ids.joao, {
      lotacoes: [u.dhis, u.prot, u.dhis],
      idUnidadeAtual: u.dhis,
      permissoes: ['RELATORIOS'],
    });
    expect(resposta.statusCode).toBe(200);
    expect(resposta.json<UsuarioAdministracao>()).toMatchObject({
      idUnidadeAtual: u.dhis,
      lotacoes: [{ sigla: 'DHIS' }, { sigla: 'PROT' }],
      permissoes: ['RELATORIOS'],
    });
    expect(await estadoNoBanco(ids.joao)).toEqual({
      ativo: true,
      idUnidadeAtual: u.dhis,
      lotacoes: [u.prot, u.dhis].sort((a, b) => a - b),
      permissoes: ['RELATORIOS'],
    });
    expect(await ultimaAuditoria()).toMatchObject({
      antes: { permissoes: ['REENCAMINHAMENTO', 'RELATORIOS'], idUnidadeAtual: u.prot, lotacoes: [u.prot] },
      depois: { permissoes: ['RELATORIOS'], idUnidadeAtual: u.dhis },
    });

    // Leaving PROT: the current unit moves with the lotações, in the same request.
    const saida = await alterar(ids.joao, { lotacoes: [u.arq], idUnidadeAtual: u.arq });
    expect(saida.statusCode).toBe(200);
    expect(await estadoNoBanco(ids.joao)).toMatchObject({ lotacoes: [u.arq], idUnidadeAtual: u.arq });
  });

  it('um pedido que nada muda responde o usuário e não grava auditoria', async () => {
    const antes = await contarAuditorias();
    const resposta = await alterar(ids.joao, { lotacoes: [u.prot], permissoes: [], ativo: true });
    expect(resposta.statusCode).toBe(200);
    expect(await contarAuditorias()).toBe(antes);
  });

  it('recusa a unidade atual fora das lotações, e a lotação que sai levando a atual (400)', async () => {
    const antes = await contarAuditorias();
    esperarErro(
      await alterar(ids.joao, { idUnidadeAtual: u.dhis }),
      400,
      'REQUISICAO_INVALIDA',
      M.unidadeAtualForaDasLotacoes,
      [{ campo: 'idUnidadeAtual', mensagem: M.unidadeAtualForaDasLotacoes }],
    );
    esperarErro(
      await alterar(ids.joao, { lotacoes: [u.dhis] }),
      400,
      'REQUISICAO_INVALIDA',
      M.unidadeAtualForaDasLotacoes,
      [{ campo: 'idUnidadeAtual', mensagem: M.unidadeAtualForaDasLotacoes }],
    );
    expect(await estadoNoBanco(ids.joao)).toEqual(joao);
    expect(await contarAuditorias()).toBe(antes);
  });

  it('recusa uma unidade desconhecida ou inativa como nova lotação (400), mas mantém uma lotação já existente numa unidade fechada', async () => {
    for (const idUnidade of [999999, u.fechada]) {
      esperarErro(
        await alterar(ids.joao, { lotacoes: [u.prot, idUnidade] }),
        400,
        'REQUISICAO_INVALIDA',
        M.unidadeLotacaoInvalida,
        [{ campo: 'lotacoes', mensagem: M.unidadeLotacaoInvalida }],
      );
    }
    expect(await estadoNoBanco(ids.joao)).toEqual(joao);

    // A lotação made before the unit closed stays while its user's permissions change.
    await t.banco.db.insertInto('lotacao').values({ idUsuario: ids.joao, idUnidade: u.fechada }).execute();
    const resposta = await alterar(ids.joao, { lotacoes: [u.prot, u.fechada], permissoes: ['RELATORIOS'] });
    expect(resposta.statusCode).toBe(200);
    expect(resposta.json<UsuarioAdministracao>().lotacoes).toContainEqual({
      id: u.fechada,
      sigla: 'ARQV',
      nome: 'Arquivo Antigo',
      ativa: false,
    });
  });

  it('recusa um usuário ativo sem lotação (400); um inativo pode ficar sem nenhuma', async () => {
    esperarErro(
      await alterar(ids.joao, { lotacoes: [], idUnidadeAtual: null }),
      400,
      'REQUISICAO_INVALIDA',
      M.semLotacao,
      [{ campo: 'lotacoes', mensagem: M.semLotacao }],
    );
    const resposta = await alterar(ids.joao, { lotacoes: [], idUnidadeAtual: null, ativo: false });
    expect(resposta.statusCode).toBe(200);
    expect(await estadoNoBanco(ids.joao)).toEqual({ ativo: false, idUnidadeAtual: null, lotacoes: [], permissoes: [] });
  });

  it('recusa um corpo malformado (400) e um usuário desconhecido (404)', async () => {
    expect((await alterar(ids.joao, { permissoes: ['SUPERUSUARIO'] })).statusCode).toBe(400);
    expect((await alterar(ids.joao, { lotacoes: [0] })).statusCode).toBe(400);
    esperarErro(await alterar(999999, { ativo: true }), 404, 'NAO_ENCONTRADO', M.usuarioNaoEncontrado);
    expect(await estadoNoBanco(ids.joao)).toEqual(joao);
  });

  it('ninguém se desativa nem retira de si ADMINISTRACAO_USUARIOS (409); as demais permissões próprias mudam', async () => {
    const antes = await contarAuditorias();
    esperarErro(await alterar(ids.admin, { ativo: false }), 409, 'CONFLITO', M.autoDesativacao);
    esperarErro(await alterar(ids.admin, { permissoes: ['RELATORIOS'] }), 409, 'CONFLITO', M.autoRemocaoAdministracao);
    esperarErro(await alterar(ids.admin, { permissoes: [] }), 409, 'CONFLITO', M.autoRemocaoAdministracao);
    expect((await estadoNoBanco(ids.admin)).permissoes).toEqual(['ADMINISTRACAO_USUARIOS', 'RELATORIOS']);
    expect(await contarAuditorias()).toBe(antes);

    const resposta = await alterar(ids.admin, { permissoes: ['ADMINISTRACAO_USUARIOS'] });
    expect(resposta.statusCode).toBe(200);
    expect((await estadoNoBanco(ids.admin)).permissoes).toEqual(['ADMINISTRACAO_USUARIOS']);
    await alterar(ids.admin, { permissoes: ['ADMINISTRACAO_USUARIOS', 'RELATORIOS'] });
  });

  it('desativar encerra as sessões do usuário: as abertas passam a 401 e ele não entra mais; reativado, entra de novo', async () => {
    const sessao1 = await t.entrar('joao');
    const sessao2 = await t.entrar('joao');
    const eu = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth', headers: { cookie } });
    expect((await eu(sessao1)).statusCode).toBe(200);

    const resposta = await alterar(ids.joao, { ativo: false });
    expect(resposta.statusCode).toBe(200);
    expect(resposta.json<UsuarioAdministracao>().ativo).toBe(false);
    for (const sessao of [sessao1, sessao2]) {
      esperarErro(await eu(sessao), 401, 'NAO_AUTENTICADO', MENSAGENS.geral.naoAutenticado);
    }
    const restantes = await t.banco.db.selectFrom('sessao').select('id').where('idUsuario', '=', ids.joao).execute();
    expect(restantes).toEqual([]);
    expect(await ultimaAuditoria()).toMatchObject({
      idEntidade: String(ids.joao),
      antes: { ativo: true },
      depois: { ativo: false, sessoesEncerradas: 2 },
    });
    await expect(t.entrar('joao')).rejects.toThrow(/login de joao falhou: 401/);

    expect((await alterar(ids.joao, { ativo: true })).statusCode).toBe(200);
    expect((await eu(await t.entrar('joao'))).statusCode).toBe(200);
  });

  it('alterações simultâneas do mesmo usuário são aplicadas uma após a outra, sem perder nenhuma', async () => {
    const [permissoes, lotacoes] = await Promise.all([
      alterar(ids.joao, { permissoes: ['RELATORIOS'] }),
      alterar(ids.joao, { lotacoes: [u.prot, u.dhis] }),
    ]);
    expect([permissoes.statusCode, lotacoes.statusCode]).toEqual([200, 200]);
    expect(await estadoNoBanco(ids.joao)).toMatchObject({
      permissoes: ['RELATORIOS'],
      lotacoes: [u.prot, u.dhis].sort((a, b) => a - b),
    });
    // Each audit row starts where the previous one ended.
    const [segunda, primeira] = await t.banco.db
      .selectFrom('auditoria')
      .select(['antes', 'depois'])
      .where('acao', '=', 'ALTERAR_USUARIO')
      .where('idEntidade', '=', String(ids.joao))
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    expect(segunda?.antes).toEqual(primeira?.depois);
  });
});
