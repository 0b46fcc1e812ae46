import { createContext, useContext } from 'react';

/** The snackbar is hidden and shown again after this delay when a new message arrives (spec §4, §9). */
export const ATRASO_REEXIBICAO_SNACKBAR_MS = 250;

export type TipoSnackbar = 'error' | 'success';

export interface ContextoSnackbar {
  /** Hides the current message (if any) and shows this one 250 ms later. */
  mostrar: (mensagem: string, tipo: TipoSnackbar) => void;
  /** Shorthands for `mostrar(mensagem, 'success' | 'error')`. */
  sucesso: (mensagem: string) => void;
  erro: (mensagem: string) => void;
  fechar: () => void;
}

export const SnackbarContext = createContext<ContextoSnackbar | null>(null);

export function useSnackbar(): ContextoSnackbar {
  const contexto = useContext(SnackbarContext);
  if (!contexto) throw new Error('useSnackbar precisa de um SnackbarProvider');
  return contexto;
}
