import { type Entidade, MENSAGENS } from '@tramite/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { semearDemo } from '../../db/seed/index.ts';
import { type AppTeste, criarAppTeste } from '../../testing/app-teste.ts';
import { usarInteressados } from '../../testing/cenarios/interessados.ts';
import { esperarErro } from '../../testing/respostas.ts';
import { idsMembrosComissao } from './service.ts';

const a = usarInteressados();
const { buscar, nomes } = a;

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
      { id: a.ids.joao, tipo: 'S', nome: 'João Carlos Almeida', codigo: '1234567', ativo: true },
      { id: a.ids.jose, tipo: 'S', nome: 'José Ribamar Sousa', codigo: '7654321', ativo: false },
    ]);
    expect(await nomes('/api/responsaveis-tramitacao/s?nome=JOSE&somenteAtivos=true')).toEqual([]);
    expect(await nomes('/api/responsaveis-tramitacao/S?codigo=7654321')).toEqual(['José Ribamar Sousa']);
    expect(await nomes('/api/responsaveis-tramitacao/S?nome=joao%20almeida')).toEqual(['João Carlos Almeida']);
    expect(await nomes('/api/responsaveis-tramitacao/S?nome=joao%20sousa')).toEqual([]);
    expect(await nomes(`/api/responsaveis-tramitacao/S?id=${a.ids.ana}`)).toEqual(['Ana Paula Ferreira']);
  });

  it('SERVIDOR: pelo CPF só para quem entrou no sistema', async () => {
    expect(await nomes('/api/responsaveis-tramitacao/S?codigo=529.982.247-25', a.cookieAna)).toEqual([
      'João Carlos Almeida',
    ]);
    expect(await nomes('/api/responsaveis-tramitacao/S?codigo=52998224725')).toEqual([]);
  });

  it('UNIDADE: unidades, com a sigla como código; a busca por nome também acha a sigla', async () => {
    const resposta = await buscar('/api/responsaveis-tramitacao/UNIDADE');
    expect(resposta.json()).toEqual([
      { id: a.unidades.ARQ, tipo: 'U', nome: 'Arquivo Geral', codigo: 'ARQ', ativo: false },
      { id: a.unidades.PROGRAD, tipo: 'U', nome: 'Pró-Reitoria de Graduação', codigo: 'PROGRAD', ativo: true },
      { id: a.unidades.PROT, tipo: 'U', nome: 'Protocolo Central', codigo: 'PROT', ativo: true },
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
      { id: a.ids.etica, tipo: 'C', nome: 'Comissão de Ética', codigo: null, ativo: false },
      { id: a.ids.licitacao, tipo: 'C', nome: 'Comissão Permanente de Licitação', codigo: null, ativo: true },
    ]);
    expect(await nomes('/api/responsaveis-tramitacao/C?nome=licitacao')).toEqual(['Comissão Permanente de Licitação']);
    expect(await nomes('/api/responsaveis-tramitacao/C?codigo=1')).toEqual([]);
  });

  it('a comissão responde pelas tramitações de seus membros', async () => {
    expect(await idsMembrosComissao(a.t.banco.db, a.ids.licitacao as number)).toEqual(
      [a.ids.ana, a.ids.joao].sort((a, b) => (a as number) - (b as number)),
    );
    expect(await idsMembrosComissao(a.t.banco.db, a.ids.etica as number)).toEqual([]);
  });

  it("recusa um tipo desconhecido: 'Não é possível buscar um responsável pela tramitação sem definir seu tipo'", async () => {
    for (const tipo of ['ALUNO', 'X', '%20']) {
      const resposta = await buscar(`/api/responsaveis-tramitacao/${tipo}`);
      esperarErro(resposta, 400, 'REQUISICAO_INVALIDA', MENSAGENS.busca.responsavelSemTipo, [
        { campo: 'tipo', mensagem: MENSAGENS.busca.responsavelSemTipo },
      ]);
    }
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
