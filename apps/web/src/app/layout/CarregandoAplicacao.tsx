import { Box, CircularProgress, Typography } from '@mui/material';

/** First paint, while the session is loaded before the first screen. */
export function CarregandoAplicacao() {
  return (
    <Box
      component="main"
      role="status"
      aria-live="polite"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
      }}
    >
      <CircularProgress aria-label="Carregando" />
      <Typography color="text.secondary">Carregando o Trâmite…</Typography>
    </Box>
  );
}
