import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Consolidacao, consolidacaoEmAndamento, MENSAGENS, PREFIXO_CONSOLIDACAO } from '@tramite/shared';
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
 * Spec §9: the server's recent consolidations (the logged-in user's) and the state of the ones remembered in this
 * browser (POST consolidacao with their uuids), newest first. Both are needed: an identical request answers a public
 * consolidation someone else asked for, which is remembered here but is not among the user's own.
 */
export async function buscarConsolidacoes(): Promise<Consolidacao[]> {
  const uuids = uuidsLocais();
  const [recentes, locais] = await Promise.all([
    api.get<Consolidacao[]>('consolidacao'),
    uuids.length > 0 ? api.post<Consolidacao[]>('consolidacao', uuids) : Promise.resolve([]),
  ]);
  const porUuid = new Map([...recentes, ...locais].map((consolidacao) => [consolidacao.uuid, consolidacao]));
  return [...porUuid.values()].sort((a, b) => b.criadoEm.localeCompare(a.criadoEm));
}

/** The list, asked again every INTERVALO_ATUALIZACAO_MS while one of them is still being built. */
export const consultaConsolidacoes = () =>
  queryOptions({
    queryKey: ['consolidacao'],
    queryFn: buscarConsolidacoes,
    refetchInterval: (consulta) =>
      consulta.state.data?.some((c) => consolidacaoEmAndamento(c.estado)) ? INTERVALO_ATUALIZACAO_MS : false,
  });

export const useConsolidacoes = () => useQuery(consultaConsolidacoes());

/** The download address: the uuid is the capability of a public consolidation; a restricted one needs its owner. */
export const urlPdfConsolidacao = (uuid: string) => `/api/consolidacao/${uuid}/pdf`;

/**
 * Asks the server (HEAD, no bytes) whether the PDF can be downloaded now; answers null when it can, or why not. A
 * plain link would open the JSON error in place of the page. A HEAD answer has no body, so the reason is the shared
 * message the server sends with that status.
 */
export async function motivoSemDownload(uuid: string): Promise<string | null> {
  let resposta: Response;
  try {
    resposta = await fetch(urlPdfConsolidacao(uuid), { method: 'HEAD', credentials: 'same-origin' });
  } catch {
    return MENSAGENS.geral.semComunicacao;
  }
  if (resposta.ok) return null;
  const motivos: Record<number, string> = {
    403: MENSAGENS.consolidacao.acessoPerdido,
    404: MENSAGENS.consolidacao.naoEncontrada,
    409: MENSAGENS.consolidacao.naoConcluida,
    410: MENSAGENS.consolidacao.expirada,
  };
  return motivos[resposta.status] ?? MENSAGENS.consolidacao.erroBaixar;
}
