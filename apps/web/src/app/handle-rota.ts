import type { Permissao } from '@tramite/shared';

/** What a route declares about access; read by the root loader (login) and by the layout (permission). */
export interface HandleRota {
  exigeLogin?: boolean;
  permissao?: Permissao;
}

function lerHandle(handle: unknown): HandleRota {
  return typeof handle === 'object' && handle !== null ? (handle as HandleRota) : {};
}

export function rotaExigeLogin(matches: readonly { route: { handle?: unknown } }[]): boolean {
  return matches.some((match) => lerHandle(match.route.handle).exigeLogin === true);
}

export function permissaoExigida(matches: readonly { handle: unknown }[]): Permissao | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const permissao = lerHandle(matches[i]?.handle).permissao;
    if (permissao) return permissao;
  }
  return undefined;
}
