import { gunzipSync, inflateSync } from 'node:zlib';
import { erroApiSchema } from '@tramite/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpoMultipart, pdf } from '../features/pecas/apoio-teste.ts';
import { type AppTeste, cabecalhosApp, criarAppTeste } from '../testing/app-teste.ts';
import {
  documentoDoProtocolo,
  formatarCpf,
  MARCADORES,
  MARCADORES_DO_PROTOCOLO,
  type Mundo,
  montarMundo,
} from './apoio-seguranca.ts';

/**
 * Issue 12, security: the authorisation matrix. Every operation of the OpenAPI document is called anonymously, as a
 * user of the owner unit without any permission (`semPermissao`, lotado no Protocolo Central, where the fixtures
 * live) and as a user of another unit (`outraUnidade`), and each answer's status is the one written in MATRIZ.
 * No answer, of any operation, to any of them, may contain the bytes of a restricted peça, a restricted dispatch,
 * or personal data (CPF, personal e-mails) of users and interessados (the markers of apoio-seguranca.ts; the
 * restricted data lives in the "cofre", a Reitoria document sent to the PROGRAD, which none of these callers may
 * read). An operation missing from MATRIZ, or a MATRIZ key that is no longer an operation, fails the test.
 */

type Chamador = 'anonimo' | 'semPermissao' | 'outraUnidade';
/** semPermissao last: it is the caller that may legitimately succeed and change the operation's fixture. */
const CHAMADORES: Chamador[] = ['anonimo', 'outraUnidade', 'semPermissao'];

interface Pedido {
  url: string;
  payload?: unknown;
  tipo?: string;
}

interface Caso {
  /** Expected status per caller. */
  esperado: Record<Chamador, number>;
  /** The call, made once per operation (all three callers use it; `semPermissao`, the one that may succeed, last). */
  pedido: (m: Mundo, t: AppTeste) => Pedido | Promise<Pedido>;
  /** Personal data this operation hands to a logged-in caller by design (spec), so the leak check skips it there. */
  permiteLogado?: (keyof typeof MARCADORES)[];
  /** Logs the caller out: use a session of its own. */
  sessaoPropria?: boolean;
}

const todos = (status: number): Record<Chamador, number> => ({
  anonimo: status,
  semPermissao: status,
  outraUnidade: status,
});
const logado = (semPermissao: number, outraUnidade = semPermissao): Record<Chamador, number> => ({
  anonimo: 401,
  semPermissao,
  outraUnidade,
});
/** An operation that needs a permission none of the three has. */
const comPermissao = logado(403);

const uploadPdf = (campos: Record<string, string>, nome = 'envio.pdf') => {
  const { payload, tipo } = corpoMultipart(campos, [{ nome, conteudo: pdf(2048, 'envio'), tipo: 'application/pdf' }]);
  return { payload, tipo };
};

