import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Config } from '../config.ts';
import { EXTENSOES_PGLITE } from '../db/connection.ts';

/**
 * Backup and restore (issue 12) of the database and the file store. See docs/operacao.md.
 *
 * A backup is a folder `tramite-backup-<data>-<hora>/` with `manifesto.json`, the database (`banco.tar.gz`, a PGlite
 * data directory dump, or `banco.dump`, pg_dump's custom format) and `arquivos/` (a copy of the content-addressed
 * store). The folder is written under a temporary name and renamed at the end: a folder with the final name is whole.
 *
 * - Embedded PGlite: only one process may open its data directory, so the server must be stopped (a clean stop
 *   removes `postmaster.pid`; while it exists the backup refuses). The script opens the directory itself and takes
 *   PGlite's `dumpDataDir` (a tarball of a consistent, checkpointed data directory).
 * - PostgreSQL server: `pg_dump -Fc` takes a consistent snapshot while the server keeps running; the file store is
 *   copied after it. Files are written before the row that names them is committed, so every file the dump names is
 *   already in the store when it is copied (extra, newer files are harmless).
 */

const executar = promisify(execFile);
export const FORMATO_COPIA = 1;

export interface ManifestoCopia {
  formato: typeof FORMATO_COPIA;
  criadaEm: string;
  banco: 'pglite' | 'postgres';
  arquivoBanco: string;
  sha256Banco: string;
  versaoPglite: string | null;
  migracoes: string[];
  arquivos: { quantidade: number; bytes: number };
}

export class ErroCopia extends Error {}

/** The installed PGlite's version (its package.json is not exported, so found from its entry point). */
function versaoPglite(): string {
  let pasta = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(join(pasta, 'package.json')) && dirname(pasta) !== pasta) pasta = dirname(pasta);
  return (JSON.parse(readFileSync(join(pasta, 'package.json'), 'utf8')) as { version: string }).version;
}

async function sha256Arquivo(caminho: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(caminho), hash);
  return hash.digest('hex');
}

/** Every regular file under `raiz`, as paths relative to it (temporary upload files left out). */
async function listarArquivos(raiz: string): Promise<string[]> {
  if (!existsSync(raiz)) return [];
  const entradas = await readdir(raiz, { recursive: true, withFileTypes: true });
  return entradas
    .filter((e) => e.isFile() && !e.name.startsWith('.tmp-'))
    .map((e) => relative(raiz, join(e.parentPath, e.name)));
}

async function copiarArquivos(origem: string, destino: string): Promise<{ quantidade: number; bytes: number }> {
  await mkdir(destino, { recursive: true });
  let bytes = 0;
  const lista = await listarArquivos(origem);
  for (const arquivo of lista) {
    await mkdir(join(destino, arquivo, '..'), { recursive: true });
    await cp(join(origem, arquivo), join(destino, arquivo), { preserveTimestamps: true, errorOnExist: false });
    bytes += (await stat(join(origem, arquivo))).size;
  }
  return { quantidade: lista.length, bytes };
}

