import { type ReactNode, useState } from 'react';
import { criarCargaNoGesto } from '../lib/carga-no-gesto';
import { EntradaAutocompleteLeve } from './entrada-autocomplete-leve';

export interface SelecaoPorIdProps<T extends { id: number }> {
  id: string;
  rotulo: string;
  opcoes: readonly T[];
  /** Id of the chosen option, or null. */
  valor: number | null;
  aoMudar: (valor: number | null) => void;
  rotuloOpcao: (opcao: T) => string;
  /** Options shown but not selectable (e.g. subjects that cannot be assigned). */
  opcaoDesabilitada?: (opcao: T) => boolean;
  carregando?: boolean;
  desabilitado?: boolean;
  obrigatorio?: boolean;
  erro?: boolean;
  textoAjuda?: ReactNode;
  testId?: string;
  /** Takes the focus as it mounts (it replaces a light stand-in that had it). */
  focar?: boolean;
}

// MUI's Autocomplete (with its Popper) loads at the user's first gesture on the page, or as the field takes the focus,
// not with the first screen (issues 11 and 23). Until then the field is its read-only stand-in, of the same look.
const cargaCompleta = criarCargaNoGesto(async () => (await import('./SelecaoPorIdCompleta')).SelecaoPorIdCompleta);

/** A list of entities with an id, filtered as the user types; keyboard-accessible (MUI Autocomplete). */
export function SelecaoPorIdLeve<T extends { id: number }>(props: SelecaoPorIdProps<T>) {
  const Completa = cargaCompleta.useModulo();
  const [focado, setFocado] = useState(false);
  if (Completa) return <Completa {...props} focar={focado} />;
  const escolhida = props.opcoes.find((opcao) => opcao.id === props.valor);
  return (
    <EntradaAutocompleteLeve
      {...props}
      texto={escolhida ? props.rotuloOpcao(escolhida) : ''}
      aoFocar={(foco) => {
        setFocado(foco);
        if (foco) void cargaCompleta.carregar();
      }}
    />
  );
}
