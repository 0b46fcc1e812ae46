import {
  type Documento,
  IMPEDIMENTOS_CANCELAMENTO_ENVIO,
  impedimentoCancelamentoEnvio,
  MENSAGENS,
  type NivelAcesso,
  podeVerDespacho,
  type ResultadoCancelamentoLote,
} from '@tramite/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Banco } from '../../db/connection.ts';
import { registrarAuditoria } from '../../platform/auditoria.ts';
import { enfileirarEmail } from '../../platform/email.ts';
import { conflito, ErroDominio, semPermissao } from '../../platform/erros.ts';
import type { UsuarioAutenticado } from '../../platform/sessao.ts';
import * as documentos from '../documentos/service.ts';
import { notificarAcompanhantes } from '../favoritos/service.ts';
import type { OrigemPedido } from './envio.ts';
import * as queries from './queries.ts';
import * as cancelamento from './queries-cancelamento-envio.ts';
import { bloquearDocumentoVisivel } from './service.ts';

// Recalling a sending not yet received ("Cancelar envio", issue 20): one document, or several each by itself.

const formatoData = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  dateStyle: 'short',
  timeStyle: 'medium',
});
const quando = (data: Date | string | null) => formatoData.format(data === null ? new Date() : new Date(data));

/**
 * One recall inside the caller's transaction, with the document row locked: a receipt of the same document waits for
 * it (or it for the receipt), so of the two exactly one finds the sending pending. The tramitação is kept and marked;
 * the document, the joined children that went with it and the peças it made part of the record go back to what they
 * were before the sending (the despacho draft, deleted at the sending, is not restored).
 */
async function cancelarEnvioNaTransacao(
  trx: Banco,
  usuario: UsuarioAutenticado,
  idDocumento: number,
  motivo: string,
  origem: OrigemPedido,
): Promise<{ numero: string }> {
  const documento = await bloquearDocumentoVisivel(trx, idDocumento, usuario);
  const idUnidade = await documentos.unidadeAtualDoUsuario(trx, usuario);
  const ultima = await cancelamento.buscarUltimaParaCancelar(trx, idDocumento);
  const impedimento = impedimentoCancelamentoEnvio(documento, ultima, idUnidade);
  if (impedimento) {
    const mensagem = IMPEDIMENTOS_CANCELAMENTO_ENVIO[impedimento];
    throw impedimento === 'OUTRA_UNIDADE' ? semPermissao(mensagem) : conflito(mensagem);
  }
  if (!ultima) throw conflito(MENSAGENS.cancelamentoEnvio.nadaACancelar);
  if (ultima.situacaoAnterior === null || ultima.estadoProcessamentoAnterior === null) {
    throw conflito(MENSAGENS.cancelamentoEnvio.semEstadoAnterior);
  }

  const marcadas = await cancelamento.marcarCancelada(trx, ultima.id, { idUsuario: usuario.id, motivo });
  // The lock makes this unreachable; kept so that a missed lock can never restore a received document.
  if (!marcadas.principal) throw conflito(MENSAGENS.cancelamentoEnvio.jaRecebido);
  const restaurados = await cancelamento.restaurarDocumentos(trx, ultima.id);
  const pecas = await cancelamento.desmarcarPecasTramitadas(trx, ultima.id);
  const depois = restaurados.find((d) => Number(d.id) === idDocumento);
  await registrarAuditoria(trx, {
    idUsuario: usuario.id,
    acao: 'CANCELAR_ENVIO',
    entidade: 'documento',
    idEntidade: idDocumento,
    antes: {
      situacao: documento.situacao,
      estadoProcessamento: documento.estadoProcessamento,
      dataEnvio: documento.dataEnvio,
      prazo: documento.prazo,
      idUnidadeAtual: documento.idUnidadeAtual,
      idTramitacao: ultima.id,
      sequencia: ultima.sequencia,
      idUnidadeDestino: ultima.idUnidadeDestino,
    },
    depois: {
      situacao: depois?.situacao ?? ultima.situacaoAnterior,
      estadoProcessamento: depois?.estadoProcessamento ?? ultima.estadoProcessamentoAnterior,
      dataEnvio: ultima.dataEnvioAnterior,
      prazo: ultima.prazoAnterior,
      idUnidadeAtual: documento.idUnidadeAtual,
      motivo,
      agregados: marcadas.idsAgregados,
      pecasDesmarcadas: pecas,
    },
    ip: origem.ip,
  });
  await notificarCancelamento(trx, {
    idTramitacao: ultima.id,
    tramitacao: ultima,
    idUsuarioAutor: usuario.id,
    rascunho: ultima.situacaoAnterior === 'EM_CRIACAO',
    urlPublica: origem.urlPublica,
  });
  return { numero: documento.numero };
}

/** POST documentos/{id}/cancelar-envio: answers the document as the caller sees it after the recall. */
export async function cancelarEnvio(
  db: Banco,
  usuario: UsuarioAutenticado,
  idDocumento: number,
  motivo: string,
  origem: OrigemPedido,
): Promise<Documento> {
  await db.transaction().execute((trx) => cancelarEnvioNaTransacao(trx, usuario, idDocumento, motivo, origem));
  return documentos.buscarDocumento(db, idDocumento, usuario);
}

