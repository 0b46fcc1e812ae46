import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe } from 'vitest';
import {
  type BancoCriado,
  type CenarioDemo,
  criarBancoVazio,
  iniciarProcesso,
  lerCenarioDemo,
  type OpcoesProcesso,
  type ProcessoServidor,
} from '../operations/processos.ts';
import { bancoDosTestes } from './banco-teste.ts';

/**
 * The fixed ports of the operation tests, in one place so that no two collide (the files run one at a time, but a
 * port taken by something else on the machine fails them all alike: 4222 is NATS's default).
 */
export const PORTAS = {
  multiprocesso: [4201, 4202],
  quedaProcesso: 4211,
  quedaBanco: { api: 4221, proxy: 4225 },
  nginx: { nginx: 4230, api: [4231, 4232] },
  relatoriosPesados: 4241,
  enviosLentos: 4247,
  isolamentoBomba: 4251,
} as const;

/** The operation tests run real processes on the PostgreSQL server of TEST_DATABASE_URL, and only there. */
export const comServidorPostgres = describe.runIf(bancoDosTestes() === 'postgres');

export interface AmbienteProcessos {
  /** A new, empty database on the tests' server. */
  banco: BancoCriado;
  /** The DATA_DIR the processes share. */
  dataDir: string;
  /** Starts a server process on this database (unless `databaseUrl` says otherwise) and DATA_DIR. */
  iniciar(
    opcoes: Omit<OpcoesProcesso, 'databaseUrl' | 'dataDir'> & { databaseUrl?: string },
  ): Promise<ProcessoServidor>;
  /** The demo data's ids, once a process with `demo` has seeded the database. */
  cenarioDemo(): Promise<CenarioDemo>;
  /** Closes something of the test's (a connection, a proxy) after the processes stop, before the database goes. */
  aoEncerrar(fechar: () => Promise<unknown>): void;
}

/**
 * A test file's hooks for the operation tests: the `beforeAll` makes the database and the DATA_DIR (named after
 * `prefixo`) and runs `preparar`, which starts the processes the tests need; the `afterAll` stops every process
 * started (also the ones a test starts again), closes what was given to `aoEncerrar`, drops the database and
 * deletes the folder.
 */
export function usarAmbienteProcessos(
  prefixo: string,
  preparar: (ambiente: AmbienteProcessos) => Promise<void>,
  prazoMs = 240_000,
): AmbienteProcessos {
  const processos: ProcessoServidor[] = [];
  const fechamentos: (() => Promise<unknown>)[] = [];
  const ambiente = {
    async iniciar(opcoes) {
      const processo = await iniciarProcesso({ databaseUrl: ambiente.banco.url, dataDir: ambiente.dataDir, ...opcoes });
      processos.push(processo);
      return processo;
    },
    cenarioDemo: () => lerCenarioDemo(ambiente.banco.url),
    aoEncerrar(fechar) {
      fechamentos.push(fechar);
    },
  } as AmbienteProcessos;

  beforeAll(async () => {
    ambiente.banco = await criarBancoVazio(process.env.TEST_DATABASE_URL as string);
    ambiente.dataDir = await mkdtemp(join(tmpdir(), prefixo));
    await preparar(ambiente);
  }, prazoMs);

  afterAll(async () => {
    await Promise.all(processos.map((p) => p.parar()));
    for (const fechar of fechamentos) await fechar();
    await ambiente.banco?.apagar();
    if (ambiente.dataDir) await rm(ambiente.dataDir, { recursive: true, force: true });
  });

  return ambiente;
}
