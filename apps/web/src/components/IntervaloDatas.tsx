import { Box, Stack, Typography } from '@mui/material';
import { type ComponentType, useId } from 'react';
import type { CampoDataProps } from './CampoDataLeve';

export interface Intervalo {
  /** YYYY-MM-DD or '' (the API's format). */
  inicio: string;
  fim: string;
}

interface IntervaloDatasProps {
  legenda: string;
  rotuloInicio: string;
  rotuloFim: string;
  valor: Intervalo;
  aoMudar: (valor: Intervalo) => void;
  /** Marks both fields as invalid (the message itself is shown by the form). */
  erro?: boolean;
  testId?: string;
  /** The date field: CampoData on every screen, CampoDataLeve on the first screen (issue 11). */
  Campo: ComponentType<CampoDataProps>;
}

/** A start and an end date in a fieldset, each typed or picked as DD/MM/YYYY. */
export function IntervaloDatas({
  legenda,
  rotuloInicio,
  rotuloFim,
  valor,
  aoMudar,
  erro,
  testId,
  Campo,
}: IntervaloDatasProps) {
  const id = useId();
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }} data-testid={testId}>
      <Typography component="legend" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {legenda}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {(['inicio', 'fim'] as const).map((ponta) => (
          <Campo
            key={ponta}
            id={`${id}-${ponta}`}
            rotulo={ponta === 'inicio' ? rotuloInicio : rotuloFim}
            valor={valor[ponta]}
            aoMudar={(data) => aoMudar({ ...valor, [ponta]: data })}
            erro={erro || undefined}
            // Each end bounds the other: the start not after the end, the end not before the start.
            maximo={ponta === 'inicio' ? valor.fim || undefined : undefined}
            minimo={ponta === 'fim' ? valor.inicio || undefined : undefined}
          />
        ))}
      </Stack>
    </Box>
  );
}
