import { filtrosBuscaSchema, ORDENACOES_BUSCA, validarFiltrosBusca } from '@tramite/shared';
import type { FiltrosConsulta } from './api';

/** The filters of spec §2 and §7, named exactly as GET documentos and filtrosBuscaSchema name them. */
export const CAMPOS_FILTRO = [
  'numeroDocumento',
  'resumoAssunto',
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

/** The filter form's values: every filter as the text the URL carries ('' when not set). */
export type ValoresFiltros = Record<CampoFiltro, string>;

export type Ordenacao = (typeof ORDENACOES_BUSCA)[number];

export interface EstadoBusca {
  filtros: ValoresFiltros;
  pagina: number;
  tamanhoPagina: number;
  ordenacao: Ordenacao | null;
  direcao: 'asc' | 'desc';
}

export const TAMANHOS_PAGINA = [10, 20, 50, 100] as const;
export const TAMANHO_PAGINA_PADRAO = 20;

export function filtrosVazios(): ValoresFiltros {
  return Object.fromEntries(CAMPOS_FILTRO.map((campo) => [campo, ''])) as ValoresFiltros;
}

function inteiroPositivo(texto: string | null, padrao: number): number {
  const numero = Number(texto);
  return Number.isInteger(numero) && numero > 0 ? numero : padrao;
}

/** Reads a search from the query string, so that a link reproduces it. */
export function lerBusca(parametros: URLSearchParams): EstadoBusca {
  const filtros = filtrosVazios();
  for (const campo of CAMPOS_FILTRO) filtros[campo] = parametros.get(campo)?.trim() ?? '';
  const ordenacao = parametros.get('ordenacao');
  const tamanho = inteiroPositivo(parametros.get('tamanhoPagina'), TAMANHO_PAGINA_PADRAO);
  return {
    filtros,
    pagina: inteiroPositivo(parametros.get('pagina'), 1),
    tamanhoPagina: Math.min(tamanho, 100),
    ordenacao: ORDENACOES_BUSCA.find((valor) => valor === ordenacao) ?? null,
    direcao: parametros.get('direcao') === 'asc' ? 'asc' : 'desc',
  };
}

/** Writes a search to the query string; empty filters are left out. */
export function escreverBusca(estado: EstadoBusca): URLSearchParams {
  const parametros = new URLSearchParams();
  for (const campo of CAMPOS_FILTRO) {
    const valor = estado.filtros[campo].trim();
    if (valor) parametros.set(campo, valor);
  }
  parametros.set('pagina', String(estado.pagina));
  parametros.set('tamanhoPagina', String(estado.tamanhoPagina));
  if (estado.ordenacao) {
    parametros.set('ordenacao', estado.ordenacao);
    parametros.set('direcao', estado.direcao);
  }
  return parametros;
}

export function temFiltros(filtros: ValoresFiltros): boolean {
  return CAMPOS_FILTRO.some((campo) => filtros[campo].trim() !== '');
}

/** Only logged-in users filter by the employees of the origin unit (spec §2; the API ignores it otherwise). */
function filtrosDoUsuario(filtros: ValoresFiltros, logado: boolean): ValoresFiltros {
  return logado ? filtros : { ...filtros, idServidorLotadoProcedencia: '' };
}

/** The first broken rule of spec §5 (document search), or null. */
export function validarBusca(filtros: ValoresFiltros, logado: boolean): string | null {
  const vigentes = filtrosDoUsuario(filtros, logado);
  const preenchidos = Object.fromEntries(
    CAMPOS_FILTRO.filter((campo) => vigentes[campo].trim() !== '').map((campo) => [campo, vigentes[campo].trim()]),
  );
  return validarFiltrosBusca(preenchidos, { usuarioEspecifico: logado });
}

/** The parameters of GET documentos for a valid search, or null when the URL holds something unusable. */
export function consultaDaBusca(estado: EstadoBusca, logado: boolean): FiltrosConsulta | null {
  const vigentes = filtrosDoUsuario(estado.filtros, logado);
  const entrada: Record<string, string | number> = { pagina: estado.pagina, tamanhoPagina: estado.tamanhoPagina };
  for (const campo of CAMPOS_FILTRO) if (vigentes[campo].trim()) entrada[campo] = vigentes[campo].trim();
  if (estado.ordenacao) {
    entrada.ordenacao = estado.ordenacao;
    entrada.direcao = estado.direcao;
  }
  const resultado = filtrosBuscaSchema.safeParse(entrada);
  return resultado.success ? resultado.data : null;
}
