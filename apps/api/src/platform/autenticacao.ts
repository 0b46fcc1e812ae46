import { CABECALHO_CSRF, MENSAGENS, type Permissao, VALOR_CABECALHO_CSRF } from '@tramite/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ErroDominio, naoAutenticado, semPermissao } from './erros.ts';
import { buscarUsuarioDaSessao, COOKIE_SESSAO, type UsuarioAutenticado } from './sessao.ts';

declare module 'fastify' {
  interface FastifyRequest {
    usuario: UsuarioAutenticado | null;
  }
}

const METODOS_SEGUROS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Paths that a plain HTML form of the product itself posts to (the login page); they check the Origin instead. */
const ROTAS_DE_FORMULARIO = new Set(['/api/auth/login']);

/**
 * Loads the caller from the session cookie on every API request and refuses state-changing calls that lack the
 * header a cross-site form cannot send.
 */
export const autenticacao = fp(async (app: FastifyInstance) => {
  app.decorateRequest('usuario', null);

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const caminho = request.url.split('?')[0] ?? '';
    if (!METODOS_SEGUROS.has(request.method) && !ROTAS_DE_FORMULARIO.has(caminho)) {
      if (request.headers[CABECALHO_CSRF] !== VALOR_CABECALHO_CSRF) {
        throw new ErroDominio(403, MENSAGENS.geral.cabecalhoCsrfAusente);
      }
    }
    const token = request.cookies[COOKIE_SESSAO];
    if (token) {
      request.usuario = await buscarUsuarioDaSessao(app.db, token, app.config.sessao);
    }
  });
});

export function exigirUsuario(request: FastifyRequest): UsuarioAutenticado {
  if (!request.usuario) throw naoAutenticado();
  return request.usuario;
}

export function exigirPermissao(request: FastifyRequest, permissao: Permissao): UsuarioAutenticado {
  const usuario = exigirUsuario(request);
  if (!usuario.permissoes.includes(permissao)) throw semPermissao();
  return usuario;
}
