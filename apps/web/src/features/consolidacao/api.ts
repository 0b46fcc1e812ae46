import { useQuery } from '@tanstack/react-query';
import { type Consolidacao, consolidacaoEmAndamento, PREFIXO_CONSOLIDACAO } from '@tramite/shared';
import { api } from '../../lib/api';

/** How often the list is asked again while a consolidation is pending or processing. */
export const INTERVALO_ATUALIZACAO_MS = 2000;

/** The uuids remembered in this browser (keys PROTOCOLO<uuid>, written when a consolidation is requested). */
export function uuidsLocais(): string[] {
  const uuids: string[] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const chave = localStorage.key(i);
    if (!chave?.startsWith(PREFIXO_CONSOLIDACAO)) continue;
    let uuid = chave.slice(PREFIXO_CONSOLIDACAO.length);
    try {
      const valor = JSON.parse(localStorage.getItem(chave) ?? 'null') as { uuid?: unknown } | null;
      if (valor && typeof valor.uuid === 'string') uuid = valor.uuid;
    } catch {
      // A value that is not JSON: the key still carries the uuid.
    }
    if (uuid) uuids.push(uuid);
  }
  return uuids.slice(-50);
}

/**
 * Spec §9: the server's recent consolidations (the logged-in user's); when it returns none, the state of the ones
 * remembered in this browser (POST consolidacao with their uuids).
 */
export async function buscarConsolidacoes(): Promise<Consolidacao[]> {
  const recentes = await api.get<Consolidacao[]>('consolidacao');
  if (recentes.length > 0) return recentes;
  const uuids = uuidsLocais();
  if (uuids.length === 0) return [];
  return api.post<Consolidacao[]>('consolidacao', uuids);
}

export function useConsolidacoes() {
  return useQuery({
    queryKey: ['consolidacao'],
    queryFn: buscarConsolidacoes,
    refetchInterval: (consulta) =>
      consulta.state.data?.some((c) => consolidacaoEmAndamento(c.estado)) ? INTERVALO_ATUALIZACAO_MS : false,
  });
}

/** The download address: the uuid is the capability. */
export const urlPdfConsolidacao = (uuid: string) => `/api/consolidacao/${uuid}/pdf`;
