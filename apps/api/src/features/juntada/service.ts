import {
  type CandidatoJuntada,
  type ClasseJuntada,
  ESTADO_SOBRESTADO,
  type JuntarEntrada,
  MENSAGENS,
  motivoSemJuntada,
  motivoTipoJuntadaRecusado,
  normalizarTipoAgregacao,
  SITUACOES_RECEBIDO,
  type Vinculos,
} from '@tramite/shared';
import type { Banco } from '../../db/connection.ts';
import { registrarAuditoria } from '../../platform/auditoria.ts';
import { conflito, naoEncontrado, requisicaoInvalida, semPermissao } from '../../platform/erros.ts';
import type { UsuarioAutenticado } from '../../platform/sessao.ts';
import * as documentos from '../documentos/service.ts';
import { notificarAcompanhantes } from '../favoritos/service.ts';
import * as queries from './queries.ts';

const RECEBIDO: readonly string[] = SITUACOES_RECEBIDO;

const erroDocumento = () => naoEncontrado(MENSAGENS.autuacao.erroBuscarDadosDocumento);

/** Spec §5 "Joining": the rules a document must meet to be joined into another by the unit. */
function candidatoValido(filho: queries.DocumentoJuntada, idUnidade: number): boolean {
  return (
    filho.idUnidadeAtual === idUnidade &&
    RECEBIDO.includes(filho.situacao) &&
    filho.estadoProcessamento === 1 &&
    filho.dataValidade !== null &&
    filho.idDocumentoAgregador === null
  );
}

/** The parent: held and received by the unit, in progress and not itself joined into another document. */
function exigirAgregadorDisponivel(agregador: queries.DocumentoJuntada, idUnidade: number): void {
  const motivo = motivoSemJuntada(agregador, idUnidade);
  if (motivo) throw motivo.semPermissao ? semPermissao(motivo.mensagem) : conflito(motivo.mensagem);
}

const iso = (data: Date | string) => new Date(data).toISOString();

async function montarVinculos(db: Banco, idDocumento: number): Promise<Vinculos> {
  const [agregador, agregados] = await Promise.all([
    queries.buscarAgregador(db, idDocumento),
    queries.listarAgregados(db, idDocumento),
  ]);
  return {
    agregador: agregador
      ? {
          idAgregado: Number(agregador.idAgregado),
          idDocumento: Number(agregador.idDocumento),
          numero: agregador.numero,
          tipoAgregacao: agregador.tipoAgregacao,
        }
      : null,
    agregados: agregados.map((a) => ({
      idAgregado: Number(a.idAgregado),
      idDocumento: Number(a.idDocumento),
      numero: a.numero,
      tipo: a.tipo,
      tipoAgregacao: a.tipoAgregacao,
      juntadoEm: iso(a.juntadoEm),
      juntadoPor: a.juntadoPor,
    })),
  };
}

/** GET documentos/{id}/agregados (public): drafts stay hidden from other units, as in the detail. */
export async function listarVinculos(db: Banco, idDocumento: number, chamador: documentos.Chamador) {
  await documentos.exigirDocumentoVisivel(db, idDocumento, chamador);
  return montarVinculos(db, idDocumento);
}

/** GET documentos/{id}/agregados/candidatos: documents of the caller's unit that may be joined into {id}. */
export async function buscarCandidatos(
  db: Banco,
  usuario: UsuarioAutenticado,
  idAgregador: number,
  numeroDocumento: string,
): Promise<CandidatoJuntada[]> {
  await documentos.exigirDocumentoVisivel(db, idAgregador, usuario);
  const digitos = numeroDocumento.replace(/\D/g, '');
  if (digitos === '') throw requisicaoInvalida(MENSAGENS.juntada.numeroObrigatorio);
  const idUnidade = await documentos.unidadeAtualDoUsuario(db, usuario);
  const linhas = await queries.buscarCandidatos(db, idAgregador, idUnidade, digitos);
  if (linhas.length === 0) throw naoEncontrado(MENSAGENS.juntada.nenhumCandidato);
  return linhas.map((l) => ({
    idDocumento: Number(l.id),
    numero: l.numero,
    tipo: l.tipo,
    resumoAssunto: l.resumoAssunto,
    unidadeAtual: l.unidadeAtual,
  }));
}

/**
 * GET documentos/{id}/agregados/tipo-documento: whether the document's type is a process (or kept as one), which
 * the wizard gives to `motivoTipoJuntadaRecusado` to offer only the kinds of join the server accepts.
 */
export async function classeJuntada(
  db: Banco,
  usuario: UsuarioAutenticado,
  idDocumento: number,
): Promise<ClasseJuntada> {
  const documento = await queries.lerDocumento(db, idDocumento);
  if (!documento || !documentos.visivelPara(documento, usuario)) throw erroDocumento();
  return { processo: documento.processo, consideradoProcessoNaAnexacao: documento.consideradoProcessoNaAnexacao };
}

/** A unique violation of the one-open-join-per-child index: another join of the same child won. */
function violacaoUnica(erro: unknown): boolean {
  return typeof erro === 'object' && erro !== null && (erro as { code?: unknown }).code === '23505';
}

/**
 * POST documentos/{id}/agregados: joins the child into the parent in one transaction with both rows locked. The
 * child leaves the unit's box (situacao E) and moves with the parent from now on.
 */
