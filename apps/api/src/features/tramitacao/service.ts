import {
  avaliarConsistencia,
  type Consistencia,
  calcularDias,
  type Destino,
  type Documento,
  estadoAposEnvio,
  type Fluxo,
  IMPEDIMENTOS_TRAMITACAO,
  type ImpedimentoTramitacao,
  impedimentoTramitacao,
  MENSAGENS,
  type NivelAcesso,
  passoDisponivel,
  podeVerDespacho,
  type RascunhoDespacho,
  type ResultadoLote,
  type SalvarDespacho,
  type Tramitacao,
  validarEnvio,
  visivelNaCaixaPostal,
} from '@tramite/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Banco } from '../../db/connection.ts';
import { registrarAuditoria } from '../../platform/auditoria.ts';
import { conflito, ErroDominio, naoEncontrado, requisicaoInvalida, semPermissao } from '../../platform/erros.ts';
import type { UsuarioAutenticado } from '../../platform/sessao.ts';
import * as documentos from '../documentos/service.ts';
import { notificarAcompanhantes } from '../favoritos/service.ts';
import { notificarInteressadoSobreTramitacao } from './notificacao.ts';
import * as queries from './queries.ts';

type Chamador = documentos.Chamador;

export const erroDocumento = () => naoEncontrado(MENSAGENS.autuacao.erroBuscarDadosDocumento);

/** The document as the forwarding rules read it; 404 when unknown or a draft of another unit. */
export async function exigirDocumento(db: Banco, idDocumento: number, chamador: Chamador) {
  const documento = await queries.lerDocumento(db, idDocumento);
  if (!documento || !documentos.visivelPara(documento, chamador)) throw erroDocumento();
  return documento;
}

export const destinoPendente = (ultima: { idUnidadeDestino: number; dtRecebimento: Date | null } | undefined) =>
  ultima && ultima.dtRecebimento === null ? ultima.idUnidadeDestino : null;

function erroImpedimento(impedimento: ImpedimentoTramitacao): ErroDominio {
  const mensagem = IMPEDIMENTOS_TRAMITACAO[impedimento];
  return impedimento === 'OUTRA_UNIDADE' ? semPermissao(mensagem) : conflito(mensagem);
}

function passoPublico(passo: queries.PassoDoFluxo) {
  return { id: passo.id, descricao: passo.descricao, tipo: passo.tipo, ordem: passo.ordem };
}

/** Flows of the document's type with the steps the unit may take now (none when it may not forward it). */
export async function fluxosParaUnidade(
  db: Banco,
  documento: queries.DocumentoTramitacao,
  idUnidade: number,
  impedimento: ImpedimentoTramitacao | null,
): Promise<Fluxo[]> {
  const fluxos = await queries.listarFluxos(db, documento.idTipoDocumento);
  const contexto = { idUnidade, estadoProcessamento: documento.estadoProcessamento };
  return fluxos.map((fluxo) => ({
    id: fluxo.id,
    descricao: fluxo.descricao,
    passos: impedimento ? [] : fluxo.passos.filter((p) => passoDisponivel(p, contexto)).map(passoPublico),
  }));
}

/** GET documentos/{id}/fluxos. */
export async function listarFluxos(db: Banco, usuario: UsuarioAutenticado, idDocumento: number): Promise<Fluxo[]> {
  const documento = await exigirDocumento(db, idDocumento, usuario);
  const idUnidade = await documentos.unidadeAtualDoUsuario(db, usuario);
  const ultima = await queries.buscarUltimaTramitacao(db, idDocumento);
  const impedimento = impedimentoTramitacao(documento, idUnidade, destinoPendente(ultima));
  return fluxosParaUnidade(db, documento, idUnidade, impedimento);
}

/** The step must belong to the given flow, and the flow be an active flow of the document's type (or generic). */
export async function exigirPassoDoFluxo(
  db: Banco,
  documento: queries.DocumentoTramitacao,
  idFluxo: number,
  idPasso: number,
): Promise<queries.PassoComFluxo> {
  const fluxos = await queries.listarFluxos(db, documento.idTipoDocumento);
  if (!fluxos.some((f) => f.id === idFluxo)) throw naoEncontrado(MENSAGENS.tramitacao.fluxoNaoEncontrado);
  const passo = await queries.buscarPasso(db, idPasso);
  if (!passo || passo.idFluxo !== idFluxo) throw naoEncontrado(MENSAGENS.tramitacao.passoNaoEncontrado);
  return passo;
}

