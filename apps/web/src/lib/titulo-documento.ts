import { useEffect } from 'react';

export const NOME_PRODUTO = 'Trâmite';

/** Sets the browser tab title as "<Título> — Trâmite". */
export function useTituloDocumento(titulo: string | undefined): void {
  useEffect(() => {
    document.title = titulo ? `${titulo} — ${NOME_PRODUTO}` : `${NOME_PRODUTO} — Protocolo Eletrônico`;
  }, [titulo]);
}
