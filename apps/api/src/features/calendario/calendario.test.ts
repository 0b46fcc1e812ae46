import {
  type DiaNaoUtil,
  type DiaNaoUtilAdministracao,
  dataEmSaoPaulo,
  diasNaoUteisNacionais,
  JANELA_CALENDARIO_NAVEGADOR,
  MENSAGENS,
  somarDias,
  TAMANHO_MAXIMO_DESCRICAO_DIA_NAO_UTIL,
} from '@tramite/shared';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cabecalhosApp } from '../../testing/app-teste.ts';
import { usarAppTeste } from '../../testing/contexto-teste.ts';
import { criarUnidade, criarUsuario } from '../../testing/fabricas.ts';
import { esperarErro } from '../../testing/respostas.ts';
import { carregarCalendario } from './service.ts';

const t = usarAppTeste();
let cookieAdmin: string;
let cookieAna: string;
let cookieUsuarios: string;
let idAdmin: number;
/** The audit log cannot be emptied: each test reads only the rows written after this id. */
let ultimaAuditoria = 0;

const ANO = 2026;
const URL_ADMIN = '/api/administracao/calendario';

const consultar = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cabecalhosApp(cookie) });
/** `null`: without a session. */
const incluir = (corpo: unknown, cookie: string | null = cookieAdmin) =>
  t.app.inject({
    method: 'POST',
    url: URL_ADMIN,
    headers: cabecalhosApp(cookie ?? undefined),
    payload: corpo as object,
  });
const excluir = (data: string, cookie: string | null = cookieAdmin) =>
  t.app.inject({ method: 'DELETE', url: `${URL_ADMIN}/${data}`, headers: cabecalhosApp(cookie ?? undefined) });

const registrosAuditoria = (data: string) =>
  t.banco.db
    .selectFrom('auditoria')
    .select(['idUsuario', 'acao', 'antes', 'depois', 'ip'])
    .where('entidade', '=', 'dia_nao_util')
    .where('idEntidade', '=', data)
    .where('id', '>', ultimaAuditoria)
    .orderBy('id')
    .execute();

const diasRegistrados = () =>
  t.banco.db
    .selectFrom('diaNaoUtil')
    .select(['descricao', 'tipo'])
    .select((eb) => eb.fn<string>('to_char', ['data', eb.val('YYYY-MM-DD')]).as('data'))
    .orderBy('data')
    .execute();

const feriadoLocal = { data: '2026-06-08', descricao: 'Aniversário da cidade', tipo: 'FERIADO_LOCAL' };

beforeAll(async () => {
  const db = t.banco.db;
  const unidade = await criarUnidade(db, { sigla: 'PROT', nome: 'Protocolo Central' });
  idAdmin = (
    await criarUsuario(db, {
      username: 'admin',
      nome: 'Administradora do Calendário',
      lotacoes: [unidade.id],
      permissoes: ['ADMINISTRACAO_CALENDARIO'],
    })
  ).id;
  await criarUsuario(db, { username: 'ana', lotacoes: [unidade.id] });
  await criarUsuario(db, { username: 'usuarios', lotacoes: [unidade.id], permissoes: ['ADMINISTRACAO_USUARIOS'] });
  [cookieAdmin, cookieAna, cookieUsuarios] = await Promise.all([
    t.entrar('admin'),
    t.entrar('ana'),
    t.entrar('usuarios'),
  ]);
});

beforeEach(async () => {
  await t.banco.db.deleteFrom('diaNaoUtil').execute();
  const { maximo } = await t.banco.db
    .selectFrom('auditoria')
    .select((eb) => eb.fn.coalesce(eb.fn.max('id'), eb.lit(0)).as('maximo'))
    .executeTakeFirstOrThrow();
  ultimaAuditoria = Number(maximo);
});

