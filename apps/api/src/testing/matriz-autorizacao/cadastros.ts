import { configuracaoTramitaDeTeste } from '../barramento/cenario.ts';
import { documentoDoProtocolo } from '../cenarios/seguranca.ts';
import { type Caso, chamar, comPermissao, logado, todos, uploadPdf } from './casos.ts';

const TRAMITA = '/api/administracao/tramita';
const LIMITE_TRAMITA = { idRepositorio: 1, numeroEstrutura: 202, tamanhoMaximoMb: 20, extensoesRecusadas: ['zip'] };
/** A mapping's write, with a valid body (an invalid one would answer 400 before the permission is checked). */
const comCorpo = (caminho: string, payload: object): Caso => ({
  esperado: comPermissao,
  pedido: () => ({ url: `${TRAMITA}${caminho}`, payload }),
});

/** Authentication, vocabulary and administration, look-ups. */
export const MATRIZ_CADASTROS: Record<string, Caso> = {
  // Authentication
  'GET /api/auth/login': chamar(todos(200), '/api/auth/login?redirect=/caixa-postal'),
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
  'GET /api/auth': chamar(logado(200), '/api/auth'),
  'GET /api/auth/permissoes': chamar(logado(200), '/api/auth/permissoes'),
  'GET /api/auth/configuracoes': chamar(logado(200), '/api/auth/configuracoes'),
  'GET /api/resumo-diario/contagens': chamar(logado(200), '/api/resumo-diario/contagens'),
  // Issue 22: the home page's counts (the caller's own box) and the Painel: a unit's for its members, the
  // institution's and any other unit's only with PAINEL_INSTITUCIONAL (none of the three has it). Counts only, so
  // the vault's markers never show.
  'GET /api/painel/inicio': chamar(logado(200), '/api/painel/inicio'),
  'GET /api/painel/unidades': chamar(logado(200), '/api/painel/unidades'),
  'GET /api/painel/movimento': chamar(
    logado(200, 403),
    (m) => `/api/painel/movimento?idUnidade=${m.unidades.protocolo}&dataInicio=2020-01-01&dataFim=2021-12-31`,
  ),
  'GET /api/painel/permanencia': chamar(
    logado(200, 403),
    (m) => `/api/painel/permanencia?idUnidade=${m.unidades.protocolo}&dataInicio=2020-01-01&dataFim=2021-12-31`,
  ),
  'GET /api/painel/idade': chamar(
    logado(403),
    (m) => `/api/painel/idade?idUnidade=${m.unidades.prograd}&dataInicio=2026-01-01&dataFim=2026-12-31`,
  ),
  'GET /api/painel/assuntos': chamar(logado(403), '/api/painel/assuntos?dataInicio=2026-01-01&dataFim=2026-12-31'),
  'GET /api/painel/unidades-antigas': chamar(
    comPermissao,
    '/api/painel/unidades-antigas?dataInicio=2026-01-01&dataFim=2026-12-31',
  ),
  'POST /api/auth/configuracoes': {
    // Someone else's unit as the current one: refused for both (neither is lotado in the Reitoria).
    esperado: logado(400),
    pedido: (m) => ({
      url: '/api/auth/configuracoes',
      payload: { idUnidadeAtual: m.unidades.reitoria, email: null, notificacoesPorEmail: false },
    }),
  },
  'GET /api/mensagens': chamar(todos(200), '/api/mensagens'),

  // Vocabulary and administration
  'GET /api/tipos-documentos': chamar(todos(200), '/api/tipos-documentos'),
  'PATCH /api/tipos-documentos/{id}': {
    esperado: comPermissao,
    pedido: (m) => ({ url: `/api/tipos-documentos/${m.tipo}`, payload: { observacao: 'alterada' } }),
  },
  'GET /api/tipos-documentos/{id}/assuntos': chamar(todos(200), (m) => `/api/tipos-documentos/${m.tipo}/assuntos`),
  'GET /api/assuntos': chamar(todos(200), (m) => `/api/assuntos?idTipoDocumento=${m.tipo}`),
  'GET /api/assuntos/{id}': chamar(todos(200), (m) => `/api/assuntos/${m.assunto}`),
  'GET /api/glossario': chamar(logado(200), '/api/glossario'),
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
  'DELETE /api/glossario/{id}': chamar(comPermissao, (m) => `/api/glossario/${m.glossario}`),
  'GET /api/administracao/usuarios': chamar(comPermissao, '/api/administracao/usuarios?busca=seg'),
  'GET /api/administracao/usuarios/{id}': chamar(
    comPermissao,
    (m) => `/api/administracao/usuarios/${m.usuarios.titular}`,
  ),
  'PATCH /api/administracao/usuarios/{id}': {
    esperado: comPermissao,
    pedido: (m) => ({ url: `/api/administracao/usuarios/${m.usuarios.titular}`, payload: { ativo: false } }),
  },
  'GET /api/calendario': chamar(logado(200), '/api/calendario?inicio=2026-01-01&fim=2026-12-31'),
  'GET /api/administracao/calendario': chamar(comPermissao, '/api/administracao/calendario?ano=2026'),
  'POST /api/administracao/calendario': {
    esperado: comPermissao,
    pedido: () => ({
      url: '/api/administracao/calendario',
      payload: { data: '2026-06-08', descricao: 'Aniversário da cidade', tipo: 'FERIADO_LOCAL' },
    }),
  },
  'DELETE /api/administracao/calendario/{data}': chamar(comPermissao, '/api/administracao/calendario/2026-06-08'),
  'GET /api/administracao/indexacao': chamar(comPermissao, '/api/administracao/indexacao'),
  'POST /api/administracao/indexacao/reindexacao': {
    esperado: comPermissao,
    pedido: () => ({ url: '/api/administracao/indexacao/reindexacao', payload: {} }),
  },
  // Issue 24: whether Tramita GOV.BR is on, to anyone logged in; its administration only with ADMINISTRACAO_TRAMITA.
  'GET /api/tramita/estado': chamar(logado(200), '/api/tramita/estado'),
  'GET /api/administracao/tramita': chamar(comPermissao, '/api/administracao/tramita'),
  'PUT /api/administracao/tramita': {
    esperado: comPermissao,
    pedido: () => ({
      url: '/api/administracao/tramita',
      payload: configuracaoTramitaDeTeste('https://homolog.api.processoeletronico.gov.br/interoperabilidade/rest/v3/'),
    }),
  },
  'PUT /api/administracao/tramita/certificado': {
    esperado: comPermissao,
    pedido: () => ({ url: '/api/administracao/tramita/certificado', ...uploadPdf({ senha: 'x' }, 'sistema.p12') }),
  },
  'POST /api/administracao/tramita/testar-conexao': chamar(comPermissao, '/api/administracao/tramita/testar-conexao'),
  'POST /api/administracao/tramita/sincronizar': chamar(comPermissao, '/api/administracao/tramita/sincronizar'),
  // The mappings (step 4): only with ADMINISTRACAO_TRAMITA; the structures' search, to anyone logged in, answers 409
  // while the feature is not configured (the world leaves it so).
  'GET /api/tramita/estruturas': chamar(logado(409), '/api/tramita/estruturas?repositorio=1&texto=Reitoria'),
  'GET /api/tramita/envio': chamar(logado(409), '/api/tramita/envio'),
  // Without a configuration the holding unit hears only NAO_CONFIGURADO; another unit may not forward the document.
  'GET /api/documentos/{id}/tramita/verificacao': {
    esperado: logado(200, 403),
    pedido: async (m, t) => ({
      url: `/api/documentos/${(await documentoDoProtocolo(t, m)).id}/tramita/verificacao?repositorio=1&estrutura=201`,
    }),
  },
  'GET /api/administracao/tramita/mapeamentos': chamar(comPermissao, '/api/administracao/tramita/mapeamentos'),
  'PUT /api/administracao/tramita/unidades/{idUnidade}': comCorpo('/unidades/1', {
    numeroEstrutura: 202,
    envia: true,
    recebe: true,
  }),
  'DELETE /api/administracao/tramita/unidades/{idUnidade}': chamar(comPermissao, `${TRAMITA}/unidades/1`),
  'PUT /api/administracao/tramita/especies-envio/{idTipoDocumento}': comCorpo('/especies-envio/1', {
    codigoEspecie: 125,
  }),
  'DELETE /api/administracao/tramita/especies-envio/{idTipoDocumento}': chamar(
    comPermissao,
    `${TRAMITA}/especies-envio/1`,
  ),
  'PUT /api/administracao/tramita/especies-recebimento/{codigoEspecie}': comCorpo('/especies-recebimento/125', {
    idTipoDocumento: 1,
  }),
  'DELETE /api/administracao/tramita/especies-recebimento/{codigoEspecie}': chamar(
    comPermissao,
    `${TRAMITA}/especies-recebimento/125`,
  ),
  'PUT /api/administracao/tramita/hipoteses-envio/{idHipoteseLegal}': comCorpo('/hipoteses-envio/1', {
    identificacaoPen: 1,
  }),
  'DELETE /api/administracao/tramita/hipoteses-envio/{idHipoteseLegal}': chamar(
    comPermissao,
    `${TRAMITA}/hipoteses-envio/1`,
  ),
  'PUT /api/administracao/tramita/hipoteses-recebimento/{identificacaoPen}': comCorpo('/hipoteses-recebimento/1', {
    idHipoteseLegal: 1,
  }),
  'DELETE /api/administracao/tramita/hipoteses-recebimento/{identificacaoPen}': chamar(
    comPermissao,
    `${TRAMITA}/hipoteses-recebimento/1`,
  ),
  'POST /api/administracao/tramita/limites': comCorpo('/limites', LIMITE_TRAMITA),
  'PUT /api/administracao/tramita/limites/{id}': comCorpo('/limites/1', LIMITE_TRAMITA),
  'DELETE /api/administracao/tramita/limites/{id}': chamar(comPermissao, `${TRAMITA}/limites/1`),
  'GET /api/propriedades/hipoteses-legais': chamar(todos(200), '/api/propriedades/hipoteses-legais'),

  // Look-ups
  'GET /api/interessados': chamar(todos(200), (m) => `/api/interessados?idTipoDocumento=${m.tipo}`),
  'GET /api/interessados/{tipo}': chamar(todos(200), '/api/interessados/Q?nome=Reservado'),
  'GET /api/interessados/{id}/{tipo}/email': {
    // The interessado's contact e-mail, to send the receipt to: any logged-in servidor, never the public.
    esperado: logado(200),
    pedido: (m) => ({ url: `/api/interessados/${m.interessado}/Q/email` }),
    permiteLogado: ['emailInteressado'],
  },
  'GET /api/responsaveis-tramitacao': chamar(todos(200), '/api/responsaveis-tramitacao'),
  'GET /api/responsaveis-tramitacao/{tipo}': chamar(todos(200), '/api/responsaveis-tramitacao/SERVIDOR?nome=Titular'),
  'GET /api/procedencias/UNIDADE': chamar(todos(200), '/api/procedencias/UNIDADE'),
  'GET /api/procedencias/caixa-postal/UNIDADE': chamar(logado(200), '/api/procedencias/caixa-postal/UNIDADE'),
  'GET /api/procedencias/usuarios-lotados': chamar(
    logado(200),
    (m) => `/api/procedencias/usuarios-lotados?idsUnidades=${m.unidades.reitoria}`,
  ),
};