const MATRIZ: Record<string, Caso> = {
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

  // Peças
  'POST /api/documentos/{id}/anexos': {
    esperado: logado(201, 403),
    pedido: async (m, t) => ({
      url: `/api/documentos/${(await documentoDoProtocolo(t, m)).id}/anexos`,
      ...uploadPdf({ tipoCopia: 'N', nivelAcesso: 'P' }),
    }),
  },
  'GET /api/documentos/{id}/anexos': {
    esperado: todos(200),
    pedido: (m) => ({ url: `/api/documentos/${m.cofre.id}/anexos` }),
  },
  'GET /api/documentos/{id}/pecas': {
    esperado: todos(200),
    pedido: (m) => ({ url: `/api/documentos/${m.cofre.id}/pecas` }),
  },
  'GET /api/documentos/{id}/anexos/{idAnexo}': {
    esperado: todos(200),
    pedido: (m) => ({ url: `/api/documentos/${m.cofre.id}/anexos/${m.cofre.idAnexoRestrito}` }),
  },
  'DELETE /api/documentos/{id}/anexos/{idAnexo}': {
    esperado: logado(204, 403),
    pedido: async (m, t) => {
      const d = await documentoDoProtocolo(t, m);
      return { url: `/api/documentos/${d.id}/anexos/${d.idAnexo}` };
    },
  },
  'GET /api/documentos/{id}/anexos/{idAnexo}/binario': {
    esperado: todos(403),
    pedido: (m) => ({ url: `/api/documentos/${m.cofre.id}/anexos/${m.cofre.idAnexoRestrito}/binario` }),
  },
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
  'GET /api/documentos/{id}/agregados': {
    esperado: todos(200),
    pedido: (m) => ({ url: `/api/documentos/${m.cofre.id}/agregados` }),
  },
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
  'GET /api/consolidacao': { esperado: todos(200), pedido: () => ({ url: '/api/consolidacao' }) },
  'POST /api/consolidacao': {
    esperado: todos(200),
    pedido: () => ({ url: '/api/consolidacao', payload: ['00000000-0000-4000-8000-000000000000'] }),
  },
  'GET /api/consolidacao/{uuid}/pdf': {
    esperado: todos(404),
    pedido: () => ({ url: '/api/consolidacao/00000000-0000-4000-8000-000000000000/pdf' }),
  },

  // Signed files: only the signer's own, or linked ones through the document's rules
  'GET /api/arquivos-assinados/tipos-assinatura': {
    esperado: logado(200),
    pedido: () => ({ url: '/api/arquivos-assinados/tipos-assinatura' }),
  },
  'GET /api/arquivos-assinados/assinante': {
    esperado: logado(200),
    pedido: () => ({ url: '/api/arquivos-assinados/assinante' }),
  },
  'GET /api/arquivos-assinados': {
    esperado: logado(200),
    pedido: () => ({ url: '/api/arquivos-assinados?usuarioAssinante=Titular' }),
  },
  'POST /api/arquivos-assinados': {
    // Signing with someone else's matrícula (the titular's): refused.
    esperado: logado(403),
    pedido: () => ({ url: '/api/arquivos-assinados', ...uploadPdf({ matrSiape: '7654321' }) }),
  },
  'GET /api/arquivos-assinados/{id}': {
    esperado: logado(404),
    pedido: (m) => ({ url: `/api/arquivos-assinados/${m.arquivoAssinadoTitular}?tipoArquivo=original` }),
  },
  'DELETE /api/arquivos-assinados/{id}': {
    esperado: logado(404),
    pedido: (m) => ({ url: `/api/arquivos-assinados/${m.arquivoAssinadoTitular}` }),
  },
  'POST /api/arquivos-assinados/{id}/vincular-documento/{idDocumento}': {
    esperado: logado(404),
    pedido: async (m, t) => ({
      url: `/api/arquivos-assinados/${m.arquivoAssinadoTitular}/vincular-documento/${(await documentoDoProtocolo(t, m)).id}`,
    }),
  },

  // Reports: the RELATORIOS permission
  'GET /api/relatorios/{x}/unidades': {
    esperado: comPermissao,
    pedido: () => ({ url: '/api/relatorios/malote/unidades' }),
  },
  'GET /api/relatorios/malote': {
    esperado: comPermissao,
    pedido: (m) => ({
      url: `/api/relatorios/malote?inicio=2020-01-01T00:00&fim=2030-01-01T00:00&idsUnidades=${m.unidades.reitoria}`,
    }),
  },
  'GET /api/relatorios/desarquivados': {
    esperado: comPermissao,
    pedido: (m) => ({
      url: `/api/relatorios/desarquivados?inicio=2020-01-01T00:00&fim=2030-01-01T00:00&idsUnidades=${m.unidades.reitoria}`,
    }),
  },
};

/**
 * Extra calls on the Protocolo Central's document with restricted data (outside MATRIZ, which has one row per
 * operation): its own unit reads the restricted peça and dispatch (spec §6: the document is in its box, RECEBIDO),
 * the other unit and the public never.
 */
const LEITURAS_DO_PROTOCOLO: { rotulo: string; url: (m: Mundo) => string; esperado: Record<Chamador, number> }[] = [
  {
    rotulo: 'binário da peça restrita',
    url: (m) => `/api/documentos/${m.doProtocolo.id}/anexos/${m.doProtocolo.idAnexoRestrito}/binario`,
    esperado: { anonimo: 403, outraUnidade: 403, semPermissao: 200 },
  },
  { rotulo: 'histórico', url: (m) => `/api/documentos/${m.doProtocolo.id}/tramitacoes`, esperado: todos(200) },
  {
    rotulo: 'última tramitação',
    url: (m) => `/api/documentos/${m.doProtocolo.id}/ultima-tramitacao`,
    esperado: todos(200),
  },
  { rotulo: 'peças', url: (m) => `/api/documentos/${m.doProtocolo.id}/pecas`, esperado: todos(200) },
  { rotulo: 'capa', url: (m) => `/api/documentos/${m.doProtocolo.id}/capa`, esperado: todos(200) },
  { rotulo: 'comprovante', url: (m) => `/api/documentos/${m.doProtocolo.id}/comprovante`, esperado: todos(200) },
  { rotulo: 'detalhe', url: (m) => `/api/documentos/${m.doProtocolo.id}`, esperado: todos(200) },
];

let t: AppTeste;
let m: Mundo;
const sessoes: Partial<Record<Chamador, string>> = {};
const USERNAMES: Record<Exclude<Chamador, 'anonimo'>, string> = { semPermissao: 'seg_sem', outraUnidade: 'seg_outra' };

