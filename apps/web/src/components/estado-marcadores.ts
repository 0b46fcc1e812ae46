import { separarMarcadores } from '@tramite/shared';
import { useState } from 'react';

/** Typed text may hold several tags separated by commas; blanks and repeats are dropped (shared rule). */
export function normalizarMarcadores(marcadores: readonly string[]): string[] {
  return separarMarcadores(marcadores.join(','));
}

/**
 * The tags chosen so far and the one being typed, for the tag fields (CampoMarcadores and its light stand-in, which
 * share it: what is typed before the full field loads is kept).
 */
export function useMarcadores(iniciais: string[]) {
  const [valor, setValor] = useState<string[]>(iniciais);
  const [texto, setTexto] = useState('');
  return {
    valor,
    texto,
    setValor: (novos: readonly string[]) => setValor(normalizarMarcadores(novos)),
    /** The text typed so far: a comma closes a tag. */
    digitar(novo: string) {
      if (novo.endsWith(',')) {
        setValor(normalizarMarcadores([...valor, novo]));
        setTexto('');
      } else {
        setTexto(novo);
      }
    },
    /** Takes in the tag still being typed and answers the whole list, as it will be saved. */
    concluir(): string[] {
      const todos = normalizarMarcadores([...valor, texto]);
      setValor(todos);
      setTexto('');
      return todos;
    },
  };
}

export type EstadoMarcadores = ReturnType<typeof useMarcadores>;

export interface CampoMarcadoresProps {
  estado: EstadoMarcadores;
  id: string;
  helperText: string;
  disabled?: boolean;
  autoFocus?: boolean;
}
