import {
  createBrowserRouter,
  type LoaderFunctionArgs,
  matchRoutes,
  Navigate,
  type RouteObject,
  redirect,
} from 'react-router';
import { carregarSessao, irParaLogin } from '../lib/sessao';
import type { HandleRota } from './handle-rota';
import { rotaExigeLogin } from './handle-rota';
import { AppLayout } from './layout/AppLayout';
import { CarregandoAplicacao } from './layout/CarregandoAplicacao';
import { ErroAplicacao, ErroRota } from './layout/ErroRota';
import { queryClient } from './query-client';

const LOGIN: HandleRota = { exigeLogin: true };

// The loaders redirect before anything renders; these only keep the router from matching an empty leaf.
function IrParaInicio() {
  return <Navigate to="/home" replace />;
}
function IrParaNaoEncontrado() {
  return <Navigate to="/404" replace />;
}

/** Every screen of spec §2, each loaded on demand so the first screen stays small. */
const telas: RouteObject[] = [
  { index: true, loader: () => redirect('/home'), Component: IrParaInicio },
  { path: 'home', lazy: async () => ({ Component: (await import('../features/home/HomePage')).HomePage }) },
  {
    path: 'busca',
    lazy: async () => ({ Component: (await import('../features/documentos/BuscaDocumentosPage')).BuscaDocumentosPage }),
  },
  { path: 'ajuda', lazy: async () => ({ Component: (await import('../features/ajuda/AjudaPage')).AjudaPage }) },
  {
    path: '404',
    lazy: async () => ({ Component: (await import('../features/home/NaoEncontradoPage')).NaoEncontradoPage }),
  },
  {
    path: 'consolidacao',
    lazy: async () => ({ Component: (await import('../features/consolidacao/ConsolidacaoPage')).ConsolidacaoPage }),
  },
  {
    path: 'autuacoes',
    handle: LOGIN,
    lazy: async () => ({ Component: (await import('../features/documentos/NovaAutuacaoPage')).NovaAutuacaoPage }),
  },
  {
    path: 'autuacoes/:idDocumento',
    handle: LOGIN,
    lazy: async () => ({
      Component: (await import('../features/documentos/EdicaoAutuacaoPage')).EdicaoAutuacaoPage,
    }),
  },
  {
    path: 'administracao/edicao-de-vocabulario-controlado',
    handle: { exigeLogin: true, permissao: 'ADMINISTRACAO_VOCABULARIO' } satisfies HandleRota,
    lazy: async () => ({
      Component: (await import('../features/glossario/EdicaoVocabularioPage')).EdicaoVocabularioPage,
    }),
  },
  {
    path: 'administracao/reencaminhamento-de-documento',
    handle: { exigeLogin: true, permissao: 'REENCAMINHAMENTO' } satisfies HandleRota,
    lazy: async () => ({
      Component: (await import('../features/reencaminhamento/ReencaminhamentoPage')).ReencaminhamentoPage,
    }),
  },
  {
    path: 'administracao/edicao-tipo-documental',
    handle: { exigeLogin: true, permissao: 'ADMINISTRACAO_TIPOS_DOCUMENTAIS' } satisfies HandleRota,
    lazy: async () => ({
      Component: (await import('../features/tipos-documentos/EdicaoTipoDocumentalPage')).EdicaoTipoDocumentalPage,
    }),
  },
  {
    path: 'caixa-postal',
    handle: LOGIN,
    lazy: async () => ({ Component: (await import('../features/tramitacao/CaixaPostalPage')).CaixaPostalPage }),
  },
  {
    path: 'relatorios/malote',
    handle: { exigeLogin: true, permissao: 'RELATORIOS' } satisfies HandleRota,
    lazy: async () => ({ Component: (await import('../features/relatorios/RelatorioMalotePage')).RelatorioMalotePage }),
  },
  {
    path: 'relatorios/documentos-desarquivados',
    handle: { exigeLogin: true, permissao: 'RELATORIOS' } satisfies HandleRota,
    lazy: async () => ({
      Component: (await import('../features/relatorios/RelatorioDesarquivadosPage')).RelatorioDesarquivadosPage,
    }),
  },
  {
    path: 'documentos/:documentId',
    lazy: async () => ({
      Component: (await import('../features/documentos/InformacoesDocumentoPage')).InformacoesDocumentoPage,
    }),
  },
  {
    path: 'documentos/:documentId/juntada',
    handle: LOGIN,
    lazy: async () => ({
      Component: (await import('../features/juntada/JuntadaDocumentosPage')).JuntadaDocumentosPage,
    }),
  },
  {
    path: 'documentos/:documentId/tramitacoes',
    lazy: async () => ({
      Component: (await import('../features/tramitacao/MovimentacoesDocumentoPage')).MovimentacoesDocumentoPage,
    }),
  },
  {
    path: 'documentos/:documentId/pecas',
    lazy: async () => ({ Component: (await import('../features/pecas/PecasDocumentoPage')).PecasDocumentoPage }),
  },
  {
    path: 'documentos/:documentId/pecas/upload',
    handle: LOGIN,
    lazy: async () => ({ Component: (await import('../features/pecas/EnvioPecasPage')).EnvioPecasPage }),
  },
  {
    path: 'documentos/:documentId/vinculos',
    lazy: async () => ({
      Component: (await import('../features/juntada/VinculosDocumentoPage')).VinculosDocumentoPage,
    }),
  },
  {
    path: 'documentos/:documentId/tramitar',
    handle: LOGIN,
    lazy: async () => ({
      Component: (await import('../features/tramitacao/TramitarDocumentoPage')).TramitarDocumentoPage,
    }),
  },
  {
    path: 'usuario',
    handle: LOGIN,
    lazy: async () => ({ Component: (await import('../features/usuario/UsuarioPage')).UsuarioPage }),
  },
  {
    path: 'documentos-favoritos',
    handle: LOGIN,
    lazy: async () => ({
      Component: (await import('../features/favoritos/DocumentosFavoritosPage')).DocumentosFavoritosPage,
    }),
  },
  {
    path: 'arquivos-assinados',
    handle: LOGIN,
    lazy: async () => ({
      Component: (await import('../features/arquivos-assinados/ArquivosAssinadosPage')).ArquivosAssinadosPage,
    }),
  },
  // Public: the QR code of the cover and the receipt opens /verificacao/<código>; /verificacao is the typing form.
  {
    path: 'verificacao',
    lazy: async () => ({ Component: (await import('../features/verificacao/VerificacaoPage')).VerificacaoPage }),
  },
  {
    path: 'verificacao/:codigo',
    lazy: async () => ({ Component: (await import('../features/verificacao/VerificacaoPage')).VerificacaoPage }),
  },
  { path: '*', loader: () => redirect('/404'), Component: IrParaNaoEncontrado },
];

const rotas: RouteObject[] = [
  {
    id: 'raiz',
    path: '/',
    Component: AppLayout,
    HydrateFallback: CarregandoAplicacao,
    ErrorBoundary: ErroAplicacao,
    loader: carregarRaiz,
    // Spec §2: the session is loaded before every navigation, not only when the root's params change.
    shouldRevalidate: () => true,
    children: [{ ErrorBoundary: ErroRota, children: telas }],
  },
];

/**
 * Runs before every navigation: loads the session (cached for a few seconds); when the target needs login and
 * there is no user, hands the browser to the server's login page and never resolves, so nothing else renders.
 */
async function carregarRaiz({ request }: LoaderFunctionArgs): Promise<null> {
  const url = new URL(request.url);
  const usuario = await carregarSessao(queryClient);
  if (!usuario && rotaExigeLogin(matchRoutes(rotas, url.pathname) ?? [])) {
    irParaLogin(url.pathname + url.search);
    return new Promise<never>(() => {});
  }
  return null;
}

export const router = createBrowserRouter(rotas);
