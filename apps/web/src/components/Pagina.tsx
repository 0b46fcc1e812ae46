import { Box, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTituloDocumento } from '../lib/titulo-documento';

/** Id of every page's h1: the layout moves the focus there after a navigation. */
export const ID_TITULO_PAGINA = 'titulo-pagina';

interface PaginaProps {
  /** The page's only h1, also used for the browser tab title. */
  titulo: string;
  /** Tab title when it should differ from the h1. */
  tituloDocumento?: string;
  /** Short text under the h1. */
  descricao?: ReactNode;
  /** Buttons on the right of the title. */
  acoes?: ReactNode;
  children?: ReactNode;
}

/** Frame of every screen: one h1, the tab title, then the content. */
export function Pagina({ titulo, tituloDocumento, descricao, acoes, children }: PaginaProps) {
  useTituloDocumento(tituloDocumento ?? titulo);
  return (
    <Box component="article" aria-labelledby={ID_TITULO_PAGINA}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 3, justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'center' } }}
      >
        <Box>
          <Typography
            id={ID_TITULO_PAGINA}
            component="h1"
            variant="h4"
            tabIndex={-1}
            sx={{ outline: 'none', overflowWrap: 'anywhere' }}
          >
            {titulo}
          </Typography>
          {descricao ? (
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {descricao}
            </Typography>
          ) : null}
        </Box>
        {acoes ? (
          <Stack direction="row" spacing={1}>
            {acoes}
          </Stack>
        ) : null}
      </Stack>
      {children}
    </Box>
  );
}