export async function juntar(
  db: Banco,
  usuario: UsuarioAutenticado,
  idAgregador: number,
  entrada: JuntarEntrada,
  ip: string,
  urlPublica: string,
): Promise<Vinculos> {
  const tipo = normalizarTipoAgregacao(entrada.tipoAgregacao);
  try {
    return await db.transaction().execute(async (trx) => {
      const idUnidade = await documentos.unidadeAtualDoUsuario(trx, usuario);
      await queries.bloquearDocumentos(trx, [idAgregador, entrada.idDocumento]);
      const agregador = await queries.lerDocumento(trx, idAgregador);
      if (!agregador || !documentos.visivelPara(agregador, usuario)) throw erroDocumento();
      const filho = await queries.lerDocumento(trx, entrada.idDocumento);
      if (!filho || !documentos.visivelPara(filho, usuario)) throw naoEncontrado(MENSAGENS.juntada.nenhumCandidato);
      if (filho.id === agregador.id) throw conflito(MENSAGENS.juntada.mesmoDocumento);
      const acima = await queries.ancestrais(trx, agregador.id);
      if (acima.includes(filho.id)) throw conflito(MENSAGENS.juntada.ciclo);
      if (filho.idDocumentoAgregador !== null) throw conflito(MENSAGENS.juntada.jaJuntado);
      exigirAgregadorDisponivel(agregador, idUnidade);
      if (filho.estadoProcessamento === ESTADO_SOBRESTADO && filho.idUnidadeAtual === idUnidade) {
        throw conflito(MENSAGENS.sobrestamento.documentoSobrestado);
      }
      if (!candidatoValido(filho, idUnidade)) throw conflito(MENSAGENS.juntada.nenhumCandidato);
      const tipoRecusado = motivoTipoJuntadaRecusado(tipo, agregador);
      if (tipoRecusado) throw conflito(tipoRecusado);

      if (!(await queries.marcarJuntado(trx, filho.id, agregador.id))) throw conflito(MENSAGENS.juntada.jaJuntado);
      const agregacao = await queries.inserirAgregacao(trx, {
        idAgregador: agregador.id,
        idDocumento: filho.id,
        tipo,
        situacaoAnterior: filho.situacao,
        idUsuario: usuario.id,
      });
      await registrarAuditoria(trx, {
        idUsuario: usuario.id,
        acao: tipo === 'ANEXACAO' ? 'ANEXAR_DOCUMENTO' : 'APENSAR_DOCUMENTO',
        entidade: 'documento',
        idEntidade: filho.id,
        antes: { situacao: filho.situacao, idDocumentoAgregador: null },
        depois: {
          situacao: 'E',
          idDocumentoAgregador: agregador.id,
          idAgregacao: Number(agregacao.id),
          tipoAgregacao: tipo,
        },
        ip,
      });
      await notificarAcompanhantes(trx, {
        idDocumento: agregador.id,
        evento: { tipo: 'JUNTADA', idDocumentoJuntado: filho.id, tipoAgregacao: tipo },
        idUsuarioAutor: usuario.id,
        urlPublica,
      });
      return montarVinculos(trx, agregador.id);
    });
  } catch (erro) {
    if (violacaoUnica(erro)) throw conflito(MENSAGENS.juntada.jaJuntado);
    throw erro;
  }
}

/**
 * DELETE documentos/{id}/agregados/{idAgregado}: undoes an attach or an append. The child stays in the unit it is in
 * (the parent's) and gets back the situation it had before the join.
 */
export async function desjuntar(
  db: Banco,
  usuario: UsuarioAutenticado,
  idAgregador: number,
  idAgregado: number,
  ip: string,
): Promise<Vinculos> {
  return db.transaction().execute(async (trx) => {
    const idUnidade = await documentos.unidadeAtualDoUsuario(trx, usuario);
    // The child's id is needed first to lock both rows in id order, as the join does.
    const previa = await queries.buscarAgregacao(trx, idAgregado, idAgregador);
    await queries.bloquearDocumentos(trx, previa ? [idAgregador, Number(previa.idDocumento)] : [idAgregador]);
    const agregador = await queries.lerDocumento(trx, idAgregador);
    if (!agregador || !documentos.visivelPara(agregador, usuario)) throw erroDocumento();
    if (!previa) throw naoEncontrado(MENSAGENS.juntada.naoJuntado);
    const agregacao = await queries.bloquearAgregacaoAtiva(trx, idAgregado, idAgregador);
    if (!agregacao) throw conflito(MENSAGENS.juntada.naoJuntado);
    if (agregador.idUnidadeAtual !== idUnidade || !RECEBIDO.includes(agregador.situacao)) {
      throw semPermissao(MENSAGENS.juntada.desjuntarSemPermissao);
    }
    await queries.encerrarAgregacao(trx, agregacao.id, usuario.id);
    const filho = await queries.liberarJuntado(trx, Number(agregacao.idDocumento), agregacao.situacaoAnterior);
    await registrarAuditoria(trx, {
      idUsuario: usuario.id,
      acao: agregacao.tipoAgregacao === 'ANEXACAO' ? 'DESANEXAR_DOCUMENTO' : 'DESAPENSAR_DOCUMENTO',
      entidade: 'documento',
      idEntidade: Number(agregacao.idDocumento),
      antes: { situacao: 'E', idDocumentoAgregador: idAgregador, idAgregacao: Number(agregacao.id) },
      depois: { situacao: filho.situacao, idDocumentoAgregador: null, idUnidadeAtual: filho.idUnidadeAtual },
      ip,
    });
    return montarVinculos(trx, idAgregador);
  });
}
