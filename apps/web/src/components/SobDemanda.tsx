import { type ReactNode, Suspense, useState } from 'react';

/**
 * What appears only at the user's request (a dialog, a menu), its module loaded then (React.lazy, issue 23): mounted
 * the first time `aberto` is true and kept mounted after, so that it closes with its transition.
 */
export function SobDemanda({ aberto, children }: { aberto: boolean; children: ReactNode }) {
  const [usado, setUsado] = useState(aberto);
  if (aberto && !usado) setUsado(true);
  return usado ? <Suspense fallback={null}>{children}</Suspense> : null;
}
