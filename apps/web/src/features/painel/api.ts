import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  AssuntosPainel,
  FiltrosPainel,
  IdadePainel,
  MovimentoPainel,
  PermanenciaPainel,
  UnidadesAntigasPainel,
  UnidadesPainel,
} from '@tramite/shared';
import { api } from '../../lib/api';

// Issue 22: the painel's aggregates, each its own request, so that a slow chart does not hold the others.

/** GET painel/unidades: the units whose painel the user may open, and whether the institution's too. */
export const consultaUnidadesPainel = queryOptions({
  queryKey: ['painel', 'unidades'],
  queryFn: ({ signal }) => api.get<UnidadesPainel>('painel/unidades', { signal }),
});

export const useUnidadesPainel = () => useQuery(consultaUnidadesPainel);

interface RespostasPainel {
  movimento: MovimentoPainel;
  permanencia: PermanenciaPainel;
  idade: IdadePainel;
  assuntos: AssuntosPainel;
  'unidades-antigas': UnidadesAntigasPainel;
}

export type AgregadoPainel = keyof RespostasPainel;

/**
 * GET painel/{agregado} with the filters (idUnidade absent: the whole institution); null while the filters are not
 * valid. Under the box's key too: receiving or sending changes what the unit holds.
 */
export function consultaAgregadoPainel<A extends AgregadoPainel>(agregado: A, filtros: FiltrosPainel | null) {
  return queryOptions({
    queryKey: ['caixa-postal', 'painel', agregado, filtros],
    queryFn: ({ signal }) =>
      api.get<RespostasPainel[A]>(`painel/${agregado}`, {
        params:
          agregado === 'unidades-antigas'
            ? { dataInicio: filtros?.dataInicio, dataFim: filtros?.dataFim }
            : { ...filtros },
        signal,
      }),
    enabled: filtros !== null,
  });
}

export const useAgregadoPainel = <A extends AgregadoPainel>(agregado: A, filtros: FiltrosPainel | null, ativo = true) =>
  useQuery({ ...consultaAgregadoPainel(agregado, filtros), enabled: filtros !== null && ativo });
