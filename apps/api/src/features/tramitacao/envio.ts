import {
  dataEmSaoPaulo,
  estadoAposEnvio,
  impedimentoTramitacao,
  MENSAGENS,
  type NivelAcesso,
  type PrazoEnvio,
  passoDisponivel,
  type ResultadoLote,
  resolverPrazoEnvio,
  type Tramitacao,
  validarDataPrazo,
  validarEnvio,
  validarRetornoProgramado,
} from '@tramite/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Banco } from '../../db/connection.ts';
import { registrarAuditoria } from '../../platform/auditoria.ts';
import { campoInvalido, conflito, ErroDominio, exigirValido, semPermissao } from '../../platform/erros.ts';
import type { UsuarioAutenticado } from '../../platform/sessao.ts';
import { carregarCalendario } from '../calendario/service.ts';
import * as documentos from '../documentos/service.ts';
import { notificarAcompanhantes } from '../favoritos/service.ts';
import { notificarInteressadoSobreTramitacao } from './notificacao.ts';
import * as queries from './queries.ts';
import { bloquearDocumentoVisivel, destinoPendente, erroImpedimento, lerTramitacao } from './service.ts';

// Sending: one document by the caller's unit, in bulk, and (through enviarNaTransacao) in re-forwarding.

/** What a sending asks for; an absent despacho (undefined) takes the one saved for the unit. */
export interface PedidoEnvio {
  idPasso: number;
  idDestino: number;
  despacho?: string | null;
  tipoDespacho: string;
  nivelAcesso: NivelAcesso;
  idHipoteseLegal: number | null;
  despachoPreparatorio?: string | null;
  /** Absent: the step's default deadline (if any); null: none. */
  prazo?: PrazoEnvio;
  retornoProgramado?: string | null;
}

/** Where a request comes from: the caller's address (audit) and the product's public address (e-mail links). */
export interface OrigemPedido {
  ip: string;
  urlPublica: string;
}

interface OpcoesEnvio extends OrigemPedido {
  /** The unit the caller acts for; null in re-forwarding, where the unit holding the document sends. */
  idUnidade: number | null;
  /** Bulk forwarding: a step of another type's flow stands for the same-named step of the document's type. */
  passoEquivalente: boolean;
}

/** The step to take for this document: its own type's flow (or a generic one), else 400. */
async function resolverPasso(
  trx: Banco,
  documento: queries.DocumentoTramitacao,
  idPasso: number,
  equivalente: boolean,
): Promise<queries.PassoComFluxo> {
  const passo = await queries.buscarPasso(trx, idPasso);
  if (!passo) {
    throw campoInvalido(MENSAGENS.tramitacao.passoNaoEncontrado, 'idPasso');
  }
  const doTipo = passo.fluxoIdTipoDocumento === null || passo.fluxoIdTipoDocumento === documento.idTipoDocumento;
  if (passo.fluxoAtivo && doTipo) return passo;
  const outro = equivalente ? await queries.buscarPassoEquivalente(trx, passo, documento.idTipoDocumento) : undefined;
  if (outro) return outro;
  throw campoInvalido(MENSAGENS.tramitacao.passoNaoPermitidoDocumento, 'idPasso');
}

/**
 * One sending inside the caller's transaction, with the document row locked: every precondition is checked again
 * here, so of concurrent sends (or a send racing a receipt) exactly one finds the document as it expects.
 */
