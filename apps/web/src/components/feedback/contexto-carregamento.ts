import { createContext, useContext } from 'react';

export interface ContextoCarregamento {
  /** Pushes a title and returns the function that removes it (safe to call more than once). */
  empilhar: (titulo: string) => () => void;
  /** Pushes `titulo` while `tarefa` runs and removes it when the promise settles, whatever the outcome. */
  executar: <T>(titulo: string, tarefa: () => Promise<T>) => Promise<T>;
}

export const CarregamentoContext = createContext<ContextoCarregamento | null>(null);
export const TitulosCarregamentoContext = createContext<readonly string[]>([]);

/** The global loading indicator: a stack of titles shown while it is not empty (spec §2). Stable functions. */
export function useCarregamento(): ContextoCarregamento {
  const contexto = useContext(CarregamentoContext);
  if (!contexto) throw new Error('useCarregamento precisa de um CarregamentoProvider');
  return contexto;
}

/** Titles on the loading stack, oldest first (the last one is on top). */
export function useTitulosCarregamento(): readonly string[] {
  return useContext(TitulosCarregamentoContext);
}