beforeAll(async () => {
  t = await criarAppTeste();
  m = await montarMundo(t);
  sessoes.semPermissao = await t.entrar(USERNAMES.semPermissao);
  sessoes.outraUnidade = await t.entrar(USERNAMES.outraUnidade);
  // The titular follows the cofre: the others must not be able to touch that favourite.
  await t.banco.db.insertInto('favorito').values({ idUsuario: m.usuarios.titular, idDocumento: m.cofre.id }).execute();
});

afterAll(async () => {
  await t?.fechar();
});

/** Operations of the OpenAPI document, as 'METHOD /path'. */
async function operacoesDocumentadas(): Promise<string[]> {
  const documento = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  return Object.entries(documento.paths).flatMap(([caminho, metodos]) =>
    Object.keys(metodos)
      .filter((metodo) => ['get', 'post', 'put', 'patch', 'delete'].includes(metodo))
      .map((metodo) => `${metodo.toUpperCase()} ${caminho}`),
  );
}

/** The decompressed content of every FlateDecode stream of a PDF (pdfkit compresses page text). */
function fluxosPdf(bruto: Buffer): string[] {
  const texto = bruto.toString('latin1');
  const achados: string[] = [];
  const padrao = /stream\r?\n/g;
  for (let m = padrao.exec(texto); m; m = padrao.exec(texto)) {
    const inicio = m.index + m[0].length;
    const fim = texto.indexOf('endstream', inicio);
    if (fim < 0) break;
    try {
      achados.push(inflateSync(bruto.subarray(inicio, fim)).toString('latin1'));
    } catch {
      // Not deflated (or an image): the raw form is already checked.
    }
  }
  return achados;
}

/** Every text form in which a marker could travel: raw bytes, UTF-16 (PDF strings), gzip bodies decoded. */
function textosDaResposta(resposta: LightMyRequestResponse): string[] {
  const bruto = resposta.rawPayload;
  const textos = [bruto.toString('latin1'), bruto.toString('utf8')];
  if (bruto[0] === 0x1f && bruto[1] === 0x8b) textos.push(gunzipSync(bruto).toString('latin1'));
  textos.push(bruto.toString('utf16le'));
  if (bruto.subarray(0, 5).toString('latin1') === '%PDF-') textos.push(...fluxosPdf(bruto));
  for (const [chave, valor] of Object.entries(resposta.headers)) textos.push(`${chave}: ${String(valor)}`);
  return textos;
}

function vazamentos(resposta: LightMyRequestResponse, permitidos: readonly string[]): string[] {
  const textos = textosDaResposta(resposta);
  const achados: string[] = [];
  for (const [nome, valor] of Object.entries(MARCADORES)) {
    if (permitidos.includes(nome)) continue;
    const formas = nome.startsWith('cpf') ? [valor, formatarCpf(valor)] : [valor];
    if (formas.some((forma) => textos.some((texto) => texto.includes(forma)))) achados.push(nome);
  }
  return achados;
}