describe('GET /api/calendario', () => {
  it('exige login (401), mesmo com parâmetros inválidos', async () => {
    for (const url of ['/api/calendario?inicio=2026-01-01&fim=2026-12-31', '/api/calendario?inicio=x']) {
      esperarErro(await consultar(url), 401, 'NAO_AUTENTICADO', MENSAGENS.geral.naoAutenticado);
    }
  });

  it('responde os dias nacionais e os da instituição do período, em ordem de data, a qualquer usuário', async () => {
    expect((await incluir(feriadoLocal)).statusCode).toBe(201);
    expect((await incluir({ data: '2025-12-29', descricao: 'Recesso', tipo: 'RECESSO' })).statusCode).toBe(201);
    const resposta = await consultar('/api/calendario?inicio=2026-05-01&fim=2026-06-30', cookieAna);
    expect(resposta.statusCode).toBe(200);
    expect(resposta.json<DiaNaoUtil[]>()).toEqual([
      { data: '2026-05-01', descricao: 'Dia do Trabalho', tipo: 'FERIADO_NACIONAL' },
      { data: '2026-06-04', descricao: 'Corpus Christi', tipo: 'PONTO_FACULTATIVO_NACIONAL' },
      { data: '2026-06-08', descricao: 'Aniversário da cidade', tipo: 'FERIADO_LOCAL' },
    ]);
    // Bounds are inclusive, and a period may cross years.
    const virada = await consultar('/api/calendario?inicio=2025-12-25&fim=2026-01-01', cookieAna);
    expect(virada.json<DiaNaoUtil[]>().map((d) => d.data)).toEqual(['2025-12-25', '2025-12-29', '2026-01-01']);
  });

  it('recusa datas inválidas, fim antes do início e período de mais de 3 anos (400)', async () => {
    const casos: [string, string, string][] = [
      ['inicio=2026-02-30&fim=2026-03-01', MENSAGENS.calendario.inicioInvalido, 'querystring.inicio'],
      ['inicio=2026-01-01&fim=31/12/2026', MENSAGENS.calendario.fimInvalido, 'querystring.fim'],
      ['inicio=2026-03-01&fim=2026-02-28', MENSAGENS.calendario.fimAntesDoInicio, 'querystring.fim'],
      ['inicio=2026-01-01&fim=2029-01-05', MENSAGENS.calendario.periodoLongo, 'querystring.fim'],
    ];
    for (const [parametros, mensagem, campo] of casos) {
      const resposta = await consultar(`/api/calendario?${parametros}`, cookieAna);
      expect(resposta.statusCode, parametros).toBe(400);
      expect(resposta.json()).toMatchObject({ codigo: 'REQUISICAO_INVALIDA', mensagem });
      expect(resposta.json().erros).toContainEqual({ campo, mensagem });
    }
    const semFim = await consultar('/api/calendario?inicio=2026-01-01', cookieAna);
    expect(semFim.statusCode).toBe(400);
    // Exactly 3 years (with a leap day) is accepted, and so is the window every browser asks for.
    expect((await consultar('/api/calendario?inicio=2026-01-01&fim=2028-12-31', cookieAna)).statusCode).toBe(200);
    const hoje = dataEmSaoPaulo();
    const janela = `inicio=${somarDias(hoje, -JANELA_CALENDARIO_NAVEGADOR.diasAntes)}&fim=${somarDias(hoje, JANELA_CALENDARIO_NAVEGADOR.diasDepois)}`;
    expect((await consultar(`/api/calendario?${janela}`, cookieAna)).statusCode).toBe(200);
  });
});

