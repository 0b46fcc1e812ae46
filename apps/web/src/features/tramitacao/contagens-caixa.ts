import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContagensCaixaPostal, FilaCaixaPostal } from '@tramite/shared';
import { api } from '../../lib/api';
import { contagensDaCaixaPadrao, type FiltrosContagensCaixa } from './filtros-caixa';

// The postal box's counts per queue (issue 20): the box's chips, the menu's badge and the home page. Kept apart
// from api.ts and light, since the menu (the shell) loads it on every screen.

/** Each queue's name on the chips, the home page and the menu, 'todos' being the whole box. */
export const ROTULOS_FILA: Record<FilaCaixaPostal | 'todos', string> = {
  todos: 'Todos',
  aguardando: 'Aguardando recebimento',
  recebidos: 'Recebidos',
  novos: 'Novos desde meu último acesso',
  urgentes: 'Urgentes',
};

/** GET caixa-postal/contagens (null: no valid search yet). Under the box's key: what changes the box, reloads them. */
export const consultaContagensCaixa = (filtros: FiltrosContagensCaixa | null) =>
  queryOptions({
    queryKey: ['caixa-postal', 'contagens', filtros],
    queryFn: ({ signal }) =>
      api.get<ContagensCaixaPostal>('caixa-postal/contagens', { params: { ...(filtros ?? {}) }, signal }),
    enabled: filtros !== null,
  });

export const useContagensCaixa = (filtros: FiltrosContagensCaixa | null) => useQuery(consultaContagensCaixa(filtros));

/** The counts of the box as it opens (the user's current unit, the default period); nothing without a unit. */
export const useContagensCaixaPadrao = (idUnidadeAtual: number | null) =>
  useContagensCaixa(contagensDaCaixaPadrao(idUnidadeAtual));
