import { MENSAGENS, type ServidorProcedencia, type Unidade } from '@tramite/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarAppTeste } from '../../testing/contexto-teste.ts';
import { criarUnidade, criarUsuario } from '../../testing/fabricas.ts';
import { esperarErro } from '../../testing/respostas.ts';

const t = usarAppTeste();
let cookieAna: string;
const unidades: Record<string, Unidade> = {};
const usuarios: Record<string, number> = {};

const buscar = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

beforeAll(async () => {
  const db = t.banco.db;
  for (const [sigla, nome] of [
    ['BC', 'biblioteca Central'],
    ['ARQ', 'Arquivo Geral'],
    ['ESC', 'Escola de Música'],
    ['AGR', 'Área de Agronomia'],
    ['PROT', 'Protocolo Central'],
  ] as const) {
    const criada = await criarUnidade(db, { sigla, nome });
    unidades[sigla] = { id: criada.id, sigla, nome, codigo: criada.codigo, ativa: true };
  }
  await db.updateTable('unidade').set({ ativa: false }).where('sigla', '=', 'ARQ').execute();
  (unidades.ARQ as Unidade).ativa = false;

  const id = (sigla: string) => (unidades[sigla] as Unidade).id;
  usuarios.ana = (await criarUsuario(db, { username: 'ana', nome: 'Ana Paula', lotacoes: [id('PROT'), id('BC')] })).id;
  usuarios.bruno = (await criarUsuario(db, { username: 'bruno', nome: 'Bruno Souza', lotacoes: [id('BC')] })).id;
  usuarios.alvaro = (
    await criarUsuario(db, { username: 'alvaro', nome: 'Álvaro Lima', lotacoes: [id('ESC'), id('BC')] })
  ).id;
  usuarios.jose = (await criarUsuario(db, { username: 'jose', nome: 'José Inativo', lotacoes: [id('ESC')] })).id;
  usuarios.outro = (await criarUsuario(db, { username: 'outro', nome: 'Outro Setor', lotacoes: [id('AGR')] })).id;
  await db
    .updateTable('usuario')
    .set({ cpf: '12345678901', matriculaSiape: '1122334' })
    .where('id', '=', usuarios.alvaro)
    .execute();
  await db.updateTable('usuario').set({ ativo: false }).where('id', '=', usuarios.jose).execute();
  cookieAna = await t.entrar('ana');
});

describe('GET /api/procedencias/UNIDADE', () => {
  it('lista as unidades em ordem de nome (pt-BR, sem diferenciar maiúsculas e acentos), sem exigir login', async () => {
    const resposta = await buscar('/api/procedencias/UNIDADE');
    expect(resposta.statusCode).toBe(200);
    expect(resposta.json()).toEqual(['AGR', 'ARQ', 'BC', 'ESC', 'PROT'].map((sigla) => unidades[sigla]));
  });

  it('somenteAtivas deixa de fora as inativas', async () => {
    const resposta = await buscar('/api/procedencias/UNIDADE?somenteAtivas=true');
    expect(resposta.json<Unidade[]>().map((u) => u.sigla)).toEqual(['AGR', 'BC', 'ESC', 'PROT']);
    const todas = await buscar('/api/procedencias/UNIDADE?somenteAtivas=false');
    expect(todas.json()).toHaveLength(5);
    expect((await buscar('/api/procedencias/UNIDADE?somenteAtivas=talvez')).statusCode).toBe(400);
  });
});

describe('GET /api/procedencias/caixa-postal/UNIDADE', () => {
  it('exige login (401)', async () => {
    const resposta = await buscar('/api/procedencias/caixa-postal/UNIDADE');
    esperarErro(resposta, 401, 'NAO_AUTENTICADO', MENSAGENS.geral.naoAutenticado);
  });

  it('lista as lotações do usuário, em ordem de nome', async () => {
    const resposta = await buscar('/api/procedencias/caixa-postal/UNIDADE', cookieAna);
    expect(resposta.statusCode).toBe(200);
    expect(resposta.json()).toEqual([unidades.BC, unidades.PROT]);
  });
});

describe('GET /api/procedencias/usuarios-lotados', () => {
  it('exige login (401)', async () => {
    const resposta = await buscar(`/api/procedencias/usuarios-lotados?idsUnidades=${unidades.BC?.id}`);
    esperarErro(resposta, 401, 'NAO_AUTENTICADO', MENSAGENS.geral.naoAutenticado);
  });

  it('lista uma vez cada servidor lotado nas unidades, em ordem de nome, com CPF mascarado e sem TODOS', async () => {
    const ids = `${unidades.BC?.id},${unidades.ESC?.id}`;
    const resposta = await buscar(`/api/procedencias/usuarios-lotados?idsUnidades=${ids}`, cookieAna);
    expect(resposta.statusCode).toBe(200);
    expect(resposta.json<ServidorProcedencia[]>()).toEqual([
      { id: usuarios.alvaro, codigo: '1122334', cpf: '***.***.***-**', nome: 'Álvaro Lima', situacao: 'ATIVO' },
      { id: usuarios.ana, codigo: null, cpf: null, nome: 'Ana Paula', situacao: 'ATIVO' },
      { id: usuarios.bruno, codigo: null, cpf: null, nome: 'Bruno Souza', situacao: 'ATIVO' },
      { id: usuarios.jose, codigo: null, cpf: null, nome: 'José Inativo', situacao: 'INATIVO' },
    ]);
  });

  it('aceita as unidades repetindo o parâmetro', async () => {
    const resposta = await buscar(
      `/api/procedencias/usuarios-lotados?idsUnidades=${unidades.AGR?.id}&idsUnidades=${unidades.PROT?.id}`,
      cookieAna,
    );
    expect(resposta.json<ServidorProcedencia[]>().map((s) => s.nome)).toEqual(['Ana Paula', 'Outro Setor']);
  });

  it('exige ao menos uma unidade válida (400)', async () => {
    const vazio = await buscar('/api/procedencias/usuarios-lotados', cookieAna);
    expect(vazio.statusCode).toBe(400);
    expect(vazio.json()).toMatchObject({ mensagem: MENSAGENS.lookups.unidadesProcedenciaObrigatorias });
    const invalido = await buscar('/api/procedencias/usuarios-lotados?idsUnidades=1,abc', cookieAna);
    expect(invalido.statusCode).toBe(400);
    expect(invalido.json().erros[0].campo).toMatch(/^querystring\.idsUnidades/);
  });
});