describe('matriz de autorização', () => {
  it('cobre exatamente as operações do documento OpenAPI', async () => {
    const documentadas = (await operacoesDocumentadas()).sort();
    expect(documentadas.length).toBeGreaterThan(60);
    expect(
      documentadas.filter((op) => !(op in MATRIZ)),
      'operações sem linha na matriz',
    ).toEqual([]);
    expect(
      Object.keys(MATRIZ).filter((op) => !documentadas.includes(op)),
      'linhas da matriz que não são operações',
    ).toEqual([]);
  });

  it('cada chamador recebe o status da matriz e nenhuma resposta traz dado restrito', async () => {
    const divergencias: string[] = [];
    const vazados: string[] = [];
    for (const [operacao, caso] of Object.entries(MATRIZ)) {
      const [metodo] = operacao.split(' ') as [string, string];
      const pedido = await caso.pedido(m, t);
      for (const chamador of CHAMADORES) {
        let cookie = sessoes[chamador];
        if (caso.sessaoPropria && chamador !== 'anonimo') cookie = await t.entrar(USERNAMES[chamador]);
        const corpo =
          pedido.payload === undefined
            ? {}
            : Buffer.isBuffer(pedido.payload) || typeof pedido.payload === 'string'
              ? { payload: pedido.payload }
              : { payload: JSON.stringify(pedido.payload) };
        const resposta = await t.app.inject({
          method: metodo as 'GET',
          url: pedido.url,
          headers: {
            ...cabecalhosApp(cookie),
            ...(pedido.payload !== undefined ? { 'content-type': pedido.tipo ?? 'application/json' } : {}),
          },
          ...corpo,
        });
        const esperado = caso.esperado[chamador];
        if (resposta.statusCode !== esperado) {
          divergencias.push(
            `${operacao} [${chamador}]: ${resposta.statusCode} (esperado ${esperado}) ${resposta.body.slice(0, 160)}`,
          );
        }
        if (resposta.statusCode >= 400 && String(resposta.headers['content-type']).includes('json')) {
          const chaves = Object.keys(resposta.json()).sort().join(',');
          if (chaves !== 'codigo,erros,mensagem' || !erroApiSchema.safeParse(resposta.json()).success) {
            divergencias.push(`${operacao} [${chamador}]: corpo de erro {${chaves}}`);
          }
        }
        const permitidos = [
          ...(chamador === 'anonimo' ? [] : (caso.permiteLogado ?? [])),
          ...(chamador === 'semPermissao' ? MARCADORES_DO_PROTOCOLO : []),
        ];
        const achados = vazamentos(resposta, permitidos);
        if (achados.length) vazados.push(`${operacao} [${chamador}] ${resposta.statusCode}: ${achados.join(', ')}`);
      }
    }
    expect(divergencias).toEqual([]);
    expect(vazados).toEqual([]);
    // Nobody removed or changed the titular's favourite.
    const favorito = await t.banco.db
      .selectFrom('favorito')
      .select('acompanhadoPorEmail')
      .where('idUsuario', '=', m.usuarios.titular)
      .where('idDocumento', '=', m.cofre.id)
      .executeTakeFirst();
    expect(favorito).toEqual({ acompanhadoPorEmail: false });
  });

  it('o documento restrito do Protocolo Central: a sua unidade lê, outra unidade e o público não', async () => {
    const divergencias: string[] = [];
    const vistos: string[] = [];
    for (const leitura of LEITURAS_DO_PROTOCOLO) {
      for (const chamador of CHAMADORES) {
        const resposta = await t.app.inject({
          method: 'GET',
          url: leitura.url(m),
          headers: cabecalhosApp(sessoes[chamador]),
        });
        if (resposta.statusCode !== leitura.esperado[chamador]) {
          divergencias.push(
            `${leitura.rotulo} [${chamador}]: ${resposta.statusCode} (esperado ${leitura.esperado[chamador]})`,
          );
        }
        const achados = vazamentos(resposta, []);
        if (chamador === 'semPermissao') {
          vistos.push(...achados);
          continue;
        }
        if (achados.length) divergencias.push(`${leitura.rotulo} [${chamador}] vazou: ${achados.join(', ')}`);
      }
    }
    expect(divergencias).toEqual([]);
    // The unit's own user did get both (so the refusals above are about who asks, not about missing data).
    expect([...new Set(vistos)].sort()).toEqual([...MARCADORES_DO_PROTOCOLO].sort());
  });

  it('controle: quem pode ver recebe os dados marcados, e a conferência os acha', async () => {
    // The titular is lotado in the Reitoria (origin of the restricted dispatch); the admin has
    // VISUALIZACAO_IRRESTRITA_PECAS. If the markers were not where this test thinks, the matrix would prove nothing.
    const titular = await t.entrar('seg_titular');
    const admin = await t.entrar('admin');
    const ler = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: cabecalhosApp(cookie) });
    const binario = await ler(`/api/documentos/${m.cofre.id}/anexos/${m.cofre.idAnexoRestrito}/binario`, admin);
    expect(binario.statusCode).toBe(200);
    // The bytes, and the file name in Content-Disposition.
    expect(vazamentos(binario, [])).toEqual(['pecaRestrita', 'textoPecaRestrita']);
    const pecas = await ler(`/api/documentos/${m.cofre.id}/pecas`, admin);
    expect(vazamentos(pecas, [])).toEqual(['textoPecaRestrita']);
    const historico = await ler(`/api/documentos/${m.cofre.id}/tramitacoes`, titular);
    expect(vazamentos(historico, [])).toEqual(['despachoRestrito']);
    const rascunho = await ler(`/api/documentos/${m.cofre.id}/tramitacoes/despacho`, titular);
    expect(vazamentos(rascunho, [])).toEqual(['rascunhoRestrito']);
    const email = await ler(`/api/interessados/${m.interessado}/Q/email`, titular);
    expect(vazamentos(email, [])).toEqual(['emailInteressado']);
    const configuracoes = await ler('/api/auth', titular);
    expect(configuracoes.statusCode).toBe(200);
    // The caller's own data is theirs to see; the CPF check also finds the printed form.
    expect(
      vazamentos(
        { ...configuracoes, rawPayload: Buffer.from(formatarCpf(MARCADORES.cpfUsuario)), headers: {} } as never,
        [],
      ),
    ).toEqual(['cpfUsuario']);
  });
});
