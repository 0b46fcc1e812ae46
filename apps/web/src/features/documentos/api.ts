import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Assunto,
  Autuacao,
  ConsultaBusca,
  Documento,
  Entidade,
  HipoteseLegal,
  PaginaBuscaDocumentos,
  ServidorProcedencia,
  TipoEntidade,
  Unidade,
} from '@tramite/shared';
import type { ConsultaEntidade } from '../../components/CampoEntidade';
import { api } from '../../lib/api';
import { useDocumentoDaRota } from '../../lib/use-documento-da-rota';

/** The search filters as sent to GET documentos (already parsed as filtrosBuscaSchema parses them). */
export type FiltrosConsulta = ConsultaBusca;

/** GET documentos answers one page of results with the total count (capped for content searches). */
export type PaginaDocumentos = PaginaBuscaDocumentos;

export const chavesDocumentos = {
  todos: ['documentos'] as const,
  documento: (id: number) => ['documentos', id] as const,
  busca: (filtros: FiltrosConsulta | null) => ['documentos', 'busca', filtros] as const,
};

/** GET documentos/{id}: the document every screen about it shows (number, holder, state). */
export const consultaDocumento = (idDocumento: number | null) =>
  queryOptions({
    queryKey: chavesDocumentos.documento(idDocumento ?? 0),
    queryFn: ({ signal }) => api.get<Documento>(`documentos/${idDocumento}`, { signal }),
    enabled: idDocumento !== null,
  });

/** GET documentos with the search filters; only runs when the filters passed validation (not null). */
export const consultaBuscaDocumentos = (filtros: FiltrosConsulta | null) =>
  queryOptions({
    queryKey: chavesDocumentos.busca(filtros),
    queryFn: ({ signal }) => api.get<PaginaDocumentos>('documentos', { params: { ...(filtros ?? {}) }, signal }),
    enabled: filtros !== null,
    placeholderData: keepPreviousData,
  });

/** GET procedencias/UNIDADE: the origin units. */
export const consultaUnidadesProcedencia = (somenteAtivas: boolean) =>
  queryOptions({
    queryKey: ['procedencias', 'UNIDADE', { somenteAtivas }],
    queryFn: ({ signal }) => api.get<Unidade[]>('procedencias/UNIDADE', { params: { somenteAtivas }, signal }),
  });

/** GET interessados: the interested-party types (optionally those of one document type). */
export const consultaTiposInteressados = (idTipoDocumento?: number | null) =>
  queryOptions({
    queryKey: ['interessados', 'tipos', idTipoDocumento ?? null],
    queryFn: ({ signal }) =>
      api.get<TipoEntidade[]>('interessados', { params: { idTipoDocumento: idTipoDocumento ?? undefined }, signal }),
  });

/** GET responsaveis-tramitacao: the forwarding-responsible types. */
export const consultaTiposResponsaveis = () =>
  queryOptions({
    queryKey: ['responsaveis-tramitacao', 'tipos'],
    queryFn: ({ signal }) => api.get<TipoEntidade[]>('responsaveis-tramitacao', { signal }),
  });

/** GET assuntos (optionally of one document type): the subjects offered as a search filter. */
export const consultaAssuntos = (idTipoDocumento: number | null) =>
  queryOptions({
    queryKey: ['assuntos', { idTipoDocumento }],
    queryFn: ({ signal }) =>
      api.get<Assunto[]>('assuntos', { params: { idTipoDocumento: idTipoDocumento ?? undefined }, signal }),
  });

/** GET procedencias/usuarios-lotados?idsUnidades=: employees of the origin unit (logged-in users only). */
export const consultaServidoresLotados = (idUnidade: number | null, habilitado: boolean) =>
  queryOptions({
    queryKey: ['procedencias', 'usuarios-lotados', idUnidade],
    queryFn: ({ signal }) =>
      api.get<ServidorProcedencia[]>('procedencias/usuarios-lotados', { params: { idsUnidades: idUnidade }, signal }),
    enabled: habilitado && idUnidade !== null,
  });

/** GET propriedades/hipoteses-legais: the legal grounds of restricted access (a peça, a despacho). */
export const consultaHipotesesLegais = (habilitado = true) =>
  queryOptions({
    queryKey: ['propriedades', 'hipoteses-legais'],
    queryFn: ({ signal }) => api.get<HipoteseLegal[]>('propriedades/hipoteses-legais', { signal }),
    enabled: habilitado,
  });

export const useDocumento = (idDocumento: number | null) => useQuery(consultaDocumento(idDocumento));

/** The document of a /documentos/{documentId}/... screen (as `useDocumentoDaRota` gives it) with its data. */
export function useDocumentoDaRotaComDados() {
  const rota = useDocumentoDaRota();
  return { ...rota, documento: useDocumento(rota.idDocumento) };
}
export const useBuscaDocumentos = (filtros: FiltrosConsulta | null) => useQuery(consultaBuscaDocumentos(filtros));
export const useUnidadesProcedencia = (somenteAtivas: boolean) => useQuery(consultaUnidadesProcedencia(somenteAtivas));
export const useTiposInteressados = (idTipoDocumento?: number | null) =>
  useQuery(consultaTiposInteressados(idTipoDocumento));
