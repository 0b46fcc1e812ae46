import {
  type ConsultaCaixaPostal,
  lerFiltrosCaixaPostal,
  ORDENACOES_CAIXA_POSTAL,
  validarFiltrosCaixaPostal,
} from '@tramite/shared';
import dayjs from 'dayjs';
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
import { FORMATO_DATA_API } from '../../lib/formatacao';

export type OrdenacaoCaixa = (typeof ORDENACOES_CAIXA_POSTAL)[number];

/** Opening the box without filters shows what arrived in the last days. */
export const DIAS_PERIODO_PADRAO = 30;

/** The postal-box filters of spec §2 and §7, named as GET caixa-postal names them. */
const DESCRICAO_CAIXA = {
  campos: ['numeroDocumento', 'idTipoDocumento', 'idUnidadeAtual', 'dataInicio', 'dataFim'],
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

/** The filters of a box opened without any: the user's current unit and the last DIAS_PERIODO_PADRAO days. */
export function filtrosCaixaPadrao(idUnidadeAtual: number | null, hoje = dayjs()): ValoresFiltrosCaixa {
  return {
    ...filtrosCaixaVazios(),
    idUnidadeAtual: idUnidadeAtual === null ? '' : String(idUnidadeAtual),
    dataInicio: hoje.subtract(DIAS_PERIODO_PADRAO, 'day').format(FORMATO_DATA_API),
    dataFim: hoje.format(FORMATO_DATA_API),
  };
}

/** Reads the box search from the query string, so that a link or a reload reproduces it. */
export const lerCaixa = (parametros: URLSearchParams): EstadoCaixa => lerUrl(DESCRICAO_CAIXA, parametros);

export const escreverCaixa = (estado: EstadoCaixa): URLSearchParams => escreverUrl(DESCRICAO_CAIXA, estado);

export const temFiltrosCaixa = (filtros: ValoresFiltrosCaixa): boolean =>
  temFiltrosPreenchidos(DESCRICAO_CAIXA, filtros);

/** Spec §5 'Postal box search': the first broken rule (the shared rule), or null. */
export function validarCaixa(filtros: ValoresFiltrosCaixa): string | null {
  return validarFiltrosCaixaPostal(filtros);
}

/** The parameters of GET caixa-postal for a valid search, or null when the URL holds something unusable. */
export function consultaDaCaixa(estado: EstadoCaixa): ConsultaCaixa | null {
  return lerFiltrosCaixaPostal(entradaDaConsulta(DESCRICAO_CAIXA, estado));
}
