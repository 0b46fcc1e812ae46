import {
  avaliarConsistencia,
  type Consistencia,
  calcularDias,
  type Destino,
  type Fluxo,
  IMPEDIMENTOS_TRAMITACAO,
  type ImpedimentoTramitacao,
  impedimentoTramitacao,
  MENSAGENS,
  type NivelAcesso,
  passoDisponivel,
  podeVerDespacho,
  type RascunhoDespacho,
  type SalvarDespacho,
  type Tramitacao,
} from '@tramite/shared';
import type { Banco } from '../../db/connection.ts';
import { registrarAuditoria } from '../../platform/auditoria.ts';
import { conflito, type ErroDominio, naoEncontrado, semPermissao } from '../../platform/erros.ts';
import type { UsuarioAutenticado } from '../../platform/sessao.ts';
import * as documentos from '../documentos/service.ts';
import * as queries from './queries.ts';

type Chamador = documentos.Chamador;

export const erroDocumento = () => naoEncontrado(MENSAGENS.autuacao.erroBuscarDadosDocumento);

/** The document as the forwarding rules read it; 404 when unknown or a draft of another unit. */
export async function exigirDocumento(db: Banco, idDocumento: number, chamador: Chamador) {
  const documento = await queries.lerDocumento(db, idDocumento);
  if (!documento || !documentos.visivelPara(documento, chamador)) throw erroDocumento();
  return documento;
}

/** The document locked for a change (a receipt, a sending, a draft); 404 when unknown or a draft of another unit. */
export async function bloquearDocumentoVisivel(trx: Banco, idDocumento: number, chamador: Chamador) {
  const documento = await queries.bloquearDocumento(trx, idDocumento);
  if (!documento || !documentos.visivelPara(documento, chamador)) throw erroDocumento();
  return documento;
}

/** Where the last sending waits to be received; null when it was received or recalled (or there is none). */
export const destinoPendente = (
  ultima: { idUnidadeDestino: number; dtRecebimento: Date | null; dtCancelamento: Date | null } | undefined,
) => (ultima && ultima.dtRecebimento === null && ultima.dtCancelamento === null ? ultima.idUnidadeDestino : null);

/**
 * Why the unit may not forward the document now (the rule of Tramitar), or null. Also read by the Tramita GOV.BR
 * pre-send check (issue 24), which must see the same impediments.
 */
export async function impedimentoDaUnidade(
  db: Banco,
  documento: queries.DocumentoTramitacao,
  idUnidade: number,
): Promise<ImpedimentoTramitacao | null> {
  const ultima = await queries.buscarUltimaTramitacao(db, documento.id);
  return impedimentoTramitacao(documento, idUnidade, destinoPendente(ultima));
}

export function erroImpedimento(impedimento: ImpedimentoTramitacao): ErroDominio {
  const mensagem = IMPEDIMENTOS_TRAMITACAO[impedimento];
  return impedimento === 'OUTRA_UNIDADE' ? semPermissao(mensagem) : conflito(mensagem);
}

function passoPublico(passo: queries.PassoDoFluxo) {
  return {
    id: passo.id,
    descricao: passo.descricao,
    tipo: passo.tipo,
    ordem: passo.ordem,
    prazoDiasUteis: passo.prazoDiasUteis,
  };
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

/** A step's destinations, after checking the document and the step, from the unit `unidade` names. */
export function destinosDoPassoPela(
  unidade: (db: Banco, usuario: UsuarioAutenticado, documento: queries.DocumentoTramitacao) => Promise<number>,
) {
  return async (
    db: Banco,
    usuario: UsuarioAutenticado,
    idDocumento: number,
    idFluxo: number,
    idPasso: number,
  ): Promise<Destino[]> => {
    const documento = await exigirDocumento(db, idDocumento, usuario);
    const passo = await exigirPassoDoFluxo(db, documento, idFluxo, idPasso);
    const idUnidade = await unidade(db, usuario, documento);
    return queries.listarDestinos(db, passo, idUnidade, idDocumento);
  };
}

/** GET documentos/{id}/fluxos/{idFluxo}/destinos: the step's destinations from the caller's current unit. */
export const listarDestinos = destinosDoPassoPela((db, usuario) => documentos.unidadeAtualDoUsuario(db, usuario));

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
    const documento = await bloquearDocumentoVisivel(trx, idDocumento, usuario);
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
// Movement history (sending is in envio.ts, receiving in recebimento.ts)

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
    prazo: linha.prazo,
    origemPrazo: linha.origemPrazo,
    prazoAlterado:
      linha.prazoAlteradoEm === null
        ? null
        : { em: new Date(linha.prazoAlteradoEm).toISOString(), usuario: linha.prazoAlteradoPor ?? '' },
    retornoProgramado: linha.retornoProgramado,
    cancelamento:
      linha.dtCancelamento === null
        ? null
        : {
            em: new Date(linha.dtCancelamento).toISOString(),
            usuario: linha.usuarioCancelamento ?? '',
            motivo: visivel ? linha.motivoCancelamento : null,
          },
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
