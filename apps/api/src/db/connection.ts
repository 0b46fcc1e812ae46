import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { ConexaoBanco } from '../config.ts';
import { CamelCaseRapido } from './camel-case-rapido.ts';
import type { Database } from './schema.ts';

/**
 * Settings of every session the API opens on a PostgreSQL server. JIT off: it compiles a query whose estimated cost
 * passes `jit_above_cost`, and the API's queries are short: a content search estimated high (its per-document
 * checks) took 0.35–0.7 s compiling for 7 ms of work (bench, issue 21). PGlite has no JIT.
 */
export const OPCOES_SESSAO_POSTGRES = '-c jit=off';

/** The contrib extensions the migrations create, for every PGlite the project opens. */
export const EXTENSOES_PGLITE = { unaccent, pg_trgm };

// bigint ids fit in a JS number; dates stay 'YYYY-MM-DD' strings so no time zone shifts them.
pg.types.setTypeParser(pg.types.builtins.INT8, (valor) => Number(valor));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (valor) => Number(valor));
pg.types.setTypeParser(pg.types.builtins.DATE, (valor) => valor);

export type Banco = Kysely<Database>;

/** `application_name` of each pool, to tell them apart in pg_stat_activity (an application_name in the URL wins). */
export const NOME_APLICACAO = { primario: 'tramite', leitura: 'tramite-leitura' } as const;

export interface ConexaoAberta {
  db: Banco;
  tipo: ConexaoBanco['tipo'];
  fechar(): Promise<void>;
}

/**
 * One driver for both databases: PGlite is plugged into the same `pg` Pool that talks to a PostgreSQL server.
 * PGlite is a single connection, so every query inside a transaction must use the transaction's handle.
 */
export async function abrirBanco(
  conexao: ConexaoBanco,
  opcoes: { pglite?: PGlite; nomeAplicacao?: string } = {},
): Promise<ConexaoAberta> {
  if (conexao.tipo === 'postgres') {
    const pool = new pg.Pool({
      connectionString: conexao.url,
      application_name: opcoes.nomeAplicacao ?? NOME_APLICACAO.primario,
      options: OPCOES_SESSAO_POSTGRES,
      max: 10,
      idleTimeoutMillis: 30_000,
    });
    pool.on('error', () => {
      // An idle client lost its server: the pool replaces it on the next query; requests answer 503 meanwhile.
    });
    pool.on('connect', (cliente) => {
      // A connection lost while checked out (in a query or transaction) emits 'error' on its client: without a
      // listener the whole process would crash. The query in progress fails (503) and the pool drops the client.
      cliente.on('error', () => {});
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCaseRapido()] });
    return { db, tipo: 'postgres', fechar: () => db.destroy() };
  }
  if (conexao.dataDir) mkdirSync(conexao.dataDir, { recursive: true });
  const lite =
    opcoes.pglite ?? (await PGlite.create({ dataDir: conexao.dataDir ?? 'memory://', extensions: EXTENSOES_PGLITE }));
  const pool = new pg.Pool(createPgConfig(lite) as unknown as pg.PoolConfig);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCaseRapido()] });
  return {
    db,
    tipo: 'pglite',
    fechar: async () => {
      await db.destroy();
      if (!opcoes.pglite) await lite.close();
    },
  };
}
