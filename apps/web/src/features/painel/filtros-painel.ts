import { type FiltrosPainel, filtrosPainelSchema, MENSAGENS, type UnidadesPainel } from '@tramite/shared';
import dayjs from 'dayjs';
import { FORMATO_DATA_API } from '../../lib/formatacao';

/** The value of the unit filter (in the form and in the URL) that means the whole institution. */
export const INSTITUICAO = 'instituicao';

/** The painel's filters as the URL carries them: `unidade` is a unit's id or INSTITUICAO. */
export interface ValoresFiltrosPainel {
  unidade: string;
  dataInicio: string;
  dataFim: string;
}

/** The last twelve months, ending today. */
export function periodoPadrao(hoje = dayjs()): Pick<ValoresFiltrosPainel, 'dataInicio' | 'dataFim'> {
  return {
    dataInicio: hoje.subtract(12, 'month').add(1, 'day').format(FORMATO_DATA_API),
    dataFim: hoje.format(FORMATO_DATA_API),
  };
}

export function lerFiltrosPainel(parametros: URLSearchParams): ValoresFiltrosPainel {
  return {
    unidade: parametros.get('unidade')?.trim() ?? '',
    dataInicio: parametros.get('dataInicio')?.trim() ?? '',
    dataFim: parametros.get('dataFim')?.trim() ?? '',
  };
}

/** The dates are written even when empty: a date being typed again is not replaced by the default. */
export function escreverFiltrosPainel(valores: ValoresFiltrosPainel): URLSearchParams {
  const parametros = new URLSearchParams();
  if (valores.unidade) parametros.set('unidade', valores.unidade);
  parametros.set('dataInicio', valores.dataInicio);
  parametros.set('dataFim', valores.dataFim);
  return parametros;
}

/**
 * The unit the painel opens on: the one in the URL when the user may see it, else the user's current unit, else the
 * first the user may see, else the institution (for PAINEL_INSTITUCIONAL); '' when there is none.
 */
export function unidadeEscolhida(unidade: string, permitidas: UnidadesPainel, idUnidadeAtual: number | null): string {
  const existe = (id: string) => permitidas.unidades.some((opcao) => String(opcao.id) === id);
  if (unidade === INSTITUICAO ? permitidas.institucional : existe(unidade)) return unidade;
  if (idUnidadeAtual !== null && existe(String(idUnidadeAtual))) return String(idUnidadeAtual);
  const primeira = permitidas.unidades[0];
  if (primeira) return String(primeira.id);
  return permitidas.institucional ? INSTITUICAO : '';
}

/** The filters of the API calls, or the first broken rule of the period (the shared schema's message). */
export function validarFiltrosPainel(
  valores: ValoresFiltrosPainel,
): { filtros: FiltrosPainel; erro: null } | { filtros: null; erro: string } {
  if (!valores.dataInicio || !valores.dataFim) return { filtros: null, erro: MENSAGENS.painel.periodoIncompleto };
  const resultado = filtrosPainelSchema.safeParse({
    idUnidade: valores.unidade === INSTITUICAO ? undefined : valores.unidade,
    dataInicio: valores.dataInicio,
    dataFim: valores.dataFim,
  });
  if (resultado.success) return { filtros: resultado.data, erro: null };
  return { filtros: null, erro: resultado.error.issues[0]?.message ?? '' };
}
