import { estadoPrazo } from '@tramite/shared';
import { hojeNoNavegador, useCalendario } from '../lib/calendario';
import { SeloEstadoPrazo } from './SeloEstadoPrazo';

export interface SeloPrazoProps {
  /** The deadline as YYYY-MM-DD, or null when there is none. */
  prazo: string | null;
  /** Only the state's words (the date stays in the tooltip and for screen readers): for tables and cards. */
  compacto?: boolean;
}

/**
 * A deadline's state counted in business days from today (the browser's clock) on the institution's calendar. While
 * the calendar loads, only the date is shown, never a guessed state.
 */
export function SeloPrazo({ prazo, compacto = false }: SeloPrazoProps) {
  const calendario = useCalendario();
  const estado = prazo !== null && calendario !== null ? estadoPrazo(prazo, hojeNoNavegador(), calendario) : null;
  return <SeloEstadoPrazo prazo={prazo} estado={estado} compacto={compacto} />;
}
