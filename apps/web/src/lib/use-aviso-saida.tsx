import { lazy, type ReactNode, useCallback, useEffect, useRef } from 'react';
import { type BlockerFunction, useBlocker } from 'react-router';
import { SobDemanda } from '../components/SobDemanda';

// Loaded when first needed (issue 23): the forms that warn show no dialog at first.
const DialogoConfirmacao = lazy(async () => ({
  default: (await import('../components/DialogoConfirmacao')).DialogoConfirmacao,
}));

/**
 * Work that would be lost without warning (issue 19, item 10): while `alterado`, leaving the screen asks first. A
 * navigation inside the app (a link, the menu, the browser's Back) opens "Sair sem salvar?", saying what is lost
 * (`perda`), with "Continuar editando" and "Sair"; closing the tab or reloading gets the browser's own question
 * (`beforeunload`). A change of the query string only (a wizard's step) is not leaving.
 *
 * Render `dialogo`; call `liberar()` just before a navigation that follows a successful save or send, which must not
 * ask.
 */
export function useAvisoSaida(alterado: boolean, perda: string): { dialogo: ReactNode; liberar: () => void } {
  const liberado = useRef(false);
  const deveBloquear = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      alterado && !liberado.current && currentLocation.pathname !== nextLocation.pathname,
    [alterado],
  );
  const blocker = useBlocker(deveBloquear);

  useEffect(() => {
    if (!alterado) return;
    const perguntar = (evento: BeforeUnloadEvent) => {
      if (liberado.current) return;
      evento.preventDefault();
      // Older Chromium needs returnValue set to show the question.
      evento.returnValue = '';
    };
    window.addEventListener('beforeunload', perguntar);
    return () => window.removeEventListener('beforeunload', perguntar);
  }, [alterado]);

  const bloqueado = blocker.state === 'blocked';
  const dialogo = (
    <SobDemanda aberto={bloqueado}>
      <DialogoConfirmacao
        aberto={bloqueado}
        titulo="Sair sem salvar?"
        rotuloConfirmar="Sair"
        rotuloCancelar="Continuar editando"
        aoCancelar={() => blocker.reset?.()}
        aoConfirmar={() => blocker.proceed?.()}
      >
        {perda}
      </DialogoConfirmacao>
    </SobDemanda>
  );
  const liberar = () => {
    liberado.current = true;
  };
  return { dialogo, liberar };
}
