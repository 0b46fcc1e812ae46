import type { Permissao } from '@tramite/shared';
import { type RawBuilder, sql } from 'kysely';
import type { Banco } from '../../db/connection.ts';
import { lotacoesDoUsuario } from '../../db/consultas-comuns.ts';

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
    .select([
      'id',
      'username',
      'nome',
      'email',
      'emailPessoal',
      'idPessoa',
      'idUnidadeAtual',
      'notificacoesPorEmail',
      'resumoDiarioHorario',
    ])
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
  return lotacoesDoUsuario(db, idUsuario).select(['unidade.id', 'unidade.sigla', 'unidade.nome']).execute();
}

export function buscarConfiguracoes(db: Banco, idUsuario: number) {
  return db
    .selectFrom('usuario')
    .select(['idUnidadeAtual', 'email', 'notificacoesPorEmail', 'resumoDiarioHorario'])
    .where('id', '=', idUsuario)
    .executeTakeFirstOrThrow();
}

export function alterarConfiguracoes(
  db: Banco,
  idUsuario: number,
  valores: {
    idUnidadeAtual: number;
    email: string | null;
    notificacoesPorEmail: boolean;
    resumoDiarioHorario: string | null;
  },
) {
  return db
    .updateTable('usuario')
    .set(valores)
    .where('id', '=', idUsuario)
    .returning(['idUnidadeAtual', 'email', 'notificacoesPorEmail', 'resumoDiarioHorario'])
    .executeTakeFirstOrThrow();
}

/** The rule of the login waits (see `reservarTentativa`); all in seconds but the window and the counts. */
export interface RegraEsperaLogin {
  /** Attempts of a streak let through without waiting. */
  maxFalhas: number;
  /** Failures from one address, across usernames, within the window that make it noisy. */
  falhasRuidosas: number;
  janelaMinutos: number;
  esperaInicialSegundos: number;
  esperaMaximaSegundos: number;
}

/**
 * Counts one login attempt of `chave` before its password is checked and says whether it may go on, in one
 * statement: the row lock of INSERT … ON CONFLICT serialises concurrent attempts, so of N parallel guesses only the
 * free ones pass. The first `maxFalhas` attempts of a streak pass at once; after that each one waits since the last
 * attempt let through, a wait that doubles with each of them up to `esperaMaximaSegundos`. From a noisy address the
 * wait starts after the first attempt. A streak quiet for the window after its wait is forgotten; a login ends it.
 */
export async function reservarTentativa(
  db: Banco,
  chave: string,
  ip: string,
  marca: string,
  regra: RegraEsperaLogin,
): Promise<{ admitida: boolean; esperaSegundos: number }> {
  const janela = sql`make_interval(mins => ${regra.janelaMinutos}::int)`;
  const espera = (tentativas: RawBuilder<unknown>, limiar: RawBuilder<unknown>) =>
    sql`make_interval(secs => CASE WHEN ${tentativas} < ${limiar} THEN 0
          ELSE least(${regra.esperaInicialSegundos}::int * power(2, least(${tentativas} - ${limiar}, 20)),
                     ${regra.esperaMaximaSegundos}::int) END)`;
  const limiar = sql`(SELECT limiar FROM origem)`;
  const esquecida = sql`now() >= e.ultima_em + ${espera(sql`e.tentativas`, sql`${regra.maxFalhas}::int`)} + ${janela}`;
  const esperando = sql`now() < e.ultima_em + ${espera(sql`e.tentativas`, limiar)}`;
  const { rows } = await sql<{ admitida: boolean; esperaSegundos: number }>`
    WITH origem AS (
      SELECT CASE WHEN count(*) >= ${regra.falhasRuidosas}::int THEN 1 ELSE ${regra.maxFalhas}::int END AS limiar
      FROM tentativa_login WHERE ip = ${ip}::text AND em > now() - ${janela}
    ), gravada AS (
      INSERT INTO espera_login AS e (chave, tentativas, ultima_em, marca)
      VALUES (${chave}::text, 1, now(), ${marca}::text)
      ON CONFLICT (chave) DO UPDATE SET
        tentativas = CASE WHEN ${esquecida} THEN 1 WHEN ${esperando} THEN e.tentativas ELSE e.tentativas + 1 END,
        ultima_em = CASE WHEN NOT ${esquecida} AND ${esperando} THEN e.ultima_em ELSE now() END,
        marca = CASE WHEN NOT ${esquecida} AND ${esperando} THEN e.marca ELSE EXCLUDED.marca END
      RETURNING tentativas, ultima_em, marca
    )
    SELECT gravada.marca = ${marca}::text AS admitida,
           greatest(1, ceil(extract(epoch FROM
             gravada.ultima_em + ${espera(sql`gravada.tentativas`, sql`origem.limiar`)} - now())))::int AS espera_segundos
    FROM gravada CROSS JOIN origem`.execute(db);
  const linha = rows[0];
  if (!linha) throw new Error('espera_login: a tentativa não foi gravada');
  return { admitida: linha.admitida, esperaSegundos: Number(linha.esperaSegundos) };
}

