import { type Caso, comPermissao, logado, todos } from './casos.ts';

/** Authentication, vocabulary and administration, look-ups. */
export const MATRIZ_CADASTROS: Record<string, Caso> = {
  // Authentication
  'GET /api/auth/login': { esperado: todos(200), pedido: () => ({ url: '/api/auth/login?redirect=/caixa-postal' }) },
  'POST /api/auth/login': {
    // Wrong password: the login page again, with the message.
    esperado: todos(401),
    pedido: () => ({
      url: '/api/auth/login',
      payload: new URLSearchParams({ username: 'seg_titular', password: 'errada', redirect: '/' }).toString(),
      tipo: 'application/x-www-form-urlencoded',
    }),
  },
  'POST /api/auth/logout': { esperado: todos(204), pedido: () => ({ url: '/api/auth/logout' }), sessaoPropria: true },
  'GET /api/auth': { esperado: logado(200), pedido: () => ({ url: '/api/auth' }) },
  'GET /api/auth/permissoes': { esperado: logado(200), pedido: () => ({ url: '/api/auth/permissoes' }) },
  'GET /api/auth/configuracoes': { esperado: logado(200), pedido: () => ({ url: '/api/auth/configuracoes' }) },
  'POST /api/auth/configuracoes': {
    // Someone else's unit as the current one: refused for both (neither is lotado in the Reitoria).
    esperado: logado(400),
    pedido: (m) => ({
      url: '/api/auth/configuracoes',
      payload: { idUnidadeAtual: m.unidades.reitoria, email: null, notificacoesPorEmail: false },
    }),
  },
  'GET /api/mensagens': { esperado: todos(200), pedido: () => ({ url: '/api/mensagens' }) },

  // Vocabulary and administration
  'GET /api/tipos-documentos': { esperado: todos(200), pedido: () => ({ url: '/api/tipos-documentos' }) },
  'PATCH /api/tipos-documentos/{id}': {
    esperado: comPermissao,
    pedido: (m) => ({ url: `/api/tipos-documentos/${m.tipo}`, payload: { observacao: 'alterada' } }),
  },
  'GET /api/tipos-documentos/{id}/assuntos': {
    esperado: todos(200),
    pedido: (m) => ({ url: `/api/tipos-documentos/${m.tipo}/assuntos` }),
  },
  'GET /api/assuntos': { esperado: todos(200), pedido: (m) => ({ url: `/api/assuntos?idTipoDocumento=${m.tipo}` }) },
  'GET /api/assuntos/{id}': { esperado: todos(200), pedido: (m) => ({ url: `/api/assuntos/${m.assunto}` }) },
  'GET /api/glossario': { esperado: logado(200), pedido: () => ({ url: '/api/glossario' }) },
  'POST /api/glossario': {
    esperado: comPermissao,
    pedido: (m) => ({
      url: '/api/glossario',
      payload: { idTipoDocumento: m.tipo, idAssunto: m.assunto, descricao: 'Item novo', detalhamento: null },
    }),
  },
  'PATCH /api/glossario/{id}': {
    esperado: comPermissao,
    pedido: (m) => ({
      url: `/api/glossario/${m.glossario}`,
      payload: { idTipoDocumento: m.tipo, idAssunto: m.assunto, descricao: 'Item alterado', detalhamento: null },
    }),
  },
  'DELETE /api/glossario/{id}': { esperado: comPermissao, pedido: (m) => ({ url: `/api/glossario/${m.glossario}` }) },
  'GET /api/propriedades/hipoteses-legais': {
    esperado: todos(200),
    pedido: () => ({ url: '/api/propriedades/hipoteses-legais' }),
  },

  // Look-ups
  'GET /api/interessados': {
    esperado: todos(200),
    pedido: (m) => ({ url: `/api/interessados?idTipoDocumento=${m.tipo}` }),
  },
  'GET /api/interessados/{tipo}': {
    esperado: todos(200),
    pedido: () => ({ url: '/api/interessados/Q?nome=Reservado' }),
  },
  'GET /api/interessados/{id}/{tipo}/email': {
    // The interessado's contact e-mail, to send the receipt to: any logged-in servidor, never the public.
    esperado: logado(200),
    pedido: (m) => ({ url: `/api/interessados/${m.interessado}/Q/email` }),
    permiteLogado: ['emailInteressado'],
  },
  'GET /api/responsaveis-tramitacao': { esperado: todos(200), pedido: () => ({ url: '/api/responsaveis-tramitacao' }) },
  'GET /api/responsaveis-tramitacao/{tipo}': {
    esperado: todos(200),
    pedido: () => ({ url: '/api/responsaveis-tramitacao/SERVIDOR?nome=Titular' }),
  },
  'GET /api/procedencias/UNIDADE': { esperado: todos(200), pedido: () => ({ url: '/api/procedencias/UNIDADE' }) },
  'GET /api/procedencias/caixa-postal/UNIDADE': {
    esperado: logado(200),
    pedido: () => ({ url: '/api/procedencias/caixa-postal/UNIDADE' }),
  },
  'GET /api/procedencias/usuarios-lotados': {
    esperado: logado(200),
    pedido: (m) => ({ url: `/api/procedencias/usuarios-lotados?idsUnidades=${m.unidades.reitoria}` }),
  },
};
