import { Alert, Button } from '@mui/material';
import { MENSAGENS_GERAL } from '@tramite/shared';
import { Link as RouterLink } from 'react-router';
import { Pagina } from '../../components/Pagina';

const MENSAGEM_SEM_PERMISSAO = MENSAGENS_GERAL.semPermissaoPagina;

/** Shown instead of a screen whose permission the user lacks (the server refuses its calls anyway). */
export function SemPermissao() {
  return (
    <Pagina titulo="Acesso negado">
      <Alert severity="warning" data-testid="sem-permissao" sx={{ mb: 3 }}>
        {MENSAGEM_SEM_PERMISSAO}. Se precisar dela, peça a um administrador do sistema: ele concede permissões em
        Administração › Usuários.
      </Alert>
      <Button component={RouterLink} to="/home" variant="contained">
        Ir para o início
      </Button>
    </Pagina>
  );
}
