import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import LoginOutlined from '@mui/icons-material/LoginOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import { AppBar, Box, Button, IconButton, Link, Toolbar, Typography } from '@mui/material';
import { MENSAGENS_GERAL, type Usuario } from '@tramite/shared';
import { type ReactNode, useEffect, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { useCarregamento } from '../../components/feedback/contexto-carregamento';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { sair, urlLogin } from '../../lib/sessao';
import { BuscaRapidaNup } from './BuscaRapidaNup';
import { SeletorUnidade } from './SeletorUnidade';

const MENSAGEM_ERRO_SAIR = MENSAGENS_GERAL.erroSair;

interface BarraSuperiorProps {
  usuario: Usuario | null;
  /** Shown on small screens, where the menu is a drawer. */
  botaoMenu: boolean;
  menuAberto: boolean;
  aoAbrirMenu: () => void;
  /** Rendered at the bottom of the header (the loading indicator). */
  children?: ReactNode;
}

export function BarraSuperior({ usuario, botaoMenu, menuAberto, aoAbrirMenu, children }: BarraSuperiorProps) {
  const { pathname, search } = useLocation();
  const { executar } = useCarregamento();
  const snackbar = useSnackbar();
  const [buscaAberta, setBuscaAberta] = useState(false);
  // The narrow screen's search row closes once it has taken the user somewhere.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new page, the dependency is the trigger
  useEffect(() => setBuscaAberta(false), [pathname]);

  async function aoSair() {
    try {
      await executar('Saindo do sistema', sair);
    } catch {
      snackbar.erro(MENSAGEM_ERRO_SAIR);
    }
  }

  return (
    <AppBar position="sticky" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: 1 }}>
        {botaoMenu ? (
          <IconButton
            edge="start"
            color="inherit"
            aria-label="Abrir menu"
            aria-controls="menu-principal"
            aria-expanded={menuAberto}
            onClick={aoAbrirMenu}
          >
            <MenuIcon />
          </IconButton>
        ) : null}
        <Link
          component={RouterLink}
          to="/home"
          color="inherit"
          underline="none"
          aria-label="Trâmite, página inicial"
          sx={{ display: 'flex', alignItems: 'baseline', gap: 1.5, mr: 2 }}
        >
          <Typography component="span" variant="h6" sx={{ fontWeight: 700, letterSpacing: 0.3 }}>
            Trâmite
          </Typography>
          <Typography component="span" variant="body2" sx={{ display: { xs: 'none', sm: 'inline' }, opacity: 0.9 }}>
            Protocolo Eletrônico
          </Typography>
        </Link>
        <Box sx={{ flexGrow: 1 }} />
        <Box sx={{ display: { xs: 'none', sm: 'block' }, mr: 1 }}>
          <BuscaRapidaNup />
        </Box>
        <IconButton
          color="inherit"
          aria-label="Busca rápida por número"
          aria-expanded={buscaAberta}
          aria-controls="busca-rapida-estreita"
          onClick={() => setBuscaAberta((aberta) => !aberta)}
          sx={{ display: { xs: 'inline-flex', sm: 'none' } }}
        >
          <SearchOutlined />
        </IconButton>
        {usuario ? (
          <>
            <Button
              component={RouterLink}
              to="/usuario"
              color="inherit"
              title="Configurações do usuário"
              startIcon={<AccountCircleOutlined />}
              data-testid="usuario-logado"
              aria-label={`${usuario.nome}: configurações do usuário`}
              sx={{ fontWeight: 400, minWidth: 0, '& .MuiButton-startIcon': { mr: { xs: 0, md: 1 } } }}
            >
              <Box component="span" data-testid="usuario-nome" sx={{ display: { xs: 'none', md: 'inline' } }}>
                {usuario.nome}
              </Box>
            </Button>
            <SeletorUnidade usuario={usuario} />
            <Button color="inherit" onClick={aoSair} startIcon={<LogoutOutlined />} data-testid="botao-sair">
              Sair
            </Button>
          </>
        ) : (
          <Button
            color="inherit"
            variant="outlined"
            href={urlLogin(pathname + search)}
            startIcon={<LoginOutlined />}
            data-testid="botao-entrar"
          >
            Entrar
          </Button>
        )}
      </Toolbar>
      {buscaAberta ? (
        <Box id="busca-rapida-estreita" sx={{ display: { xs: 'block', sm: 'none' }, px: 2, pb: 1 }}>
          <BuscaRapidaNup autoFocus />
        </Box>
      ) : null}
      {children}
    </AppBar>
  );
}
