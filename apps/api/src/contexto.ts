import type { Config } from './config.ts';
import type { Banco } from './db/connection.ts';
import type { ArmazenamentoArquivos } from './platform/armazenamento.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Banco;
    /** Search and reports only: the read replica (DATABASE_URL_LEITURA), or the same instance as `db`. */
    dbLeitura: Banco;
    config: Config;
    armazenamento: ArmazenamentoArquivos;
  }
}

export interface Dependencias {
  db: Banco;
  /** The read replica's pool; without it, `db`. */
  dbLeitura?: Banco;
  config: Config;
  armazenamento: ArmazenamentoArquivos;
}
