import {
  type ConsultaCaixaPostal,
  lerFiltrosCaixaPostal,
  ORDENACOES_CAIXA_POSTAL,
  validarFiltrosCaixaPostal,
} from '@tramite/shared';
import dayjs from 'dayjs';
import { FORMATO_DATA_API } from '../../lib/formatacao';

/** The postal-box filters of spec §2 and §7, named as GET caixa-postal names them. */
export const CAMPOS_FILTRO_CAIXA = [
  'numeroDocumento',
  'idTipoDocumento',
  'idUnidadeAtual',
  'dataInicio',
  'dataFim',
] as const;
export type CampoFiltroCaixa = (typeof CAMPOS_FILTRO_CAIXA)[number];

/** The form's values: each filter as the text the URL carries ('' when not set). */
export type ValoresFiltrosCaixa = Record<CampoFiltroCaixa, string>;

export type OrdenacaoCaixa = (typeof ORDENACOES_CAIXA_POSTAL)[number];

/** The parameters of GET caixa-postal, as the server's schema parses them (without loading zod on this screen). */
export type ConsultaCaixa = ConsultaCaixaPostal;

export interface EstadoCaixa {
  filtros: ValoresFiltrosCaixa;
  pagina: number;
  tamanhoPagina: number;
  ordenacao: OrdenacaoCaixa;
  direcao: 'asc' | 'desc';
}

export const TAMANHOS_PAGINA_CAIXA = [10, 20, 50, 100] as const;
export const TAMANHO_PAGINA_CAIXA_PADRAO = 20;
/** Opening the box without filters shows what arrived in the last days. */
export const DIAS_PERIODO_PADRAO = 30;

export function filtrosCaixaVazios(): ValoresFiltrosCaixa {
  return { numeroDocumento: '', idTipoDocumento: '', idUnidadeAtual: '', dataInicio: '', dataFim: '' };
}

/** The filters of a box opened without any: the user's current unit and the last DIAS_PERIODO_PADRAO days. */
export function filtrosCaixaPadrao(idUnidadeAtual: number | null, hoje = dayjs()): ValoresFiltrosCaixa {
  return {
    ...filtrosCaixaVazios(),
    idUnidadeAtual: idUnidadeAtual === null ? '' : String(idUnidadeAtual),
    dataInicio: hoje.subtract(DIAS_PERIODO_PADRAO, 'day').format(FORMATO_DATA_API),
    dataFim: hoje.format(FORMATO_DATA_API),
  };
}

function inteiroPositivo(texto: string | null, padrao: number): number {
  const numero = Number(texto);
  return Number.isInteger(numero) && numero > 0 ? numero : padrao;
}

/** Reads the box search from the query string, so that a link or a reload reproduces it. */
export function lerCaixa(parametros: URLSearchParams): EstadoCaixa {
  const filtros = filtrosCaixaVazios();
  for (const campo of CAMPOS_FILTRO_CAIXA) filtros[campo] = parametros.get(campo)?.trim() ?? '';
  const ordenacao = parametros.get('ordenacao');
  return {
    filtros,
    pagina: inteiroPositivo(parametros.get('pagina'), 1),
    tamanhoPagina: Math.min(inteiroPositivo(parametros.get('tamanhoPagina'), TAMANHO_PAGINA_CAIXA_PADRAO), 100),
    ordenacao: ORDENACOES_CAIXA_POSTAL.find((valor) => valor === ordenacao) ?? 'dataEnvio',
    direcao: parametros.get('direcao') === 'asc' ? 'asc' : 'desc',
  };
}

export function escreverCaixa(estado: EstadoCaixa): URLSearchParams {
  const parametros = new URLSearchParams();
  for (const campo of CAMPOS_FILTRO_CAIXA) {
    const valor = estado.filtros[campo].trim();
    if (valor) parametros.set(campo, valor);
  }
  parametros.set('pagina', String(estado.pagina));
  parametros.set('tamanhoPagina', String(estado.tamanhoPagina));
  parametros.set('ordenacao', estado.ordenacao);
  parametros.set('direcao', estado.direcao);
  return parametros;
}

export function temFiltrosCaixa(filtros: ValoresFiltrosCaixa): boolean {
  return CAMPOS_FILTRO_CAIXA.some((campo) => filtros[campo].trim() !== '');
}

/** Spec §5 'Postal box search': the first broken rule (the shared rule), or null. */
export function validarCaixa(filtros: ValoresFiltrosCaixa): string | null {
  return validarFiltrosCaixaPostal(filtros);
}

/** The parameters of GET caixa-postal for a valid search, or null when the URL holds something unusable. */
export function consultaDaCaixa(estado: EstadoCaixa): ConsultaCaixa | null {
  const entrada: Record<string, string | number> = {
    pagina: estado.pagina,
    tamanhoPagina: estado.tamanhoPagina,
    ordenacao: estado.ordenacao,
    direcao: estado.direcao,
  };
  for (const campo of CAMPOS_FILTRO_CAIXA)
    if (estado.filtros[campo].trim()) entrada[campo] = estado.filtros[campo].trim();
  return lerFiltrosCaixaPostal(entrada);
}
