import {
  keepPreviousData,
  type QueryClient,
  type QueryKey,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  Consistencia,
  Destino,
  Documento,
  Fluxo,
  PaginaCaixaPostal,
  RascunhoDespacho,
  ResultadoLote,
  ResultadoRecebimentoLote,
  SalvarDespacho,
  Tramitacao,
  TramitarEntrada,
  TramitarLoteEntrada,
  Unidade,
} from '@tramite/shared';
import { compararDescricao } from '@tramite/shared';
import { lazy } from 'react';
import { api } from '../../lib/api';
import { chavesDocumentos } from '../documentos/api';
import type { ConsultaCaixa } from './filtros-caixa';

// The box's counts per queue live in a light module of their own (the menu loads them); other features read them here.
export { ROTULOS_FILA } from './contagens-caixa';
/**
 * The recall dialog, opened from the document's page (features/documentos): loaded when first shown, so that neither
 * it nor the form library it uses joins the chunk of this module, which the postal box (the first screen) loads.
 */
export const DialogoCancelarEnvio = lazy(async () => ({
  default: (await import('./DialogoCancelarEnvio')).DialogoCancelarEnvio,
}));

/** A postal-box search slower than this is abandoned: the API client then reports status 0 (spec §8, time-out). */
export const TEMPO_MAXIMO_BUSCA_MS = 60_000;

export const chavesTramitacao = {
  fluxos: (id: number) => ['documentos', id, 'fluxos'] as const,
  destinos: (id: number, idFluxo: number | null, idPasso: number | null) =>
    ['documentos', id, 'fluxos', idFluxo, 'destinos', idPasso] as const,
  rascunho: (id: number) => ['documentos', id, 'tramitacoes', 'despacho'] as const,
  historico: (id: number) => ['documentos', id, 'tramitacoes'] as const,
  caixaPostal: ['caixa-postal'] as const,
};

/** GET documentos/{id}/fluxos: every flow of the type with the steps the user's unit may take now, by description. */
export const consultaFluxos = (idDocumento: number | null) =>
  queryOptions({
    queryKey: chavesTramitacao.fluxos(idDocumento ?? 0),
    queryFn: async ({ signal }) =>
      (await api.get<Fluxo[]>(`documentos/${idDocumento}/fluxos`, { signal })).toSorted(compararDescricao),
    enabled: idDocumento !== null,
  });

/** GET documentos/{id}/fluxos/{idFluxo}/destinos?idPasso=: the destinations the step allows. */
export const consultaDestinos = (idDocumento: number | null, idFluxo: number | null, idPasso: number | null) =>
  queryOptions({
    queryKey: chavesTramitacao.destinos(idDocumento ?? 0, idFluxo, idPasso),
    queryFn: ({ signal }) =>
      api.get<Destino[]>(`documentos/${idDocumento}/fluxos/${idFluxo}/destinos`, { params: { idPasso }, signal }),
    enabled: idDocumento !== null && idFluxo !== null && idPasso !== null,
  });

/** GET documentos/{id}/tramitacoes/despacho: the despacho and despacho preparatório saved by the user's unit. */
export const consultaRascunhoDespacho = (idDocumento: number | null) =>
  queryOptions({
    queryKey: chavesTramitacao.rascunho(idDocumento ?? 0),
    queryFn: ({ signal }) => api.get<RascunhoDespacho>(`documentos/${idDocumento}/tramitacoes/despacho`, { signal }),
    enabled: idDocumento !== null,
  });

/** GET documentos/{id}/tramitacoes: the movement history, in order of sequence (public). */
export const consultaHistorico = (idDocumento: number | null) =>
  queryOptions({
    queryKey: chavesTramitacao.historico(idDocumento ?? 0),
    queryFn: ({ signal }) => api.get<Tramitacao[]>(`documentos/${idDocumento}/tramitacoes`, { signal }),
    enabled: idDocumento !== null,
  });

/** GET procedencias/caixa-postal/UNIDADE: the units whose postal box the user may open. */
export const consultaUnidadesCaixaPostal = () =>
  queryOptions({
    queryKey: ['procedencias', 'caixa-postal', 'UNIDADE'],
    queryFn: ({ signal }) => api.get<Unidade[]>('procedencias/caixa-postal/UNIDADE', { signal }),
  });

