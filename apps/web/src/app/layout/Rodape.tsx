import { Box, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { NOME_INSTITUICAO, VERSAO_PRODUTO } from '../config';

export function Rodape() {
  return (
    <Box
      component="footer"
      sx={{
        mt: 'auto',
        px: { xs: 2, md: 4 },
        py: 2,
        borderTop: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        display: 'flex',
        flexWrap: 'wrap',
        gap: 2,
        justifyContent: 'space-between',
      }}
    >
      <Typography variant="body2" color="text.secondary">
        {NOME_INSTITUICAO} · Trâmite — Protocolo Eletrônico ·{' '}
        <span data-testid="versao-produto">versão {VERSAO_PRODUTO}</span>
      </Typography>
      <Link component={RouterLink} to="/ajuda" variant="body2">
        Ajuda
      </Link>
    </Box>
  );
}
