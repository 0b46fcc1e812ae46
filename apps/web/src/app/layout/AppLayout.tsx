import CloseIcon from '@mui/icons-material/Close';
import { Box, Drawer, IconButton, Toolbar, Typography, useMediaQuery, useTheme } from '@mui/material';
import { type MouseEvent, useEffect, useRef, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation, useMatches, useNavigation } from 'react-router';
import { useCarregamento } from '../../components/feedback/contexto-carregamento';
import { ID_TITULO_PAGINA } from '../../components/Pagina';
import { temPermissao, useUsuario } from '../../lib/sessao';
import { permissaoExigida } from '../handle-rota';
import { AvisoNoticias } from './AvisoNoticias';
import { BarraSuperior } from './BarraSuperior';
import { EstilosImpressao } from './EstilosImpressao';
import { IndicadorCarregamento } from './IndicadorCarregamento';
import { MenuPrincipal } from './MenuPrincipal';
import { Rodape } from './Rodape';
import { SemPermissao } from './SemPermissao';

const LARGURA_MENU = 264;
const ID_CONTEUDO = 'conteudo';
const ATRASO_INDICADOR_NAVEGACAO_MS = 150;

function focarConteudo() {
  const alvo = document.getElementById(ID_TITULO_PAGINA) ?? document.getElementById(ID_CONTEUDO);
  alvo?.focus({ preventScroll: true });
}

/** Global layout (spec §2): header, menu, news notice, content, footer; snackbar and loading stack around it. */
export function AppLayout() {
  const usuario = useUsuario();
  const tema = useTheme();
  const telaGrande = useMediaQuery(tema.breakpoints.up('md'), { noSsr: true });
  const [menuAberto, setMenuAberto] = useState(false);
  const { pathname } = useLocation();
  const matches = useMatches();
  const navegando = useNavigation().state !== 'idle';
  const { empilhar } = useCarregamento();

  // Navigations served from cache finish in a few milliseconds; only slower ones show the indicator.
  useEffect(() => {
    if (!navegando) return;
    let desempilhar: (() => void) | undefined;
    const temporizador = setTimeout(() => {
      desempilhar = empilhar('Carregando página');
    }, ATRASO_INDICADOR_NAVEGACAO_MS);
    return () => {
      clearTimeout(temporizador);
      desempilhar?.();
    };
  }, [navegando, empilhar]);

  // After a client-side navigation, screen readers and keyboard users start at the new page's title.
  const ultimoCaminho = useRef(pathname);
  useEffect(() => {
    if (ultimoCaminho.current === pathname) return;
    ultimoCaminho.current = pathname;
    setMenuAberto(false);
    focarConteudo();
  }, [pathname]);

  function pularParaConteudo(evento: MouseEvent<HTMLAnchorElement>) {
    evento.preventDefault();
    const main = document.getElementById(ID_CONTEUDO);
    main?.focus();
    main?.scrollIntoView();
  }

  const permissao = permissaoExigida(matches);
  const conteudo = permissao && !temPermissao(usuario, permissao) ? <SemPermissao /> : <Outlet />;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <Box
        component="a"
        href={`#${ID_CONTEUDO}`}
        onClick={pularParaConteudo}
        sx={{
          position: 'absolute',
          left: 8,
          top: -100,
          zIndex: (theme) => theme.zIndex.tooltip + 1,
          px: 2,
          py: 1,
          bgcolor: 'background.paper',
          color: 'primary.main',
          fontWeight: 700,
          borderRadius: 1,
          boxShadow: 3,
          '&:focus': { top: 8 },
        }}
      >
        Pular para o conteúdo
      </Box>
      <BarraSuperior
        usuario={usuario}
        botaoMenu={!telaGrande}
        menuAberto={menuAberto}
        aoAbrirMenu={() => setMenuAberto(true)}
      >
        <IndicadorCarregamento />
      </BarraSuperior>
      <Box sx={{ display: 'flex', flex: 1, minHeight: 0 }}>
        {telaGrande ? (
          <Drawer
            variant="permanent"
            sx={{
              width: LARGURA_MENU,
              flexShrink: 0,
              bgcolor: 'background.paper',
              borderRight: 1,
              borderColor: 'divider',
              '& .MuiDrawer-paper': {
                width: LARGURA_MENU,
                boxSizing: 'border-box',
                position: 'sticky',
                top: 64,
                height: 'calc(100vh - 64px)',
                overflowY: 'auto',
                borderRight: 0,
              },
            }}
          >
            <MenuPrincipal usuario={usuario} />
          </Drawer>
        ) : (
          <Drawer
            variant="temporary"
            open={menuAberto}
            onClose={() => setMenuAberto(false)}
            slotProps={{ paper: { sx: { width: LARGURA_MENU }, 'aria-label': 'Menu de navegação' } }}
          >
            <Toolbar sx={{ justifyContent: 'space-between' }}>
              <Typography variant="h6" component="span">
                Trâmite
              </Typography>
              <IconButton aria-label="Fechar menu" onClick={() => setMenuAberto(false)} edge="end">
                <CloseIcon />
              </IconButton>
            </Toolbar>
            <MenuPrincipal usuario={usuario} aoNavegar={() => setMenuAberto(false)} />
          </Drawer>
        )}
        <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          <Box
            component="main"
            id={ID_CONTEUDO}
            tabIndex={-1}
            sx={{ flex: 1, width: '100%', maxWidth: 1280, mx: 'auto', px: { xs: 2, md: 4 }, py: { xs: 2, md: 4 } }}
          >
            <AvisoNoticias />
            {conteudo}
          </Box>
          <Rodape />
        </Box>
      </Box>
      <ScrollRestoration />
      <EstilosImpressao />
    </Box>
  );
}
