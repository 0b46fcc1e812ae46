import { cloneElement, type FocusEvent, type MouseEvent, type ReactElement, useEffect, useRef, useState } from 'react';
import { criarCargaNoGesto } from '../lib/carga-no-gesto';

// MUI's Tooltip brings Popper (about 11 KB compressed) to the screen that shows it: it loads at the user's first
// gesture instead (issue 23), a hover, a Tab or a touch, which is also what opens a tip.
const cargaTooltip = criarCargaNoGesto(async () => (await import('@mui/material/Tooltip')).default);

interface EventosDoFilho {
  onFocus?: (evento: FocusEvent<HTMLElement>) => void;
  onBlur?: (evento: FocusEvent<HTMLElement>) => void;
  onMouseEnter?: (evento: MouseEvent<HTMLElement>) => void;
  onMouseLeave?: (evento: MouseEvent<HTMLElement>) => void;
}

/**
 * A tip that describes its child (MUI's Tooltip with `describeChild`), for the first screens. Until Tooltip is
 * loaded the child carries the text as its `title`, which is what Tooltip itself renders while closed: the same
 * accessible description, and the browser's own tip on hover. A tip the user asked for before the module arrived
 * (the child hovered or focused) opens when it does. Tooltip renders the child anew (another parent), so the focus
 * the light child had is given to the new one. The child's own ref is not kept (none of its users has one).
 */
export function Dica({ titulo, children }: { titulo: string; children: ReactElement<EventosDoFilho> }) {
  const Tooltip = cargaTooltip.useModulo();
  const [aberta, setAberta] = useState(false);
  const leve = useRef<HTMLElement>(null);
  const filho = useRef<HTMLElement>(null);
  const focarFilho = useRef(false);
  // The render that brings Tooltip runs while the light child is still in the page: whether it has the focus.
  if (Tooltip && leve.current) {
    focarFilho.current = leve.current === document.activeElement;
    leve.current = null;
  }
  useEffect(() => {
    if (Tooltip && focarFilho.current) filho.current?.focus();
    focarFilho.current = false;
  }, [Tooltip]);
  if (Tooltip) {
    return (
      <Tooltip
        ref={filho}
        title={titulo}
        describeChild
        open={aberta}
        onOpen={() => setAberta(true)}
        onClose={() => setAberta(false)}
      >
        {children}
      </Tooltip>
    );
  }
  const proprias = children.props;
  return cloneElement(children, {
    ref: leve,
    title: titulo,
    onFocus: (evento: FocusEvent<HTMLElement>) => {
      proprias.onFocus?.(evento);
      setAberta(true);
    },
    onBlur: (evento: FocusEvent<HTMLElement>) => {
      proprias.onBlur?.(evento);
      setAberta(false);
    },
    onMouseEnter: (evento: MouseEvent<HTMLElement>) => {
      proprias.onMouseEnter?.(evento);
      setAberta(true);
    },
    onMouseLeave: (evento: MouseEvent<HTMLElement>) => {
      proprias.onMouseLeave?.(evento);
      setAberta(false);
    },
  } as Partial<EventosDoFilho> & { title: string; ref: typeof leve });
}
