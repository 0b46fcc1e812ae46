import { Alert, Box, Button, Stack } from '@mui/material';
import { isRouteErrorResponse, Link as RouterLink, useRouteError } from 'react-router';
import { Pagina } from '../../components/Pagina';

function descrever(erro: unknown): string {
  if (isRouteErrorResponse(erro)) return `O servidor respondeu com o código ${erro.status}.`;
  if (erro instanceof TypeError && /dynamically imported module|Importing a module script/i.test(erro.message)) {
    return 'Não foi possível carregar esta tela. Verifique sua conexão ou se o sistema foi atualizado e recarregue a página.';
  }
  return 'Ocorreu um erro inesperado ao exibir esta tela. Tente recarregar a página.';
}

/** Error screen inside the layout: the menu stays usable. */
export function ErroRota() {
  const erro = useRouteError();
  return (
    <Pagina titulo="Ocorreu um erro">
      <Alert severity="error" sx={{ mb: 3 }}>
        {descrever(erro)}
      </Alert>
      <Stack direction="row" spacing={2}>
        <Button variant="contained" onClick={() => window.location.reload()}>
          Recarregar página
        </Button>
        <Button component={RouterLink} to="/home">
          Ir para o início
        </Button>
      </Stack>
    </Pagina>
  );
}

/** Last resort when the layout itself fails. */
export function ErroAplicacao() {
  return (
    <Box component="main" sx={{ p: { xs: 2, md: 4 }, maxWidth: 960, mx: 'auto' }}>
      <ErroRota />
    </Box>
  );
}
