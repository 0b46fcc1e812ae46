import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ConsultaControlePrazos, PaginaControlePrazos, RetornosPendentes } from '@tramite/shared';
import { api } from '../../lib/api';

// "Controle de prazos" (issue 20). Under the box's key: what changes the box (a receipt, a sending) reloads them.

/** GET controle-de-prazos: one tab of the user's current unit. */
export const consultaControlePrazos = (filtros: ConsultaControlePrazos) =>
  queryOptions({
    queryKey: ['caixa-postal', 'controle-de-prazos', filtros],
    queryFn: ({ signal }) => api.get<PaginaControlePrazos>('controle-de-prazos', { params: { ...filtros }, signal }),
    placeholderData: keepPreviousData,
  });

/** GET controle-de-prazos/retornos-pendentes: the box's notice (null: not asked, e.g. another unit's box). */
export const consultaRetornosPendentes = (ativa: boolean) =>
  queryOptions({
    queryKey: ['caixa-postal', 'controle-de-prazos', 'retornos-pendentes'],
    queryFn: ({ signal }) => api.get<RetornosPendentes>('controle-de-prazos/retornos-pendentes', { signal }),
    enabled: ativa,
  });

export const useControlePrazos = (filtros: ConsultaControlePrazos) => useQuery(consultaControlePrazos(filtros));
export const useRetornosPendentes = (ativa: boolean) => useQuery(consultaRetornosPendentes(ativa));
