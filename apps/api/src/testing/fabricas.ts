import type { Permissao } from '@tramite/shared';
import type { Banco } from '../db/connection.ts';
import { gerarHashSenha } from '../platform/senha.ts';

let contador = 0;
const proximo = () => ++contador;

export async function criarUnidade(db: Banco, dados: { sigla?: string; nome?: string; idUnidadePai?: number } = {}) {
  const n = proximo();
  return db
    .insertInto('unidade')
    .values({
      sigla: dados.sigla ?? `UN${n}`,
      nome: dados.nome ?? `Unidade de Teste ${n}`,
      idUnidadePai: dados.idUnidadePai ?? null,
      codigo: 20000 + n,
      protocolo: true,
      email: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function criarUsuario(
  db: Banco,
  dados: {
    username?: string;
    senha?: string;
    nome?: string;
    lotacoes: number[];
    permissoes?: Permissao[];
    email?: string | null;
  },
) {
  const n = proximo();
  const username = dados.username ?? `usuario${n}`;
  const usuario = await db
    .insertInto('usuario')
    .values({
      username,
      nome: dados.nome ?? `Usuário de Teste ${n}`,
      senhaHash: await gerarHashSenha(dados.senha ?? username),
      cpf: null,
      matriculaSiape: null,
      email: dados.email === undefined ? `${username}@ufex.edu.br` : dados.email,
      emailPessoal: null,
      idPessoa: null,
      idUnidadeAtual: dados.lotacoes[0] ?? null,
      oidcSub: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (dados.lotacoes.length) {
    await db
      .insertInto('lotacao')
      .values(dados.lotacoes.map((idUnidade) => ({ idUsuario: usuario.id, idUnidade })))
      .execute();
  }
  if (dados.permissoes?.length) {
    await db
      .insertInto('usuarioPermissao')
      .values(dados.permissoes.map((permissao) => ({ idUsuario: usuario.id, permissao })))
      .execute();
  }
  return usuario;
}