export const useTiposResponsaveis = () => useQuery(consultaTiposResponsaveis());
export const useAssuntos = (idTipoDocumento: number | null) => useQuery(consultaAssuntos(idTipoDocumento));
export const useServidoresLotados = (idUnidade: number | null, habilitado: boolean) =>
  useQuery(consultaServidoresLotados(idUnidade, habilitado));
export const useHipotesesLegais = (habilitado = true) => useQuery(consultaHipotesesLegais(habilitado));

function consultaEntidade(consulta: ConsultaEntidade, extra: Record<string, string | boolean | undefined> = {}) {
  return { nome: consulta.nome, codigo: consulta.codigo, id: consulta.id, ...extra };
}

/** GET interessados/{tipo}?nome=|codigo=|id= */
export function buscarInteressados(
  tipo: string,
  consulta: ConsultaEntidade,
  signal?: AbortSignal,
  somenteAtivos?: boolean,
) {
  return api.get<Entidade[]>(`interessados/${encodeURIComponent(tipo)}`, {
    params: consultaEntidade(consulta, { somenteAtivos: consulta.id === undefined ? somenteAtivos : undefined }),
    signal,
  });
}

/** GET responsaveis-tramitacao/{tipo}?nome=|codigo=|id= */
export function buscarResponsaveis(tipo: string, consulta: ConsultaEntidade, signal?: AbortSignal) {
  return api.get<Entidade[]>(`responsaveis-tramitacao/${encodeURIComponent(tipo)}`, {
    params: consultaEntidade(consulta),
    signal,
  });
}

/** GET documentos?numeroDocumento=: a document by its number (origin of an opening, target of a split or a link). */
export function buscarDocumentoPorNumero(numeroDocumento: string) {
  return api.get<PaginaDocumentos>('documentos', { params: { numeroDocumento, pagina: 1, tamanhoPagina: 2 } });
}

/** POST documentos (new opening) or PATCH documentos/{id} (editing). */
export function useSalvarAutuacao(idDocumento: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (autuacao: Autuacao) =>
      idDocumento === null
        ? api.post<Documento>('documentos', autuacao)
        : api.patch<Documento>(`documentos/${idDocumento}`, autuacao),
    onSuccess: (documento) => {
      queryClient.setQueryData(chavesDocumentos.documento(documento.idDocumento), documento);
      void queryClient.invalidateQueries({ queryKey: ['documentos', 'busca'] });
    },
  });
}

/** POST documentos/{id}/tags with the tags as one comma-separated string (an empty string clears them). */
export function useSalvarMarcadores(idDocumento: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tags: string[]) => api.post<unknown>(`documentos/${idDocumento}/tags`, { stringTags: tags.join(',') }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chavesDocumentos.documento(idDocumento) }),
  });
}

/** POST (add) or DELETE (remove) documentos-favoritos/{id}. */
export function useAlternarFavorito(idDocumento: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (favoritar: boolean) =>
      favoritar
        ? api.post<unknown>(`documentos-favoritos/${idDocumento}`)
        : api.delete<unknown>(`documentos-favoritos/${idDocumento}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chavesDocumentos.documento(idDocumento) }),
  });
}

/** GET interessados/{id}/{tipo}/email: the interested party's e-mail, to prefill the receipt's recipient. */
export function buscarEmailInteressado(idInteressado: number, tipoInteressado: string) {
  return api.get<{ email: string | null }>(
    `interessados/${idInteressado}/${encodeURIComponent(tipoInteressado)}/email`,
  );
}

/** GET documentos/{id}/comprovante/email?destinatario=: sends the protocol receipt by e-mail. */
export function enviarComprovantePorEmail(idDocumento: number, destinatario: string) {
  return api.get<unknown>(`documentos/${idDocumento}/comprovante/email`, { params: { destinatario } });
}

/** The ids of a document's current peças (GET documentos/{id}/anexos leaves the cancelled ones out), or none. */
async function idsPecas(idDocumento: number): Promise<number[]> {
  try {
    const pecas = await api.get<{ idAnexo: number }[]>(`documentos/${idDocumento}/anexos`);
    return pecas.map((peca) => peca.idAnexo);
  } catch {
    return [];
  }
}

/** POST consolidacao/{idDocumento}/PDF with the peça ids; answers the request's uuid. */
export async function solicitarConsolidacao(idDocumento: number): Promise<string> {
  const resposta = await api.post<string | { uuid: string }>(
    `consolidacao/${idDocumento}/PDF`,
    await idsPecas(idDocumento),
  );
  return typeof resposta === 'string' ? resposta : resposta.uuid;
}
