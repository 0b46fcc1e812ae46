import type { Permissao } from '@tramite/shared';
import { sql } from 'kysely';
import type { Banco } from '../../db/connection.ts';

export function buscarUsuarioPorUsername(db: Banco, username: string) {
  return db
    .selectFrom('usuario')
    .select(['id', 'senhaHash', 'ativo'])
    .where(sql`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
}

export async function buscarPerfilUsuario(db: Banco, idUsuario: number) {
  const usuario = await db
    .selectFrom('usuario')
    .select(['id', 'username', 'nome', 'email', 'emailPessoal', 'idPessoa', 'idUnidadeAtual', 'notificacoesPorEmail'])
    .where('id', '=', idUsuario)
    .executeTakeFirstOrThrow();
  const [permissoes, lotacoes] = await Promise.all([
    db
      .selectFrom('usuarioPermissao')
      .select('permissao')
      .where('idUsuario', '=', idUsuario)
      .orderBy('permissao')
      .execute(),
    buscarLotacoes(db, idUsuario),
  ]);
  return { ...usuario, permissoes: permissoes.map((p) => p.permissao as Permissao), lotacoes };
}

export function buscarLotacoes(db: Banco, idUsuario: number) {
  return db
    .selectFrom('lotacao')
    .innerJoin('unidade', 'unidade.id', 'lotacao.idUnidade')
    .select(['unidade.id', 'unidade.sigla', 'unidade.nome'])
    .where('lotacao.idUsuario', '=', idUsuario)
    .orderBy(sql`unidade.nome COLLATE pt_br`)
    .execute();
}

export function buscarConfiguracoes(db: Banco, idUsuario: number) {
  return db
    .selectFrom('usuario')
    .select(['idUnidadeAtual', 'email', 'notificacoesPorEmail'])
    .where('id', '=', idUsuario)
    .executeTakeFirstOrThrow();
}

export function alterarConfiguracoes(
  db: Banco,
  idUsuario: number,
  valores: { idUnidadeAtual: number; email: string | null; notificacoesPorEmail: boolean },
) {
  return db
    .updateTable('usuario')
    .set(valores)
    .where('id', '=', idUsuario)
    .returning(['idUnidadeAtual', 'email', 'notificacoesPorEmail'])
    .executeTakeFirstOrThrow();
}

export async function contarFalhasRecentes(db: Banco, chave: string, ip: string, janelaMinutos: number) {
  const linha = await db
    .selectFrom('tentativaLogin')
    .select([
      sql<number>`count(*) FILTER (WHERE chave = ${chave})::int`.as('porUsuario'),
      sql<number>`count(*) FILTER (WHERE ip = ${ip})::int`.as('porIp'),
    ])
    .where('em', '>', sql<Date>`now() - make_interval(mins => ${janelaMinutos})`)
    .where((eb) => eb.or([eb('chave', '=', chave), eb('ip', '=', ip)]))
    .executeTakeFirstOrThrow();
  return linha;
}

export async function registrarFalha(db: Banco, chave: string, ip: string) {
  await db.insertInto('tentativaLogin').values({ chave, ip }).execute();
}

export async function limparFalhas(db: Banco, chave: string) {
  await db.deleteFrom('tentativaLogin').where('chave', '=', chave).execute();
}
