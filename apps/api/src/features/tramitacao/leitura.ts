import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import * as queries from './queries.ts';

/** The document page's read: GET documentos/{id} (the documentos feature answers it). */
const ROTA_DOCUMENTO = '/api/documentos/:id';

/**
 * Issue 20: the user who opens a document's page has read it (its row in their postal box is no longer unread).
 * Recorded when the page's read answers 200 to a logged-in user, before the answer leaves, so the box read right
 * after already shows it; a failure to record is logged and does not fail the page.
 */
export const leituraDocumentos = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply, corpo) => {
    if (request.method !== 'GET' || reply.statusCode !== 200 || request.usuario === null) return corpo;
    if (request.routeOptions.url !== ROTA_DOCUMENTO) return corpo;
    const { id } = request.params as { id: number };
    try {
      await queries.marcarLido(app.db, request.usuario.id, Number(id));
    } catch (erro) {
      request.log.error({ err: erro, idDocumento: id }, 'falha ao registrar a leitura do documento');
    }
    return corpo;
  });
});