/**
 * POST tramitacoes/cancelamento/lote: each document recalled in its own transaction by the single rules; the answer
 * says, per document and in the order asked, whether its sending was recalled and why not.
 */
export async function cancelarEnvioEmLote(
  db: Banco,
  usuario: UsuarioAutenticado,
  idsDocumentos: number[],
  motivo: string,
  origem: OrigemPedido,
  log: FastifyBaseLogger,
): Promise<ResultadoCancelamentoLote[]> {
  const resultados: ResultadoCancelamentoLote[] = [];
  for (const idDocumento of new Set(idsDocumentos)) {
    try {
      const { numero } = await db
        .transaction()
        .execute((trx) => cancelarEnvioNaTransacao(trx, usuario, idDocumento, motivo, origem));
      resultados.push({ idDocumento, numero, cancelado: true, erro: null });
    } catch (erro) {
      if (!(erro instanceof ErroDominio)) log.error({ err: erro, idDocumento }, 'falha ao cancelar envio do lote');
      const documento = await queries.lerDocumento(db, idDocumento);
      const visivel = documento !== undefined && documentos.visivelPara(documento, usuario);
      resultados.push({
        idDocumento,
        numero: visivel ? documento.numero : null,
        cancelado: false,
        erro: erro instanceof ErroDominio ? erro.message : MENSAGENS.geral.erroInterno,
      });
    }
  }
  return resultados;
}

/**
 * Tells of the recall, in its transaction: the destination's users who receive e-mail notifications and the
 * destination unit's own address (they may see the sending's despacho, so the reason too), then the document's
 * followers (the reason only to those who may see the despacho), no one twice and never the author.
 */
async function notificarCancelamento(
  trx: Banco,
  dados: {
    idTramitacao: number;
    tramitacao: { nivelAcesso: NivelAcesso; idUnidadeOrigem: number; idUnidadeDestino: number };
    idUsuarioAutor: number;
    /** The document went back to being a draft of the origin: the destination can no longer open it. */
    rascunho: boolean;
    urlPublica: string;
  },
): Promise<void> {
  const envio = await cancelamento.lerEnvioCancelado(trx, dados.idTramitacao);
  if (!envio) return;
  const urlPublica = dados.urlPublica.replace(/\/$/, '');
  const motivo = envio.motivoCancelamento ?? '';
  const frase = [
    `O envio do documento ${envio.numero} pela unidade ${envio.origemSigla} (${envio.origemNome}) à unidade ${envio.destinoSigla} (${envio.destinoNome}), feito em ${quando(envio.dtDespacho)}, foi cancelado por ${envio.autor ?? 'usuário do sistema'} em ${quando(envio.dtCancelamento)}.`,
    `O documento voltou à unidade ${envio.origemSigla} e não aguarda mais recebimento na unidade ${envio.destinoSigla}.`,
  ].join(' ');
  const assunto = `Documento ${envio.numero}: envio à unidade ${envio.destinoSigla} cancelado`;
  const corpo = (saudacao: string, porque: string) =>
    [
      saudacao,
      '',
      frase,
      `Motivo: ${motivo}`,
      '',
      ...(dados.rascunho ? [] : [`Consulte o documento em ${urlPublica}/documentos/${envio.idDocumento}`, '']),
      porque,
      'Esta é uma mensagem automática do Trâmite; não é preciso respondê-la.',
    ].join('\n');

  const enderecos = new Set<string>();
  const usuarios = await cancelamento.listarUsuariosDoDestino(trx, envio.idDestino, dados.idUsuarioAutor);
  for (const u of usuarios) {
    const para = (u.email as string).trim();
    if (enderecos.has(para.toLowerCase())) continue;
    enderecos.add(para.toLowerCase());
    await enfileirarEmail(trx, {
      para,
      assunto,
      texto: corpo(
        `Prezado(a) ${u.nome},`,
        `Você recebe esta mensagem porque está lotado(a) na unidade ${envio.destinoSigla}.`,
      ),
    });
  }
  const emailUnidade = envio.emailDestino?.trim();
  if (emailUnidade && !enderecos.has(emailUnidade.toLowerCase())) {
    await enfileirarEmail(trx, {
      para: emailUnidade,
      assunto,
      texto: corpo(
        `Prezados(as) da unidade ${envio.destinoSigla},`,
        'Esta mensagem foi enviada ao endereço de e-mail da unidade.',
      ),
    });
  }

  await notificarAcompanhantes(trx, {
    idDocumento: envio.idDocumento,
    evento: {
      tipo: 'CANCELAMENTO_ENVIO',
      idTramitacao: dados.idTramitacao,
      motivo,
      motivoVisivelPara: async (ids) => {
        const leitores = await cancelamento.lerLeitores(trx, ids);
        return new Set(leitores.filter((l) => podeVerDespacho(dados.tramitacao, l)).map((l) => l.id));
      },
    },
    idUsuarioAutor: dados.idUsuarioAutor,
    urlPublica: dados.urlPublica,
    exceto: usuarios.map((u) => u.id),
  });
}
