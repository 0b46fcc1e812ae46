import { QueryClient, type QueryKey, type QueryObserverOptions } from '@tanstack/react-query';
import { ErroHttp } from '../lib/api';

/** Client errors (4xx) are answers, not glitches: only network failures and 5xx are retried, once. */
function deveRepetir(tentativas: number, erro: unknown): boolean {
  if (erro instanceof ErroHttp && erro.status >= 400 && erro.status < 500) return false;
  return tentativas < 1;
}

const UMA_HORA = 60 * 60 * 1000;

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: deveRepetir, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

/**
 * Freshness and retries by family of data (the first words of the query key), kept here so that every screen
 * reading the same data treats it alike and the query definitions in the features' api.ts carry none. When
 * families overlap, the later entry wins.
 */
const PADROES_POR_FAMILIA: [QueryKey, Pick<QueryObserverOptions, 'staleTime' | 'retry'>][] = [
  // Tables only an administrator changes, and whose changes the same screen invalidates.
  [['tipos-documentos'], { staleTime: UMA_HORA }],
  [['assuntos'], { staleTime: UMA_HORA }],
  [['procedencias'], { staleTime: UMA_HORA }],
  [['propriedades'], { staleTime: UMA_HORA }],
  [['relatorios'], { staleTime: UMA_HORA }],
  // Names searched while typing: a minute avoids asking again on every keystroke back and forth.
  [['interessados'], { staleTime: 60_000 }],
  [['interessados', 'tipos'], { staleTime: UMA_HORA }],
  [['responsaveis-tramitacao'], { staleTime: 60_000 }],
  [['responsaveis-tramitacao', 'tipos'], { staleTime: UMA_HORA }],
  [['mensagens'], { staleTime: 5 * 60_000 }],
  // A document and what hangs from it change with every action, by anyone: always read again, and a failure is
  // shown at once (the screen offers to try again) rather than after a silent second attempt.
  [['documentos'], { staleTime: 0, retry: false }],
  [['documentos', 'busca'], { retry: deveRepetir }],
  [['documentos-favoritos'], { staleTime: 0 }],
  [['reencaminhamento'], { staleTime: 0 }],
  // A postal-box search cut by its time limit reports it (spec §8) instead of waiting as long again.
  [['caixa-postal'], { staleTime: 0, retry: false }],
  [['arquivos-assinados'], { staleTime: 0, retry: false }],
  [['arquivos-assinados', 'tipos'], { staleTime: UMA_HORA }],
  [['arquivos-assinados', 'assinante'], { staleTime: UMA_HORA }],
  // A public page read from a printed code: an unknown code (4xx) or a lost connection is an answer to show;
  // only the server's own failures are tried twice more.
  [
    ['verificacao'],
    { staleTime: 0, retry: (falhas, erro) => !(erro instanceof ErroHttp && erro.status < 500) && falhas < 2 },
  ],
];
for (const [chave, padroes] of PADROES_POR_FAMILIA) queryClient.setQueryDefaults(chave, padroes);
