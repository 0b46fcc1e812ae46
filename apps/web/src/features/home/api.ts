import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContagensResumoDiario } from '@tramite/shared';
import { api } from '../../lib/api';

/**
 * GET resumo-diario/contagens: the current unit's deadlines due today and overdue and its overdue scheduled returns
 * (the daily digest's counts). Under the box's key, so whatever changes the box reloads them.
 */
export const consultaContagensPrazos = (idUnidade: number) =>
  queryOptions({
    queryKey: ['caixa-postal', 'resumo-diario', idUnidade],
    queryFn: ({ signal }) =>
      api.get<ContagensResumoDiario>('resumo-diario/contagens', { params: { idUnidade }, signal }),
  });

export const useContagensPrazos = (idUnidade: number) => useQuery(consultaContagensPrazos(idUnidade));
