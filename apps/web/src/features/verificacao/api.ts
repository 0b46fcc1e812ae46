import { useQuery } from '@tanstack/react-query';
import type { VerificacaoDocumento } from '@tramite/shared';
import { api, ErroHttp } from '../../lib/api';

/** GET verificacao/{codigo} (public). A 404 is an answer here (the code is unknown), not a failure to retry. */
export function useVerificacao(codigo: string | null) {
  return useQuery({
    queryKey: ['verificacao', codigo],
    queryFn: ({ signal }) =>
      api.get<VerificacaoDocumento>(`verificacao/${encodeURIComponent(codigo ?? '')}`, { signal }),
    enabled: codigo !== null,
    staleTime: 0,
    retry: (falhas, erro) => !(erro instanceof ErroHttp && erro.status < 500) && falhas < 2,
  });
}

export const codigoNaoEncontrado = (erro: unknown) => erro instanceof ErroHttp && erro.status === 404;
