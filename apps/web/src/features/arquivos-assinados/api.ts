import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ArquivoAssinado, Assinante, FiltrosArquivosAssinados, TipoAssinatura } from '@tramite/shared';
import { api } from '../../lib/api';
import { enviarArquivo, type ProgressoEnvio } from '../../lib/envio-arquivo';

export const chavesAssinados = {
  todos: ['arquivos-assinados'] as const,
  lista: (filtros: FiltrosArquivosAssinados) => ['arquivos-assinados', 'lista', filtros] as const,
};

/** GET arquivos-assinados/tipos-assinatura. */
export const consultaTiposAssinatura = () =>
  queryOptions({
    queryKey: ['arquivos-assinados', 'tipos'],
    queryFn: ({ signal }) => api.get<TipoAssinatura[]>('arquivos-assinados/tipos-assinatura', { signal }),
  });

/** GET arquivos-assinados/assinante: the caller's name and SIAPE number, to prefill the form. */
export const consultaAssinante = () =>
  queryOptions({
    queryKey: ['arquivos-assinados', 'assinante'],
    queryFn: ({ signal }) => api.get<Assinante>('arquivos-assinados/assinante', { signal }),
  });

/** GET arquivos-assinados/ with the screen's filters (at most 50 answers). */
export const consultaArquivosAssinados = (filtros: FiltrosArquivosAssinados) =>
  queryOptions({
    queryKey: chavesAssinados.lista(filtros),
    queryFn: ({ signal }) => api.get<ArquivoAssinado[]>('arquivos-assinados', { params: { ...filtros }, signal }),
  });

export const useTiposAssinatura = () => useQuery(consultaTiposAssinatura());
export const useAssinante = () => useQuery(consultaAssinante());
export const useArquivosAssinados = (filtros: FiltrosArquivosAssinados) => useQuery(consultaArquivosAssinados(filtros));

export interface CamposAssinatura {
  idTipoAssinatura: number;
  tipoAssinatura: string;
  matrSiape: string;
}

/** POST arquivos-assinados/ with one file (one request per file, so each file has its own outcome). */
export function assinarArquivo(
  arquivo: File,
  campos: CamposAssinatura,
  aoProgredir: (progresso: ProgressoEnvio) => void,
) {
  const formulario = new FormData();
  formulario.append('idTipoAssinatura', String(campos.idTipoAssinatura));
  formulario.append('tipoAssinatura', campos.tipoAssinatura);
  formulario.append('matrSiape', campos.matrSiape);
  // The fields go first, so the server knows them before the bytes arrive.
  formulario.append('arquivo', arquivo, arquivo.name);
  return enviarArquivo<ArquivoAssinado[]>('arquivos-assinados', formulario, { aoProgredir });
}

/** GET arquivos-assinados/{id}: the signed PDF (or the original) as a Blob. */
export function baixarArquivoAssinado(arquivo: ArquivoAssinado, tipoArquivo: 'assinado' | 'original' = 'assinado') {
  return api.binario(`arquivos-assinados/${arquivo.idArquivoAssinado}`, { params: { tipoArquivo } });
}

export function excluirArquivoAssinado(arquivo: ArquivoAssinado) {
  return api.delete(`arquivos-assinados/${arquivo.idArquivoAssinado}`);
}

export function vincularArquivoAssinado(arquivo: ArquivoAssinado, idDocumento: number) {
  return api.post<ArquivoAssinado>(`arquivos-assinados/${arquivo.idArquivoAssinado}/vincular-documento/${idDocumento}`);
}
