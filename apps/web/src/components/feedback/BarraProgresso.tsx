import { keyframes } from '@emotion/react';
import { Box, type SxProps, type Theme } from '@mui/material';

const deslizar = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;

/**
 * An indeterminate progress bar (what is loading has no known size), drawn here: MUI's LinearProgress (2 KB
 * compressed, with its transitions) stays off the first screens (issue 23). Same height, colours and role.
 */
export function BarraProgresso({ rotulo, sx }: { rotulo: string; sx?: SxProps<Theme> }) {
  return (
    <Box
      role="progressbar"
      aria-label={rotulo}
      sx={[
        { height: 4, overflow: 'hidden', bgcolor: 'primary.light', position: 'relative' },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <Box
        sx={{
          position: 'absolute',
          inset: 0,
          width: '40%',
          bgcolor: 'primary.main',
          animation: `${deslizar} 1.4s ease-in-out infinite`,
          '@media (prefers-reduced-motion: reduce)': { animation: 'none', width: '100%' },
        }}
      />
    </Box>
  );
}
