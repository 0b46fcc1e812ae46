import { Box, Stack, Typography } from '@mui/material';
import { useId } from 'react';
import { CampoData } from './CampoData';

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
}: IntervaloDatasProps) {
  const id = useId();
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }} data-testid={testId}>
      <Typography component="legend" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {legenda}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <CampoData
          id={`${id}-inicio`}
          rotulo={rotuloInicio}
          valor={valor.inicio}
          aoMudar={(inicio) => aoMudar({ ...valor, inicio })}
          erro={erro || undefined}
          maximo={valor.fim || undefined}
        />
        <CampoData
          id={`${id}-fim`}
          rotulo={rotuloFim}
          valor={valor.fim}
          aoMudar={(fim) => aoMudar({ ...valor, fim })}
          erro={erro || undefined}
          minimo={valor.inicio || undefined}
        />
      </Stack>
    </Box>
  );
}
