import { Box, useMediaQuery, useTheme } from '@mui/material';
import { lazy, type MouseEvent, Suspense, useEffect, useRef, useState } from 'react';
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

// The small screens' drawer (with MUI's Modal) loads when first opened: wide screens show the menu as a column.
const MenuGaveta = lazy(async () => ({ default: (await import('./MenuGaveta')).MenuGaveta }));

const LARGURA_MENU = 264;
const ALTURA_CABECALHO = 64;
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
  // Mounted once first opened, so that it then closes with its transition.
  const [gavetaUsada, setGavetaUsada] = useState(false);
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
        aoAbrirMenu={() => {
          setGavetaUsada(true);
          setMenuAberto(true);
        }}
      >
        <IndicadorCarregamento />
      </BarraSuperior>
      <Box sx={{ display: 'flex', flex: 1, minHeight: 0 }}>
        {telaGrande ? (
          <Box
            sx={{
              width: LARGURA_MENU,
              flexShrink: 0,
              bgcolor: 'background.paper',
              borderRight: 1,
              borderColor: 'divider',
            }}
          >
            <Box
              sx={{
                position: 'sticky',
                top: ALTURA_CABECALHO,
                height: `calc(100vh - ${ALTURA_CABECALHO}px)`,
                overflowY: 'auto',
              }}
            >
              <MenuPrincipal usuario={usuario} />
            </Box>
          </Box>
        ) : gavetaUsada ? (
          <Suspense fallback={null}>
            <MenuGaveta
              usuario={usuario}
              aberto={menuAberto}
              aoFechar={() => setMenuAberto(false)}
              largura={LARGURA_MENU}
            />
          </Suspense>
        ) : null}
        <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          <Box
            component="main"
            id={ID_CONTEUDO}
            tabIndex={-1}
            sx={{
              flex: 1,
              width: '100%',
              maxWidth: 1280,
              mx: 'auto',
              px: { xs: 2, md: 4 },
              py: { xs: 2, md: 4 },
              // At least a screen high, so the footer starts below the fold: as a screen's content arrives, nothing
              // visible moves down (issue 23: no layout shift).
              minHeight: '100vh',
            }}
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
