import { useQuery } from '@tanstack/react-query';
import {
  type Calendario,
  criarCalendario,
  type DiaNaoUtil,
  dataEmSaoPaulo,
  JANELA_CALENDARIO_NAVEGADOR,
  somarDias,
} from '@tramite/shared';
import { useMemo } from 'react';
import { api } from './api';
import { useUsuario } from './sessao';

/** Today on the America/Sao_Paulo calendar by the browser's clock (so Playwright's `page.clock` moves it too). */
export function hojeNoNavegador(): string {
  return dataEmSaoPaulo(new Date());
}

/** The key of every calendar query: a change of the institution's days invalidates it. */
export const CHAVE_CALENDARIO = ['calendario'] as const;

/**
 * The business-day calendar for the browser: national and institutional days from GET calendario, kept for 10 minutes
 * and reloaded at once when the administration screen changes a day. Null while it loads (or when it could not be
 * loaded), so callers show the bare date instead of a wrong state. GET calendario is for signed-in users: for an
 * anonymous visitor (a public document page) it is never asked, so its 401 does not land in the console (issue 23).
 */
export function useCalendario(): Calendario | null {
  const anonimo = useUsuario() === null;
  const hoje = hojeNoNavegador();
  const inicio = somarDias(hoje, -JANELA_CALENDARIO_NAVEGADOR.diasAntes);
  const fim = somarDias(hoje, JANELA_CALENDARIO_NAVEGADOR.diasDepois);
  const { data } = useQuery({
    queryKey: [...CHAVE_CALENDARIO, inicio, fim],
    queryFn: ({ signal }) => api.get<DiaNaoUtil[]>('calendario', { params: { inicio, fim }, signal }),
    staleTime: 10 * 60_000,
    enabled: !anonimo,
  });
  return useMemo(() => (data ? criarCalendario(data) : null), [data]);
}
