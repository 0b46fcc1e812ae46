import type { Entidade } from '@tramite/shared';
import { afterAll, beforeAll, expect } from 'vitest';
import { type AppTeste, criarAppTeste } from '../app-teste.ts';
import { criarUnidade, criarUsuario } from '../fabricas.ts';

export type NovoInteressado = {
  tipo: 'A' | 'F' | 'K' | 'O' | 'S' | 'U' | 'C' | 'Q';
  nome: string;
  codigo?: string;
  cpf?: string;
  cnpj?: string;
  email?: string;
  ativo?: boolean;
  idPessoa?: number;
};

/**
 * The look-ups tests' world, for one test file: registers its `beforeAll`/`afterAll` and answers the calls. Units
 * PROT, PROGRAD and ARQ (inactive); users ana, joao (SIAPE 1234567, with CPF) and jose (inactive); interessados of
 * several types, one with a person; the commissions licitacao (joao and ana) and etica (inactive). `t`, `cookieAna`
 * and `idTipoDocumento` are filled in by the `beforeAll`: read them inside the tests. `ids` is by name.
 */
export function usarInteressados() {
  const a = {
    t: undefined as unknown as AppTeste,
    cookieAna: '',
    idTipoDocumento: 0,
    ids: {} as Record<string, number>,
    unidades: {} as Record<string, number>,
    async criarInteressado(dados: NovoInteressado) {
      const { id } = await a.t.banco.db
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
      a.ids[dados.nome] = id;
      return id;
    },

    async buscar(url: string, cookie?: string, ip?: string) {
      const resposta = await a.t.app.inject({
        method: 'GET',
        url,
        headers: cookie ? { cookie } : {},
        ...(ip ? { remoteAddress: ip } : {}),
      });
      return resposta;
    },

    /** The audit rows of one action, oldest first. */
    auditoria(acao: string) {
      return a.t.banco.db
        .selectFrom('auditoria')
        .select(['idUsuario', 'entidade', 'idEntidade', 'depois', 'ip'])
        .where('acao', '=', acao)
        .orderBy('id')
        .execute();
    },

    async nomes(url: string, cookie?: string) {
      const resposta = await a.buscar(url, cookie);
      expect(resposta.statusCode).toBe(200);
      return resposta.json<Entidade[]>().map((entidade) => entidade.nome);
    },
  };

  beforeAll(async () => {
    a.t = await criarAppTeste();
    const db = a.t.banco.db;
    a.unidades.PROT = (await criarUnidade(db, { sigla: 'PROT', nome: 'Protocolo Central' })).id;
    a.unidades.PROGRAD = (await criarUnidade(db, { sigla: 'PROGRAD', nome: 'Pró-Reitoria de Graduação' })).id;
    a.unidades.ARQ = (await criarUnidade(db, { sigla: 'ARQ', nome: 'Arquivo Geral' })).id;
    await db.updateTable('unidade').set({ ativa: false }).where('id', '=', a.unidades.ARQ).execute();
    const ana = await criarUsuario(db, { username: 'ana', nome: 'Ana Paula Ferreira', lotacoes: [a.unidades.PROT] });
    const joao = await criarUsuario(db, { username: 'joao', nome: 'João Carlos Almeida', lotacoes: [a.unidades.PROT] });
    const jose = await criarUsuario(db, {
      username: 'jose',
      nome: 'José Ribamar Sousa',
      lotacoes: [a.unidades.PROGRAD],
    });
    await db
      .updateTable('usuario')
      .set({ matriculaSiape: '1234567', cpf: '52998224725' })
      .where('id', '=', joao.id)
      .execute();
    await db
      .updateTable('usuario')
      .set({ matriculaSiape: '7654321', ativo: false })
      .where('id', '=', jose.id)
      .execute();
    a.ids.ana = ana.id;
    a.ids.joao = joao.id;
    a.ids.jose = jose.id;
    a.cookieAna = await a.t.entrar('ana');

    a.idTipoDocumento = (
      await db
        .insertInto('tipoDocumento')
        .values({ descricao: 'Requerimento', urlDocumentacao: null, observacao: null })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

    await a.criarInteressado({ tipo: 'A', nome: 'carlos Eduardo Lima', codigo: '2021003456', cpf: '11144477735' });
    await a.criarInteressado({ tipo: 'A', nome: 'Álvaro Araújo', codigo: '2022011872', email: 'alvaro@aluno.example' });
    await a.criarInteressado({ tipo: 'A', nome: 'Bruna Araujo Siqueira', codigo: '2019006150', ativo: false });
    await a.criarInteressado({ tipo: 'A', nome: 'Taxa 100% Isenta_Silva', codigo: '2020000001' });
    await a.criarInteressado({ tipo: 'F', nome: 'Papelaria Central Ltda.', cnpj: '11222333000181' });
    const { id: idPessoa } = await db
      .insertInto('pessoa')
      .values({ nome: 'Marcelo Tavares', cpf: '39053344705', email: 'marcelo.tavares@ufex.edu.br' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await a.criarInteressado({ tipo: 'S', nome: 'Marcelo Tavares', codigo: '2233445', idPessoa });
    await a.criarInteressado({ tipo: 'Q', nome: 'Sem E-mail da Silva' });

    const comissao = await db
      .insertInto('comissao')
      .values([
        { nome: 'Comissão Permanente de Licitação', idUnidade: a.unidades.PROT },
        { nome: 'Comissão de Ética', idUnidade: null, ativa: false },
      ])
      .returning('id')
      .execute();
    a.ids.licitacao = comissao[0]?.id as number;
    a.ids.etica = comissao[1]?.id as number;
    await db
      .insertInto('comissaoMembro')
      .values([
        { idComissao: a.ids.licitacao, idUsuario: joao.id },
        { idComissao: a.ids.licitacao, idUsuario: ana.id },
      ])
      .execute();
  });

  afterAll(async () => {
    await a.t?.fechar();
  });

  return a;
}