/** GET caixa-postal with valid filters (null: no search yet). Slow searches are cut at TEMPO_MAXIMO_BUSCA_MS. */
export const consultaCaixaPostal = (filtros: ConsultaCaixa | null) =>
  queryOptions({
    queryKey: [...chavesTramitacao.caixaPostal, filtros],
    queryFn: ({ signal }) =>
      api.get<PaginaCaixaPostal>('caixa-postal', {
        params: { ...(filtros ?? {}) },
        signal: AbortSignal.any([signal, AbortSignal.timeout(TEMPO_MAXIMO_BUSCA_MS)]),
      }),
    enabled: filtros !== null,
    placeholderData: keepPreviousData,
  });

export const useFluxos = (idDocumento: number | null) => useQuery(consultaFluxos(idDocumento));
export const useRascunhoDespacho = (idDocumento: number | null) => useQuery(consultaRascunhoDespacho(idDocumento));
export const useHistorico = (idDocumento: number | null) => useQuery(consultaHistorico(idDocumento));
export const useUnidadesCaixaPostal = () => useQuery(consultaUnidadesCaixaPostal());
export const useCaixaPostal = (filtros: ConsultaCaixa | null) => useQuery(consultaCaixaPostal(filtros));

/** GET documentos/{id}/fluxos/{idFluxo}/consistencia?idPasso=: ERRO blocks the sending, ALERTA asks to confirm. */
export function buscarConsistencia(idDocumento: number, idFluxo: number, idPasso: number) {
  return api.get<Consistencia>(`documentos/${idDocumento}/fluxos/${idFluxo}/consistencia`, { params: { idPasso } });
}

/** The number of peças of a document (GET documentos/{id}/pecas), for the type-571 confirmation of spec §4. */
export async function contarPecas(idDocumento: number): Promise<number> {
  return (await api.get<unknown[]>(`documentos/${idDocumento}/pecas`)).length;
}

/** Marks every query under these keys stale, so that those on screen are read again (in this order). */
function relerConsultas(queryClient: QueryClient, ...chaves: QueryKey[]) {
  return Promise.all(chaves.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** PATCH documentos/{id}/tramitacoes: saves the despacho and the despacho preparatório without sending. */
export function useSalvarDespacho(idDocumento: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rascunho: SalvarDespacho) =>
      api.patch<RascunhoDespacho>(`documentos/${idDocumento}/tramitacoes`, rascunho),
    onSuccess: (salvo) => queryClient.setQueryData(chavesTramitacao.rascunho(idDocumento), salvo),
  });
}

/** POST documentos/{id}/tramitacoes: sends the document; everything about it is reloaded afterwards. */
export function useTramitar(idDocumento: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (envio: TramitarEntrada) => api.post<Tramitacao>(`documentos/${idDocumento}/tramitacoes`, envio),
    onSuccess: () => relerConsultas(queryClient, chavesDocumentos.todos, chavesTramitacao.caixaPostal),
  });
}

/**
 * POST documentos/{id}/receber, from the postal box or the document's screen. The answer is shown at once; then
 * the postal box and everything about documents (the document, its history, searches) are read again, also after
 * a refusal, since someone else may have received it first.
 */
export function useReceberDocumento() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (idDocumento: number) => api.post<Documento>(`documentos/${idDocumento}/receber`),
    onSuccess: (documento) => queryClient.setQueryData(chavesDocumentos.documento(documento.idDocumento), documento),
    onSettled: () => relerConsultas(queryClient, chavesTramitacao.caixaPostal, chavesDocumentos.todos),
  });
}

/** POST tramitacoes/lote: one step, destination and despacho for several documents, one outcome per document. */
export function useTramitarLote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lote: TramitarLoteEntrada) => api.post<ResultadoLote[]>('tramitacoes/lote', lote),
    onSettled: () => relerConsultas(queryClient, chavesTramitacao.caixaPostal, chavesDocumentos.todos),
  });
}

/**
 * The user opened the document's page, where the server records the reading: the boxes already read show its row
 * as read at once (coming back within their freshness, they would not be read again).
 */
export function useMarcarLidoNaCaixa() {
  const queryClient = useQueryClient();
  return (idDocumento: number) =>
    queryClient.setQueriesData<PaginaCaixaPostal>({ queryKey: chavesTramitacao.caixaPostal }, (pagina) =>
      pagina && 'itens' in pagina
        ? {
            ...pagina,
            itens: pagina.itens.map((item) => (item.idDocumento === idDocumento ? { ...item, lido: true } : item)),
          }
        : pagina,
    );
}

/** POST recebimentos/lote: the selected documents waiting in the user's unit, one outcome per document. */
export function useReceberLote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (idsDocumentos: number[]) =>
      api.post<ResultadoRecebimentoLote[]>('recebimentos/lote', { idsDocumentos }),
    onSettled: () => relerConsultas(queryClient, chavesTramitacao.caixaPostal, chavesDocumentos.todos),
  });
}
