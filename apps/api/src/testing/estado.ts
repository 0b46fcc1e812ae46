import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Banco } from '../db/connection.ts';
import type { AppTeste } from './app-teste.ts';

/** What the tests read back to check what an operation left behind: files in the store, rows, peça order. */

/** Every file under the store, relative paths, sorted (temporary files included). */
export async function arquivosNoArmazenamento(raiz: string): Promise<string[]> {
  const entradas = await readdir(raiz, { recursive: true, withFileTypes: true }).catch(() => []);
  return entradas
    .filter((e) => e.isFile())
    .map((e) => relative(raiz, join(e.parentPath, e.name)))
    .sort();
}

/** How many arquivo, anexo and peca rows there are. */
export async function contarLinhas(db: Banco): Promise<{ arquivo: number; anexo: number; peca: number }> {
  const { rows } = await sql<{ arquivo: number; anexo: number; peca: number }>`
    SELECT (SELECT count(*)::int FROM arquivo) AS arquivo, (SELECT count(*)::int FROM anexo) AS anexo,
      (SELECT count(*)::int FROM peca) AS peca`.execute(db);
  return rows[0] as { arquivo: number; anexo: number; peca: number };
}

/** The active peças of a document in order: [id, sequencial]. */
export async function sequenciaPecas(db: Banco, idDocumento: number): Promise<[number, number][]> {
  const linhas = await db
    .selectFrom('peca')
    .select(['id', 'sequencial'])
    .where('idDocumento', '=', idDocumento)
    .where('situacaoVinculo', 'is', null)
    .orderBy('sequencial')
    .orderBy('id')
    .execute();
  return linhas.map((l) => [l.id, l.sequencial]);
}

/** Rows of the stored files (arquivo, anexo, peca, arquivo_assinado) and the files in the store. */
export interface EstadoGuardado {
  linhas: { arquivo: number; anexo: number; peca: number; assinados: number };
  arquivos: string[];
}

/** What an upload or a signing that is refused must leave as it was: take it before, check it with the next one. */
export async function estadoGuardado(t: Pick<AppTeste, 'banco' | 'config'>): Promise<EstadoGuardado> {
  const { n } = await t.banco.db
    .selectFrom('arquivoAssinado')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return {
    linhas: { ...(await contarLinhas(t.banco.db)), assinados: Number(n) },
    arquivos: await arquivosNoArmazenamento(t.config.arquivosDir),
  };
}

/** Nothing changed since `antes`: same rows, same files, no temporary file. */
export async function conferirNadaGuardado(t: Pick<AppTeste, 'banco' | 'config'>, antes: EstadoGuardado) {
  const depois = await estadoGuardado(t);
  expect(depois.arquivos.filter((arquivo) => arquivo.includes('.tmp-'))).toEqual([]);
  expect(depois).toEqual(antes);
}
