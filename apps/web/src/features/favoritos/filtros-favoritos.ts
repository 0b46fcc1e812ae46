import { validarFiltrosFavoritos } from '@tramite/shared';
import type { ConsultaFavoritos } from './api';

/** The favourites list's state lives in the query string, so a reload or a shared link shows the same page. */

export interface ValoresFiltrosFavoritos {
  /** YYYY-MM-DD or ''. */
  dataInicioUltimaAlteracao: string;
  dataFimUltimaAlteracao: string;
  resumoDocumento: string;
  /** The type's id as text, or ''. */
  idTipoDocumento: string;
}

export interface EstadoFavoritos {
  filtros: ValoresFiltrosFavoritos;
  pagina: number;
  tamanhoPagina: number;
}

export const TAMANHOS_PAGINA = [10, 20, 50, 100] as const;
const TAMANHO_PADRAO = 20;

const CAMPOS = ['dataInicioUltimaAlteracao', 'dataFimUltimaAlteracao', 'resumoDocumento', 'idTipoDocumento'] as const;

export function filtrosVazios(): ValoresFiltrosFavoritos {
  return { dataInicioUltimaAlteracao: '', dataFimUltimaAlteracao: '', resumoDocumento: '', idTipoDocumento: '' };
}

function inteiro(texto: string | null, padrao: number, maximo: number): number {
  const valor = texto && /^\d+$/.test(texto) ? Number(texto) : padrao;
  return valor >= 1 && valor <= maximo ? valor : padrao;
}

export function lerFavoritos(parametros: URLSearchParams): EstadoFavoritos {
  const filtros = filtrosVazios();
  for (const campo of CAMPOS) filtros[campo] = parametros.get(campo) ?? '';
  return {
    filtros,
    pagina: inteiro(parametros.get('pagina'), 1, 100_000),
    tamanhoPagina: inteiro(parametros.get('tamanhoPagina'), TAMANHO_PADRAO, 100),
  };
}

export function escreverFavoritos(estado: EstadoFavoritos): URLSearchParams {
  const parametros = new URLSearchParams();
  for (const campo of CAMPOS) {
    const valor = estado.filtros[campo].trim();
    if (valor) parametros.set(campo, valor);
  }
  if (estado.pagina !== 1) parametros.set('pagina', String(estado.pagina));
  if (estado.tamanhoPagina !== TAMANHO_PADRAO) parametros.set('tamanhoPagina', String(estado.tamanhoPagina));
  return parametros;
}

/** The shared rule of the server: answers the message of the first broken rule, or null. */
export function validarFavoritos(filtros: ValoresFiltrosFavoritos): string | null {
  return validarFiltrosFavoritos(filtros);
}

export function consultaDosFavoritos(estado: EstadoFavoritos): ConsultaFavoritos {
  const { filtros } = estado;
  const idTipo = /^\d+$/.test(filtros.idTipoDocumento) ? Number(filtros.idTipoDocumento) : undefined;
  return {
    dataInicioUltimaAlteracao: filtros.dataInicioUltimaAlteracao || undefined,
    dataFimUltimaAlteracao: filtros.dataFimUltimaAlteracao || undefined,
    resumoDocumento: filtros.resumoDocumento.trim() || undefined,
    idTipoDocumento: idTipo,
    pagina: estado.pagina,
    tamanhoPagina: estado.tamanhoPagina,
  };
}
