import { useSyncExternalStore } from 'react';

/** Real gestures only: a programmatic focus (the page title on navigation) is not the user's. */
const GESTOS = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'wheel'] as const;

/**
 * A module the first screen shows only in a light form (issue 11: at most 250 KB of JavaScript): it is downloaded
 * at the user's first gesture on the page (or at once when `carregar` is called) and `useModulo` re-renders its
 * users when it arrives. A failed download is tried again at the next gesture or call.
 */
export function criarCargaNoGesto<M>(importar: () => Promise<M>) {
  let modulo: M | null = null;
  let carregamento: Promise<void> | null = null;
  const ouvintes = new Set<() => void>();

  function carregar(): Promise<void> {
    carregamento ??= importar().then(
      (carregado) => {
        modulo = carregado;
        for (const ouvinte of ouvintes) ouvinte();
      },
      () => {
        carregamento = null;
        if (ouvintes.size > 0) escutarGestos();
      },
    );
    return carregamento;
  }

  function aoGesto(evento: Event) {
    if (!evento.isTrusted) return;
    for (const gesto of GESTOS) window.removeEventListener(gesto, aoGesto, true);
    void carregar();
  }

  function escutarGestos() {
    for (const gesto of GESTOS) window.addEventListener(gesto, aoGesto, { capture: true, passive: true });
  }

  function assinar(ouvinte: () => void) {
    ouvintes.add(ouvinte);
    if (!modulo && !carregamento) escutarGestos();
    return () => {
      ouvintes.delete(ouvinte);
    };
  }

  return {
    carregar,
    useModulo: (): M | null =>
      useSyncExternalStore(
        assinar,
        () => modulo,
        () => null,
      ),
  };
}
