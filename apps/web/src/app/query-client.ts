import { QueryClient } from '@tanstack/react-query';
import { ErroHttp } from '../lib/api';

/** Client errors (4xx) are answers, not glitches: only network failures and 5xx are retried, once. */
function deveRepetir(tentativas: number, erro: unknown): boolean {
  if (erro instanceof ErroHttp && erro.status >= 400 && erro.status < 500) return false;
  return tentativas < 1;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: deveRepetir, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
