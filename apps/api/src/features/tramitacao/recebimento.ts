import { type Documento, MENSAGENS, type ResultadoRecebimentoLote, visivelNaCaixaPostal } from '@tramite/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Banco } from '../../db/connection.ts';
import { registrarAuditoria } from '../../platform/auditoria.ts';
import { conflito, ErroDominio, semPermissao } from '../../platform/erros.ts';
import type { UsuarioAutenticado } from '../../platform/sessao.ts';
import * as documentos from '../documentos/service.ts';
import { notificarAcompanhantes } from '../favoritos/service.ts';
import * as queries from './queries.ts';
import { bloquearDocumentoVisivel } from './service.ts';

// Receiving: by the caller's unit here, in the name of the destination unit in reencaminhamento.ts.

/**
 * The part of a receipt after the pending tramitação was marked received: the document (situacao RECEBIDO, or T in
 * re-forwarding) and its joined documents move to the unit, and the audit row is written.
 */
export async function concluirRecebimento(
  trx: Banco,
  dados: {
    usuario: UsuarioAutenticado;
    documento: { id: number; situacao: string; idUnidadeAtual: number };
    tramitacao: { id: number; sequencia: number };
    idUnidade: number;
    reencaminhamento: boolean;
    ip: string;
    urlPublica: string;
  },
): Promise<void> {
  const { usuario, documento, tramitacao, idUnidade, reencaminhamento, ip, urlPublica } = dados;
  const depois = await queries.registrarRecebimento(trx, documento.id, idUnidade, reencaminhamento ? 'T' : undefined);
  await queries.receberAgregadas(trx, tramitacao.id, usuario.id, reencaminhamento);
  const agregados = await queries.moverAgregados(trx, documento.id, idUnidade);
  // Whoever receives it has it in hand: no longer unread in their box (issue 20).
  if (!reencaminhamento) await queries.marcarLido(trx, usuario.id, documento.id);
  await registrarAuditoria(trx, {
    idUsuario: usuario.id,
    acao: reencaminhamento ? 'RECEBER_REENCAMINHAMENTO' : 'RECEBER_DOCUMENTO',
    entidade: 'documento',
    idEntidade: documento.id,
    antes: { situacao: documento.situacao, idUnidadeAtual: documento.idUnidadeAtual },
    depois: { ...depois, idTramitacao: tramitacao.id, sequencia: tramitacao.sequencia, agregados },
    ip,
  });
  await notificarAcompanhantes(trx, {
    idDocumento: documento.id,
    evento: { tipo: 'RECEBIMENTO', idTramitacao: tramitacao.id },
    idUsuarioAutor: usuario.id,
    urlPublica,
  });
}

type DocumentoBloqueado = Awaited<ReturnType<typeof bloquearDocumentoVisivel>>;

/**
 * The document locked for a receipt. A recalled first sending makes it a draft of its origin again, hidden from the
 * destination: whoever was to receive it (its unit, or an administrator receiving in its name) hears that the sending
 * was recalled (409) rather than that the document does not exist.
 */
async function bloquearParaRecebimento(
  trx: Banco,
  idDocumento: number,
  usuario: UsuarioAutenticado,
  reencaminhamento: boolean,
): Promise<DocumentoBloqueado> {
  try {
    return await bloquearDocumentoVisivel(trx, idDocumento, usuario);
  } catch (erro) {
    const ultima = await queries.buscarUltimaTramitacao(trx, idDocumento);
    const destinoDoChamador = ultima && (reencaminhamento || usuario.lotacoes.includes(ultima.idUnidadeDestino));
    if (ultima?.dtCancelamento && destinoDoChamador) throw conflito(MENSAGENS.cancelamentoEnvio.envioCancelado);
    throw erro;
  }
}

/**
 * A way of receiving, as a service function: in one transaction the document is locked, `marcar` marks its pending
 * tramitação received (or throws why it cannot) and the receipt is concluded; it answers the document as the caller
 * sees it after the commit.
 */
