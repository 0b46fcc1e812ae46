import {
  type ConsultaCaixaPostal,
  DIAS_PERIODO_PADRAO_CAIXA,
  FILAS_CAIXA_POSTAL,
  type FilaCaixaPostal,
  lerFiltrosCaixaPostal,
  ORDENACOES_CAIXA_POSTAL,
  SITUACOES_PRAZO,
  type SituacaoPrazo,
  validarFiltrosCaixaPostal,
} from '@tramite/shared';
import {
  type DescricaoUrl,
  type EstadoUrl,
  entradaDaConsulta,
  escreverUrl,
  filtrosVaziosDe,
  lerUrl,
  TAMANHO_PAGINA_BUSCA_PADRAO,
  temFiltrosPreenchidos,
} from '../../lib/estado-url';

export type OrdenacaoCaixa = (typeof ORDENACOES_CAIXA_POSTAL)[number];

/** Opening the box without filters shows what arrived in the last days (the home page's counts count the same). */
export const DIAS_PERIODO_PADRAO = DIAS_PERIODO_PADRAO_CAIXA;

/**
 * The search of spec §2 and §7: what the form fills in (the queue is chosen apart, by its chips). Issue 20: the state
 * of the deadline and "only suspended" are a search by themselves (the home page links to `?situacaoPrazo=VENCIDO`),
 * without the default period, so an overdue document that arrived long ago is still listed.
 */
const CAMPOS_BUSCA = [
  'numeroDocumento',
  'idTipoDocumento',
  'idUnidadeAtual',
  'dataInicio',
  'dataFim',
  'situacaoPrazo',
  'sobrestados',
] as const;

/**
 * The postal-box filters, named as GET caixa-postal names them: the search, the queue (issue 20) and "only those I
 * have not opened" (issue 22: the home page links to `?fila=recebidos&naoLidos=true`). Like the queue, naoLidos is
 * chosen apart from the form and is no search by itself: the box opens on its defaults with it.
 */
const DESCRICAO_CAIXA = {
  campos: [...CAMPOS_BUSCA, 'fila', 'naoLidos'],
  tamanhoPadrao: TAMANHO_PAGINA_BUSCA_PADRAO,
  ordenacao: { valores: ORDENACOES_CAIXA_POSTAL, padrao: 'dataEnvio' },
} as const satisfies DescricaoUrl<string, OrdenacaoCaixa>;

export type CampoFiltroCaixa = (typeof DESCRICAO_CAIXA.campos)[number];

/** The form's values: each filter as the text the URL carries ('' when not set). */
export type ValoresFiltrosCaixa = Record<CampoFiltroCaixa, string>;

/** The parameters of GET caixa-postal, as the server's schema parses them (without loading zod on this screen). */
export type ConsultaCaixa = ConsultaCaixaPostal;

export type EstadoCaixa = EstadoUrl<CampoFiltroCaixa, OrdenacaoCaixa>;

export const filtrosCaixaVazios = (): ValoresFiltrosCaixa => filtrosVaziosDe(DESCRICAO_CAIXA);

/**
 * The browser's calendar day as the API takes it (YYYY-MM-DD). Plain Date arithmetic, not dayjs: the menu's count
 * of the box uses this module, and the first screen should not carry dayjs for it (issue 23).
 */
function diaLocal(data: Date): string {
  const doisDigitos = (numero: number) => String(numero).padStart(2, '0');
  return `${data.getFullYear()}-${doisDigitos(data.getMonth() + 1)}-${doisDigitos(data.getDate())}`;
}

/** The filters of a box opened without any: the user's current unit and the last DIAS_PERIODO_PADRAO days. */
export function filtrosCaixaPadrao(idUnidadeAtual: number | null, hoje = new Date()): ValoresFiltrosCaixa {
  const inicio = new Date(hoje);
  inicio.setDate(inicio.getDate() - DIAS_PERIODO_PADRAO);
  return {
    ...filtrosCaixaVazios(),
    idUnidadeAtual: idUnidadeAtual === null ? '' : String(idUnidadeAtual),
    dataInicio: diaLocal(inicio),
    dataFim: diaLocal(hoje),
  };
}

