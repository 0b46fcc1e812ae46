import AccessAlarmOutlined from '@mui/icons-material/AccessAlarmOutlined';
import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import { Box, Chip, type SxProps, type Theme } from '@mui/material';
import { type EstadoPrazo, rotuloEstadoPrazo, type SituacaoPrazo } from '@tramite/shared';
import type { ReactElement } from 'react';
import { formatarData } from '../lib/formatacao';
import { OCULTO_VISUALMENTE } from './oculto-visualmente';

/**
 * Each state differs by its words, its icon and its fill (outlined, light, dark), never by colour alone; the hues are
 * blue, amber and dark red, told apart by the common forms of colour blindness, each with text contrast above 4.5:1.
 */
const APARENCIA: Record<Exclude<SituacaoPrazo, 'SEM_PRAZO'>, { icone: ReactElement; sx: SxProps<Theme> }> = {
  NO_PRAZO: {
    icone: <EventAvailableOutlined />,
    sx: { color: '#0d3b73', borderColor: '#0d3b73', bgcolor: 'transparent', '& .MuiChip-icon': { color: 'inherit' } },
  },
  VENCE_HOJE: {
    icone: <AccessAlarmOutlined />,
    sx: { color: '#5c3300', borderColor: '#9a5b00', bgcolor: '#fff1d6', '& .MuiChip-icon': { color: 'inherit' } },
  },
  VENCIDO: {
    icone: <EventBusyOutlined />,
    sx: {
      color: '#ffffff',
      borderColor: '#9b1c1c',
      bgcolor: '#9b1c1c',
      fontWeight: 600,
      '& .MuiChip-icon': { color: 'inherit' },
    },
  },
};

export interface SeloEstadoPrazoProps {
  /** The deadline as YYYY-MM-DD, or null when there is none. */
  prazo: string | null;
  /** Its state today; null while unknown (the calendar is loading): then only the date is shown, never a guess. */
  estado: EstadoPrazo | null;
  /** Only the state's words (the date stays in the tooltip and for screen readers): for tables and cards. */
  compacto?: boolean;
}

/**
 * A deadline's state ("Vence em 3 dias úteis", "Vencido há 2 dias úteis") as already computed: by the server for the
 * postal box's rows (so the first screen loads no calendar), by SeloPrazo elsewhere.
 */
export function SeloEstadoPrazo({ prazo, estado, compacto = false }: SeloEstadoPrazoProps) {
  if (prazo === null) {
    return (
      <Chip size="small" variant="outlined" label="Sem prazo" sx={{ color: 'text.secondary', borderStyle: 'dashed' }} />
    );
  }
  const data = formatarData(prazo);
  if (estado === null) {
    return (
      <Chip
        size="small"
        variant="outlined"
        icon={<EventOutlined />}
        label={`Prazo: ${data}`}
        title={`Prazo: ${data}`}
      />
    );
  }
  const rotulo = rotuloEstadoPrazo(estado);
  const aparencia = APARENCIA[estado.situacao as Exclude<SituacaoPrazo, 'SEM_PRAZO'>];
  return (
    <Chip
      size="small"
      variant="outlined"
      icon={aparencia.icone}
      title={`Prazo: ${data} — ${rotulo}`}
      sx={aparencia.sx}
      label={
        compacto ? (
          <>
            {rotulo}
            <Box component="span" sx={OCULTO_VISUALMENTE}>
              {` (prazo: ${data})`}
            </Box>
          </>
        ) : (
          `${rotulo} (prazo: ${data})`
        )
      }
    />
  );
}
