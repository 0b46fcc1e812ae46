import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Consistencia,
  Destino,
  Documento,
  Fluxo,
  HipoteseLegal,
  PaginaCaixaPostal,
  RascunhoDespacho,
  ResultadoLote,
  SalvarDespacho,
  TipoDocumento,
  Tramitacao,
  TramitarEntrada,
  TramitarLoteEntrada,
  Unidade,
} from '@tramite/shared';
import { compararDescricao } from '@tramite/shared';
import { api } from '../../lib/api';
import type { ConsultaCaixa } from './filtros-caixa';

const UMA_HORA = 60 * 60 * 1000;

/** A postal-box search slower than this is abandoned: the API client then reports status 0 (spec §8, time-out). */
export const TEMPO_MAXIMO_BUSCA_MS = 60_000;

export const chavesTramitacao = {
  documento: (id: number) => ['documentos', id] as const,
  fluxos: (id: number) => ['documentos', id, 'fluxos'] as const,
  destinos: (id: number, idFluxo: number | null, idPasso: number | null) =>
    ['documentos', id, 'fluxos', idFluxo, 'destinos', idPasso] as const,
  rascunho: (id: number) => ['documentos', id, 'tramitacoes', 'despacho'] as const,
  historico: (id: number) => ['documentos', id, 'tramitacoes'] as const,
  caixaPostal: ['caixa-postal'] as const,
};

/** GET documentos/{id}. */
export function useDocumento(idDocumento: number | null) {
  return useQuery({
    queryKey: chavesTramitacao.documento(idDocumento ?? 0),
    queryFn: ({ signal }) => api.get<Documento>(`documentos/${idDocumento}`, { signal }),
    enabled: idDocumento !== null,
    staleTime: 0,
    retry: false,
  });
}

/** GET documentos/{id}/fluxos: every flow of the type with the steps the user's unit may take now, by description. */
export function useFluxos(idDocumento: number | null) {
  return useQuery({
    queryKey: chavesTramitacao.fluxos(idDocumento ?? 0),
    queryFn: async ({ signal }) =>
      (await api.get<Fluxo[]>(`documentos/${idDocumento}/fluxos`, { signal })).toSorted(compararDescricao),
    enabled: idDocumento !== null,
    staleTime: 0,
  });
}

/** GET documentos/{id}/fluxos/{idFluxo}/destinos?idPasso=: the destinations the step allows. */
export function useDestinos(idDocumento: number | null, idFluxo: number | null, idPasso: number | null) {
  return useQuery({
    queryKey: chavesTramitacao.destinos(idDocumento ?? 0, idFluxo, idPasso),
    queryFn: ({ signal }) =>
      api.get<Destino[]>(`documentos/${idDocumento}/fluxos/${idFluxo}/destinos`, { params: { idPasso }, signal }),
    enabled: idDocumento !== null && idFluxo !== null && idPasso !== null,
    staleTime: 0,
  });
}

/** GET documentos/{id}/fluxos/{idFluxo}/consistencia?idPasso=: ERRO blocks the sending, ALERTA asks to confirm. */
export function buscarConsistencia(idDocumento: number, idFluxo: number, idPasso: number) {
  return api.get<Consistencia>(`documentos/${idDocumento}/fluxos/${idFluxo}/consistencia`, { params: { idPasso } });
}

/** The number of peças of a document (GET documentos/{id}/pecas), for the type-571 confirmation of spec §4. */
export async function contarPecas(idDocumento: number): Promise<number> {
  return (await api.get<unknown[]>(`documentos/${idDocumento}/pecas`)).length;
}

/** GET documentos/{id}/tramitacoes/despacho: the despacho and despacho preparatório saved by the user's unit. */
export function useRascunhoDespacho(idDocumento: number | null) {
  return useQuery({
    queryKey: chavesTramitacao.rascunho(idDocumento ?? 0),
    queryFn: ({ signal }) => api.get<RascunhoDespacho>(`documentos/${idDocumento}/tramitacoes/despacho`, { signal }),
    enabled: idDocumento !== null,
    staleTime: 0,
    retry: false,
  });
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
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['documentos'] }),
        queryClient.invalidateQueries({ queryKey: chavesTramitacao.caixaPostal }),
      ]),
  });
}

/** GET documentos/{id}/tramitacoes: the movement history, in order of sequence (public). */
export function useHistorico(idDocumento: number | null) {
  return useQuery({
    queryKey: chavesTramitacao.historico(idDocumento ?? 0),
    queryFn: ({ signal }) => api.get<Tramitacao[]>(`documentos/${idDocumento}/tramitacoes`, { signal }),
    enabled: idDocumento !== null,
    staleTime: 0,
    retry: false,
  });
}

/** GET tipos-documentos, sorted by description (spec §9). */
export function useTiposDocumentos() {
  return useQuery({
    queryKey: ['tipos-documentos', {}],
    queryFn: async ({ signal }) =>
      (await api.get<TipoDocumento[]>('tipos-documentos', { signal })).toSorted(compararDescricao),
    staleTime: UMA_HORA,
  });
}

/** GET procedencias/caixa-postal/UNIDADE: the units whose postal box the user may open. */
export function useUnidadesCaixaPostal() {
  return useQuery({
    queryKey: ['procedencias', 'caixa-postal', 'UNIDADE'],
    queryFn: ({ signal }) => api.get<Unidade[]>('procedencias/caixa-postal/UNIDADE', { signal }),
    staleTime: UMA_HORA,
  });
}

/** GET propriedades/hipoteses-legais: the legal grounds of a restricted despacho. */
export function useHipotesesLegais(habilitado = true) {
  return useQuery({
    queryKey: ['propriedades', 'hipoteses-legais'],
    queryFn: ({ signal }) => api.get<HipoteseLegal[]>('propriedades/hipoteses-legais', { signal }),
    enabled: habilitado,
    staleTime: UMA_HORA,
  });
}

/** GET caixa-postal with valid filters (null: no search yet). Slow searches are cut at TEMPO_MAXIMO_BUSCA_MS. */
export function useCaixaPostal(filtros: ConsultaCaixa | null) {
  return useQuery({
    queryKey: [...chavesTramitacao.caixaPostal, filtros],
    queryFn: ({ signal }) =>
      api.get<PaginaCaixaPostal>('caixa-postal', {
        params: { ...(filtros ?? {}) },
        signal: AbortSignal.any([signal, AbortSignal.timeout(TEMPO_MAXIMO_BUSCA_MS)]),
      }),
    enabled: filtros !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
  });
}

/** POST documentos/{id}/receber from the postal box. */
export function useReceberDocumento() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (idDocumento: number) => api.post<Documento>(`documentos/${idDocumento}/receber`),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: chavesTramitacao.caixaPostal }),
        queryClient.invalidateQueries({ queryKey: ['documentos'] }),
      ]),
  });
}

/** POST tramitacoes/lote: one step, destination and despacho for several documents, one outcome per document. */
export function useTramitarLote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lote: TramitarLoteEntrada) => api.post<ResultadoLote[]>('tramitacoes/lote', lote),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: chavesTramitacao.caixaPostal }),
        queryClient.invalidateQueries({ queryKey: ['documentos'] }),
      ]),
  });
}
