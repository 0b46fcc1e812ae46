/**
 * The benchmark's dedicated database: created on the server named by BENCH_DATABASE_URL (never the test database),
 * migrated with the project's migrator, generated once and kept while its parameters match (scale, seed, reference
 * date, migrations, generator version). `--embedded` keeps a PGlite directory instead.
 */
import { cp, mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type Migration, Migrator, sql } from 'kysely';
import pg from 'pg';
import type { Banco } from '../apps/api/src/db/connection.ts';
import { abrirBanco, EXTENSOES_PGLITE } from '../apps/api/src/db/connection.ts';
import { gerarHashSenha } from '../apps/api/src/platform/senha.ts';
import { gerarArquivos } from './arquivos.ts';
import { contarUniversidade, ESPECIAIS, type ExecutorSql, gerarUniversidade, VERSAO_GERADOR } from './gerador.ts';

export interface ParametrosBanco {
  escala: number;
  semente: number;
  /** '' = the stored database's, or today's noon UTC for a new one. */
  referencia: string;
  pdfsConsolidacao: number;
  bytesPdfConsolidacao: number;
}

export interface BancoPreparado {
  /** DATABASE_URL for the API server (absent: embedded PGlite in dataDir/pglite). */
  urlBanco: string | null;
  dataDir: string;
  parametros: ParametrosBanco;
  contagem: Awaited<ReturnType<typeof contarUniversidade>>;
  arquivosConsolidacao: { sha256: string; caminho: string }[];
  geradoAgora: boolean;
  segundosGeracao: number | null;
}

const NOME_BANCO_PADRAO = 'tramite_bench';

/** Noon UTC of today: the generated history ends here. */
export function referenciaDeHoje(): string {
  return `${new Date().toISOString().slice(0, 10)}T12:00:00Z`;
}

export function urlBancoBench(): string {
  return process.env.BENCH_DATABASE_URL ?? `postgres://postgres@127.0.0.1:5432/${NOME_BANCO_PADRAO}`;
}

function caminhoArquivo(raiz: string, sha256: string) {
  return join(raiz, sha256.slice(0, 2), sha256.slice(2, 4), sha256);
}

async function migracoesAplicadas(executar: ExecutorSql): Promise<string[]> {
  const linhas = await executar('SELECT name FROM migracao ORDER BY name');
  return linhas.map((l) => String(l.name));
}

/** What must match for a stored database to be reused (new migrations are applied on top of it). */
function assinatura(p: ParametrosBanco) {
  return JSON.stringify({ versao: VERSAO_GERADOR, ...p });
}

/** Reusable when the parameters match and every migration it was generated with is still in the project. */
function reusavel(meta: Map<string, string>, desejada: string, aplicadas: string[]): boolean {
  const guardada = meta.get('assinatura');
  if (!guardada) return false;
  const { migracoes, ...resto } = JSON.parse(guardada) as { migracoes?: string[] };
  const daGeracao = migracoes ?? (JSON.parse(meta.get('migracoes') ?? '[]') as string[]);
  return JSON.stringify(resto) === desejada && daGeracao.every((m) => aplicadas.includes(m));
}

/**
 * The project's migrations (the static list of apps/api/src/db/migrator.ts), applied even when a new one sorts
 * before one the stored database already has (helpers add migrations out of order while the project grows); the
 * timestamps are then evened out so that the server's own in-order check passes.
 */
async function migrarBench(db: Banco): Promise<void> {
  const fonte = await readFile(new URL('../apps/api/src/db/migrator.ts', import.meta.url), 'utf8');
  const nomes = [...fonte.matchAll(/'(\d{4}-[a-z0-9-]+)':/g)].map((m) => m[1] as string);
  const modulos: Record<string, Migration> = {};
  for (const nome of nomes) modulos[nome] = await import(`../apps/api/src/db/migrations/${nome}.ts`);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => modulos },
    migrationTableName: 'migracao',
    migrationLockTableName: 'migracao_lock',
    allowUnorderedMigrations: true,
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  await sql`UPDATE migracao SET timestamp = (SELECT min(timestamp) FROM migracao)`.execute(db);
}

