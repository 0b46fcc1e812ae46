import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import {
  type Configuracoes,
  META_SESSAO,
  type Permissao,
  PREFIXO_CONSOLIDACAO,
  SESSAO_DA_PAGINA,
  type Usuario,
} from '@tramite/shared';
import { api, ErroHttp } from './api';

/** Navigations within this window reuse the cached session; after it the root loader asks the server again. */
export const VALIDADE_SESSAO_MS = 10_000;

export const CHAVE_SESSAO = ['sessao'] as const;

/**
 * True while the visitor is known to be anonymous without asking: the server, serving index.html, found no live
 * session cookie and said so in the page (META_SESSAO; issue 23). Asking anyway would get a 401 from GET auth, which
 * the browser logs as an error on every public page. It holds for the page's life, because logging in always goes
 * through the server's login page, a full page load that brings a new index.html; only a route that needs login
 * still asks the server, and a user found there ends it. Without the tag (the Vite dev server) the app always asks.
 */
let anonimoNaCarga =
  document.querySelector<HTMLMetaElement>(`meta[name="${META_SESSAO}"]`)?.content === SESSAO_DA_PAGINA.ausente;

/**
 * Authentication, permissions and settings, loaded together (spec §2). Any failure clears the user (null),
 * so a dropped session or an unreachable server both lead anonymous pages on and protected ones to the login.
 * A visitor known to be anonymous (`anonimoNaCarga`) is null at once, unless `perguntar` asks the server anyway.
 */
async function buscarSessao(signal?: AbortSignal, { perguntar = false } = {}): Promise<Usuario | null> {
  if (anonimoNaCarga && !perguntar) return null;
  try {
    const usuario = await api.get<Usuario>('auth', { signal });
    const [permissoes, configuracoes] = await Promise.all([
      api.get<Permissao[]>('auth/permissoes', { signal }),
      api.get<Configuracoes>('auth/configuracoes', { signal }),
    ]);
    anonimoNaCarga = false;
    return { ...usuario, permissoes, configuracoes };
  } catch (erro) {
    if (erro instanceof ErroHttp) return null;
    throw erro;
  }
}

export const consultaSessao = queryOptions({
  queryKey: CHAVE_SESSAO,
  queryFn: ({ signal }) => buscarSessao(signal),
  // An anonymous answer is never trusted for long: the next navigation asks again (at no cost while anonimoNaCarga).
  staleTime: (consulta) => (consulta.state.data ? VALIDADE_SESSAO_MS : 0),
  // The root loader revalidates on every navigation; components only read the cache.
  refetchOnMount: false,
  refetchOnWindowFocus: false,
  retry: false,
});

/**
 * Loads (or reuses, while fresh) the session; never throws: on any failure the user is cleared. For a route that
 * needs login (`exigeLogin`) the server is asked even when the page was loaded anonymously, so that it decides,
 * as it always did, between the screen and the login page.
 */
export async function carregarSessao(
  queryClient: QueryClient,
  { exigeLogin = false }: { exigeLogin?: boolean } = {},
): Promise<Usuario | null> {
  try {
    if (exigeLogin && anonimoNaCarga) {
      return await queryClient.fetchQuery({
        ...consultaSessao,
        queryFn: ({ signal }) => buscarSessao(signal, { perguntar: true }),
      });
    }
    return await queryClient.fetchQuery(consultaSessao);
  } catch {
    queryClient.setQueryData(CHAVE_SESSAO, null);
    return null;
  }
}

/** Forces the next read to come from the server (after changing settings, for instance). */
export function atualizarSessao(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: CHAVE_SESSAO, refetchType: 'all' });
}

/** The logged-in user, or null when anonymous. */
export function useUsuario(): Usuario | null {
  return useQuery(consultaSessao).data ?? null;
}

export function temPermissao(usuario: Usuario | null, permissao: Permissao): boolean {
  return usuario?.permissoes.includes(permissao) ?? false;
}

/** The unit the user is working in (settings), among the user's lotações. */
export function unidadeAtual(usuario: Usuario | null) {
  if (!usuario) return undefined;
  return usuario.lotacoes.find((lotacao) => lotacao.id === usuario.configuracoes.idUnidadeAtual);
}

/** The server-rendered login page, coming back to `destino` (path and query) afterwards. */
export function urlLogin(destino: string): string {
  return `/api/auth/login?redirect=${encodeURIComponent(destino)}`;
}

/** Full-page redirect to the login page (it is not part of the SPA). */
export function irParaLogin(destino: string = window.location.pathname + window.location.search): void {
  window.location.assign(urlLogin(destino));
}

/**
 * Forgets the consolidations remembered in this browser (keys PROTOCOLO<uuid>): whoever uses the browser next must not
 * find, on the public /consolidacao page, what the user who left asked for (issue 17).
 */
function esquecerConsolidacoesLocais(): void {
  const chaves: string[] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const chave = localStorage.key(i);
    if (chave?.startsWith(PREFIXO_CONSOLIDACAO)) chaves.push(chave);
  }
  for (const chave of chaves) localStorage.removeItem(chave);
}

/**
 * Ends the session on the server, then reloads the app at the home page; after an institutional (OIDC) login the
 * server answers the provider's logout address instead, which ends that session too and comes back to the login.
 * The browser's remembered consolidations are forgotten first, even if the server cannot be reached.
 */
export async function sair(): Promise<void> {
  esquecerConsolidacoesLocais();
  const resposta = await api.post<{ urlSaida: string } | undefined>('auth/logout');
  window.location.assign(resposta?.urlSaida ?? '/home');
}
