import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlterarPecaEntrada, CancelarPecaEntrada, NivelAcesso, Peca, TipoCopia } from '@tramite/shared';
import { api } from '../../lib/api';
import { enviarArquivo, type ProgressoEnvio } from '../../lib/envio-arquivo';
import { chavesDocumentos } from '../documentos/api';

export const chavesPecas = {
  pecas: (idDocumento: number) => ['documentos', idDocumento, 'pecas'] as const,
};

/** GET documentos/{id}/pecas: the peças table, as the caller may see it. */
export const consultaPecas = (idDocumento: number | null) =>
  queryOptions({
    queryKey: chavesPecas.pecas(idDocumento ?? 0),
    queryFn: ({ signal }) => api.get<Peca[]>(`documentos/${idDocumento}/pecas`, { signal }),
    enabled: idDocumento !== null,
  });

export const usePecas = (idDocumento: number | null) => useQuery(consultaPecas(idDocumento));

function useInvalidarPecas(idDocumento: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: chavesPecas.pecas(idDocumento) });
}

/** PATCH documentos/{id}/pecas/{idAcessoAnexo}: the peça's data (with a justification) or its sequence number. */
export function useAlterarPeca(idDocumento: number) {
  const invalidar = useInvalidarPecas(idDocumento);
  return useMutation({
    mutationFn: ({ peca, corpo }: { peca: Peca; corpo: AlterarPecaEntrada }) =>
      api.patch<Peca>(`documentos/${idDocumento}/pecas/${peca.idAcessoAnexo}`, corpo),
    onSettled: invalidar,
  });
}

/** PATCH documentos/{id}/pecas/{idAcessoAnexo}/cancelar. */
export function useCancelarPeca(idDocumento: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ peca, corpo }: { peca: Peca; corpo: CancelarPecaEntrada }) =>
      api.patch<Peca>(`documentos/${idDocumento}/pecas/${peca.idAcessoAnexo}/cancelar`, corpo),
    // A desmembrada peça lands in another document: its list changes too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: chavesDocumentos.todos }),
  });
}

/** DELETE documentos/{id}/anexos/{idAnexo}. */
export function useExcluirPeca(idDocumento: number) {
  const invalidar = useInvalidarPecas(idDocumento);
  return useMutation({
    mutationFn: (peca: Peca) => api.delete(`documentos/${idDocumento}/anexos/${peca.idAnexo}`),
    onSettled: invalidar,
  });
}

/** GET documentos/{id}/anexos/{idAnexo}/binario: the file, as a Blob with its name. */
export function baixarArquivo(peca: Peca) {
  return api.binario(`documentos/${peca.idDocumento}/anexos/${peca.idAnexo}/binario`);
}

/** The address that opens the file in the browser (pdf, images) or downloads it (`#page=N` opens a PDF at a page). */
export function urlArquivo(peca: Pick<Peca, 'idDocumento' | 'idAnexo'>): string {
  return `/api/documentos/${peca.idDocumento}/anexos/${peca.idAnexo}/binario`;
}

export interface CamposArquivo {
  tipoCopia: TipoCopia;
  nivelAcesso: NivelAcesso;
  idHipoteseLegal: number | null;
  descricao: string;
  /** Issue 24: the peça's document type (optional; its PEN species is what the Tramita GOV.BR sends). */
  idTipoDocumento?: number | null;
}

/** POST documentos/{id}/anexos (multipart), with upload progress. */
export function enviarPeca(
  idDocumento: number,
  arquivo: File,
  campos: CamposArquivo,
  aoProgredir: (progresso: ProgressoEnvio) => void,
  signal?: AbortSignal,
) {
  const formulario = new FormData();
  formulario.append('tipoCopia', campos.tipoCopia);
  formulario.append('nivelAcesso', campos.nivelAcesso);
  if (campos.idHipoteseLegal !== null) formulario.append('idHipoteseLegal', String(campos.idHipoteseLegal));
  if (campos.descricao.trim()) formulario.append('descricao', campos.descricao.trim());
  if (campos.idTipoDocumento != null) formulario.append('idTipoDocumento', String(campos.idTipoDocumento));
  // The fields go first, so the server knows them before the bytes arrive.
  formulario.append('arquivo', arquivo, arquivo.name);
  return enviarArquivo<Peca>(`documentos/${idDocumento}/anexos`, formulario, { aoProgredir, signal });
}