async function gerar(
  executar: ExecutorSql,
  dataDir: string,
  p: ParametrosBanco,
  semGatilhos: boolean,
  log: (m: string) => void,
) {
  const raiz = join(dataDir, 'arquivos');
  log(`Gerando arquivos reais (${p.pdfsConsolidacao} PDFs da consolidação) em ${raiz}...`);
  const arquivos = await gerarArquivos(raiz, {
    semente: p.semente,
    comuns: 60,
    pdfsConsolidacao: p.pdfsConsolidacao,
    bytesPdfConsolidacao: p.bytesPdfConsolidacao,
  });
  log(`Gerando a universidade (escala ${p.escala}, semente ${p.semente})...`);
  await gerarUniversidade(executar, {
    escala: p.escala,
    semente: p.semente,
    referencia: p.referencia,
    hashSenha: await gerarHashSenha(ESPECIAIS.senha),
    arquivosComuns: arquivos.comuns,
    arquivosConsolidacao: arquivos.consolidacao,
    semGatilhos,
    registrar: log,
  });
  await executar(`CREATE TABLE IF NOT EXISTS bench_meta (chave text PRIMARY KEY, valor text NOT NULL)`);
  await executar(
    `INSERT INTO bench_meta VALUES ('arquivosConsolidacao', '${JSON.stringify(arquivos.consolidacao.map((a) => a.sha256))}')`,
  );
  return arquivos;
}

async function lerMeta(executar: ExecutorSql): Promise<Map<string, string>> {
  const existe = await executar(`SELECT to_regclass('public.bench_meta') IS NOT NULL AS existe`);
  if (!existe[0]?.existe) return new Map();
  const linhas = await executar('SELECT chave, valor FROM bench_meta');
  return new Map(linhas.map((l) => [String(l.chave), String(l.valor)]));
}

/** The generated university as the server and the bench see it. */
type Universidade = Pick<BancoPreparado, 'contagem' | 'arquivosConsolidacao' | 'geradoAgora' | 'segundosGeracao'>;

/**
 * A migrated database against the parameters: reused when its signature matches, generated (files, university,
 * statistics, signature) when it is empty; null when it holds another generation (the caller starts over).
 */
async function gerarOuReusar(
  executar: ExecutorSql,
  dataDir: string,
  p: ParametrosBanco,
  opcoes: { nome: string; log: (m: string) => void; antesDeGerar?: () => Promise<void> },
): Promise<Universidade | null> {
  let meta = await lerMeta(executar);
  // No reference date asked for: keep the stored database's (a rerun another day reuses it).
  const guardada = meta.get('assinatura');
  if (!p.referencia && guardada) p.referencia = (JSON.parse(guardada) as ParametrosBanco).referencia;
  if (!p.referencia) p.referencia = referenciaDeHoje();
  const desejada = assinatura(p);
  const aplicadas = await migracoesAplicadas(executar);
  let segundosGeracao: number | null = null;
  if (reusavel(meta, desejada, aplicadas)) {
    opcoes.log(`Reusando o banco ${opcoes.nome} (mesmos parâmetros; --regenerate gera de novo).`);
  } else {
    if (meta.size > 0 || (await executar('SELECT EXISTS (SELECT 1 FROM unidade) AS ha'))[0]?.ha) return null;
    await opcoes.antesDeGerar?.();
    const t0 = Date.now();
    await gerar(executar, dataDir, p, true, opcoes.log);
    opcoes.log('VACUUM ANALYZE...');
    await executar('VACUUM (ANALYZE)');
    await executar(`INSERT INTO bench_meta VALUES ('assinatura', '${desejada.replaceAll("'", "''")}'),
      ('migracoes', '${JSON.stringify(aplicadas)}')`);
    segundosGeracao = (Date.now() - t0) / 1000;
    meta = await lerMeta(executar);
  }
  const shas = JSON.parse(meta.get('arquivosConsolidacao') ?? '[]') as string[];
  return {
    contagem: await contarUniversidade(executar),
    arquivosConsolidacao: shas.map((sha256) => ({
      sha256,
      caminho: caminhoArquivo(join(dataDir, 'arquivos'), sha256),
    })),
    geradoAgora: segundosGeracao !== null,
    segundosGeracao,
  };
}

