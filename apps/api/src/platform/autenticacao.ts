import { CABECALHO_CSRF, MENSAGENS, type Permissao, VALOR_CABECALHO_CSRF } from '@tramite/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
 * header a cross-site form cannot send. API answers are never stored by a cache (they depend on the session).
 */
export const autenticacao = fp(async (app: FastifyInstance) => {
  app.decorateRequest('usuario', null);

  app.addHook('onRequest', async (request) => {
    const caminho = caminhoDaApi(request);
    if (caminho === null) return;
    if (!METODOS_SEGUROS.has(request.method) && !ROTAS_DE_FORMULARIO.has(caminho)) {
      if (request.headers[CABECALHO_CSRF] !== VALOR_CABECALHO_CSRF) {
        throw new ErroDominio('CSRF_AUSENTE', MENSAGENS.geral.cabecalhoCsrfAusente);
      }
    }
    const token = request.cookies[COOKIE_SESSAO];
    if (token) {
      request.usuario = await buscarUsuarioDaSessao(app.db, token, app.config.sessao);
    }
  });

  // A shared or browser cache must not keep one person's answer for another, nor after logout (issue 17); PDFs and
  // pages that choose their own Cache-Control keep it.
  app.addHook('onSend', async (request, reply, payload) => {
    if (caminhoDaApi(request) === null) return payload;
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    acrescentarVary(reply, 'Cookie');
    return payload;
  });
});

/**
 * The API path a request is judged by, or null outside the API. It is the matched route's pattern, because the
 * router decodes the URL (`/%61pi/auth/logout` reaches the `/api/auth/logout` route, issue 17); without a route
 * (a 404), the decoded path.
 */
function caminhoDaApi(request: FastifyRequest): string | null {
  const caminho = request.routeOptions.url ?? caminhoDecodificado(request.url);
  return caminho === '/api' || caminho.startsWith('/api/') ? caminho : null;
}

function caminhoDecodificado(url: string): string {
  const caminho = url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(caminho);
  } catch {
    return caminho;
  }
}

export function acrescentarVary(reply: FastifyReply, cabecalho: string): void {
  const atual = reply.getHeader('vary');
  const nomes = String(atual ?? '')
    .split(',')
    .map((nome) => nome.trim().toLowerCase());
  if (nomes.includes('*') || nomes.includes(cabecalho.toLowerCase())) return;
  reply.header('vary', atual ? `${String(atual)}, ${cabecalho}` : cabecalho);
}

export function exigirUsuario(request: FastifyRequest): UsuarioAutenticado {
  if (!request.usuario) throw naoAutenticado();
  return request.usuario;
}

export function exigirPermissao(request: FastifyRequest, permissao: Permissao): UsuarioAutenticado {
  const usuario = exigirUsuario(request);
  if (!usuario.permissoes.includes(permissao)) throw semPermissao();
  return usuario;
}