function carimbo(data: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${data.getFullYear()}${p(data.getMonth() + 1)}${p(data.getDate())}-${p(data.getHours())}${p(data.getMinutes())}${p(data.getSeconds())}`;
}

async function migracoesAplicadas(consultar: (texto: string) => Promise<{ name: string }[]>): Promise<string[]> {
  try {
    return (await consultar('SELECT name FROM migracao ORDER BY name')).map((l) => l.name);
  } catch {
    return [];
  }
}

/** Makes a backup of the configured database and file store into a new folder under `destinoRaiz`. */
export async function fazerCopia(
  config: Config,
  destinoRaiz: string,
  agora = new Date(),
): Promise<{ pasta: string; manifesto: ManifestoCopia }> {
  const nome = `tramite-backup-${carimbo(agora)}`;
  const pasta = resolve(destinoRaiz, nome);
  if (existsSync(pasta)) throw new ErroCopia(`A pasta ${pasta} já existe`);
  const parcial = `${pasta}.parcial`;
  await rm(parcial, { recursive: true, force: true });
  await mkdir(parcial, { recursive: true });
  try {
    let banco: Pick<ManifestoCopia, 'banco' | 'arquivoBanco' | 'versaoPglite' | 'migracoes'>;
    if (config.banco.tipo === 'pglite') {
      const dataDir = config.banco.dataDir;
      if (!dataDir || !existsSync(join(dataDir, 'PG_VERSION'))) {
        throw new ErroCopia(`Não há banco embutido em ${dataDir ?? '(memória)'}`);
      }
      if (existsSync(join(dataDir, 'postmaster.pid'))) {
        throw new ErroCopia(
          `O banco embutido em ${dataDir} está aberto (postmaster.pid): pare o servidor do Trâmite antes da cópia. ` +
            'Se o servidor caiu sem parar, inicie-o e pare-o uma vez.',
        );
      }
      const lite = await PGlite.create({ dataDir, extensions: EXTENSOES_PGLITE });
      try {
        const migracoes = await migracoesAplicadas(async (t) => (await lite.query<{ name: string }>(t)).rows);
        const dump = await lite.dumpDataDir('gzip');
        await writeFile(join(parcial, 'banco.tar.gz'), Buffer.from(await dump.arrayBuffer()));
        banco = { banco: 'pglite', arquivoBanco: 'banco.tar.gz', versaoPglite: versaoPglite(), migracoes };
      } finally {
        await lite.close();
      }
    } else {
      const url = config.banco.url;
      await executar('pg_dump', [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        '--file',
        join(parcial, 'banco.dump'),
        '--dbname',
        url,
      ]);
      const cliente = new pg.Client({ connectionString: url });
      await cliente.connect();
      try {
        const migracoes = await migracoesAplicadas(async (t) => (await cliente.query<{ name: string }>(t)).rows);
        banco = { banco: 'postgres', arquivoBanco: 'banco.dump', versaoPglite: null, migracoes };
      } finally {
        await cliente.end();
      }
    }
    // The file store after the database (see above).
    const arquivos = await copiarArquivos(config.arquivosDir, join(parcial, 'arquivos'));
    // The self-signed institutional certificate made on first use: without it a restore would sign with a new one.
    if (existsSync(config.assinatura.pastaCertificados)) {
      await cp(config.assinatura.pastaCertificados, join(parcial, 'certificados'), {
        recursive: true,
        preserveTimestamps: true,
      });
    }
    const manifesto: ManifestoCopia = {
      formato: FORMATO_COPIA,
      criadaEm: agora.toISOString(),
      ...banco,
      sha256Banco: await sha256Arquivo(join(parcial, banco.arquivoBanco)),
      arquivos,
    };
    await writeFile(join(parcial, 'manifesto.json'), `${JSON.stringify(manifesto, null, 2)}\n`);
    await rename(parcial, pasta);
    return { pasta, manifesto };
  } catch (erro) {
    await rm(parcial, { recursive: true, force: true });
    throw erro;
  }
}

async function vazioOuAusente(caminho: string): Promise<boolean> {
  if (!existsSync(caminho)) return true;
  return (await readdir(caminho)).length === 0;
}

/**
 * Restores a backup folder into the configured (empty) database and file store. Every file of the store is checked
 * against its name (the store is content-addressed), and the database file against the manifest.
 */
export async function restaurarCopia(pasta: string, config: Config): Promise<ManifestoCopia> {
  const caminhoManifesto = join(pasta, 'manifesto.json');
  if (!existsSync(caminhoManifesto)) throw new ErroCopia(`${pasta} não é uma cópia do Trâmite (falta manifesto.json)`);
  const manifesto = JSON.parse(await readFile(caminhoManifesto, 'utf8')) as ManifestoCopia;
  if (manifesto.formato !== FORMATO_COPIA) throw new ErroCopia(`Formato de cópia desconhecido: ${manifesto.formato}`);
  if (manifesto.banco !== config.banco.tipo) {
    throw new ErroCopia(
      manifesto.banco === 'pglite'
        ? 'A cópia é do banco embutido (PGlite): restaure sem DATABASE_URL'
        : 'A cópia é de um servidor PostgreSQL (pg_dump): informe DATABASE_URL do banco vazio de destino',
    );
  }
  const arquivoBanco = join(pasta, basename(manifesto.arquivoBanco));
  if ((await sha256Arquivo(arquivoBanco)) !== manifesto.sha256Banco) {
    throw new ErroCopia(`${arquivoBanco} não confere com o manifesto: cópia danificada`);
  }
  if (!(await vazioOuAusente(config.arquivosDir))) {
    throw new ErroCopia(`O armazenamento de arquivos ${config.arquivosDir} não está vazio: restaure num DATA_DIR novo`);
  }
  const origemArquivos = join(pasta, 'arquivos');
  for (const arquivo of await listarArquivos(origemArquivos)) {
    if ((await sha256Arquivo(join(origemArquivos, arquivo))) !== basename(arquivo)) {
      throw new ErroCopia(`O arquivo ${arquivo} da cópia está danificado`);
    }
  }

  if (config.banco.tipo === 'pglite') {
    const dataDir = config.banco.dataDir;
    if (!dataDir) throw new ErroCopia('Banco embutido sem pasta de dados');
    if (!(await vazioOuAusente(dataDir))) {
      throw new ErroCopia(`O banco embutido ${dataDir} não está vazio: restaure num DATA_DIR novo`);
    }
    if (
      manifesto.versaoPglite &&
      manifesto.versaoPglite.split('.').slice(0, 2).join('.') !== versaoPglite().split('.').slice(0, 2).join('.')
    ) {
      throw new ErroCopia(`A cópia é do PGlite ${manifesto.versaoPglite}; este é o ${versaoPglite()}`);
    }
    await mkdir(dataDir, { recursive: true });
    const lite = await PGlite.create({
      dataDir,
      extensions: EXTENSOES_PGLITE,
      loadDataDir: new Blob([await readFile(arquivoBanco)]),
    });
    try {
      await lite.query('SELECT 1 FROM migracao LIMIT 1');
    } finally {
      await lite.close();
    }
  } else {
    const cliente = new pg.Client({ connectionString: config.banco.url });
    await cliente.connect();
    try {
      const { rows } = await cliente.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'",
      );
      if ((rows[0]?.n ?? 0) > 0) throw new ErroCopia('O banco de destino não está vazio: crie um banco novo');
    } finally {
      await cliente.end();
    }
    await executar('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      '--dbname',
      config.banco.url,
      arquivoBanco,
    ]);
  }
  await mkdir(config.arquivosDir, { recursive: true });
  await cp(origemArquivos, config.arquivosDir, { recursive: true, preserveTimestamps: true });
  const origemCertificados = join(pasta, 'certificados');
  if (existsSync(origemCertificados) && !existsSync(config.assinatura.pastaCertificados)) {
    await cp(origemCertificados, config.assinatura.pastaCertificados, { recursive: true, preserveTimestamps: true });
  }
  return manifesto;
}

/** For messages: a path shown relative to the working directory when inside it. */
export function caminhoParaMensagem(caminho: string): string {
  const rel = relative(process.cwd(), caminho);
  return rel && !rel.startsWith('..') && !rel.includes(`..${sep}`) ? rel : caminho;
}
