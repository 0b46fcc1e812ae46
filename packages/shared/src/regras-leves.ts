import { MENSAGENS_CAIXA_POSTAL } from './mensagens-iniciais.ts';
import { problemaPeriodo } from './periodo.ts';

/**
 * Constants and pure rules without zod. The web's first screen (the postal box) imports only these and the
 * messages, so that zod is loaded by the screens that validate forms and never by the first one (issue 11: at
 * most 250 KB of JavaScript). The modules that own each rule re-export it, so `@tramite/shared` keeps every name;
 * `sideEffects: false` in package.json lets the bundler import a name straight from this file.
 */

/** The header a cross-site HTML form cannot send; every state-changing API call must carry it. */
export const CABECALHO_CSRF = 'x-requested-with';
export const VALOR_CABECALHO_CSRF = 'XMLHttpRequest';

/**
 * The meta tag of index.html where the server writes whether the request that loaded the page carried a live session
 * (issue 23): with `ausente`, the web app knows the visitor is anonymous without asking (GET auth would answer 401,
 * which the browser logs as an error). Empty when the server could not tell: the app asks, as it always did.
 */
export const META_SESSAO = 'tramite:sessao';
export const SESSAO_DA_PAGINA = { ativa: 'ativa', ausente: 'ausente' } as const;

/** A calendar date 'YYYY-MM-DD' that exists (no 2025-02-30). */
export function dataIsoValida(texto: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(texto)) return false;
  const data = new Date(`${texto}T00:00:00Z`);
  return !Number.isNaN(data.getTime()) && data.toISOString().slice(0, 10) === texto;
}

/** Sorting by description, case- and accent-insensitively, as the spec asks for types and glossary items. */
export function compararDescricao(a: { descricao: string }, b: { descricao: string }): number {
  return a.descricao.localeCompare(b.descricao, 'pt-BR', { sensitivity: 'base' });
}

/** Spec §3 and §9: consolidations are also remembered in the browser under keys with this prefix. */
export const PREFIXO_CONSOLIDACAO = 'PROTOCOLO';

/** Bounds of `pagina` and `tamanhoPagina` in every paged call (paginacaoSchema). */
export const PAGINACAO = { paginaMaxima: 100_000, tamanhoMaximo: 100, tamanhoPadrao: 20 } as const;

/** The estado map of spec §3, keyed by numeric codes (DOMAIN.md gives their meaning). */
export const ESTADO = {
  processamento: '2001',
  origem: '32002',
  tamanho: '32005',
  visibilidadeCaixa: '32007',
} as const;

/** `prazo` (issue 20): earliest deadline first (latest with desc), no deadline last, then the newest arrival. */
export const ORDENACOES_CAIXA_POSTAL = ['dataEnvio', 'numero', 'tipo', 'prazo'] as const;

// The state of a deadline (issue 20) as the postal box, the document page and the daily digest show it; computed by
// estadoPrazo of calendario.ts (the box's rows carry it from the server, so the first screen needs no calendar).
export const SITUACOES_PRAZO = ['SEM_PRAZO', 'NO_PRAZO', 'VENCE_HOJE', 'VENCIDO'] as const;
export type SituacaoPrazo = (typeof SITUACOES_PRAZO)[number];

export interface EstadoPrazo {
  situacao: SituacaoPrazo;
  /** NO_PRAZO: business days left; VENCIDO: business days since it fell due; otherwise 0. */
  diasUteis: number;
}

const diasUteisPorExtenso = (n: number) => (n === 1 ? '1 dia útil' : `${n} dias úteis`);

/** The words of a deadline's state, so that it never depends on colour alone. */
export function rotuloEstadoPrazo(estado: EstadoPrazo): string {
  switch (estado.situacao) {
    case 'SEM_PRAZO':
      return 'Sem prazo';
    case 'VENCE_HOJE':
      return 'Vence hoje';
    case 'NO_PRAZO':
      return estado.diasUteis === 0 ? 'Vence no próximo dia útil' : `Vence em ${diasUteisPorExtenso(estado.diasUteis)}`;
    case 'VENCIDO':
      return estado.diasUteis === 0 ? 'Vencido' : `Vencido há ${diasUteisPorExtenso(estado.diasUteis)}`;
  }
}

export const NUMERO_DOCUMENTO_CAIXA_MAXIMO = 40;

/**
 * The postal box opened without a search shows what arrived in the last DIAS_PERIODO_PADRAO_CAIXA days up to today;
 * the home page's counts (issue 22) count the box over the same period.
 */
export const DIAS_PERIODO_PADRAO_CAIXA = 30;

/**
 * The postal box as a work queue (issue 20), one at a time, combined with the other filters: waiting to be received,
 * received (held, drafts apart), arrived after the user's previous visit to the box, urgent (docs/domain.md).
 */
export const FILAS_CAIXA_POSTAL = ['aguardando', 'recebidos', 'novos', 'urgentes'] as const;
export type FilaCaixaPostal = (typeof FILAS_CAIXA_POSTAL)[number];

const preenchido = (valor: unknown) => valor !== undefined && valor !== null && String(valor).trim() !== '';

