import { documentoDoProtocolo } from '../cenarios/seguranca.ts';
import { type Caso, comPermissao, logado, todos } from './casos.ts';

/** Documents, receiving and forwarding, re-forwarding, favourites. */
export const MATRIZ_DOCUMENTOS: Record<string, Caso> = {
  // Documents
  'GET /api/documentos': {
    esperado: todos(200),
    pedido: (m) => ({ url: `/api/documentos?numeroDocumento=${encodeURIComponent(m.cofre.numero)}` }),
  },
  'POST /api/documentos': {
    // Only a protocol unit opens documents: the Protocolo Central user may, the other unit's may not.
    esperado: logado(201, 403),
    pedido: (m) => ({
      url: '/api/documentos',
      payload: {
        idTipoDocumento: m.tipo,
        idProcedencia: m.unidades.protocolo,
        tipoInteressado: null,
        idInteressado: null,
        idAssunto: m.assunto,
        resumoAssunto: 'Autuação da matriz de autorização',
      },
    }),
  },
  'GET /api/documentos/{id}': { esperado: todos(200), pedido: (m) => ({ url: `/api/documentos/${m.cofre.id}` }) },
  'PATCH /api/documentos/{id}': {
    // A draft of the Protocolo Central: the other unit does not even see it.
    esperado: logado(200, 404),
    pedido: async (m, t) => {
      const { id } = await documentoDoProtocolo(t, m, { situacao: 'EM_CRIACAO', comPeca: false });
      return {
        url: `/api/documentos/${id}`,
        payload: {
          idTipoDocumento: m.tipo,
          idProcedencia: m.unidades.protocolo,
          tipoInteressado: null,
          idInteressado: null,
          idAssunto: m.assunto,
          resumoAssunto: 'Rascunho alterado',
        },
      };
    },
  },
  'POST /api/documentos/{id}/tags': {
    esperado: logado(200),
    pedido: (m) => ({ url: `/api/documentos/${m.cofre.id}/tags`, payload: { stringTags: 'um, dois' } }),
  },
  'GET /api/documentos/{id}/capa': {
    esperado: todos(200),
    pedido: (m) => ({ url: `/api/documentos/${m.cofre.id}/capa` }),
  },
  'GET /api/documentos/{id}/comprovante': {
    esperado: todos(200),
    pedido: (m) => ({ url: `/api/documentos/${m.cofre.id}/comprovante` }),
  },
  'GET /api/documentos/{id}/comprovante/email': {
    esperado: logado(200),
    pedido: (m) => ({ url: `/api/documentos/${m.cofre.id}/comprovante/email?destinatario=alguem%40ufex.edu.br` }),
  },
  'GET /api/verificacao/{codigo}': {
    esperado: todos(200),
    pedido: (m) => ({ url: `/api/verificacao/${m.cofre.codigoVerificacao}` }),
  },

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
  'GET /api/documentos/{id}/tramitacoes': {
    esperado: todos(200),
    pedido: (m) => ({ url: `/api/documentos/${m.cofre.id}/tramitacoes` }),
  },
  'GET /api/documentos/{id}/tramitacoes/despacho': {
    esperado: logado(200),
    pedido: (m) => ({ url: `/api/documentos/${m.cofre.id}/tramitacoes/despacho` }),
  },
  'GET /api/documentos/{id}/ultima-tramitacao': {
    esperado: todos(200),
    pedido: (m) => ({ url: `/api/documentos/${m.cofre.id}/ultima-tramitacao` }),
  },
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
  'GET /api/caixa-postal': {
    esperado: logado(200),
    pedido: () => ({ url: '/api/caixa-postal?dataInicio=2000-01-01&dataFim=2100-12-31' }),
  },

  // Re-forwarding: the REENCAMINHAMENTO permission
  'GET /api/reencaminhamento/unidades': {
    esperado: comPermissao,
    pedido: () => ({ url: '/api/reencaminhamento/unidades' }),
  },
  'GET /api/reencaminhamento/unidades/{id}/caixa-postal': {
    esperado: comPermissao,
    pedido: (m) => ({ url: `/api/reencaminhamento/unidades/${m.unidades.prograd}/caixa-postal` }),
  },
  'GET /api/reencaminhamento/documento/{id}/fluxos': {
    esperado: comPermissao,
    pedido: (m) => ({ url: `/api/reencaminhamento/documento/${m.cofre.id}/fluxos` }),
  },
  'GET /api/reencaminhamento/documento/{id}/fluxos/{idFluxo}/destinos': {
    esperado: comPermissao,
    pedido: (m) => ({
      url: `/api/reencaminhamento/documento/${m.cofre.id}/fluxos/${m.fluxoLivre}/destinos?idPasso=${m.passoEncaminhar}`,
    }),
  },
  'POST /api/reencaminhamento/documento/{id}/receber': {
    esperado: comPermissao,
    pedido: (m) => ({ url: `/api/reencaminhamento/documento/${m.cofre.id}/receber` }),
  },
  'POST /api/reencaminhamento/documento/{id}/tramitacoes': {
    esperado: comPermissao,
    pedido: (m) => ({
      url: `/api/reencaminhamento/documento/${m.cofre.id}/tramitacoes`,
      payload: { idPasso: m.passoEncaminhar, idDestino: m.unidades.protocolo, despacho: 'x' },
    }),
  },

  // Favourites: always the caller's own
  'GET /api/documentos-favoritos': { esperado: logado(200), pedido: () => ({ url: '/api/documentos-favoritos' }) },
  'PATCH /api/documentos-favoritos/{id}': {
    // The cofre is a favourite of the titular only: nobody else may toggle it.
    esperado: logado(404),
    pedido: (m) => ({ url: `/api/documentos-favoritos/${m.cofre.id}`, payload: { acompanhadoPorEmail: true } }),
  },
  'POST /api/documentos-favoritos/{id}': {
    esperado: logado(201),
    pedido: async (m, t) => ({ url: `/api/documentos-favoritos/${(await documentoDoProtocolo(t, m)).id}` }),
  },
  'DELETE /api/documentos-favoritos/{id}': {
    // Removes only the caller's own favourite (idempotent); the titular's stays (checked below).
    esperado: logado(204),
    pedido: (m) => ({ url: `/api/documentos-favoritos/${m.cofre.id}` }),
  },
  'PATCH /api/documentos-favoritos/{id}/tags': {
    esperado: logado(404),
    pedido: (m) => ({ url: `/api/documentos-favoritos/${m.cofre.id}/tags`, payload: { tags: ['x'] } }),
  },
};