/** PostgreSQL server: create the database if needed, migrate, generate when the signature differs. */
export async function prepararBancoServidor(
  p: ParametrosBanco,
  opcoes: { regenerar: boolean; dataDirBase: string; log: (m: string) => void },
): Promise<BancoPreparado> {
  const url = new URL(urlBancoBench());
  const nome = url.pathname.replace(/^\//, '');
  if (!/^[a-z_][a-z0-9_]*$/.test(nome) || nome === 'test' || nome === 'postgres') {
    throw new Error(`Nome de banco inválido para o benchmark: "${nome}" (use um banco dedicado, ex. tramite_bench)`);
  }
  const dataDir = join(opcoes.dataDirBase, nome);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
  await admin.connect();
  try {
    const existe = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [nome]);
    if (opcoes.regenerar && existe.rowCount) {
      opcoes.log(`Apagando o banco ${nome} (--regenerate)...`);
      await admin.query(`DROP DATABASE ${nome} WITH (FORCE)`);
    }
    if (opcoes.regenerar || !existe.rowCount) await admin.query(`CREATE DATABASE ${nome}`);
  } finally {
    await admin.end();
  }

  const cliente = new pg.Client({ connectionString: url.toString() });
  await cliente.connect();
  const executar: ExecutorSql = async (texto) => {
    const resultado = await cliente.query(texto);
    const ultimo = Array.isArray(resultado) ? resultado[resultado.length - 1] : resultado;
    return (ultimo?.rows ?? []) as Record<string, unknown>[];
  };
  try {
    const conexao = await abrirBanco({ tipo: 'postgres', url: url.toString() });
    try {
      await migrarBench(conexao.db);
    } catch (erro) {
      // A migration applied earlier no longer exists (the schema changed under the stored database): start over.
      if (!opcoes.regenerar && String(erro).includes('corrupted migrations')) {
        opcoes.log(`As migrações do banco ${nome} não batem com as do projeto: gerando de novo.`);
        await conexao.fechar();
        await cliente.end();
        return prepararBancoServidor(p, { ...opcoes, regenerar: true });
      }
      throw erro;
    } finally {
      await conexao.fechar().catch(() => {});
    }
    const universidade = await gerarOuReusar(executar, dataDir, p, {
      nome,
      log: opcoes.log,
      antesDeGerar: async () => {
        await rm(dataDir, { recursive: true, force: true });
        await mkdir(dataDir, { recursive: true });
      },
    });
    if (!universidade) {
      opcoes.log(`O banco ${nome} tem outros parâmetros: gerando de novo.`);
      await cliente.end();
      return prepararBancoServidor(p, { ...opcoes, regenerar: true });
    }
    return { urlBanco: url.toString(), dataDir, parametros: p, ...universidade };
  } finally {
    await cliente.end().catch(() => {});
  }
}

/** PGlite: a data directory under dataDirBase/embedded, kept while the signature matches. */
export async function prepararBancoEmbutido(
  p: ParametrosBanco,
  opcoes: { regenerar: boolean; dataDirBase: string; log: (m: string) => void },
): Promise<BancoPreparado> {
  const dataDir = join(opcoes.dataDirBase, 'embedded');
  if (opcoes.regenerar) await rm(dataDir, { recursive: true, force: true });
  for (let tentativa = 0; tentativa < 2; tentativa++) {
    await mkdir(dataDir, { recursive: true });
    const lite = await PGlite.create({ dataDir: join(dataDir, 'pglite'), extensions: EXTENSOES_PGLITE });
    const executar: ExecutorSql = async (texto) => {
      const resultados = await lite.exec(texto);
      return (resultados[resultados.length - 1]?.rows ?? []) as Record<string, unknown>[];
    };
    try {
      const conexao = await abrirBanco({ tipo: 'pglite', dataDir: null }, { pglite: lite });
      await migrarBench(conexao.db);
      await conexao.fechar();
      const universidade = await gerarOuReusar(executar, dataDir, p, { nome: 'embutido', log: opcoes.log });
      await lite.close();
      if (universidade) return { urlBanco: null, dataDir, parametros: p, ...universidade };
      await rm(dataDir, { recursive: true, force: true });
    } catch (erro) {
      await lite.close().catch(() => {});
      throw erro;
    }
  }
  throw new Error('Não foi possível preparar o banco embutido');
}

/** A copy of the embedded data directory, for the bare SQL runs (PGlite opens a directory in one process only). */
export async function copiarBancoEmbutido(dataDir: string, destino: string): Promise<string> {
  await rm(destino, { recursive: true, force: true });
  await cp(join(dataDir, 'pglite'), destino, { recursive: true });
  return destino;
}