/** Spec §5 'Postal box search': the first broken rule's message or null. */
export function validarFiltrosCaixaPostal(filtros: {
  numeroDocumento?: string | null;
  dataInicio?: string | null;
  dataFim?: string | null;
  situacaoPrazo?: string | null;
  sobrestados?: string | boolean | null;
}): string | null {
  const periodo = problemaPeriodo(filtros.dataInicio, filtros.dataFim, {
    incompleto: MENSAGENS_CAIXA_POSTAL.dataIncompleta,
    invertido: MENSAGENS_CAIXA_POSTAL.dataInvertida,
  });
  if (periodo) return periodo;
  // Issue 20: a deadline's state or the suspended documents are a search by themselves (the home page's links), so
  // an overdue document that arrived long ago is still found.
  const porPrazo = preenchido(filtros.situacaoPrazo) || filtros.sobrestados === true || filtros.sobrestados === 'true';
  if (!preenchido(filtros.numeroDocumento) && !preenchido(filtros.dataInicio) && !porPrazo) {
    return MENSAGENS_CAIXA_POSTAL.filtroObrigatorio;
  }
  return null;
}

/** The parameters of GET caixa-postal as filtrosCaixaPostalSchema outputs them. */
export interface ConsultaCaixaPostal {
  numeroDocumento?: string;
  idTipoDocumento?: number;
  idUnidadeAtual?: number;
  dataInicio?: string;
  dataFim?: string;
  fila?: FilaCaixaPostal;
  situacaoPrazo?: SituacaoPrazo;
  /** Only suspended documents (estado 2001 = 5); false or absent: every document. */
  sobrestados?: boolean;
  /** Issue 22: only the rows the caller has not opened since they arrived; false or absent: every row. */
  naoLidos?: boolean;
  ordenacao: (typeof ORDENACOES_CAIXA_POSTAL)[number];
  direcao: 'asc' | 'desc';
  pagina: number;
  tamanhoPagina: number;
}

/** z.coerce.number().int() with bounds: a safe integer in [minimo, maximo], or undefined. */
export function inteiro(valor: unknown, minimo: number, maximo = Number.MAX_SAFE_INTEGER): number | undefined {
  if (typeof valor === 'bigint' || typeof valor === 'symbol') return undefined;
  const numero = Number(valor);
  return Number.isSafeInteger(numero) && numero >= minimo && numero <= maximo ? numero : undefined;
}

/**
 * The result of `filtrosCaixaPostalSchema.safeParse(entrada)` (the server's validation of GET caixa-postal)
 * without zod: the parsed query, or null where the schema fails. A property test keeps both in agreement.
 */
export function lerFiltrosCaixaPostal(entrada: Record<string, unknown>): ConsultaCaixaPostal | null {
  const saida: Partial<ConsultaCaixaPostal> = {};
  const { numeroDocumento, idTipoDocumento, idUnidadeAtual, dataInicio, dataFim } = entrada;
  if (numeroDocumento !== undefined) {
    if (typeof numeroDocumento !== 'string') return null;
    const numero = numeroDocumento.trim();
    if (numero.length > NUMERO_DOCUMENTO_CAIXA_MAXIMO) return null;
    saida.numeroDocumento = numero;
  }
  for (const [campo, valor] of [
    ['idTipoDocumento', idTipoDocumento],
    ['idUnidadeAtual', idUnidadeAtual],
  ] as const) {
    if (valor === undefined) continue;
    const numero = inteiro(valor, 1);
    if (numero === undefined) return null;
    saida[campo] = numero;
  }
  for (const [campo, valor] of [
    ['dataInicio', dataInicio],
    ['dataFim', dataFim],
  ] as const) {
    if (valor === undefined) continue;
    if (typeof valor !== 'string' || !dataIsoValida(valor)) return null;
    saida[campo] = valor;
  }
  if (entrada.fila !== undefined) {
    const fila = FILAS_CAIXA_POSTAL.find((valor) => valor === entrada.fila);
    if (!fila) return null;
    saida.fila = fila;
  }
  if (entrada.situacaoPrazo !== undefined) {
    const situacao = SITUACOES_PRAZO.find((valor) => valor === entrada.situacaoPrazo);
    if (!situacao) return null;
    saida.situacaoPrazo = situacao;
  }
  if (entrada.sobrestados !== undefined) {
    if (entrada.sobrestados !== 'true' && entrada.sobrestados !== 'false') return null;
    saida.sobrestados = entrada.sobrestados === 'true';
  }
  if (entrada.naoLidos !== undefined) {
    if (entrada.naoLidos !== 'true' && entrada.naoLidos !== 'false') return null;
    saida.naoLidos = entrada.naoLidos === 'true';
  }
  const ordenacao = entrada.ordenacao === undefined ? 'dataEnvio' : entrada.ordenacao;
  const ordenacaoValida = ORDENACOES_CAIXA_POSTAL.find((valor) => valor === ordenacao);
  if (!ordenacaoValida) return null;
  const paginacao = lerPaginacao(entrada);
  if (!paginacao) return null;
  return { ...saida, ordenacao: ordenacaoValida, ...paginacao };
}

/** A list's direction and page from a query string (desc, page 1 and the default size when absent); null if invalid. */
export function lerPaginacao(entrada: {
  direcao?: unknown;
  pagina?: unknown;
  tamanhoPagina?: unknown;
}): { direcao: 'asc' | 'desc'; pagina: number; tamanhoPagina: number } | null {
  const direcao = entrada.direcao === undefined ? 'desc' : entrada.direcao;
  if (direcao !== 'asc' && direcao !== 'desc') return null;
  const pagina = entrada.pagina === undefined ? 1 : inteiro(entrada.pagina, 1, PAGINACAO.paginaMaxima);
  const tamanhoPagina =
    entrada.tamanhoPagina === undefined
      ? PAGINACAO.tamanhoPadrao
      : inteiro(entrada.tamanhoPagina, 1, PAGINACAO.tamanhoMaximo);
  if (pagina === undefined || tamanhoPagina === undefined) return null;
  return { direcao, pagina, tamanhoPagina };
}