/** The queue a text names, or null (the whole box) for any other text. */
export function filaDe(texto: string): FilaCaixaPostal | null {
  return FILAS_CAIXA_POSTAL.find((fila) => fila === texto) ?? null;
}

/** The deadline's state a text names, or null (any state) for any other text. */
export function situacaoPrazoDe(texto: string): SituacaoPrazo | null {
  return SITUACOES_PRAZO.find((situacao) => situacao === texto) ?? null;
}

/** The deadline's states as the filter and the home page name them. */
export const ROTULOS_SITUACAO_PRAZO: Record<SituacaoPrazo, string> = {
  VENCIDO: 'Vencido',
  VENCE_HOJE: 'Vence hoje',
  NO_PRAZO: 'No prazo',
  SEM_PRAZO: 'Sem prazo',
};

/**
 * Reads the box search from the query string, so that a link or a reload reproduces it; an unknown queue or
 * deadline state is none, and "sobrestados" is on only as 'true'.
 */
export function lerCaixa(parametros: URLSearchParams): EstadoCaixa {
  const estado = lerUrl(DESCRICAO_CAIXA, parametros);
  return {
    ...estado,
    filtros: {
      ...estado.filtros,
      fila: filaDe(estado.filtros.fila) ?? '',
      situacaoPrazo: situacaoPrazoDe(estado.filtros.situacaoPrazo) ?? '',
      sobrestados: estado.filtros.sobrestados === 'true' ? 'true' : '',
      naoLidos: estado.filtros.naoLidos === 'true' ? 'true' : '',
    },
  };
}

export const escreverCaixa = (estado: EstadoCaixa): URLSearchParams => escreverUrl(DESCRICAO_CAIXA, estado);

/** Whether the search is set (the queue alone is not a search: the box opens on its defaults with that queue). */
export const temFiltrosCaixa = (filtros: ValoresFiltrosCaixa): boolean =>
  temFiltrosPreenchidos({ campos: CAMPOS_BUSCA }, filtros);

/** Spec §5 'Postal box search': the first broken rule (the shared rule), or null. */
export function validarCaixa(filtros: ValoresFiltrosCaixa): string | null {
  return validarFiltrosCaixaPostal(filtros);
}

/** The parameters of GET caixa-postal for a valid search, or null when the URL holds something unusable. */
export function consultaDaCaixa(estado: EstadoCaixa): ConsultaCaixa | null {
  return lerFiltrosCaixaPostal(entradaDaConsulta(DESCRICAO_CAIXA, estado));
}

/** What GET caixa-postal/contagens counts by: the search and naoLidos, without the queue, the page or the order. */
const CAMPOS_CONTAGENS = [...CAMPOS_BUSCA, 'naoLidos'] as const;

/** The parameters of GET caixa-postal/contagens. */
export type FiltrosContagensCaixa = Pick<ConsultaCaixa, (typeof CAMPOS_CONTAGENS)[number]>;

export function contagensDaConsulta(consulta: ConsultaCaixa): FiltrosContagensCaixa {
  const filtros: FiltrosContagensCaixa = {};
  for (const campo of CAMPOS_CONTAGENS) {
    if (consulta[campo] !== undefined) Object.assign(filtros, { [campo]: consulta[campo] });
  }
  return filtros;
}

/** The counts of the box as it opens without filters (the menu's and the home page's), or null without a unit. */
export function contagensDaCaixaPadrao(idUnidadeAtual: number | null): FiltrosContagensCaixa | null {
  if (idUnidadeAtual === null) return null;
  const consulta = consultaDaCaixa({
    filtros: filtrosCaixaPadrao(idUnidadeAtual),
    pagina: 1,
    tamanhoPagina: TAMANHO_PAGINA_BUSCA_PADRAO,
    ordenacao: 'dataEnvio',
    direcao: 'desc',
  });
  return consulta ? contagensDaConsulta(consulta) : null;
}