export function recebimentoNaTransacao(
  reencaminhamento: boolean,
  marcar: (
    trx: Banco,
    documento: DocumentoBloqueado,
    usuario: UsuarioAutenticado,
  ) => Promise<{ tramitacao: { id: number; sequencia: number }; idUnidade: number }>,
) {
  return async (
    db: Banco,
    usuario: UsuarioAutenticado,
    idDocumento: number,
    ip: string,
    urlPublica: string,
  ): Promise<Documento> => {
    await db.transaction().execute(async (trx) => {
      const documento = await bloquearParaRecebimento(trx, idDocumento, usuario, reencaminhamento);
      const { tramitacao, idUnidade } = await marcar(trx, documento, usuario);
      await concluirRecebimento(trx, { usuario, documento, tramitacao, idUnidade, reencaminhamento, ip, urlPublica });
    });
    return documentos.buscarDocumento(db, idDocumento, usuario);
  };
}

/**
 * POST documentos/{id}/receber: the caller's current unit receives the document addressed to it. The document row
 * is locked and the tramitação updated only while still pending, so of concurrent receipts exactly one wins.
 */
export const receberDocumento = recebimentoNaTransacao(false, marcarRecebidaNaUnidadeAtual);

async function marcarRecebidaNaUnidadeAtual(trx: Banco, documento: DocumentoBloqueado, usuario: UsuarioAutenticado) {
  const idUnidade = await documentos.unidadeAtualDoUsuario(trx, usuario);
  const estadoCaixa = documento.estadoVisibilidadeCaixa;
  if (!visivelNaCaixaPostal(estadoCaixa === null ? {} : { '32007': estadoCaixa })) {
    throw semPermissao(MENSAGENS.documento.naoPendenteRecebimento);
  }
  const tramitacao = await queries.marcarRecebida(trx, documento.id, idUnidade, usuario.id);
  if (!tramitacao) {
    const ultima = await queries.buscarUltimaTramitacao(trx, documento.id);
    if (ultima && ultima.idUnidadeDestino === idUnidade && ultima.dtRecebimento !== null) {
      throw conflito(MENSAGENS.documento.jaRecebido);
    }
    if (ultima && ultima.idUnidadeDestino === idUnidade && ultima.dtCancelamento !== null) {
      throw conflito(MENSAGENS.cancelamentoEnvio.envioCancelado);
    }
    throw semPermissao(MENSAGENS.documento.naoPendenteRecebimento);
  }
  return { tramitacao, idUnidade };
}

/**
 * POST recebimentos/lote: each document received by the caller's current unit in its own transaction, by the rules
 * of a single receipt (so a concurrent receipt of one of them wins or loses as a single one would); the answer says,
 * per document and in the order asked, whether it was received and why not.
 */
export async function receberEmLote(
  db: Banco,
  usuario: UsuarioAutenticado,
  idsDocumentos: number[],
  origem: { ip: string; urlPublica: string },
  log: FastifyBaseLogger,
): Promise<ResultadoRecebimentoLote[]> {
  const resultados: ResultadoRecebimentoLote[] = [];
  for (const idDocumento of new Set(idsDocumentos)) {
    try {
      const documento = await receberDocumento(db, usuario, idDocumento, origem.ip, origem.urlPublica);
      resultados.push({ idDocumento, numero: documento.numero, recebido: true, erro: null });
    } catch (erro) {
      if (!(erro instanceof ErroDominio)) log.error({ err: erro, idDocumento }, 'falha ao receber documento do lote');
      const documento = await queries.lerDocumento(db, idDocumento);
      const visivel = documento !== undefined && documentos.visivelPara(documento, usuario);
      resultados.push({
        idDocumento,
        numero: visivel ? documento.numero : null,
        recebido: false,
        erro: erro instanceof ErroDominio ? erro.message : MENSAGENS.geral.erroInterno,
      });
    }
  }
  return resultados;
}
