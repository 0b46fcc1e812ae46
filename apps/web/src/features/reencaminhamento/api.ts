import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Destino,
  Documento,
  DocumentoResumo,
  Fluxo,
  PaginaCaixaPostal,
  Reencaminhar,
  Tramitacao,
  Unidade,
} from '@tramite/shared';
import { compararDescricao } from '@tramite/shared';
import { api } from '../../lib/api';
import { chavesDocumentos } from '../documentos/api';

const CHAVE = ['reencaminhamento'] as const;

/** A search of the wizard's first step: the unit and, optionally, part of a document number. */
export interface BuscaReencaminhamento {
  idUnidade: number;
  numeroDocumento: string;
  pagina: number;
  tamanhoPagina: number;
}

/** GET reencaminhamento/unidades: units (active or not) with documents pending or held. */
export const consultaUnidadesReencaminhamento = () =>
  queryOptions({
    queryKey: [...CHAVE, 'unidades'],
    queryFn: ({ signal }) => api.get<Unidade[]>('reencaminhamento/unidades', { signal }),
  });

export const useUnidadesReencaminhamento = () => useQuery(consultaUnidadesReencaminhamento());

/** GET reencaminhamento/unidades/{id}/caixa-postal?numeroDocumento=: the unit's box, paginated. */
export const consultaCaixaUnidade = (busca: BuscaReencaminhamento | null) =>
  queryOptions({
    queryKey: [...CHAVE, 'caixa-postal', busca],
    queryFn: ({ signal }) =>
      api.get<PaginaCaixaPostal>(`reencaminhamento/unidades/${busca?.idUnidade}/caixa-postal`, {
        params: { numeroDocumento: busca?.numeroDocumento, pagina: busca?.pagina, tamanhoPagina: busca?.tamanhoPagina },
        signal,
      }),
    enabled: busca !== null,
    placeholderData: keepPreviousData,
  });

export const useCaixaUnidade = (busca: BuscaReencaminhamento | null) => useQuery(consultaCaixaUnidade(busca));

/**
 * The unit whose box holds the document with this number (a search by number alone): the destination it waits to
 * be received in, else the unit that holds it. Null when no document has that number.
 */
export async function unidadeDoDocumento(numeroDocumento: string): Promise<number | null> {
  const { itens } = await api.get<{ itens: DocumentoResumo[] }>('documentos', {
    params: { numeroDocumento, pagina: 1, tamanhoPagina: 1 },
  });
  const encontrado = itens[0];
  if (!encontrado) return null;
  const documento = await api.get<Documento>(`documentos/${encontrado.idDocumento}`);
  return documento.destino?.id ?? documento.unidadeAtual.id;
}

/** GET reencaminhamento/documento/{id}/fluxos: the steps valid for the unit holding (or about to receive) it. */
export const consultaFluxosReencaminhamento = (idDocumento: number | null) =>
  queryOptions({
    queryKey: [...CHAVE, 'documento', idDocumento, 'fluxos'],
    queryFn: async ({ signal }) =>
      (await api.get<Fluxo[]>(`reencaminhamento/documento/${idDocumento}/fluxos`, { signal })).toSorted(
        compararDescricao,
      ),
    enabled: idDocumento !== null,
  });

export const useFluxosReencaminhamento = (idDocumento: number | null) =>
  useQuery(consultaFluxosReencaminhamento(idDocumento));

/** GET reencaminhamento/documento/{id}/fluxos/{idFluxo}/destinos?idPasso=: from the unit holding the document. */
export const consultaDestinosReencaminhamento = (
  idDocumento: number | null,
  idFluxo: number | null,
  idPasso: number | null,
) =>
  queryOptions({
    queryKey: [...CHAVE, 'documento', idDocumento, 'fluxos', idFluxo, 'destinos', idPasso],
    queryFn: ({ signal }) =>
      api.get<Destino[]>(`reencaminhamento/documento/${idDocumento}/fluxos/${idFluxo}/destinos`, {
        params: { idPasso },
        signal,
      }),
    enabled: idDocumento !== null && idFluxo !== null && idPasso !== null,
  });

/**
 * POST reencaminhamento/documento/{id}/tramitacoes: forwards in the name of the unit holding the document; one still
 * waiting there is received in its name in the same transaction.
 */
export function useReencaminhar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idDocumento, envio }: { idDocumento: number; envio: Reencaminhar }) =>
      api.post<Tramitacao>(`reencaminhamento/documento/${idDocumento}/tramitacoes`, envio),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: CHAVE }),
        queryClient.invalidateQueries({ queryKey: chavesDocumentos.todos }),
      ]),
  });
}
