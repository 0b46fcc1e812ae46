import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A description list of a record's data: labels in a column beside the values (one under the other when narrow). */
export function ListaDados({ children }: { children: ReactNode }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(180px, max-content) 1fr' },
        columnGap: 3,
        rowGap: { xs: 0.5, sm: 1.5 },
        m: 0,
      }}
    >
      {children}
    </Box>
  );
}

/** One label and its value in a `ListaDados`; left out when the value is empty. */
export function ItemDados({ rotulo, children, testId }: { rotulo: string; children: ReactNode; testId?: string }) {
  if (children === null || children === undefined || children === '') return null;
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
        {rotulo}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }} data-testid={testId}>
        {children}
      </Typography>
    </>
  );
}