/** GET documentos/{id}/fluxos/{idFluxo}/destinos: the step's destinations from the caller's current unit. */
export async function listarDestinos(
  db: Banco,
  usuario: UsuarioAutenticado,
  idDocumento: number,
  idFluxo: number,
  idPasso: number,
): Promise<Destino[]> {
  const documento = await exigirDocumento(db, idDocumento, usuario);
  const passo = await exigirPassoDoFluxo(db, documento, idFluxo, idPasso);
  const idUnidade = await documentos.unidadeAtualDoUsuario(db, usuario);
  return queries.listarDestinos(db, passo, idUnidade, idDocumento);
}

/** GET documentos/{id}/fluxos/{idFluxo}/consistencia: ERRO blocks the sending, ALERTA asks to confirm. */
export async function avaliarConsistenciaEnvio(
  db: Banco,
  usuario: UsuarioAutenticado,
  idDocumento: number,
  idFluxo: number,
  idPasso: number,
): Promise<Consistencia> {
  const documento = await exigirDocumento(db, idDocumento, usuario);
  const passo = await exigirPassoDoFluxo(db, documento, idFluxo, idPasso);
  const idUnidade = await documentos.unidadeAtualDoUsuario(db, usuario);
  const [ultima, quantidadePecas, rascunho] = await Promise.all([
    queries.buscarUltimaTramitacao(db, idDocumento),
    queries.contarPecas(db, idDocumento),
    queries.buscarRascunho(db, idDocumento, idUnidade),
  ]);
  return avaliarConsistencia({
    impedimento: impedimentoTramitacao(documento, idUnidade, destinoPendente(ultima)),
    passoPermitido: passoDisponivel(passo, { idUnidade, estadoProcessamento: documento.estadoProcessamento }),
    temAssunto: documento.idAssunto !== null,
    quantidadePecas,
    urgente: documento.urgente,
    temDespachoPreparatorio: Boolean(rascunho?.despachoPreparatorio),
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Sending

/** What a sending asks for; an absent despacho (undefined) takes the one saved for the unit. */
export interface PedidoEnvio {
  idPasso: number;
  idDestino: number;
  despacho?: string | null;
  tipoDespacho: string;
  nivelAcesso: NivelAcesso;
  idHipoteseLegal: number | null;
  despachoPreparatorio?: string | null;
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
    throw requisicaoInvalida(MENSAGENS.tramitacao.passoNaoEncontrado, [
      { campo: 'idPasso', mensagem: MENSAGENS.tramitacao.passoNaoEncontrado },
    ]);
  }
  const doTipo = passo.fluxoIdTipoDocumento === null || passo.fluxoIdTipoDocumento === documento.idTipoDocumento;
  if (passo.fluxoAtivo && doTipo) return passo;
  const outro = equivalente ? await queries.buscarPassoEquivalente(trx, passo, documento.idTipoDocumento) : undefined;
  if (outro) return outro;
  throw requisicaoInvalida(MENSAGENS.tramitacao.passoNaoPermitidoDocumento, [
    { campo: 'idPasso', mensagem: MENSAGENS.tramitacao.passoNaoPermitidoDocumento },
  ]);
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
  const documento = await queries.bloquearDocumento(trx, idDocumento);
  if (!documento || !documentos.visivelPara(documento, usuario)) throw erroDocumento();
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
  const erro = validarEnvio({ nivelAcesso: pedido.nivelAcesso, idHipoteseLegal, despacho, tipoPasso: passo.tipo });
  if (erro) throw requisicaoInvalida(erro);
  if (idHipoteseLegal !== null && !(await queries.hipoteseAtiva(trx, idHipoteseLegal))) {
    throw requisicaoInvalida(MENSAGENS.arquivos.hipoteseInvalida, [
      { campo: 'idHipoteseLegal', mensagem: MENSAGENS.arquivos.hipoteseInvalida },
    ]);
  }
  const destinos = await queries.listarDestinos(trx, passo, idUnidadeOrigem, idDocumento);
  if (!destinos.some((d) => d.id === pedido.idDestino)) {
    throw requisicaoInvalida(MENSAGENS.tramitacao.destinoNaoPermitido, [
      { campo: 'idDestino', mensagem: MENSAGENS.tramitacao.destinoNaoPermitido },
    ]);
  }

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
  });
  const estadoProcessamento = estadoAposEnvio(passo.tipo, documento.estadoProcessamento);
  const depois = await queries.registrarEnvio(trx, idDocumento, estadoProcessamento);
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
  const resultados: ResultadoLote[] = [];
  for (const idDocumento of new Set(idsDocumentos)) {
    try {
      const { numero } = await db.transaction().execute(async (trx) => {
        const idUnidade = await documentos.unidadeAtualDoUsuario(trx, usuario);
        return enviarNaTransacao(trx, usuario, idDocumento, pedido, { idUnidade, passoEquivalente: true, ...origem });
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

// ---------------------------------------------------------------------------------------------------------------
// Saved despacho

/** PATCH documentos/{id}/tramitacoes: saves the despacho and/or despacho preparatório of the caller's unit. */
export async function salvarDespacho(
  db: Banco,
  usuario: UsuarioAutenticado,
  idDocumento: number,
  dados: SalvarDespacho,
  ip: string,
): Promise<RascunhoDespacho> {
  return db.transaction().execute(async (trx) => {
    const documento = await queries.bloquearDocumento(trx, idDocumento);
    if (!documento || !documentos.visivelPara(documento, usuario)) throw erroDocumento();
    const idUnidade = await documentos.unidadeAtualDoUsuario(trx, usuario);
    const ultima = await queries.buscarUltimaTramitacao(trx, idDocumento);
    const impedimento = impedimentoTramitacao(documento, idUnidade, destinoPendente(ultima));
    if (impedimento) throw erroImpedimento(impedimento);
    const salvo = await queries.salvarRascunho(trx, {
      idDocumento,
      idUnidade,
      idUsuario: usuario.id,
      despacho: dados.despacho,
      despachoPreparatorio: dados.despachoPreparatorio,
    });
    await registrarAuditoria(trx, {
      idUsuario: usuario.id,
      acao: 'SALVAR_DESPACHO',
      entidade: 'documento',
      idEntidade: idDocumento,
      depois: { idUnidade, ...salvo },
      ip,
    });
    return salvo;
  });
}

/** GET documentos/{id}/tramitacoes/despacho: the draft saved for the caller's unit (nulls when none). */
export async function buscarDespacho(
  db: Banco,
  usuario: UsuarioAutenticado,
  idDocumento: number,
): Promise<RascunhoDespacho> {
  await exigirDocumento(db, idDocumento, usuario);
  const idUnidade = await documentos.unidadeAtualDoUsuario(db, usuario);
  const salvo = await queries.buscarRascunho(db, idDocumento, idUnidade);
  return { despacho: salvo?.despacho ?? null, despachoPreparatorio: salvo?.despachoPreparatorio ?? null };
}

// ---------------------------------------------------------------------------------------------------------------
// Movement history

type Leitor = { irrestrito: boolean; lotacoes: readonly number[] } | null;

const leitorDe = (chamador: Chamador): Leitor =>
  chamador
    ? { irrestrito: chamador.permissoes.includes('VISUALIZACAO_IRRESTRITA_PECAS'), lotacoes: chamador.lotacoes }
    : null;

/**
 * The history's rule for one movement's despacho, for every other place that prints a despacho or the reason it
 * records (reports, e-mails, lists): what the history hides, they hide too (issue 17).
 */
export function despachoVisivelPara(
  tramitacao: { nivelAcesso: NivelAcesso; idUnidadeOrigem: number; idUnidadeDestino: number },
  chamador: Chamador,
): boolean {
  return podeVerDespacho(tramitacao, leitorDe(chamador));
}

function paraTramitacao(linha: queries.LinhaTramitacao, leitor: Leitor, agora: Date): Tramitacao {
  const visivel = podeVerDespacho(linha, leitor);
  return {
    id: linha.id,
    sequencia: linha.sequencia,
    idPasso: linha.idPasso,
    passo: linha.passo,
    tipoPasso: linha.tipoPasso,
    fluxo: linha.fluxo,
    unidadeOrigem: { id: linha.idUnidadeOrigem, sigla: linha.origemSigla, nome: linha.origemNome },
    unidadeDestino: { id: linha.idUnidadeDestino, sigla: linha.destinoSigla, nome: linha.destinoNome },
    remetente: linha.remetente,
    recebedor: linha.recebedor,
    despacho: visivel ? linha.despacho : null,
    despachoPreparatorio: visivel ? linha.despachoPreparatorio : null,
    despachoOculto: !visivel && (linha.despacho !== null || linha.despachoPreparatorio !== null),
    tipoDespacho: linha.tipoDespacho,
    nivelAcesso: linha.nivelAcesso,
    idHipoteseLegal: linha.idHipoteseLegal,
    descricaoHipoteseLegal: linha.descricaoHipoteseLegal,
    dtDespacho: new Date(linha.dtDespacho).toISOString(),
    dtRecebimento: linha.dtRecebimento === null ? null : new Date(linha.dtRecebimento).toISOString(),
    dias: calcularDias(linha.dtDespacho, linha.dtRecebimento, agora),
    reencaminhamento: linha.reencaminhamento,
    idTramitacaoPrincipal: linha.idTramitacaoPrincipal,
  };
}

export async function lerTramitacao(db: Banco, idTramitacao: number, chamador: Chamador): Promise<Tramitacao> {
  const linha = await queries.buscarTramitacao(db, idTramitacao);
  if (!linha) throw naoEncontrado();
  return paraTramitacao(linha, leitorDe(chamador), new Date());
}

/** GET documentos/{id}/tramitacoes (public): every movement in order, restricted despachos hidden as due. */
export async function listarTramitacoes(db: Banco, chamador: Chamador, idDocumento: number): Promise<Tramitacao[]> {
  // The movements are read alongside the document; they are shown only once the document proved visible.
  const [, linhas] = await Promise.all([
    exigirDocumento(db, idDocumento, chamador),
    queries.listarTramitacoes(db, idDocumento),
  ]);
  const leitor = leitorDe(chamador);
  const agora = new Date();
  return linhas.map((linha) => paraTramitacao(linha, leitor, agora));
}

/** GET documentos/{id}/ultima-tramitacao (public). */
export async function buscarUltimaTramitacao(
  db: Banco,
  chamador: Chamador,
  idDocumento: number,
): Promise<Tramitacao | null> {
  await exigirDocumento(db, idDocumento, chamador);
  const linha = await queries.buscarUltimaTramitacaoCompleta(db, idDocumento);
  return linha ? paraTramitacao(linha, leitorDe(chamador), new Date()) : null;
}

// ---------------------------------------------------------------------------------------------------------------
// Receiving

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

/**
 * POST documentos/{id}/receber: the caller's current unit receives the document addressed to it. The document row
 * is locked and the tramitação updated only while still pending, so of concurrent receipts exactly one wins.
 */
export async function receberDocumento(
  db: Banco,
  usuario: UsuarioAutenticado,
  idDocumento: number,
  ip: string,
  urlPublica: string,
): Promise<Documento> {
  await db.transaction().execute(async (trx) => {
    const documento = await queries.bloquearDocumento(trx, idDocumento);
    if (!documento || !documentos.visivelPara(documento, usuario)) throw erroDocumento();
    const idUnidade = await documentos.unidadeAtualDoUsuario(trx, usuario);
    const estadoCaixa = documento.estadoVisibilidadeCaixa;
    if (!visivelNaCaixaPostal(estadoCaixa === null ? {} : { '32007': estadoCaixa })) {
      throw semPermissao(MENSAGENS.documento.naoPendenteRecebimento);
    }
    const tramitacao = await queries.marcarRecebida(trx, idDocumento, idUnidade, usuario.id);
    if (!tramitacao) {
      const ultima = await queries.buscarUltimaTramitacao(trx, idDocumento);
      if (ultima && ultima.idUnidadeDestino === idUnidade && ultima.dtRecebimento !== null) {
        throw conflito(MENSAGENS.documento.jaRecebido);
      }
      throw semPermissao(MENSAGENS.documento.naoPendenteRecebimento);
    }
    await concluirRecebimento(trx, {
      usuario,
      documento,
      tramitacao,
      idUnidade,
      reencaminhamento: false,
      ip,
      urlPublica,
    });
  });
  return documentos.buscarDocumento(db, idDocumento, usuario);
}
