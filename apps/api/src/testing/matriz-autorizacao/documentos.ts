import { documentoDoProtocolo, type Mundo } from '../cenarios/seguranca.ts';
import { type Caso, chamar, comPermissao, logado, todos } from './casos.ts';

/** The body of POST documentos and PATCH documentos/{id}: a document of the Protocolo Central. */
const dadosDocumento = (m: Mundo, resumoAssunto: string) => ({
  idTipoDocumento: m.tipo,
  idProcedencia: m.unidades.protocolo,
  tipoInteressado: null,
  idInteressado: null,
  idAssunto: m.assunto,
  resumoAssunto,
});

/** Documents, receiving and forwarding, re-forwarding, favourites. */
export const MATRIZ_DOCUMENTOS: Record<string, Caso> = {
  // Documents
  'GET /api/documentos': chamar(
    todos(200),
    (m) => `/api/documentos?numeroDocumento=${encodeURIComponent(m.cofre.numero)}`,
  ),
  'POST /api/documentos': {
    // Only a protocol unit opens documents: the Protocolo Central user may, the other unit's may not.
    esperado: logado(201, 403),
    pedido: (m) => ({
      url: '/api/documentos',
      payload: dadosDocumento(m, 'Autuação da matriz de autorização'),
    }),
  },
  'GET /api/documentos/{id}': chamar(todos(200), (m) => `/api/documentos/${m.cofre.id}`),
  'PATCH /api/documentos/{id}': {
    // A draft of the Protocolo Central: the other unit does not even see it.
    esperado: logado(200, 404),
    pedido: async (m, t) => {
      const { id } = await documentoDoProtocolo(t, m, { situacao: 'EM_CRIACAO', comPeca: false });
      return {
        url: `/api/documentos/${id}`,
        payload: dadosDocumento(m, 'Rascunho alterado'),
      };
    },
  },
  'POST /api/documentos/{id}/tags': {
    esperado: logado(200),
    pedido: (m) => ({ url: `/api/documentos/${m.cofre.id}/tags`, payload: { stringTags: 'um, dois' } }),
  },
  'GET /api/documentos/{id}/capa': chamar(todos(200), (m) => `/api/documentos/${m.cofre.id}/capa`),
  'GET /api/documentos/{id}/comprovante': chamar(todos(200), (m) => `/api/documentos/${m.cofre.id}/comprovante`),
  'GET /api/documentos/{id}/comprovante/email': chamar(
    logado(200),
    (m) => `/api/documentos/${m.cofre.id}/comprovante/email?destinatario=alguem%40ufex.edu.br`,
  ),
  'GET /api/verificacao/{codigo}': chamar(todos(200), (m) => `/api/verificacao/${m.cofre.codigoVerificacao}`),

  // Receiving and forwarding
  'POST /api/documentos/{id}/receber': {
    esperado: logado(200, 403),
    pedido: async (m, t) => ({
      url: `/api/documentos/${(await documentoDoProtocolo(t, m, { situacao: 'ENVIADO' })).id}/receber`,
    }),
  },
  'GET /api/documentos/{id}/fluxos': {
    esperado: logado(200),
    pedido: async (m, t) => ({ url: `/api/documentos/${(await documentoDoProtocolo(t, m)).id}/fluxos` }),
  },
  'GET /api/documentos/{id}/fluxos/{idFluxo}/destinos': {
    esperado: logado(200),
    pedido: async (m, t) => ({
      url: `/api/documentos/${(await documentoDoProtocolo(t, m)).id}/fluxos/${m.fluxoLivre}/destinos?idPasso=${m.passoEncaminhar}`,
    }),
  },
  'GET /api/documentos/{id}/fluxos/{idFluxo}/consistencia': {
    esperado: logado(200),
    pedido: async (m, t) => ({
      url: `/api/documentos/${(await documentoDoProtocolo(t, m)).id}/fluxos/${m.fluxoLivre}/consistencia?idPasso=${m.passoEncaminhar}`,
    }),
  },
  'POST /api/documentos/{id}/tramitacoes': {
    esperado: logado(201, 403),
    pedido: async (m, t) => ({
      url: `/api/documentos/${(await documentoDoProtocolo(t, m)).id}/tramitacoes`,
      payload: { idPasso: m.passoEncaminhar, idDestino: m.unidades.reitoria, despacho: 'Segue.' },
    }),
  },
  'PATCH /api/documentos/{id}/tramitacoes': {
    esperado: logado(200, 403),
    pedido: async (m, t) => ({
      url: `/api/documentos/${(await documentoDoProtocolo(t, m)).id}/tramitacoes`,
      payload: { despacho: 'Rascunho do despacho' },
    }),
  },
  'GET /api/documentos/{id}/tramitacoes': chamar(todos(200), (m) => `/api/documentos/${m.cofre.id}/tramitacoes`),
  'GET /api/documentos/{id}/tramitacoes/despacho': chamar(
    logado(200),
    (m) => `/api/documentos/${m.cofre.id}/tramitacoes/despacho`,
  ),
  'GET /api/documentos/{id}/ultima-tramitacao': chamar(
    todos(200),
    (m) => `/api/documentos/${m.cofre.id}/ultima-tramitacao`,
  ),
  'POST /api/tramitacoes/lote': {
    esperado: logado(200),
    pedido: async (m, t) => ({
      url: '/api/tramitacoes/lote',
      payload: {
        idsDocumentos: [(await documentoDoProtocolo(t, m)).id],
        idPasso: m.passoEncaminhar,
        idDestino: m.unidades.reitoria,
        despacho: 'Lote',
      },
    }),
  },
  // Issue 20: deadlines are changed by the holder (the cofre waits in the PROGRAD), the return by its scheduler.
  'PATCH /api/documentos/{id}/prazo': {
    esperado: logado(403),
    pedido: (m) => ({ url: `/api/documentos/${m.cofre.id}/prazo`, payload: { prazo: null, motivo: 'Matriz' } }),
  },
  'PATCH /api/documentos/{id}/retorno-programado': {
    esperado: logado(403),
    pedido: (m) => ({
      url: `/api/documentos/${m.cofre.id}/retorno-programado`,
      payload: { data: null, motivo: 'Matriz' },
    }),
  },
  // Ciência: anyone logged in who can see the document; its list and the events never carry the cofre's secrets.
  'POST /api/documentos/{id}/ciencia': {
    esperado: logado(201),
    pedido: (m) => ({ url: `/api/documentos/${m.cofre.id}/ciencia`, payload: { observacao: 'Ciente' } }),
  },
  'GET /api/documentos/{id}/ciencias': chamar(logado(200), (m) => `/api/documentos/${m.cofre.id}/ciencias`),
  'POST /api/ciencias/lote': {
    esperado: logado(200),
    pedido: (m) => ({ url: '/api/ciencias/lote', payload: { idsDocumentos: [m.cofre.id], observacao: null } }),
  },
  'GET /api/documentos/{id}/eventos': chamar(todos(200), (m) => `/api/documentos/${m.cofre.id}/eventos`),
  // Sobrestamento: only the holding unit (neither caller holds the cofre).
  'GET /api/documentos/{id}/sobrestamento': chamar(todos(200), (m) => `/api/documentos/${m.cofre.id}/sobrestamento`),
  'POST /api/documentos/{id}/sobrestamento': {
    esperado: logado(403),
    pedido: (m) => ({ url: `/api/documentos/${m.cofre.id}/sobrestamento`, payload: { motivo: 'Matriz' } }),
  },
  'POST /api/documentos/{id}/sobrestamento/levantamento': {
    esperado: logado(403),
    pedido: (m) => ({ url: `/api/documentos/${m.cofre.id}/sobrestamento/levantamento`, payload: {} }),
  },
  // Issue 20: only the sending unit recalls (the fixture was sent by the Reitoria to the Protocolo Central).
  'POST /api/documentos/{id}/cancelar-envio': {
    esperado: logado(403),
    pedido: async (m, t) => ({
      url: `/api/documentos/${(await documentoDoProtocolo(t, m, { situacao: 'ENVIADO' })).id}/cancelar-envio`,
      payload: { motivo: 'Matriz de autorização' },
    }),
  },
  'POST /api/tramitacoes/cancelamento/lote': {
    esperado: logado(200),
    pedido: async (m, t) => ({
      url: '/api/tramitacoes/cancelamento/lote',
      payload: { idsDocumentos: [(await documentoDoProtocolo(t, m, { situacao: 'ENVIADO' })).id], motivo: 'Lote' },
    }),
  },
  'GET /api/caixa-postal': chamar(logado(200), '/api/caixa-postal?dataInicio=2000-01-01&dataFim=2100-12-31'),
  'GET /api/caixa-postal/contagens': chamar(
    logado(200),
    '/api/caixa-postal/contagens?dataInicio=2000-01-01&dataFim=2100-12-31',
  ),
  // Issue 20: the caller's current unit's deadlines.
  'GET /api/controle-de-prazos': chamar(logado(200), '/api/controle-de-prazos?aba=retornos'),
  'GET /api/controle-de-prazos/retornos-pendentes': chamar(logado(200), '/api/controle-de-prazos/retornos-pendentes'),
  // Each document's outcome is in the answer (200); who may call it is what is checked here.
  'POST /api/recebimentos/lote': {
    esperado: logado(200),
    pedido: async (m, t) => ({
      url: '/api/recebimentos/lote',
      payload: { idsDocumentos: [(await documentoDoProtocolo(t, m)).id] },
    }),
  },

  // Re-forwarding: the REENCAMINHAMENTO permission
  'GET /api/reencaminhamento/unidades': chamar(comPermissao, '/api/reencaminhamento/unidades'),
  'GET /api/reencaminhamento/unidades/{id}/caixa-postal': chamar(
    comPermissao,
    (m) => `/api/reencaminhamento/unidades/${m.unidades.prograd}/caixa-postal`,
  ),
  'GET /api/reencaminhamento/documento/{id}/fluxos': chamar(
    comPermissao,
    (m) => `/api/reencaminhamento/documento/${m.cofre.id}/fluxos`,
  ),
  'GET /api/reencaminhamento/documento/{id}/fluxos/{idFluxo}/destinos': chamar(
    comPermissao,
    (m) => `/api/reencaminhamento/documento/${m.cofre.id}/fluxos/${m.fluxoLivre}/destinos?idPasso=${m.passoEncaminhar}`,
  ),
  'POST /api/reencaminhamento/documento/{id}/receber': chamar(
    comPermissao,
    (m) => `/api/reencaminhamento/documento/${m.cofre.id}/receber`,
  ),
  'POST /api/reencaminhamento/documento/{id}/tramitacoes': {
    esperado: comPermissao,
    pedido: (m) => ({
      url: `/api/reencaminhamento/documento/${m.cofre.id}/tramitacoes`,
      payload: { idPasso: m.passoEncaminhar, idDestino: m.unidades.protocolo, despacho: 'x' },
    }),
  },

  // Favourites: always the caller's own
  'GET /api/documentos-favoritos': chamar(logado(200), '/api/documentos-favoritos'),
  'PATCH /api/documentos-favoritos/{id}': {
    // The cofre is a favourite of the titular only: nobody else may toggle it.
    esperado: logado(404),
    pedido: (m) => ({ url: `/api/documentos-favoritos/${m.cofre.id}`, payload: { acompanhadoPorEmail: true } }),
  },
  'POST /api/documentos-favoritos/{id}': {
    esperado: logado(201),
    pedido: async (m, t) => ({ url: `/api/documentos-favoritos/${(await documentoDoProtocolo(t, m)).id}` }),
  },
  // Removes only the caller's own favourite (idempotent); the titular's stays (checked below).
  'DELETE /api/documentos-favoritos/{id}': chamar(logado(204), (m) => `/api/documentos-favoritos/${m.cofre.id}`),
  'PATCH /api/documentos-favoritos/{id}/tags': {
    esperado: logado(404),
    pedido: (m) => ({ url: `/api/documentos-favoritos/${m.cofre.id}/tags`, payload: { tags: ['x'] } }),
  },
};
