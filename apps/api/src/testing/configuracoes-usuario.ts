import type { AlterarConfiguracoes, Usuario } from '@tramite/shared';
import type { FastifyInstance } from 'fastify';
import { cabecalhosApp, entrarNoApp } from './app-teste.ts';

/**
 * A change made through the API, for the tests that look for it again after a restart or a restore: logs in as
 * `username`, reads the user (GET auth) and saves the settings `escolher` makes of it (POST auth/configuracoes).
 */
export async function alterarConfiguracoes(
  app: FastifyInstance,
  username: string,
  escolher: (usuario: Usuario) => AlterarConfiguracoes,
): Promise<{ cookie: string; configuracoes: AlterarConfiguracoes }> {
  const cookie = await entrarNoApp(app, username);
  const usuario: Usuario = (await app.inject({ method: 'GET', url: '/api/auth', headers: { cookie } })).json();
  const configuracoes = escolher(usuario);
  const resposta = await app.inject({
    method: 'POST',
    url: '/api/auth/configuracoes',
    headers: cabecalhosApp(cookie),
    payload: configuracoes,
  });
  if (resposta.statusCode !== 200) throw new Error(`POST auth/configuracoes: ${resposta.statusCode} ${resposta.body}`);
  return { cookie, configuracoes };
}
