import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VerificacaoDocumento } from '@tramite/shared';
import { api, ErroHttp } from '../../lib/api';

/** GET verificacao/{codigo} (public). A 404 is an answer here (the code is unknown), not a failure to retry. */
export const consultaVerificacao = (codigo: string | null) =>
  queryOptions({
    queryKey: ['verificacao', codigo],
    queryFn: ({ signal }) =>
      api.get<VerificacaoDocumento>(`verificacao/${encodeURIComponent(codigo ?? '')}`, { signal }),
    enabled: codigo !== null,
  });

export const useVerificacao = (codigo: string | null) => useQuery(consultaVerificacao(codigo));

export const codigoNaoEncontrado = (erro: unknown) => erro instanceof ErroHttp && erro.status === 404;