/** A failure of an attempt let through: kept per address, for the noisy-address rule (and the record). */
export async function registrarFalha(db: Banco, chave: string, ip: string) {
  await db.insertInto('tentativaLogin').values({ chave, ip }).execute();
}

/** A login ends the streak of its username. */
export async function limparFalhas(db: Banco, chave: string) {
  await db.deleteFrom('tentativaLogin').where('chave', '=', chave).execute();
  await db.deleteFrom('esperaLogin').where('chave', '=', chave).execute();
}

/** Streaks and failures no rule looks at any more (a streak waits at most the cap, then the window). */
export async function apagarTentativasAntigas(db: Banco, regra: RegraEsperaLogin) {
  const janela = sql<Date>`now() - make_interval(mins => ${regra.janelaMinutos}::int)`;
  await db.deleteFrom('tentativaLogin').where('em', '<', janela).execute();
  await db
    .deleteFrom('esperaLogin')
    .where('ultimaEm', '<', sql<Date>`${janela} - make_interval(secs => ${regra.esperaMaximaSegundos}::int)`)
    .execute();
}

// ---------------------------------------------------------------------------------------------------------------
// OpenID Connect (oidc-cliente.ts)

/** Logins started and never finished: their secrets are of no use once the time to sign in is over. */
export async function apagarTransacoesOidcVencidas(db: Banco): Promise<void> {
  await db.deleteFrom('oidcTransacao').where('expiraEm', '<=', sql<Date>`now()`).execute();
}

export async function inserirTransacaoOidc(
  db: Banco,
  transacao: { id: string; estado: string; nonce: string; verificadorPkce: string; redirect: string; expiraEm: Date },
): Promise<void> {
  await db.insertInto('oidcTransacao').values(transacao).execute();
}

/** The login in progress of this handle's hash, deleted as it is read: each one is used once. */
export function consumirTransacaoOidc(db: Banco, id: string) {
  return db
    .deleteFrom('oidcTransacao')
    .where('id', '=', id)
    .returning(['estado', 'nonce', 'verificadorPkce', 'redirect', 'expiraEm'])
    .executeTakeFirst();
}

export function buscarUsuarioPorOidcSub(db: Banco, sub: string) {
  return db.selectFrom('usuario').select(['id', 'ativo']).where('oidcSub', '=', sub).executeTakeFirst();
}

/** Up to two users whose `campo` matches the claim (case-insensitive): two mean the claim is ambiguous. */
export function buscarCandidatosOidc(db: Banco, campo: 'username' | 'email', valorMinusculo: string) {
  return db
    .selectFrom('usuario')
    .select(['id', 'ativo', 'oidcSub'])
    .where(sql`lower(${sql.ref(campo)})`, '=', valorMinusculo)
    .limit(2)
    .execute();
}

export async function vincularOidcSub(db: Banco, idUsuario: number, sub: string): Promise<void> {
  await db.updateTable('usuario').set({ oidcSub: sub }).where('id', '=', idUsuario).execute();
}
