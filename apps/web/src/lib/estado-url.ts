import { PAGINACAO } from '@tramite/shared';

/**
 * A search screen keeps its filters, page and ordering in the query string, so that a reload or a shared link shows
 * the same results. Each screen describes its fields once and reads and writes them here. This stays free of zod:
 * the postal box, the first screen, uses it too (issue 11); the screens validate what they read with the shared rules.
 */

export type Direcao = 'asc' | 'desc';

/** The page sizes a search screen offers, and the one it opens with. */
export const TAMANHOS_PAGINA_BUSCA = [10, 20, 50, 100] as const;
export const TAMANHO_PAGINA_BUSCA_PADRAO = 20;

/** What a search screen gives its filter form, whose values it keeps (they go to the URL on each search). */
export interface PropsFormularioFiltros<V, E = string | null> {
  valores: V;
  aoMudar: (valores: V) => void;
  aoBuscar: () => void;
  aoLimpar: () => void;
  /** The broken rule of the search, shown above the buttons. */
  erro: E;
}

export interface DescricaoUrl<C extends string, O extends string | null> {
  /** The filters, named as the API names them: text in the form and in the URL ('' when absent). */
  campos: readonly C[];
  tamanhoPadrao: number;
  /** The orderings offered and the one when the URL has none (null: the server's order); absent when none. */
  ordenacao?: { valores: readonly NonNullable<O>[]; padrao: NoInfer<O> };
  /** Leaves page 1 and the default page size out of the URL; otherwise both are always written. */
  omitirPadroes?: boolean;
}

export interface EstadoUrl<C extends string, O extends string | null> {
  filtros: Record<C, string>;
  pagina: number;
  tamanhoPagina: number;
  ordenacao: O;
  direcao: Direcao;
}

export function filtrosVaziosDe<C extends string>(descricao: { campos: readonly C[] }): Record<C, string> {
  return Object.fromEntries(descricao.campos.map((campo) => [campo, ''])) as Record<C, string>;
}

/** A positive whole number, or null. */
function inteiroPositivo(texto: string | null): number | null {
  const numero = Number(texto);
  return Number.isInteger(numero) && numero > 0 ? numero : null;
}

export function lerUrl<C extends string, O extends string | null>(
  descricao: DescricaoUrl<C, O>,
  parametros: URLSearchParams,
): EstadoUrl<C, O> {
  const filtros = filtrosVaziosDe(descricao);
  for (const campo of descricao.campos) filtros[campo] = parametros.get(campo)?.trim() ?? '';
  const ordenacao = parametros.get('ordenacao');
  const ordenacoes = descricao.ordenacao;
  return {
    filtros,
    // A page beyond the last (or the server's limit) is the API's to refuse, with its message.
    pagina: inteiroPositivo(parametros.get('pagina')) ?? 1,
    // A size above the server's limit asks for as much as it allows.
    tamanhoPagina: Math.min(
      inteiroPositivo(parametros.get('tamanhoPagina')) ?? descricao.tamanhoPadrao,
      PAGINACAO.tamanhoMaximo,
    ),
    ordenacao: (ordenacoes
      ? (ordenacoes.valores.find((valor) => valor === ordenacao) ?? ordenacoes.padrao)
      : null) as O,
    direcao: parametros.get('direcao') === 'asc' ? 'asc' : 'desc',
  };
}

/** The query string of a state: the filled filters (trimmed), the page, and the ordering when there is one. */
export function escreverUrl<C extends string, O extends string | null>(
  descricao: DescricaoUrl<C, O>,
  estado: EstadoUrl<C, O>,
): URLSearchParams {
  const parametros = new URLSearchParams();
  for (const campo of descricao.campos) {
    const valor = estado.filtros[campo].trim();
    if (valor) parametros.set(campo, valor);
  }
  if (!descricao.omitirPadroes || estado.pagina !== 1) parametros.set('pagina', String(estado.pagina));
  if (!descricao.omitirPadroes || estado.tamanhoPagina !== descricao.tamanhoPadrao)
    parametros.set('tamanhoPagina', String(estado.tamanhoPagina));
  if (estado.ordenacao !== null) {
    parametros.set('ordenacao', estado.ordenacao);
    parametros.set('direcao', estado.direcao);
  }
  return parametros;
}

export function temFiltrosPreenchidos<C extends string>(
  descricao: { campos: readonly C[] },
  filtros: Record<C, string>,
): boolean {
  return descricao.campos.some((campo) => filtros[campo].trim() !== '');
}

/** The filled filters, trimmed: the empty ones are left out, as the API expects. */
export function entradaDosFiltros<C extends string>(
  descricao: { campos: readonly C[] },
  filtros: Record<C, string>,
): Partial<Record<C, string>> {
  const entrada: Partial<Record<C, string>> = {};
  for (const campo of descricao.campos) if (filtros[campo].trim()) entrada[campo] = filtros[campo].trim();
  return entrada;
}

/** The parameters of the API call for a state, before the screen's schema (or rule) parses them. */
export function entradaDaConsulta<C extends string, O extends string | null>(
  descricao: DescricaoUrl<C, O>,
  estado: EstadoUrl<C, O>,
): Record<string, string | number> {
  const entrada: Record<string, string | number> = {
    ...entradaDosFiltros(descricao, estado.filtros),
    pagina: estado.pagina,
    tamanhoPagina: estado.tamanhoPagina,
  };
  if (estado.ordenacao !== null) {
    entrada.ordenacao = estado.ordenacao;
    entrada.direcao = estado.direcao;
  }
  return entrada;
}