describe('GET /api/administracao/calendario', () => {
  it('exige login (401) e a permissão ADMINISTRACAO_CALENDARIO (403), mesmo com ano inválido', async () => {
    esperarErro(await consultar(`${URL_ADMIN}?ano=${ANO}`), 401, 'NAO_AUTENTICADO', MENSAGENS.geral.naoAutenticado);
    for (const cookie of [cookieAna, cookieUsuarios]) {
      for (const ano of [ANO, 'abc']) {
        esperarErro(
          await consultar(`${URL_ADMIN}?ano=${ano}`, cookie),
          403,
          'SEM_PERMISSAO',
          MENSAGENS.geral.semPermissao,
        );
      }
    }
  });

  it('lista os dias do ano por data: os nacionais marcados como tais, os da instituição com quem os incluiu', async () => {
    expect((await incluir(feriadoLocal)).statusCode).toBe(201);
    expect((await incluir({ data: '2027-01-04', descricao: 'Outro ano', tipo: 'RECESSO' })).statusCode).toBe(201);
    const resposta = await consultar(`${URL_ADMIN}?ano=${ANO}`, cookieAdmin);
    expect(resposta.statusCode).toBe(200);
    const dias = resposta.json<DiaNaoUtilAdministracao[]>();
    const nacionais = diasNaoUteisNacionais(ANO);
    expect(dias).toHaveLength(nacionais.length + 1);
    expect(dias.map((d) => d.data)).toEqual([...dias.map((d) => d.data)].sort());
    expect(dias.filter((d) => d.origem === 'NACIONAL')).toEqual(
      nacionais.map((d) => ({ ...d, origem: 'NACIONAL', incluidoPor: null, incluidoEm: null })),
    );
    expect(dias.find((d) => d.data === '2026-06-08')).toEqual({
      ...feriadoLocal,
      origem: 'INSTITUICAO',
      incluidoPor: 'Administradora do Calendário',
      incluidoEm: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
  });

  it('recusa um ano inválido (400)', async () => {
    const mensagem = MENSAGENS.calendario.anoInvalido(2000, 2100);
    for (const ano of ['abc', '1999', '2101', '2026.5', '']) {
      const resposta = await consultar(`${URL_ADMIN}?ano=${ano}`, cookieAdmin);
      expect(resposta.statusCode, ano).toBe(400);
      expect(resposta.json().mensagem).toBe(mensagem);
    }
  });
});

describe('POST /api/administracao/calendario', () => {
  it('exige login (401) e a permissão ADMINISTRACAO_CALENDARIO (403), mesmo com corpo inválido', async () => {
    esperarErro(await incluir(feriadoLocal, null), 401, 'NAO_AUTENTICADO', MENSAGENS.geral.naoAutenticado);
    for (const cookie of [cookieAna, cookieUsuarios]) {
      for (const corpo of [feriadoLocal, {}]) {
        esperarErro(await incluir(corpo, cookie), 403, 'SEM_PERMISSAO', MENSAGENS.geral.semPermissao);
      }
    }
    expect(await diasRegistrados()).toEqual([]);
  });

  it('inclui o dia (201) com a descrição aparada, registra a auditoria e o dia passa a contar no calendário', async () => {
    const hoje = '2026-06-05';
    expect((await carregarCalendario(t.banco.db, hoje)).somarDiasUteis(hoje, 1)).toBe('2026-06-08');
    const resposta = await incluir({ ...feriadoLocal, descricao: '  Aniversário da cidade  ' });
    expect(resposta.statusCode).toBe(201);
    expect(resposta.json()).toEqual(feriadoLocal);
    expect(await diasRegistrados()).toEqual([feriadoLocal]);
    expect(await registrosAuditoria('2026-06-08')).toEqual([
      { idUsuario: idAdmin, acao: 'INCLUIR_DIA_NAO_UTIL', antes: null, depois: feriadoLocal, ip: expect.any(String) },
    ]);
    // The next business day after Friday 05/06 skips the new holiday on Monday 08/06.
    const calendario = await carregarCalendario(t.banco.db, hoje);
    expect(calendario.motivoNaoUtil('2026-06-08')).toBe('Aniversário da cidade');
    expect(calendario.somarDiasUteis(hoje, 1)).toBe('2026-06-09');
  });

  it('recusa data inválida, descrição vazia ou longa e tipo fora dos da instituição (400), sem incluir nada', async () => {
    const longa = 'x'.repeat(TAMANHO_MAXIMO_DESCRICAO_DIA_NAO_UTIL + 1);
    const casos: [Record<string, unknown>, string, string][] = [
      [{ ...feriadoLocal, data: '2026-02-30' }, MENSAGENS.calendario.dataInvalida, 'body.data'],
      [{ ...feriadoLocal, data: '08/06/2026' }, MENSAGENS.calendario.dataInvalida, 'body.data'],
      [{ ...feriadoLocal, data: '1999-06-08' }, MENSAGENS.calendario.dataForaDoAlcance(2000, 2100), 'body.data'],
      [{ ...feriadoLocal, data: undefined }, MENSAGENS.calendario.dataInvalida, 'body.data'],
      [{ ...feriadoLocal, descricao: '   ' }, MENSAGENS.calendario.descricaoObrigatoria, 'body.descricao'],
      [{ ...feriadoLocal, descricao: undefined }, MENSAGENS.calendario.descricaoObrigatoria, 'body.descricao'],
      [{ ...feriadoLocal, descricao: longa }, MENSAGENS.calendario.descricaoLonga(120), 'body.descricao'],
      [{ ...feriadoLocal, tipo: 'FERIADO_NACIONAL' }, MENSAGENS.calendario.tipoInvalido, 'body.tipo'],
      [{ ...feriadoLocal, tipo: undefined }, MENSAGENS.calendario.tipoInvalido, 'body.tipo'],
    ];
    for (const [corpo, mensagem, campo] of casos) {
      const resposta = await incluir(corpo);
      expect(resposta.statusCode, JSON.stringify(corpo)).toBe(400);
      expect(resposta.json().mensagem, JSON.stringify(corpo)).toBe(mensagem);
      expect(resposta.json().erros).toContainEqual({ campo, mensagem });
    }
    // 120 characters are accepted.
    const limite = await incluir({ ...feriadoLocal, descricao: 'y'.repeat(120) });
    expect(limite.statusCode).toBe(201);
    expect(await diasRegistrados()).toEqual([{ ...feriadoLocal, descricao: 'y'.repeat(120) }]);
  });

  it('recusa uma data que já não é dia útil (409) dizendo por quê: fim de semana, dia nacional ou já cadastrado', async () => {
    expect((await incluir(feriadoLocal)).statusCode).toBe(201);
    const casos: [string, string][] = [
      ['2026-12-25', '25/12/2026 já não é dia útil: Natal'],
      ['2026-02-16', '16/02/2026 já não é dia útil: Carnaval'],
      ['2026-06-06', '06/06/2026 já não é dia útil: Sábado'],
      ['2026-06-07', '07/06/2026 já não é dia útil: Domingo'],
      ['2026-06-08', '08/06/2026 já não é dia útil: Aniversário da cidade'],
    ];
    for (const [data, mensagem] of casos) {
      esperarErro(await incluir({ ...feriadoLocal, data, descricao: 'Repetido' }), 409, 'CONFLITO', mensagem);
    }
    expect(await diasRegistrados()).toEqual([feriadoLocal]);
    expect(await registrosAuditoria('2026-06-08')).toHaveLength(1);
  });

  it('duas inclusões da mesma data ao mesmo tempo: uma inclui (201), a outra é recusada (409), nunca 500', async () => {
    const respostas = await Promise.all(
      ['Primeira', 'Segunda'].map((descricao) => incluir({ ...feriadoLocal, descricao })),
    );
    expect(respostas.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const vencedora = respostas.find((r) => r.statusCode === 201)?.json<DiaNaoUtil>();
    const perdedora = respostas.find((r) => r.statusCode === 409);
    expect(perdedora?.json().mensagem).toBe(`08/06/2026 já não é dia útil: ${vencedora?.descricao}`);
    expect(await diasRegistrados()).toEqual([vencedora]);
    expect(await registrosAuditoria('2026-06-08')).toHaveLength(1);
  });
});

describe('DELETE /api/administracao/calendario/{data}', () => {
  it('exige login (401) e a permissão ADMINISTRACAO_CALENDARIO (403)', async () => {
    expect((await incluir(feriadoLocal)).statusCode).toBe(201);
    esperarErro(await excluir('2026-06-08', null), 401, 'NAO_AUTENTICADO', MENSAGENS.geral.naoAutenticado);
    for (const cookie of [cookieAna, cookieUsuarios]) {
      esperarErro(await excluir('2026-06-08', cookie), 403, 'SEM_PERMISSAO', MENSAGENS.geral.semPermissao);
    }
    expect(await diasRegistrados()).toEqual([feriadoLocal]);
  });

  it('exclui o dia (204), registra a auditoria com o que havia e o dia volta a ser útil', async () => {
    expect((await incluir(feriadoLocal)).statusCode).toBe(201);
    const resposta = await excluir('2026-06-08');
    expect(resposta.statusCode).toBe(204);
    expect(resposta.body).toBe('');
    expect(await diasRegistrados()).toEqual([]);
    const [, exclusao] = await registrosAuditoria('2026-06-08');
    expect(exclusao).toEqual({
      idUsuario: idAdmin,
      acao: 'EXCLUIR_DIA_NAO_UTIL',
      antes: feriadoLocal,
      depois: null,
      ip: expect.any(String),
    });
    expect((await carregarCalendario(t.banco.db, '2026-06-05')).ehDiaUtil('2026-06-08')).toBe(true);
  });

  it('responde 404 para data não cadastrada ou nacional, e 400 para data inválida', async () => {
    esperarErro(
      await excluir('2026-06-09'),
      404,
      'NAO_ENCONTRADO',
      MENSAGENS.calendario.diaNaoEncontrado('09/06/2026'),
    );
    esperarErro(await excluir('2026-12-25'), 404, 'NAO_ENCONTRADO', MENSAGENS.calendario.apenasInstitucionais);
    for (const data of ['2026-02-30', 'hoje']) {
      const resposta = await excluir(data);
      expect(resposta.statusCode, data).toBe(400);
      expect(resposta.json().mensagem).toBe(MENSAGENS.calendario.dataInvalida);
    }
    for (const data of ['2026-06-09', '2026-12-25']) expect(await registrosAuditoria(data)).toEqual([]);
  });

  it('duas exclusões ao mesmo tempo: uma exclui (204), a outra não o encontra (404), com uma só auditoria', async () => {
    expect((await incluir(feriadoLocal)).statusCode).toBe(201);
    const respostas = await Promise.all([excluir('2026-06-08'), excluir('2026-06-08')]);
    expect(respostas.map((r) => r.statusCode).sort()).toEqual([204, 404]);
    const acoes = (await registrosAuditoria('2026-06-08')).map((r) => r.acao);
    expect(acoes).toEqual(['INCLUIR_DIA_NAO_UTIL', 'EXCLUIR_DIA_NAO_UTIL']);
  });
});
