import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { abrirBanco, EXTENSOES_PGLITE } from '../db/connection.ts';
import { migrarParaUltima } from '../db/migrator.ts';

/**
 * Vitest global setup: migrates one PGlite once and saves its data directory, so each test file starts from a
 * copy instead of replaying every migration.
 */
export default async function prepararModeloPglite(projeto: TestProject): Promise<void> {
  if (projeto.config.env?.TEST_DB === 'postgres') return;
  const lite = await PGlite.create({ extensions: EXTENSOES_PGLITE });
  const { db } = await abrirBanco({ tipo: 'pglite', dataDir: null }, { pglite: lite });
  await migrarParaUltima(db);
  await db.destroy();
  const arquivo = join(tmpdir(), `tramite-modelo-pglite-${process.pid}.tar`);
  const dump = await lite.dumpDataDir('none');
  await writeFile(arquivo, Buffer.from(await dump.arrayBuffer()));
  await lite.close();
  projeto.provide('modeloPglite', arquivo);
}

declare module 'vitest' {
  export interface ProvidedContext {
    modeloPglite: string;
  }
}
