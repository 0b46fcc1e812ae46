import { lerFiltrosBusca, ORDENACOES_BUSCA, type ProblemaCampo, validarFiltrosBusca } from '@tramite/shared';
import {
  type DescricaoUrl,
  type EstadoUrl,
  entradaDaConsulta,
  entradaDosFiltros,
  escreverUrl,
  filtrosVaziosDe,
  lerUrl,
  temFiltrosPreenchidos,
} from '../../lib/estado-url';
import type { FiltrosConsulta } from './api';

export type Ordenacao = (typeof ORDENACOES_BUSCA)[number];

export const TAMANHOS_PAGINA = [10, 20, 50, 100] as const;
export const TAMANHO_PAGINA_PADRAO = 20;

/** The filters of spec §2 and §7, named exactly as GET documentos and filtrosBuscaSchema name them. */
const CAMPOS_FILTRO = [
  'numeroDocumento',
  'resumoAssunto',
  'conteudoPecas',
  'idTipoDocumento',
  'idAssunto',
  'dataCriacaoInicio',
  'dataCriacaoFim',
  'dataEnvioInicio',
  'dataEnvioFim',
  'tipoInteressado',
  'idInteressado',
  'idProcedencia',
  'tipoResponsavelTramitacao',
  'idResponsavelTramitacao',
  'idServidorLotadoProcedencia',
] as const;
export type CampoFiltro = (typeof CAMPOS_FILTRO)[number];

const DESCRICAO_BUSCA: DescricaoUrl<CampoFiltro, Ordenacao | null> = {
  campos: CAMPOS_FILTRO,
  tamanhoPadrao: TAMANHO_PAGINA_PADRAO,
  // Without an ordering the server's own order applies, and the URL carries none.
  ordenacao: { valores: ORDENACOES_BUSCA, padrao: null },
};

/** The filter form's values: every filter as the text the URL carries ('' when not set). */
export type ValoresFiltros = Record<CampoFiltro, string>;

export type EstadoBusca = EstadoUrl<CampoFiltro, Ordenacao | null>;

export const filtrosVazios = (): ValoresFiltros => filtrosVaziosDe(DESCRICAO_BUSCA);

/** Reads a search from the query string, so that a link reproduces it. */
export const lerBusca = (parametros: URLSearchParams): EstadoBusca => lerUrl(DESCRICAO_BUSCA, parametros);

/** Writes a search to the query string; empty filters are left out. */
export const escreverBusca = (estado: EstadoBusca): URLSearchParams => escreverUrl(DESCRICAO_BUSCA, estado);

export const temFiltros = (filtros: ValoresFiltros): boolean => temFiltrosPreenchidos(DESCRICAO_BUSCA, filtros);

/** Only logged-in users filter by the employees of the origin unit (spec §2; the API ignores it otherwise). */
function filtrosDoUsuario(filtros: ValoresFiltros, logado: boolean): ValoresFiltros {
  return logado ? filtros : { ...filtros, idServidorLotadoProcedencia: '' };
}

/** The first broken rule of spec §5 (document search), with the filter it is about, or null. */
export function validarBusca(filtros: ValoresFiltros, logado: boolean): ProblemaCampo | null {
  return validarFiltrosBusca(entradaDosFiltros(DESCRICAO_BUSCA, filtrosDoUsuario(filtros, logado)), {
    usuarioEspecifico: logado,
  });
}

/** The parameters of GET documentos for a valid search, or null when the URL holds something unusable. */
export function consultaDaBusca(estado: EstadoBusca, logado: boolean): FiltrosConsulta | null {
  const entrada = entradaDaConsulta(DESCRICAO_BUSCA, { ...estado, filtros: filtrosDoUsuario(estado.filtros, logado) });
  return lerFiltrosBusca(entrada);
}
