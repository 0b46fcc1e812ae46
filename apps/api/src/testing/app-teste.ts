import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CABECALHO_CSRF, VALOR_CABECALHO_CSRF } from '@tramite/shared';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { type Config, lerConfig } from '../config.ts';
import type { Dependencias } from '../contexto.ts';
import { ArmazenamentoArquivos } from '../platform/armazenamento.ts';
import { COOKIE_SESSAO } from '../platform/sessao.ts';
import { criarPoolTarefasPesadas } from '../tarefas-pesadas.ts';
import { type BancoTeste, criarBancoTeste } from './banco-teste.ts';

export interface AppTeste {
  app: FastifyInstance;
  banco: BancoTeste;
  config: Config;
  /** Logs in through the real login form and answers the session cookie header to send. */
  entrar(username: string, senha?: string): Promise<string>;
  fechar(): Promise<void>;
}

/** The whole server on a fresh database, driven with `app.inject`. */
export async function criarAppTeste(
  ambiente: Record<string, string> = {},
  opcoes: { destinoLog?: Dependencias['destinoLog'] } = {},
): Promise<AppTeste> {
  const dataDir = await mkdtemp(join(tmpdir(), 'tramite-api-'));
  const banco = await criarBancoTeste();
  const lida = lerConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...ambiente });
  const config: Config = { ...lida, banco: banco.conexao, webDist: ambiente.WEB_DIST ? lida.webDist : null };
  const trabalhadores = criarPoolTarefasPesadas(config.trabalhadores);
  const app = await buildApp({
    db: banco.db,
    config,
    armazenamento: new ArmazenamentoArquivos(config.arquivosDir),
    trabalhadores,
    destinoLog: opcoes.destinoLog,
  });
  await app.ready();
  return {
    app,
    banco,
    config,
    entrar: (username, senha) => entrarNoApp(app, username, senha),
    async fechar() {
      await app.close();
      await trabalhadores.fechar();
      await banco.fechar();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Logs in through the real login form and answers the session cookie header to send. */
export async function entrarNoApp(app: FastifyInstance, username: string, senha = username): Promise<string> {
  const resposta = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: new URLSearchParams({ username, password: senha, redirect: '/caixa-postal' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  const cookie = resposta.cookies.find((c) => c.name === COOKIE_SESSAO);
  if (resposta.statusCode !== 303 || !cookie) throw new Error(`login de ${username} falhou: ${resposta.statusCode}`);
  return `${COOKIE_SESSAO}=${cookie.value}`;
}

/** Headers of a state-changing call made by the web app. */
export const cabecalhosApp = (cookie?: string) => ({
  [CABECALHO_CSRF]: VALOR_CABECALHO_CSRF,
  ...(cookie ? { cookie } : {}),
});
