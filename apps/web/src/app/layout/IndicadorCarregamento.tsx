import { Box, Paper, Typography } from '@mui/material';
import { BarraProgresso } from '../../components/feedback/BarraProgresso';
import { useTitulosCarregamento } from '../../components/feedback/contexto-carregamento';

/** The global loading indicator: visible while the stack of titles is not empty, showing the top title. */
export function IndicadorCarregamento() {
  const titulos = useTitulosCarregamento();
  const topo = titulos.at(-1);
  if (topo === undefined) return null;
  return (
    <Box
      data-testid="carregamento-global"
      role="status"
      aria-live="polite"
      sx={{
        position: 'absolute',
        top: '100%',
        left: 0,
        right: 0,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        pointerEvents: 'none',
      }}
    >
      <BarraProgresso rotulo={topo} sx={{ alignSelf: 'stretch' }} />
      <Paper elevation={3} sx={{ mt: 1, px: 2, py: 0.75, borderRadius: 4, maxWidth: '90vw' }}>
        <Typography variant="body2" data-testid="carregamento-titulo" noWrap>
          {topo}…
        </Typography>
      </Paper>
    </Box>
  );
}
