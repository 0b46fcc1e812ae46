import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import type { ConexaoBanco } from '../config.ts';
import { abrirBanco, type ConexaoAberta, EXTENSOES_PGLITE } from '../db/connection.ts';
import { migrarParaUltima } from '../db/migrator.ts';
import { criarBancoVazio } from './banco-servidor.ts';

/** Which database the API suite runs on: TEST_DB=postgres uses the server at TEST_DATABASE_URL. */
export const bancoDosTestes = (): 'pglite' | 'postgres' => (process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite');

export interface BancoTeste extends ConexaoAberta {
  conexao: ConexaoBanco;
}

/**
 * A fresh, migrated database for one test file: an in-memory PGlite (loaded from the migrated template the global
 * setup made, when there is one), or a new database created on the PostgreSQL server and dropped afterwards.
 */
export async function criarBancoTeste(): Promise<BancoTeste> {
  if (bancoDosTestes() === 'postgres') return criarBancoNoServidor();
  const modelo = inject('modeloPglite');
  const lite = await PGlite.create({
    extensions: EXTENSOES_PGLITE,
    ...(modelo ? { loadDataDir: new Blob([await readFile(modelo)]) } : {}),
  });
  const aberta = await abrirBanco({ tipo: 'pglite', dataDir: null }, { pglite: lite });
  await migrarParaUltima(aberta.db);
  return {
    ...aberta,
    conexao: { tipo: 'pglite', dataDir: null },
    fechar: async () => {
      await aberta.fechar();
      await lite.close();
    },
  };
}

async function criarBancoNoServidor(): Promise<BancoTeste> {
  const urlServidor = process.env.TEST_DATABASE_URL;
  if (!urlServidor) throw new Error('TEST_DB=postgres exige TEST_DATABASE_URL');
  const banco = await criarBancoVazio(urlServidor, 'tramite_teste');
  const conexao: ConexaoBanco = { tipo: 'postgres', url: banco.url };
  const aberta = await abrirBanco(conexao);
  await migrarParaUltima(aberta.db);
  return {
    ...aberta,
    conexao,
    fechar: async () => {
      await aberta.fechar();
      await banco.apagar();
    },
  };
}
