import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Shared by the API suite on PostgreSQL, the operation tests and `npm run soak`; nothing here imports vitest. */

export interface BancoCriado {
  nome: string;
  url: string;
  apagar(): Promise<void>;
}

/** A new, empty database on the server of `urlServidor` (the server starts it migrated when it first runs). */
export async function criarBancoVazio(urlServidor: string, prefixo = 'tramite_operacao'): Promise<BancoCriado> {
  const nome = `${prefixo}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: urlServidor });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${nome}`);
  } finally {
    await admin.end();
  }
  const url = new URL(urlServidor);
  url.pathname = `/${nome}`;
  return {
    nome,
    url: url.toString(),
    apagar: async () => {
      const limpeza = new pg.Client({ connectionString: urlServidor });
      await limpeza.connect();
      try {
        await limpeza.query(`DROP DATABASE IF EXISTS ${nome} WITH (FORCE)`);
      } finally {
        await limpeza.end();
      }
    },
  };
}
