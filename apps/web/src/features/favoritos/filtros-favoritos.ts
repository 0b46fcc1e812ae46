import { filtrosFavoritosSchema, validarFiltrosFavoritos } from '@tramite/shared';
import { z } from 'zod';
import {
  type DescricaoUrl,
  type EstadoUrl,
  entradaDosFiltros,
  escreverUrl,
  filtrosVaziosDe,
  lerUrl,
} from '../../lib/estado-url';
import type { ConsultaFavoritos } from './api';

/** The favourites list's state lives in the query string, so a reload or a shared link shows the same page. */

export const TAMANHOS_PAGINA = [10, 20, 50, 100] as const;

/** Dates are YYYY-MM-DD and the type is its id as text; page 1 and the default size stay out of the URL. */
const DESCRICAO_FAVORITOS = {
  campos: ['dataInicioUltimaAlteracao', 'dataFimUltimaAlteracao', 'resumoDocumento', 'idTipoDocumento'],
  tamanhoPadrao: 20,
  omitirPadroes: true,
} as const satisfies DescricaoUrl<string, null>;

export type ValoresFiltrosFavoritos = Record<(typeof DESCRICAO_FAVORITOS.campos)[number], string>;

export type EstadoFavoritos = EstadoUrl<(typeof DESCRICAO_FAVORITOS.campos)[number], null>;

export const filtrosVazios = (): ValoresFiltrosFavoritos => filtrosVaziosDe(DESCRICAO_FAVORITOS);

export const lerFavoritos = (parametros: URLSearchParams): EstadoFavoritos => lerUrl(DESCRICAO_FAVORITOS, parametros);

export const escreverFavoritos = (estado: EstadoFavoritos): URLSearchParams => escreverUrl(DESCRICAO_FAVORITOS, estado);

/** The shared rule of the server: answers the message of the first broken rule, or null. */
export function validarFavoritos(filtros: ValoresFiltrosFavoritos): string | null {
  return validarFiltrosFavoritos(filtros);
}

/** The filters as the form holds them: the type is its id, or null. */
export type CamposFavoritos = Omit<ValoresFiltrosFavoritos, 'idTipoDocumento'> & { idTipoDocumento: number | null };

export const camposDosFiltros = (filtros: ValoresFiltrosFavoritos): CamposFavoritos => ({
  ...filtros,
  idTipoDocumento: /^\d+$/.test(filtros.idTipoDocumento) ? Number(filtros.idTipoDocumento) : null,
});

export const filtrosDosCampos = (campos: CamposFavoritos): ValoresFiltrosFavoritos => ({
  ...campos,
  idTipoDocumento: campos.idTipoDocumento === null ? '' : String(campos.idTipoDocumento),
});

/**
 * The form's filters as the URL and the API take them (filtrosFavoritosSchema) and the list's rules, whose message
 * is the form's own ('root'): the snackbar and the alert under the fields say it.
 */
export const favoritosSchema = z.preprocess(
  filtrosDosCampos,
  filtrosFavoritosSchema.superRefine((filtros, contexto) => {
    const erro = validarFiltrosFavoritos(filtros);
    if (erro) contexto.addIssue({ code: 'custom', path: ['root'], message: erro });
  }),
);

/** The list's parameters; a type that is not a number is left out, as the form cannot produce one. */
export function consultaDosFavoritos(estado: EstadoFavoritos): ConsultaFavoritos {
  const { idTipoDocumento, ...filtros } = entradaDosFiltros(DESCRICAO_FAVORITOS, estado.filtros);
  return {
    ...filtros,
    idTipoDocumento: idTipoDocumento && /^\d+$/.test(idTipoDocumento) ? Number(idTipoDocumento) : undefined,
    pagina: estado.pagina,
    tamanhoPagina: estado.tamanhoPagina,
  };
}