export async function enviarNaTransacao(
  trx: Banco,
  usuario: UsuarioAutenticado,
  idDocumento: number,
  pedido: PedidoEnvio,
  opcoes: OpcoesEnvio,
): Promise<{ idTramitacao: number; numero: string }> {
  const documento = await bloquearDocumentoVisivel(trx, idDocumento, usuario);
  const ultima = await queries.buscarUltimaTramitacao(trx, idDocumento);
  const reencaminhamento = opcoes.idUnidade === null;
  if (reencaminhamento && destinoPendente(ultima) !== null) {
    throw conflito(MENSAGENS.reencaminhamento.receberAntes);
  }
  const idUnidadeOrigem = opcoes.idUnidade ?? documento.idUnidadeAtual;
  const impedimento = impedimentoTramitacao(documento, idUnidadeOrigem, destinoPendente(ultima));
  if (impedimento) throw erroImpedimento(impedimento);
  if (documento.idAssunto === null) throw conflito(MENSAGENS.tramitacao.semAssunto);

  const passo = await resolverPasso(trx, documento, pedido.idPasso, opcoes.passoEquivalente);
  if (!passoDisponivel(passo, { idUnidade: idUnidadeOrigem, estadoProcessamento: documento.estadoProcessamento })) {
    throw semPermissao(MENSAGENS.tramitacao.passoNaoPermitido);
  }
  const rascunho = await queries.buscarRascunho(trx, idDocumento, idUnidadeOrigem);
  const despacho = pedido.despacho !== undefined ? pedido.despacho : (rascunho?.despacho ?? null);
  const despachoPreparatorio =
    pedido.despachoPreparatorio !== undefined ? pedido.despachoPreparatorio : (rascunho?.despachoPreparatorio ?? null);
  const idHipoteseLegal = pedido.nivelAcesso === 'P' ? null : pedido.idHipoteseLegal;
  exigirValido(validarEnvio({ nivelAcesso: pedido.nivelAcesso, idHipoteseLegal, despacho, tipoPasso: passo.tipo }));
  if (idHipoteseLegal !== null && !(await queries.hipoteseAtiva(trx, idHipoteseLegal))) {
    throw campoInvalido(MENSAGENS.arquivos.hipoteseInvalida, 'idHipoteseLegal');
  }
  const destinos = await queries.listarDestinos(trx, passo, idUnidadeOrigem, idDocumento);
  if (!destinos.some((d) => d.id === pedido.idDestino)) {
    throw campoInvalido(MENSAGENS.tramitacao.destinoNaoPermitido, 'idDestino');
  }
  const hoje = dataEmSaoPaulo();
  const prazos = resolverPrazoEnvio(pedido, passo, hoje, await carregarCalendario(trx, hoje));
  if ('erro' in prazos) throw campoInvalido(prazos.erro, prazos.campo);
  const { prazo, origemPrazo, retornoProgramado } = prazos.ok;

  const tramitacao = await queries.inserirTramitacao(trx, {
    idDocumento,
    idFluxo: passo.idFluxo,
    idPasso: passo.id,
    idUnidadeOrigem,
    idUnidadeDestino: pedido.idDestino,
    idUsuarioRemetente: usuario.id,
    despacho,
    tipoDespacho: pedido.tipoDespacho,
    nivelAcesso: pedido.nivelAcesso,
    idHipoteseLegal,
    despachoPreparatorio,
    reencaminhamento,
    prazo,
    origemPrazo,
    retornoProgramado,
    situacaoAnterior: documento.situacao,
    estadoProcessamentoAnterior: documento.estadoProcessamento,
    dataEnvioAnterior: documento.dataEnvio,
    prazoAnterior: documento.prazo,
  });
  const estadoProcessamento = estadoAposEnvio(passo.tipo, documento.estadoProcessamento);
  const depois = await queries.registrarEnvio(trx, idDocumento, estadoProcessamento, prazo);
  const estadoFixo = ['ARQUIVAR', 'DESARQUIVAR', 'CONCLUIR'].includes(passo.tipo) ? estadoProcessamento : null;
  const agregados = await queries.enviarAgregados(trx, idDocumento, tramitacao.id, estadoFixo);
  const pecas = await queries.marcarPecasTramitadas(trx, tramitacao.id);
  if (passo.tipo === 'DESARQUIVAR') {
    await queries.inserirDesarquivamento(trx, {
      idDocumento,
      idUnidade: idUnidadeOrigem,
      idUsuario: usuario.id,
      idTramitacao: tramitacao.id,
      motivo: despacho ?? '',
    });
  }
  await queries.apagarRascunho(trx, idDocumento, idUnidadeOrigem);
  await registrarAuditoria(trx, {
    idUsuario: usuario.id,
    acao: reencaminhamento ? 'REENCAMINHAR_DOCUMENTO' : 'TRAMITAR_DOCUMENTO',
    entidade: 'documento',
    idEntidade: idDocumento,
    antes: {
      situacao: documento.situacao,
      idUnidadeAtual: documento.idUnidadeAtual,
      estadoProcessamento: documento.estadoProcessamento,
    },
    depois: {
      ...depois,
      idTramitacao: tramitacao.id,
      sequencia: tramitacao.sequencia,
      idPasso: passo.id,
      tipoPasso: passo.tipo,
      idUnidadeOrigem,
      idUnidadeDestino: pedido.idDestino,
      nivelAcesso: pedido.nivelAcesso,
      prazo,
      origemPrazo,
      retornoProgramado,
      agregados,
      pecasTramitadas: pecas,
    },
    ip: opcoes.ip,
  });
  await notificarInteressadoSobreTramitacao(trx, tramitacao.id, opcoes.urlPublica);
  await notificarAcompanhantes(trx, {
    idDocumento,
    evento: { tipo: 'TRAMITACAO', idTramitacao: tramitacao.id },
    idUsuarioAutor: usuario.id,
    urlPublica: opcoes.urlPublica,
  });
  return { idTramitacao: tramitacao.id, numero: documento.numero };
}

