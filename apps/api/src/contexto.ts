import type { Config } from './config.ts';
import type { Banco } from './db/connection.ts';
import type { ArmazenamentoArquivos } from './platform/armazenamento.ts';
import type { VagasEnvio } from './platform/envio-multipart.ts';
import type { PoolTarefasPesadas } from './tarefas-pesadas.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Banco;
    /** Search and reports only: the read replica (DATABASE_URL_LEITURA), or the same instance as `db`. */
    dbLeitura: Banco;
    config: Config;
    armazenamento: ArmazenamentoArquivos;
    /** The places for multipart uploads in this process (issue 17): per user and in all. */
    envios: VagasEnvio;
    /** Worker processes for heavy work (PDFs, images, reports): nothing of it runs on the event loop. */
    trabalhadores: PoolTarefasPesadas;
  }
}

export interface Dependencias {
  db: Banco;
  /** The read replica's pool; without it, `db`. */
  dbLeitura?: Banco;
  config: Config;
  armazenamento: ArmazenamentoArquivos;
  /** Owned by whoever built the app: closed by them, after the app. */
  trabalhadores: PoolTarefasPesadas;
  /** Where the log lines go (tests read them); without it, the standard output. */
  destinoLog?: { write(linha: string): void };
}
