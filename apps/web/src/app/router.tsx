import type { Permissao } from '@tramite/shared';
import type { ComponentType } from 'react';
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
import { carregarAvisos } from './layout/AvisoNoticias';
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

/**
 * Every screen's module, each loaded on demand (its own chunk) so the first screen stays small. A module exports only
 * its page, under the key's name.
 */
const paginas = {
  HomePage: () => import('../features/home/HomePage'),
  BuscaDocumentosPage: () => import('../features/documentos/BuscaDocumentosPage'),
  AjudaPage: () => import('../features/ajuda/AjudaPage'),
  NaoEncontradoPage: () => import('../features/home/NaoEncontradoPage'),
  ConsolidacaoPage: () => import('../features/consolidacao/ConsolidacaoPage'),
  NovaAutuacaoPage: () => import('../features/documentos/NovaAutuacaoPage'),
  EdicaoAutuacaoPage: () => import('../features/documentos/EdicaoAutuacaoPage'),
  EdicaoVocabularioPage: () => import('../features/glossario/EdicaoVocabularioPage'),
  ReencaminhamentoPage: () => import('../features/reencaminhamento/ReencaminhamentoPage'),
  EdicaoTipoDocumentalPage: () => import('../features/tipos-documentos/EdicaoTipoDocumentalPage'),
  AdministracaoUsuariosPage: () => import('../features/usuarios/AdministracaoUsuariosPage'),
  CalendarioPage: () => import('../features/calendario/CalendarioPage'),
  IndexacaoPage: () => import('../features/conteudo/IndexacaoPage'),
  TramitaPage: () => import('../features/tramita/TramitaPage'),
  CaixaPostalPage: () => import('../features/tramitacao/CaixaPostalPage'),
  ControlePrazosPage: () => import('../features/tramitacao/ControlePrazosPage'),
  RelatorioMalotePage: () => import('../features/relatorios/RelatorioMalotePage'),
  RelatorioDesarquivadosPage: () => import('../features/relatorios/RelatorioDesarquivadosPage'),
  InformacoesDocumentoPage: () => import('../features/documentos/InformacoesDocumentoPage'),
  JuntadaDocumentosPage: () => import('../features/juntada/JuntadaDocumentosPage'),
  MovimentacoesDocumentoPage: () => import('../features/tramitacao/MovimentacoesDocumentoPage'),
  PecasDocumentoPage: () => import('../features/pecas/PecasDocumentoPage'),
  EnvioPecasPage: () => import('../features/pecas/EnvioPecasPage'),
  VinculosDocumentoPage: () => import('../features/juntada/VinculosDocumentoPage'),
  TramitarDocumentoPage: () => import('../features/tramitacao/TramitarDocumentoPage'),
  UsuarioPage: () => import('../features/usuario/UsuarioPage'),
  DocumentosFavoritosPage: () => import('../features/favoritos/DocumentosFavoritosPage'),
  ArquivosAssinadosPage: () => import('../features/arquivos-assinados/ArquivosAssinadosPage'),
  VerificacaoPage: () => import('../features/verificacao/VerificacaoPage'),
  PainelPage: () => import('../features/painel/PainelPage'),
};
type NomePagina = keyof typeof paginas;
type PaginasComNome = { [N in NomePagina]: () => Promise<Record<N, ComponentType>> };

function tela<N extends NomePagina>(path: string, pagina: N, handle?: HandleRota): RouteObject {
  // The `satisfies` checks that every module exports its page under the key's name.
  const carregar: PaginasComNome[N] = (paginas satisfies PaginasComNome)[pagina];
  return { path, handle, lazy: async () => ({ Component: (await carregar())[pagina] }) };
}

const permissao = (nome: Permissao): HandleRota => ({ exigeLogin: true, permissao: nome });

