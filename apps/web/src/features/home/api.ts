import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InicioPainel } from '@tramite/shared';
import { api } from '../../lib/api';

/**
 * GET painel/inicio (issue 22): the unit's box counts and the user's last documents, in one request. Under the box's
 * key, so whatever changes the box (a receipt, a sending, opening a document) reloads them.
 */
export const consultaInicio = (idUnidade: number) =>
  queryOptions({
    queryKey: ['caixa-postal', 'painel-inicio', idUnidade],
    queryFn: ({ signal }) => api.get<InicioPainel>('painel/inicio', { params: { idUnidade }, signal }),
  });

export const useInicio = (idUnidade: number) => useQuery(consultaInicio(idUnidade));
