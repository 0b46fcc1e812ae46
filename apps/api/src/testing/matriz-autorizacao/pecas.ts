import { documentoDoProtocolo } from '../cenarios/seguranca.ts';
import { type Caso, chamar, comPermissao, logado, todos, uploadPdf } from './casos.ts';

/** Peças, joining, consolidation, signed files, reports. */
export const MATRIZ_PECAS: Record<string, Caso> = {
  // Peças
  'POST /api/documentos/{id}/anexos': {
    esperado: logado(201, 403),
    pedido: async (m, t) => ({
      url: `/api/documentos/${(await documentoDoProtocolo(t, m)).id}/anexos`,
      ...uploadPdf({ tipoCopia: 'N', nivelAcesso: 'P' }),
    }),
  },
  'GET /api/documentos/{id}/anexos': chamar(todos(200), (m) => `/api/documentos/${m.cofre.id}/anexos`),
  'GET /api/documentos/{id}/pecas': chamar(todos(200), (m) => `/api/documentos/${m.cofre.id}/pecas`),
  'GET /api/documentos/{id}/pecas/conteudo': chamar(
    todos(200),
    (m) => `/api/documentos/${m.cofre.id}/pecas/conteudo?texto=segredo`,
  ),
  'GET /api/documentos/{id}/anexos/{idAnexo}': chamar(
    todos(200),
    (m) => `/api/documentos/${m.cofre.id}/anexos/${m.cofre.idAnexoRestrito}`,
  ),
  'DELETE /api/documentos/{id}/anexos/{idAnexo}': {
    esperado: logado(204, 403),
    pedido: async (m, t) => {
      const d = await documentoDoProtocolo(t, m);
      return { url: `/api/documentos/${d.id}/anexos/${d.idAnexo}` };
    },
  },
  'GET /api/documentos/{id}/anexos/{idAnexo}/binario': chamar(
    todos(403),
    (m) => `/api/documentos/${m.cofre.id}/anexos/${m.cofre.idAnexoRestrito}/binario`,
  ),
  'PATCH /api/documentos/{id}/pecas/{idAcessoAnexo}': {
    esperado: logado(200, 403),
    pedido: async (m, t) => {
      const d = await documentoDoProtocolo(t, m);
      return {
        url: `/api/documentos/${d.id}/pecas/${d.idPeca}`,
        payload: {
          idAnexo: d.idAnexo,
          descricao: 'alterada',
          tipoCopia: 'N',
          nivelAcesso: 'P',
          justificativaAlteracao: 'x',
        },
      };
    },
  },
  'PATCH /api/documentos/{id}/pecas/{idAcessoAnexo}/tipo': {
    esperado: logado(200, 403),
    pedido: async (m, t) => {
      const d = await documentoDoProtocolo(t, m);
      return { url: `/api/documentos/${d.id}/pecas/${d.idPeca}/tipo`, payload: { idTipoDocumento: null } };
    },
  },
  'PATCH /api/documentos/{id}/pecas/{idAcessoAnexo}/cancelar': {
    esperado: logado(200, 403),
    pedido: async (m, t) => {
      const d = await documentoDoProtocolo(t, m);
      await t.banco.db.updateTable('peca').set({ situacaoTramitacao: 'T' }).where('id', '=', d.idPeca).execute();
      return {
        url: `/api/documentos/${d.id}/pecas/${d.idPeca}/cancelar`,
        payload: { situacaoVinculo: 'D', justificativaCancelamento: 'Devolvida a quem enviou' },
      };
    },
  },

  // Joining
  'GET /api/documentos/{id}/agregados': chamar(todos(200), (m) => `/api/documentos/${m.cofre.id}/agregados`),
  'POST /api/documentos/{id}/agregados': {
    esperado: logado(201, 403),
    pedido: async (m, t) => {
      const pai = await documentoDoProtocolo(t, m, { comPeca: false });
      const filho = await documentoDoProtocolo(t, m, { comPeca: false });
      return {
        url: `/api/documentos/${pai.id}/agregados`,
        payload: { idDocumento: filho.id, tipoAgregacao: 'APENSACAO' },
      };
    },
  },
  'GET /api/documentos/{id}/agregados/candidatos': {
    // Candidates come from the caller's own unit: the other unit's user is told the parent is not in its box.
    esperado: logado(200, 404),
    pedido: async (m, t) => ({
      url: `/api/documentos/${(await documentoDoProtocolo(t, m)).id}/agregados/candidatos?numeroDocumento=99999`,
    }),
  },
  'GET /api/documentos/{id}/agregados/tipo-documento': chamar(
    logado(200),
    (m) => `/api/documentos/${m.cofre.id}/agregados/tipo-documento`,
  ),
  'DELETE /api/documentos/{id}/agregados/{idAgregado}': {
    esperado: logado(200, 403),
    pedido: async (m, t) => {
      const pai = await documentoDoProtocolo(t, m, { comPeca: false });
      const filho = await documentoDoProtocolo(t, m, { comPeca: false });
      const { id } = await t.banco.db
        .insertInto('agregacao')
        .values({
          idDocumentoAgregador: pai.id,
          idDocumento: filho.id,
          tipoAgregacao: 'APENSACAO',
          situacaoAnterior: 'RECEBIDO',
          idUsuarioJuntada: m.usuarios.dono,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.banco.db
        .updateTable('documento')
        .set({ situacao: 'E', idDocumentoAgregador: pai.id })
        .where('id', '=', filho.id)
        .execute();
      return { url: `/api/documentos/${pai.id}/agregados/${id}` };
    },
  },

  // Consolidation (public)
  'POST /api/consolidacao/{idDocumento}/{tipo}': {
    // The only peça asked for is restricted: left out in silence, nothing remains, 400 for everyone.
    esperado: todos(400),
    pedido: (m) => ({ url: `/api/consolidacao/${m.cofre.id}/PDF`, payload: [m.cofre.idAnexoRestrito] }),
  },
  'GET /api/consolidacao': chamar(todos(200), '/api/consolidacao'),
  'POST /api/consolidacao': {
    esperado: todos(200),
    pedido: () => ({ url: '/api/consolidacao', payload: ['00000000-0000-4000-8000-000000000000'] }),
  },
  'GET /api/consolidacao/{uuid}/pdf': chamar(todos(404), '/api/consolidacao/00000000-0000-4000-8000-000000000000/pdf'),

  // Signed files: only the signer's own, or linked ones through the document's rules
  'GET /api/arquivos-assinados/tipos-assinatura': chamar(logado(200), '/api/arquivos-assinados/tipos-assinatura'),
  'GET /api/arquivos-assinados/assinante': chamar(logado(200), '/api/arquivos-assinados/assinante'),
  'GET /api/arquivos-assinados': chamar(logado(200), '/api/arquivos-assinados?usuarioAssinante=Titular'),
  'POST /api/arquivos-assinados': {
    // Signing with someone else's matrícula (the titular's): refused.
    esperado: logado(403),
    pedido: () => ({ url: '/api/arquivos-assinados', ...uploadPdf({ matrSiape: '7654321' }) }),
  },
  'GET /api/arquivos-assinados/{id}': chamar(
    logado(404),
    (m) => `/api/arquivos-assinados/${m.arquivoAssinadoTitular}?tipoArquivo=original`,
  ),
  'DELETE /api/arquivos-assinados/{id}': chamar(
    logado(404),
    (m) => `/api/arquivos-assinados/${m.arquivoAssinadoTitular}`,
  ),
  'POST /api/arquivos-assinados/{id}/vincular-documento/{idDocumento}': {
    esperado: logado(404),
    pedido: async (m, t) => ({
      url: `/api/arquivos-assinados/${m.arquivoAssinadoTitular}/vincular-documento/${(await documentoDoProtocolo(t, m)).id}`,
    }),
  },

  // Reports: the RELATORIOS permission
  'GET /api/relatorios/{x}/unidades': chamar(comPermissao, '/api/relatorios/malote/unidades'),
  'GET /api/relatorios/malote': chamar(
    comPermissao,
    (m) => `/api/relatorios/malote?inicio=2020-01-01T00:00&fim=2030-01-01T00:00&idsUnidades=${m.unidades.reitoria}`,
  ),
  'GET /api/relatorios/desarquivados': chamar(
    comPermissao,
    (m) =>
      `/api/relatorios/desarquivados?inicio=2020-01-01T00:00&fim=2030-01-01T00:00&idsUnidades=${m.unidades.reitoria}`,
  ),
};
