import type { Config } from './config.ts';
import type { Banco } from './db/connection.ts';
import type { ArmazenamentoArquivos } from './platform/armazenamento.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Banco;
    config: Config;
    armazenamento: ArmazenamentoArquivos;
  }
}

export interface Dependencias {
  db: Banco;
  config: Config;
  armazenamento: ArmazenamentoArquivos;
}