/** POST documentos/{id}/tramitacoes: the caller's current unit sends the document. */
export async function tramitar(
  db: Banco,
  usuario: UsuarioAutenticado,
  idDocumento: number,
  pedido: PedidoEnvio,
  origem: OrigemPedido,
): Promise<Tramitacao> {
  const { idTramitacao } = await db.transaction().execute(async (trx) => {
    const idUnidade = await documentos.unidadeAtualDoUsuario(trx, usuario);
    return enviarNaTransacao(trx, usuario, idDocumento, pedido, { idUnidade, passoEquivalente: false, ...origem });
  });
  return lerTramitacao(db, idTramitacao, usuario);
}

/**
 * POST tramitacoes/lote: each document in its own transaction with the rules of a single sending; the answer says,
 * per document and in the order asked, whether it was sent and why not.
 */
export async function tramitarEmLote(
  db: Banco,
  usuario: UsuarioAutenticado,
  idsDocumentos: number[],
  pedido: PedidoEnvio,
  origem: OrigemPedido,
  log: FastifyBaseLogger,
): Promise<ResultadoLote[]> {
  const pedidoComum = await prazoUnicoDoLote(db, pedido);
  const resultados: ResultadoLote[] = [];
  for (const idDocumento of new Set(idsDocumentos)) {
    try {
      const { numero } = await db.transaction().execute(async (trx) => {
        const idUnidade = await documentos.unidadeAtualDoUsuario(trx, usuario);
        return enviarNaTransacao(trx, usuario, idDocumento, pedidoComum, {
          idUnidade,
          passoEquivalente: true,
          ...origem,
        });
      });
      resultados.push({ idDocumento, numero, tramitado: true, erro: null });
    } catch (erro) {
      if (!(erro instanceof ErroDominio)) log.error({ err: erro, idDocumento }, 'falha ao tramitar documento do lote');
      const documento = await queries.lerDocumento(db, idDocumento);
      const visivel = documento !== undefined && documentos.visivelPara(documento, usuario);
      resultados.push({
        idDocumento,
        numero: visivel ? documento.numero : null,
        tramitado: false,
        erro: erro instanceof ErroDominio ? erro.message : MENSAGENS.geral.erroInterno,
      });
    }
  }
  return resultados;
}

/**
 * A bulk forwarding gives every document the same deadline: N business days become one date before the first
 * sending, and a date the sender chose is checked once, refusing the whole request (400) when it breaks a rule.
 */
async function prazoUnicoDoLote(db: Banco, pedido: PedidoEnvio): Promise<PedidoEnvio> {
  if (!pedido.prazo && !pedido.retornoProgramado) return pedido;
  const hoje = dataEmSaoPaulo();
  const calendario = await carregarCalendario(db, hoje);
  let prazo = pedido.prazo;
  if (prazo && 'diasUteis' in prazo) prazo = { data: calendario.somarDiasUteis(hoje, prazo.diasUteis) };
  if (prazo) exigirValido(validarDataPrazo(prazo.data, hoje, calendario), 'prazo');
  if (pedido.retornoProgramado) {
    const erro = validarRetornoProgramado(pedido.retornoProgramado, prazo?.data ?? null, hoje, calendario);
    exigirValido(erro, 'retornoProgramado');
  }
  return { ...pedido, prazo };
}
