import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ResultadoConteudoDocumento } from '@tramite/shared';
import { api } from '../../lib/api';

export const chavesConteudo = {
  documento: (idDocumento: number, texto: string) => ['documentos', idDocumento, 'pecas', 'conteudo', texto] as const,
};

/** GET documentos/{id}/pecas/conteudo?texto=: the pages of the peças the caller may see that contain the text. */
export const consultaConteudoDocumento = (idDocumento: number, texto: string | null) =>
  queryOptions({
    queryKey: chavesConteudo.documento(idDocumento, texto ?? ''),
    queryFn: ({ signal }) =>
      api.get<ResultadoConteudoDocumento>(`documentos/${idDocumento}/pecas/conteudo`, { params: { texto }, signal }),
    enabled: texto !== null,
    // The previous answer stays on screen while the next one loads: the list does not collapse and jump.
    placeholderData: keepPreviousData,
  });

export const useConteudoDocumento = (idDocumento: number, texto: string | null) =>
  useQuery(consultaConteudoDocumento(idDocumento, texto));