/** Every screen of spec §2. */
const telas: RouteObject[] = [
  { index: true, loader: () => redirect('/home'), Component: IrParaInicio },
  tela('home', 'HomePage'),
  tela('busca', 'BuscaDocumentosPage'),
  tela('ajuda', 'AjudaPage'),
  tela('404', 'NaoEncontradoPage'),
  tela('consolidacao', 'ConsolidacaoPage'),
  tela('autuacoes', 'NovaAutuacaoPage', LOGIN),
  tela('autuacoes/:idDocumento', 'EdicaoAutuacaoPage', LOGIN),
  tela(
    'administracao/edicao-de-vocabulario-controlado',
    'EdicaoVocabularioPage',
    permissao('ADMINISTRACAO_VOCABULARIO'),
  ),
  tela('administracao/reencaminhamento-de-documento', 'ReencaminhamentoPage', permissao('REENCAMINHAMENTO')),
  tela(
    'administracao/edicao-tipo-documental',
    'EdicaoTipoDocumentalPage',
    permissao('ADMINISTRACAO_TIPOS_DOCUMENTAIS'),
  ),
  tela('administracao/usuarios', 'AdministracaoUsuariosPage', permissao('ADMINISTRACAO_USUARIOS')),
  tela('administracao/calendario', 'CalendarioPage', permissao('ADMINISTRACAO_CALENDARIO')),
  tela('administracao/indexacao', 'IndexacaoPage', permissao('ADMINISTRACAO_INDEXACAO')),
  tela('administracao/tramita', 'TramitaPage', permissao('ADMINISTRACAO_TRAMITA')),
  tela('caixa-postal', 'CaixaPostalPage', LOGIN),
  tela('painel', 'PainelPage', LOGIN),
  tela('controle-de-prazos', 'ControlePrazosPage', LOGIN),
  tela('relatorios/malote', 'RelatorioMalotePage', permissao('RELATORIOS')),
  tela('relatorios/documentos-desarquivados', 'RelatorioDesarquivadosPage', permissao('RELATORIOS')),
  tela('documentos/:documentId', 'InformacoesDocumentoPage'),
  tela('documentos/:documentId/juntada', 'JuntadaDocumentosPage', LOGIN),
  tela('documentos/:documentId/tramitacoes', 'MovimentacoesDocumentoPage'),
  tela('documentos/:documentId/pecas', 'PecasDocumentoPage'),
  tela('documentos/:documentId/pecas/upload', 'EnvioPecasPage', LOGIN),
  tela('documentos/:documentId/vinculos', 'VinculosDocumentoPage'),
  tela('documentos/:documentId/tramitar', 'TramitarDocumentoPage', LOGIN),
  tela('usuario', 'UsuarioPage', LOGIN),
  tela('documentos-favoritos', 'DocumentosFavoritosPage', LOGIN),
  tela('arquivos-assinados', 'ArquivosAssinadosPage', LOGIN),
  // Public: the QR code of the cover and the receipt opens /verificacao/<código>; /verificacao is the typing form.
  tela('verificacao', 'VerificacaoPage'),
  tela('verificacao/:codigo', 'VerificacaoPage'),
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
 * Runs before every navigation: loads the session (cached for a few seconds; known at once for an anonymous visitor
 * of a public page, see carregarSessao); when the target needs login and there is no user, hands the browser to the
 * server's login page and never resolves, so nothing else renders. The news notice is loaded beside it.
 */
async function carregarRaiz({ request }: LoaderFunctionArgs): Promise<null> {
  const url = new URL(request.url);
  const exigeLogin = rotaExigeLogin(matchRoutes(rotas, url.pathname) ?? []);
  const avisos = carregarAvisos(queryClient);
  const usuario = await carregarSessao(queryClient, { exigeLogin });
  if (!usuario && exigeLogin) {
    irParaLogin(url.pathname + url.search);
    return new Promise<never>(() => {});
  }
  await avisos;
  return null;
}

export const router = createBrowserRouter(rotas);
