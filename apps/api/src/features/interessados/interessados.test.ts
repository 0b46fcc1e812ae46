import { type Entidade, LIMITE_ENTIDADES, LIMITE_ENTIDADES_PUBLICO, MENSAGENS } from '@tramite/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { semearDemo } from '../../db/seed/index.ts';
import { type AppTeste, criarAppTeste } from '../../testing/app-teste.ts';
import { criarUnidade, criarUsuario } from '../../testing/fabricas.ts';
import {
  idsMembrosComissao,
  LIMITE_BUSCA_ANONIMA,
  LIMITE_BUSCA_USUARIO,
  LIMITE_CONSULTA_CPF,
  LIMITE_CONSULTA_EMAIL,
} from './service.ts';

let t: AppTeste;
let cookieAna: string;
let idTipoDocumento: number;
const ids: Record<string, number> = {};
const unidades: Record<string, number> = {};

type NovoInteressado = {
  tipo: 'A' | 'F' | 'K' | 'O' | 'S' | 'U' | 'C' | 'Q';
  nome: string;
  codigo?: string;
  cpf?: string;
  cnpj?: string;
  email?: string;
  ativo?: boolean;
  idPessoa?: number;
};

async function criarInteressado(dados: NovoInteressado) {
  const { id } = await t.banco.db
    .insertInto('interessado')
    .values({
      tipo: dados.tipo,
      nome: dados.nome,
      codigo: dados.codigo ?? null,
      cpf: dados.cpf ?? null,
      cnpj: dados.cnpj ?? null,
      email: dados.email ?? null,
      ativo: dados.ativo ?? true,
      idPessoa: dados.idPessoa ?? null,
      idUnidade: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  ids[dados.nome] = id;
  return id;
}

async function buscar(url: string, cookie?: string, ip?: string) {
  const resposta = await t.app.inject({
    method: 'GET',
    url,
    headers: cookie ? { cookie } : {},
    ...(ip ? { remoteAddress: ip } : {}),
  });
  return resposta;
}

/** The audit rows of one action, oldest first. */
function auditoria(acao: string) {
  return t.banco.db
    .selectFrom('auditoria')
    .select(['idUsuario', 'entidade', 'idEntidade', 'depois', 'ip'])
    .where('acao', '=', acao)
    .orderBy('id')
    .execute();
}

async function nomes(url: string, cookie?: string) {
  const resposta = await buscar(url, cookie);
  expect(resposta.statusCode).toBe(200);
  return resposta.json<Entidade[]>().map((entidade) => entidade.nome);
}

beforeAll(async () => {
  t = await criarAppTeste();
  const db = t.banco.db;
  unidades.PROT = (await criarUnidade(db, { sigla: 'PROT', nome: 'Protocolo Central' })).id;
  unidades.PROGRAD = (await criarUnidade(db, { sigla: 'PROGRAD', nome: 'Pró-Reitoria de Graduação' })).id;
  unidades.ARQ = (await criarUnidade(db, { sigla: 'ARQ', nome: 'Arquivo Geral' })).id;
  await db.updateTable('unidade').set({ ativa: false }).where('id', '=', unidades.ARQ).execute();
  const ana = await criarUsuario(db, { username: 'ana', nome: 'Ana Paula Ferreira', lotacoes: [unidades.PROT] });
  const joao = await criarUsuario(db, { username: 'joao', nome: 'João Carlos Almeida', lotacoes: [unidades.PROT] });
  const jose = await criarUsuario(db, { username: 'jose', nome: 'José Ribamar Sousa', lotacoes: [unidades.PROGRAD] });
  await db
    .updateTable('usuario')
    .set({ matriculaSiape: '1234567', cpf: '52998224725' })
    .where('id', '=', joao.id)
    .execute();
  await db.updateTable('usuario').set({ matriculaSiape: '7654321', ativo: false }).where('id', '=', jose.id).execute();
  ids.ana = ana.id;
  ids.joao = joao.id;
  ids.jose = jose.id;
  cookieAna = await t.entrar('ana');

  idTipoDocumento = (
    await db
      .insertInto('tipoDocumento')
      .values({ descricao: 'Requerimento', urlDocumentacao: null, observacao: null })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

  await criarInteressado({ tipo: 'A', nome: 'carlos Eduardo Lima', codigo: '2021003456', cpf: '11144477735' });
  await criarInteressado({ tipo: 'A', nome: 'Álvaro Araújo', codigo: '2022011872', email: 'alvaro@aluno.example' });
  await criarInteressado({ tipo: 'A', nome: 'Bruna Araujo Siqueira', codigo: '2019006150', ativo: false });
  await criarInteressado({ tipo: 'A', nome: 'Taxa 100% Isenta_Silva', codigo: '2020000001' });
  await criarInteressado({ tipo: 'F', nome: 'Papelaria Central Ltda.', cnpj: '11222333000181' });
  const { id: idPessoa } = await db
    .insertInto('pessoa')
    .values({ nome: 'Marcelo Tavares', cpf: '39053344705', email: 'marcelo.tavares@ufex.edu.br' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await criarInteressado({ tipo: 'S', nome: 'Marcelo Tavares', codigo: '2233445', idPessoa });
  await criarInteressado({ tipo: 'Q', nome: 'Sem E-mail da Silva' });

  const comissao = await db
    .insertInto('comissao')
    .values([
      { nome: 'Comissão Permanente de Licitação', idUnidade: unidades.PROT },
      { nome: 'Comissão de Ética', idUnidade: null, ativa: false },
    ])
    .returning('id')
    .execute();
  ids.licitacao = comissao[0]?.id as number;
  ids.etica = comissao[1]?.id as number;
  await db
    .insertInto('comissaoMembro')
    .values([
      { idComissao: ids.licitacao, idUsuario: joao.id },
      { idComissao: ids.licitacao, idUsuario: ana.id },
    ])
    .execute();
});

afterAll(async () => {
  await t?.fechar();
});

describe('GET /api/interessados', () => {
  it('lista os 8 tipos de interessado com código de letra e rótulo', async () => {
    const resposta = await buscar(`/api/interessados?idTipoDocumento=${idTipoDocumento}`);
    expect(resposta.statusCode).toBe(200);
    expect(resposta.json()).toEqual([
      { nome: 'ALUNO', codigo: 'A', descricao: 'Aluno' },
      { nome: 'FORNECEDOR', codigo: 'F', descricao: 'Fornecedor' },
      { nome: 'CURSO', codigo: 'K', descricao: 'Curso' },
      { nome: 'ENTIDADE_EXTERNA', codigo: 'O', descricao: 'Entidade externa' },
      { nome: 'SERVIDOR', codigo: 'S', descricao: 'Servidor' },
      { nome: 'UNIDADE', codigo: 'U', descricao: 'Unidade' },
      { nome: 'CONTRIBUINTE', codigo: 'C', descricao: 'Contribuinte' },
      { nome: 'REQUERENTE_EXTERNO', codigo: 'Q', descricao: 'Requerente externo' },
    ]);
    expect((await buscar('/api/interessados')).json()).toHaveLength(8);
  });

  it('responde 404 para um tipo de documento que não existe', async () => {
    const resposta = await buscar('/api/interessados?idTipoDocumento=987654');
    expect(resposta.statusCode).toBe(404);
    expect(resposta.json()).toEqual({
      codigo: 'NAO_ENCONTRADO',
      mensagem: MENSAGENS.lookups.tipoDocumentoNaoEncontrado,
      erros: [],
    });
  });
});

describe('GET /api/interessados/{tipo}', () => {
  it('aceita o tipo pela letra ou pelo nome, sem diferenciar maiúsculas, e ordena pelo nome (pt-BR)', async () => {
    const esperado = ['Álvaro Araújo', 'Bruna Araujo Siqueira'];
    for (const tipo of ['A', 'a', 'ALUNO', 'aluno']) {
      expect(await nomes(`/api/interessados/${tipo}?nome=araujo`)).toEqual(esperado);
    }
  });

  it('lista sem dados pessoais: id, tipo, nome, código e situação', async () => {
    const [primeiro] = (await buscar('/api/interessados/A?nome=alvaro', cookieAna)).json<Entidade[]>();
    expect(primeiro).toEqual({
      id: ids['Álvaro Araújo'],
      tipo: 'A',
      nome: 'Álvaro Araújo',
      codigo: '2022011872',
      ativo: true,
    });
  });

  it("recusa um tipo desconhecido: 'Não é possível buscar um interessado sem definir seu tipo'", async () => {
    for (const tipo of ['X', 'COMISSAO', '%20']) {
      const resposta = await buscar(`/api/interessados/${tipo}?nome=ana`);
      expect(resposta.statusCode).toBe(400);
      expect(resposta.json()).toEqual({
        codigo: 'REQUISICAO_INVALIDA',
        mensagem: 'Não é possível buscar um interessado sem definir seu tipo',
        erros: [{ campo: 'tipo', mensagem: MENSAGENS.busca.interessadoSemTipo }],
      });
    }
  });

  it('acha por parte do nome, sem diferenciar acentos e maiúsculas', async () => {
    expect(await nomes('/api/interessados/A?nome=ARAUJO')).toEqual(['Álvaro Araújo', 'Bruna Araujo Siqueira']);
    expect(await nomes('/api/interessados/A?nome=álv')).toEqual(['Álvaro Araújo']);
    expect(await nomes('/api/interessados/A?nome=zzz')).toEqual([]);
  });

  it('toma % e _ digitados ao pé da letra', async () => {
    expect(await nomes('/api/interessados/A?nome=0%25%20isenta')).toEqual(['Taxa 100% Isenta_Silva']);
    expect(await nomes('/api/interessados/A?nome=a_silva')).toEqual(['Taxa 100% Isenta_Silva']);
    expect(await nomes('/api/interessados/A?nome=%25%25%25')).toEqual([]);
    expect(await nomes('/api/interessados/A?nome=___')).toEqual([]);
  });

  it('somenteAtivos deixa de fora os inativos', async () => {
    expect(await nomes('/api/interessados/A?nome=araujo&somenteAtivos=true')).toEqual(['Álvaro Araújo']);
  });

  it('acha pelo código exato ou pelo id', async () => {
    expect(await nomes('/api/interessados/A?codigo=2021003456')).toEqual(['carlos Eduardo Lima']);
    expect(await nomes('/api/interessados/A?codigo=202100345')).toEqual([]);
    expect(await nomes(`/api/interessados/A?id=${ids['Bruna Araujo Siqueira']}`)).toEqual(['Bruna Araujo Siqueira']);
    // The id of another kind of party is not found under this kind.
    expect(await nomes(`/api/interessados/F?id=${ids['Bruna Araujo Siqueira']}`)).toEqual([]);
  });

  it('acha pelo CPF ou CNPJ só quem entrou no sistema', async () => {
    expect(await nomes('/api/interessados/A?codigo=111.444.777-35', cookieAna)).toEqual(['carlos Eduardo Lima']);
    expect(await nomes('/api/interessados/A?codigo=111.444.777-35')).toEqual([]);
    expect(await nomes('/api/interessados/F?codigo=11.222.333/0001-81', cookieAna)).toEqual([
      'Papelaria Central Ltda.',
    ]);
    expect(await nomes('/api/interessados/F?codigo=11222333000181')).toEqual([]);
  });

  it(`lista no máximo ${LIMITE_ENTIDADES} a quem entrou e ${LIMITE_ENTIDADES_PUBLICO} ao público`, async () => {
    await t.banco.db
      .insertInto('interessado')
      .values(
        Array.from({ length: LIMITE_ENTIDADES + 10 }, (_, i) => ({
          tipo: 'C' as const,
          nome: `Contribuinte ${String(i).padStart(3, '0')}`,
          codigo: null,
          cpf: null,
          cnpj: null,
          email: null,
          idPessoa: null,
          idUnidade: null,
        })),
      )
      .execute();
    const lista = await nomes('/api/interessados/CONTRIBUINTE?nome=contribuinte', cookieAna);
    expect(lista).toHaveLength(LIMITE_ENTIDADES);
    expect(lista[0]).toBe('Contribuinte 000');
    const publica = await nomes('/api/interessados/CONTRIBUINTE?nome=contribuinte');
    expect(publica).toEqual(lista.slice(0, LIMITE_ENTIDADES_PUBLICO));
  });

  it('exige ao menos 3 caracteres do nome (sem contar espaços), ou o código, ou o id', async () => {
    for (const consulta of ['', '?nome=al', '?nome=a%20b', '?nome=%20%20%20%20', '?somenteAtivos=true']) {
      for (const cookie of [undefined, cookieAna]) {
        const resposta = await buscar(`/api/interessados/A${consulta}`, cookie);
        expect(resposta.statusCode, consulta).toBe(400);
        expect(resposta.json()).toEqual({
          codigo: 'REQUISICAO_INVALIDA',
          mensagem: MENSAGENS.busca.nomeInteressadoCurto,
          erros: [{ campo: 'nome', mensagem: MENSAGENS.busca.nomeInteressadoCurto }],
        });
      }
    }
    expect(await nomes('/api/interessados/A?nome=a%20b%20c')).toEqual([]);
    expect(await nomes('/api/interessados/A?codigo=2021003456')).toEqual(['carlos Eduardo Lima']);
  });

  it('recusa parâmetros inválidos (400)', async () => {
    const resposta = await buscar('/api/interessados/A?id=abc');
    expect(resposta.statusCode).toBe(400);
    expect(resposta.json().erros[0]).toMatchObject({ campo: 'querystring.id' });
    expect((await buscar('/api/interessados/A?somenteAtivos=1')).statusCode).toBe(400);
  });
});

describe('GET /api/interessados/{id}/{tipo}/email', () => {
  it('exige login (401)', async () => {
    const resposta = await buscar(`/api/interessados/${ids['Álvaro Araújo']}/A/email`);
    expect(resposta.statusCode).toBe(401);
    expect(resposta.json()).toEqual({ codigo: 'NAO_AUTENTICADO', mensagem: MENSAGENS.geral.naoAutenticado, erros: [] });
  });

  it('devolve o e-mail do interessado, ou o da sua pessoa', async () => {
    const aluno = await buscar(`/api/interessados/${ids['Álvaro Araújo']}/ALUNO/email`, cookieAna);
    expect(aluno.statusCode).toBe(200);
    expect(aluno.json()).toEqual({ email: 'alvaro@aluno.example' });
    const servidor = await buscar(`/api/interessados/${ids['Marcelo Tavares']}/s/email`, cookieAna);
    expect(servidor.json()).toEqual({ email: 'marcelo.tavares@ufex.edu.br' });
  });

  it('responde 404 para um interessado que não existe ou sem e-mail, e 400 para um tipo desconhecido', async () => {
    const inexistente = await buscar('/api/interessados/999999/A/email', cookieAna);
    expect(inexistente.statusCode).toBe(404);
    expect(inexistente.json()).toEqual({
      codigo: 'NAO_ENCONTRADO',
      mensagem: MENSAGENS.lookups.interessadoNaoEncontrado,
      erros: [],
    });
    const outroTipo = await buscar(`/api/interessados/${ids['Álvaro Araújo']}/Q/email`, cookieAna);
    expect(outroTipo.statusCode).toBe(404);
    const semEmail = await buscar(`/api/interessados/${ids['Sem E-mail da Silva']}/Q/email`, cookieAna);
    expect(semEmail.statusCode).toBe(404);
    expect(semEmail.json()).toEqual({
      codigo: 'NAO_ENCONTRADO',
      mensagem: MENSAGENS.lookups.interessadoSemEmail,
      erros: [],
    });
    const tipo = await buscar(`/api/interessados/${ids['Álvaro Araújo']}/Z/email`, cookieAna);
    expect(tipo.statusCode).toBe(400);
    expect(tipo.json().mensagem).toBe(MENSAGENS.busca.interessadoSemTipo);
  });
});

describe('GET /api/responsaveis-tramitacao', () => {
  it('lista Pessoa específica, Unidade e Comissão', async () => {
    const resposta = await buscar('/api/responsaveis-tramitacao');
    expect(resposta.statusCode).toBe(200);
    expect(resposta.json()).toEqual([
      { nome: 'SERVIDOR', codigo: 'S', descricao: 'Pessoa específica' },
      { nome: 'UNIDADE', codigo: 'U', descricao: 'Unidade' },
      { nome: 'COMISSAO', codigo: 'C', descricao: 'Comissão' },
    ]);
  });
});

describe('GET /api/responsaveis-tramitacao/{tipo}', () => {
  it('SERVIDOR: usuários, com a matrícula SIAPE como código, por nome sem acentos', async () => {
    const resposta = await buscar('/api/responsaveis-tramitacao/SERVIDOR?nome=jo');
    expect(resposta.statusCode).toBe(200);
    expect(resposta.json()).toEqual([
      { id: ids.joao, tipo: 'S', nome: 'João Carlos Almeida', codigo: '1234567', ativo: true },
      { id: ids.jose, tipo: 'S', nome: 'José Ribamar Sousa', codigo: '7654321', ativo: false },
    ]);
    expect(await nomes('/api/responsaveis-tramitacao/s?nome=JOSE&somenteAtivos=true')).toEqual([]);
    expect(await nomes('/api/responsaveis-tramitacao/S?codigo=7654321')).toEqual(['José Ribamar Sousa']);
    expect(await nomes('/api/responsaveis-tramitacao/S?nome=joao%20almeida')).toEqual(['João Carlos Almeida']);
    expect(await nomes('/api/responsaveis-tramitacao/S?nome=joao%20sousa')).toEqual([]);
    expect(await nomes(`/api/responsaveis-tramitacao/S?id=${ids.ana}`)).toEqual(['Ana Paula Ferreira']);
  });

  it('SERVIDOR: pelo CPF só para quem entrou no sistema', async () => {
    expect(await nomes('/api/responsaveis-tramitacao/S?codigo=529.982.247-25', cookieAna)).toEqual([
      'João Carlos Almeida',
    ]);
    expect(await nomes('/api/responsaveis-tramitacao/S?codigo=52998224725')).toEqual([]);
  });

  it('UNIDADE: unidades, com a sigla como código; a busca por nome também acha a sigla', async () => {
    const resposta = await buscar('/api/responsaveis-tramitacao/UNIDADE');
    expect(resposta.json()).toEqual([
      { id: unidades.ARQ, tipo: 'U', nome: 'Arquivo Geral', codigo: 'ARQ', ativo: false },
      { id: unidades.PROGRAD, tipo: 'U', nome: 'Pró-Reitoria de Graduação', codigo: 'PROGRAD', ativo: true },
      { id: unidades.PROT, tipo: 'U', nome: 'Protocolo Central', codigo: 'PROT', ativo: true },
    ]);
    expect(await nomes('/api/responsaveis-tramitacao/U?nome=pro%20reitoria')).toEqual(['Pró-Reitoria de Graduação']);
    expect(await nomes('/api/responsaveis-tramitacao/U?nome=prograd')).toEqual(['Pró-Reitoria de Graduação']);
    expect(await nomes('/api/responsaveis-tramitacao/U?codigo=prot')).toEqual(['Protocolo Central']);
    expect(await nomes('/api/responsaveis-tramitacao/U?somenteAtivos=true')).toEqual([
      'Pró-Reitoria de Graduação',
      'Protocolo Central',
    ]);
  });

  it('COMISSAO: comissões, sem código', async () => {
    const resposta = await buscar('/api/responsaveis-tramitacao/comissao');
    expect(resposta.json()).toEqual([
      { id: ids.etica, tipo: 'C', nome: 'Comissão de Ética', codigo: null, ativo: false },
      { id: ids.licitacao, tipo: 'C', nome: 'Comissão Permanente de Licitação', codigo: null, ativo: true },
    ]);
    expect(await nomes('/api/responsaveis-tramitacao/C?nome=licitacao')).toEqual(['Comissão Permanente de Licitação']);
    expect(await nomes('/api/responsaveis-tramitacao/C?codigo=1')).toEqual([]);
  });

  it('a comissão responde pelas tramitações de seus membros', async () => {
    expect(await idsMembrosComissao(t.banco.db, ids.licitacao as number)).toEqual(
      [ids.ana, ids.joao].sort((a, b) => (a as number) - (b as number)),
    );
    expect(await idsMembrosComissao(t.banco.db, ids.etica as number)).toEqual([]);
  });

  it("recusa um tipo desconhecido: 'Não é possível buscar um responsável pela tramitação sem definir seu tipo'", async () => {
    for (const tipo of ['ALUNO', 'X', '%20']) {
      const resposta = await buscar(`/api/responsaveis-tramitacao/${tipo}`);
      expect(resposta.statusCode).toBe(400);
      expect(resposta.json()).toEqual({
        codigo: 'REQUISICAO_INVALIDA',
        mensagem: MENSAGENS.busca.responsavelSemTipo,
        erros: [{ campo: 'tipo', mensagem: MENSAGENS.busca.responsavelSemTipo }],
      });
    }
  });
});

describe('limites das consultas (issue 17)', () => {
  async function entrarComo(username: string) {
    await criarUsuario(t.banco.db, { username, lotacoes: [unidades.PROT as number] });
    return t.entrar(username);
  }

  it('o público busca nomes até o limite por endereço; depois 429 com Retry-After, auditado', async () => {
    const ip = '203.0.113.7';
    for (let i = 0; i < LIMITE_BUSCA_ANONIMA.maximo; i++) {
      expect((await buscar('/api/interessados/A?nome=araujo', undefined, ip)).statusCode).toBe(200);
    }
    const recusada = await buscar('/api/interessados/A?nome=araujo', undefined, ip);
    expect(recusada.statusCode).toBe(429);
    expect(recusada.json()).toEqual({ codigo: 'LIMITE_TAXA', mensagem: MENSAGENS.lookups.muitasConsultas, erros: [] });
    expect(Number(recusada.headers['retry-after'])).toBeGreaterThan(0);
    // Looking up by code or id counts too: an id walk is a harvest as well.
    expect((await buscar(`/api/interessados/A?id=${ids['Álvaro Araújo']}`, undefined, ip)).statusCode).toBe(429);
    expect((await buscar('/api/interessados/A?nome=araujo', undefined, '203.0.113.8')).statusCode).toBe(200);
    const registros = await auditoria('LIMITE_CONSULTA_EXCEDIDO');
    expect(registros.filter((r) => r.ip === ip)).toHaveLength(2);
    expect(registros.find((r) => r.ip === ip)).toMatchObject({
      idUsuario: null,
      entidade: 'interessado',
      depois: { regra: LIMITE_BUSCA_ANONIMA.nome },
    });
  });

  it('quem entrou busca nomes até o limite por usuário, qualquer que seja o endereço', async () => {
    const cookie = await entrarComo('colecionador');
    for (let i = 0; i < LIMITE_BUSCA_USUARIO.maximo; i++) {
      const ip = `198.51.100.${i % 200}`;
      expect((await buscar('/api/interessados/A?nome=araujo', cookie, ip)).statusCode).toBe(200);
    }
    const recusada = await buscar('/api/interessados/A?nome=araujo', cookie, '198.51.100.250');
    expect(recusada.statusCode).toBe(429);
    expect(recusada.json().mensagem).toBe(MENSAGENS.lookups.muitasConsultas);
    // Another user behind the same address is not affected.
    expect((await buscar('/api/interessados/A?nome=araujo', cookieAna, '198.51.100.250')).statusCode).toBe(200);
    const [registro] = (await auditoria('LIMITE_CONSULTA_EXCEDIDO')).filter((r) => r.ip === '198.51.100.250');
    expect(registro).toMatchObject({ entidade: 'interessado', depois: { regra: LIMITE_BUSCA_USUARIO.nome } });
    expect(registro?.idUsuario).not.toBeNull();
  });

  it('consultas por CPF: só os 11 dígitos acham, e cada usuário tem um limite, auditado ao recusar', async () => {
    const cookie = await entrarComo('adivinho');
    const idAdivinho = (
      await t.banco.db.selectFrom('usuario').select('id').where('username', '=', 'adivinho').executeTakeFirstOrThrow()
    ).id;
    // A SIAPE number or an enrolment code is not a CPF: those look-ups do not count.
    for (let i = 0; i < LIMITE_CONSULTA_CPF.maximo + 5; i++) {
      expect(await nomes('/api/responsaveis-tramitacao/S?codigo=1234567', cookie)).toEqual(['João Carlos Almeida']);
    }
    // Part of a CPF never matches.
    expect(await nomes('/api/responsaveis-tramitacao/S?codigo=529982247', cookie)).toEqual([]);
    expect(await nomes('/api/responsaveis-tramitacao/S?codigo=982.247', cookie)).toEqual([]);
    // Wrong guesses, in both look-ups, use up the same allowance.
    for (let i = 0; i < LIMITE_CONSULTA_CPF.maximo - 1; i++) {
      const palpite = String(52998224000 + i).padStart(11, '0');
      const url = i % 2 ? `/api/responsaveis-tramitacao/S?codigo=${palpite}` : `/api/interessados/A?codigo=${palpite}`;
      expect(await nomes(url, cookie)).toEqual([]);
    }
    expect(await nomes('/api/responsaveis-tramitacao/S?codigo=529.982.247-25', cookie)).toEqual([
      'João Carlos Almeida',
    ]);
    const recusada = await buscar('/api/responsaveis-tramitacao/S?codigo=52998224725', cookie);
    expect(recusada.statusCode).toBe(429);
    expect(recusada.json()).toEqual({
      codigo: 'LIMITE_TAXA',
      mensagem: MENSAGENS.lookups.muitasConsultasCpf,
      erros: [],
    });
    expect(Number(recusada.headers['retry-after'])).toBeGreaterThan(0);
    expect(recusada.body).not.toContain('João');
    const porCpf = await buscar('/api/interessados/A?codigo=111.444.777-35', cookie);
    expect(porCpf.statusCode).toBe(429);
    const registros = (await auditoria('LIMITE_CONSULTA_EXCEDIDO')).filter((r) => r.idUsuario === idAdivinho);
    expect(registros).toHaveLength(2);
    expect(registros[0]).toMatchObject({ depois: { regra: LIMITE_CONSULTA_CPF.nome } });
    // The guess itself is not written down: the audit says who tried, not which CPF.
    expect(JSON.stringify(registros)).not.toContain('52998224725');
    // Other users keep their own allowance.
    expect(await nomes('/api/responsaveis-tramitacao/S?codigo=52998224725', cookieAna)).toEqual([
      'João Carlos Almeida',
    ]);
  });

  it('cada consulta de e-mail é auditada (quem, qual interessado, endereço) e limitada por usuário', async () => {
    const cookie = await entrarComo('carteiro');
    const idCarteiro = (
      await t.banco.db.selectFrom('usuario').select('id').where('username', '=', 'carteiro').executeTakeFirstOrThrow()
    ).id;
    const idAlvaro = ids['Álvaro Araújo'] as number;
    const url = `/api/interessados/${idAlvaro}/A/email`;
    expect((await buscar(url, cookie, '192.0.2.10')).json()).toEqual({ email: 'alvaro@aluno.example' });
    const [registro] = (await auditoria('CONSULTAR_EMAIL_INTERESSADO')).filter((r) => r.idUsuario === idCarteiro);
    expect(registro).toMatchObject({ entidade: 'interessado', idEntidade: String(idAlvaro), ip: '192.0.2.10' });
    // A miss is a look-up too (walking the ids is what this limit is about).
    expect((await buscar('/api/interessados/999999/A/email', cookie)).statusCode).toBe(404);
    for (let i = 2; i < LIMITE_CONSULTA_EMAIL.maximo; i++) expect((await buscar(url, cookie)).statusCode).toBe(200);
    const recusada = await buscar(url, cookie);
    expect(recusada.statusCode).toBe(429);
    expect(recusada.json()).toEqual({
      codigo: 'LIMITE_TAXA',
      mensagem: MENSAGENS.lookups.muitasConsultasEmail,
      erros: [],
    });
    expect(recusada.body).not.toContain('alvaro@');
    const consultas = (await auditoria('CONSULTAR_EMAIL_INTERESSADO')).filter((r) => r.idUsuario === idCarteiro);
    expect(consultas).toHaveLength(LIMITE_CONSULTA_EMAIL.maximo);
    const recusas = (await auditoria('LIMITE_CONSULTA_EXCEDIDO')).filter((r) => r.idUsuario === idCarteiro);
    expect(recusas).toEqual([
      expect.objectContaining({ entidade: 'interessado', depois: { regra: LIMITE_CONSULTA_EMAIL.nome } }),
    ]);
  });
});

describe('semente de demonstração', () => {
  let demo: AppTeste;

  beforeAll(async () => {
    demo = await criarAppTeste();
    await semearDemo(demo.banco.db, { armazenamento: demo.app.armazenamento, nupFormato: 'nup17' });
  });

  afterAll(async () => {
    await demo?.fechar();
  });

  it('tem membros em cada comissão e lista as comissões como responsáveis', async () => {
    const resposta = await demo.app.inject({ method: 'GET', url: '/api/responsaveis-tramitacao/COMISSAO' });
    const comissoes = resposta.json<Entidade[]>();
    expect(comissoes.length).toBeGreaterThanOrEqual(5);
    for (const comissao of comissoes) {
      expect((await idsMembrosComissao(demo.banco.db, comissao.id)).length).toBeGreaterThan(0);
    }
  });

  it('acha interessados da semente por nome sem acento', async () => {
    const resposta = await demo.app.inject({ method: 'GET', url: '/api/interessados/A?nome=larissa vitoria' });
    expect(resposta.json<Entidade[]>().map((e) => e.nome)).toEqual(['Larissa Vitória Andrade']);
  });
});
