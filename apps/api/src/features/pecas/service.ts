import type { Readable } from 'node:stream';
import {
  abreNoNavegador,
  camposEnvioPecaSchema,
  exigeHipoteseLegal,
  type LeitorPeca,
  MENSAGENS,
  motivoSemAlteracaoPecas,
  type NivelAcesso,
  type Peca,
  pecaListavel,
  podeVisualizarPeca,
  type TipoCopia,
  tamanhoMaximoArquivo,
} from '@tramite/shared';
import type { Banco } from '../../db/connection.ts';
import type { ArmazenamentoArquivos } from '../../platform/armazenamento.ts';
import { type AcaoAuditoria, registrarAuditoria } from '../../platform/auditoria.ts';
import {
  type ArquivoRecebido,
  arquivoGrande,
  type CorpoEnvio,
  FOLGA_MULTIPART,
  receberPartes,
} from '../../platform/envio-multipart.ts';
import { campoInvalido, naoEncontrado, requisicaoInvalida, semPermissao } from '../../platform/erros.ts';
import type { UsuarioAutenticado } from '../../platform/sessao.ts';
import * as documentos from '../documentos/service.ts';
import { notificarAcompanhantes } from '../favoritos/service.ts';
import * as queries from './queries.ts';
import { identificarTipo, paraPeca, paraVisibilidade } from './regras.ts';

export type Chamador = UsuarioAutenticado | null;

export interface DependenciasPecas {
  db: Banco;
  armazenamento: ArmazenamentoArquivos;
  /** config.urlPublica, for the links in the followers' e-mails. */
  urlPublica: string;
}

export const documentoNaoEncontrado = () => naoEncontrado(MENSAGENS.autuacao.erroBuscarDadosDocumento);
export const pecaNaoEncontrada = () => naoEncontrado(MENSAGENS.arquivos.pecaNaoEncontrada);

async function unidadeOuNula(db: Banco, usuario: UsuarioAutenticado): Promise<number | null> {
  try {
    return await documentos.unidadeAtualDoUsuario(db, usuario);
  } catch {
    return null;
  }
}

/** The reader of spec §6: unit, pessoa and the unrestricted-view permission (null when anonymous). */
async function leitorDe(
  db: Banco,
  chamador: Chamador,
  contexto: queries.ContextoDocumento,
): Promise<{ leitor: LeitorPeca; idUnidade: number | null }> {
  if (!chamador) return { leitor: null, idUnidade: null };
  const idUnidade = await unidadeOuNula(db, chamador);
  return {
    leitor: {
      idUnidadeAtual: idUnidade,
      idPessoa: contexto.idPessoaLeitor,
      irrestrito: chamador.permissoes.includes('VISUALIZACAO_IRRESTRITA_PECAS'),
    },
    idUnidade,
  };
}

async function carregarDocumento(db: Banco, idDocumento: number, chamador: Chamador) {
  const contexto = await queries.buscarContextoDocumento(db, idDocumento, chamador?.id ?? null);
  if (!contexto || !documentos.visivelPara(contexto, chamador)) throw documentoNaoEncontrado();
  return contexto;
}

/** 403 with the reason when the caller's unit may not change the document's peças now. */
export function exigirAlteracao(
  documento: { situacao: string; idUnidadeAtual: number; idUnidadeCriadora: number; estadoProcessamento: number },
  idUnidade: number | null,
): void {
  const motivo = motivoSemAlteracaoPecas(documento, idUnidade);
  if (motivo) throw semPermissao(motivo);
}

async function montarPecas(db: Banco, chamador: Chamador, idDocumento: number, somenteAtivas: boolean) {
  // The rows are read alongside the document; they are shown only once the document proved visible.
  const [contexto, linhas] = await Promise.all([
    carregarDocumento(db, idDocumento, chamador),
    queries.listarPecas(db, idDocumento, { somenteAtivas }),
  ]);
  const { leitor, idUnidade } = await leitorDe(db, chamador, contexto);
  const unidadePodeAlterar = chamador !== null && motivoSemAlteracaoPecas(contexto, idUnidade) === null;
  const documento = paraVisibilidade(contexto);
  return linhas
    .filter((linha) => pecaListavel(linha, leitor))
    .map((linha) => ({ linha, peca: paraPeca(linha, documento, leitor, unidadePodeAlterar) }));
}

/**
 * The peças whose file the caller may open (spec §6), desmembradas and desentranhadas included for
 * VISUALIZACAO_IRRESTRITA_PECAS: the only ones a search in the peças' content reads (features/conteudo). 404 as the
 * document's detail when the caller may not see the document.
 */
export async function pecasAbertasAoLeitor(db: Banco, chamador: Chamador, idDocumento: number) {
  const [contexto, linhas] = await Promise.all([
    carregarDocumento(db, idDocumento, chamador),
    queries.listarPecas(db, idDocumento, { somenteAtivas: false }),
  ]);
  const { leitor } = await leitorDe(db, chamador, contexto);
  const documento = paraVisibilidade(contexto);
  return linhas.filter((linha) => pecaListavel(linha, leitor) && podeVisualizarPeca(linha, documento, leitor));
}

/**
 * GET documentos/{id}/pecas: every peça the caller may list, cancelled ones included with their label, in sequence
 * order. GET documentos/{id}/anexos (somenteAtivas): the same rows for the current attachments only.
 */
export async function listarPecas(
  db: Banco,
  chamador: Chamador,
  idDocumento: number,
  opcoes: { somenteAtivas: boolean } = { somenteAtivas: false },
): Promise<Peca[]> {
  return (await montarPecas(db, chamador, idDocumento, opcoes.somenteAtivas)).map((item) => item.peca);
}

export async function carregarPeca(
  db: Banco,
  chamador: Chamador,
  idDocumento: number,
  filtro: { idAnexo: number } | { idPeca: number },
  opcoes: { aposAlteracao?: boolean } = {},
) {
  const contexto = await carregarDocumento(db, idDocumento, chamador);
  const linha =
    'idAnexo' in filtro
      ? await queries.buscarPecaPorAnexo(db, idDocumento, filtro.idAnexo)
      : await queries.buscarPecaPorId(db, idDocumento, filtro.idPeca);
  const { leitor, idUnidade } = await leitorDe(db, chamador, contexto);
  // A sigiloso peça does not exist for whoever may not list it; the one who just wrote it still gets its row back.
  if (!linha || (!opcoes.aposAlteracao && !pecaListavel(linha, leitor))) throw pecaNaoEncontrada();
  const unidadePodeAlterar = chamador !== null && motivoSemAlteracaoPecas(contexto, idUnidade) === null;
  const documento = paraVisibilidade(contexto);
  return { linha, peca: paraPeca(linha, documento, leitor, unidadePodeAlterar), documento, leitor };
}

/** GET documentos/{id}/anexos/{idAnexo}: one peça's row. */
export async function buscarPeca(db: Banco, chamador: Chamador, idDocumento: number, idAnexo: number): Promise<Peca> {
  return (await carregarPeca(db, chamador, idDocumento, { idAnexo })).peca;
}

export interface ArquivoAberto {
  nome: string;
  tipoMime: string;
  tamanho: number;
  emLinha: boolean;
  conteudo: Readable;
}

/** GET documentos/{id}/anexos/{idAnexo}/binario: the bytes, only for a reader spec §6 allows. */
export async function abrirArquivo(
  deps: DependenciasPecas,
  chamador: Chamador,
  idDocumento: number,
  idAnexo: number,
): Promise<ArquivoAberto> {
  const { linha, documento, leitor } = await carregarPeca(deps.db, chamador, idDocumento, { idAnexo });
  if (!podeVisualizarPeca(linha, documento, leitor)) throw semPermissao(MENSAGENS.arquivos.semPermissaoArquivo);
  if (!(await deps.armazenamento.existe(linha.sha256))) throw naoEncontrado(MENSAGENS.arquivos.conteudoIndisponivel);
  return {
    nome: linha.nome,
    tipoMime: linha.tipoMime,
    tamanho: linha.tamanho,
    emLinha: abreNoNavegador(linha.tipoMime),
    conteudo: deps.armazenamento.ler(linha.sha256),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Upload (the changes of a peça are in alteracao.ts)

/** The multipart body of an upload (platform/envio-multipart.ts, shared with the signed files). */
export type { CorpoEnvio } from '../../platform/envio-multipart.ts';
/** The media type of a received file by its content: the signed files accept the same types as the peças. */
export { identificarTipo } from './regras.ts';

/** Deletes a stored content and its row when nothing refers to it any more (under the content's lock). */
export async function limparConteudoSemUso(
  deps: Pick<DependenciasPecas, 'db' | 'armazenamento'>,
  sha256: string,
): Promise<boolean> {
  return deps.db.transaction().execute(async (trx) => {
    await queries.bloquearConteudo(trx, sha256);
    if (await queries.conteudoReferenciado(trx, sha256)) return false;
    await queries.excluirArquivo(trx, sha256);
    await deps.armazenamento.remover(sha256);
    return true;
  });
}

/**
 * The content's lock, held while its file is put in place and its `arquivo` row written: the features that store
 * files of their own (signed files, e-mailed receipts) follow the peças' protocol, so `limparConteudoSemUso` never
 * deletes a content another transaction is about to refer to.
 */
export function bloquearConteudo(trx: Banco, sha256: string): Promise<void> {
  return queries.bloquearConteudo(trx, sha256);
}

/** The `arquivo` row of a stored content (left as it is when the content is already known). */
export function inserirArquivo(
  trx: Banco,
  dados: { sha256: string; tamanho: number; tipoMime: string },
): Promise<void> {
  return queries.inserirArquivo(trx, dados);
}

/**
 * The stored file of each given peça (idAcessoAnexo), whatever its state now: a consolidation builds the PDF of the
 * peças chosen when it was requested (visibility was checked then, and is checked again when it is downloaded).
 */
export function arquivosDasPecas(db: Banco, idsPecas: readonly number[]) {
  return queries.buscarArquivosPecas(db, idsPecas);
}

/**
 * Issue 24: a peça of a process received through the Tramita GOV.BR, inside the transaction that registers it (its
 * content already stored and its `arquivo` row written under the content's lock). `retirada` is the justification
 * of a document the origin body had removed: the peça is kept, cancelled, so the order stays. Answers its id.
 */
export async function inserirPecaRecebida(
  trx: Banco,
  dados: {
    idDocumento: number;
    sha256: string;
    nome: string;
    sequencial: number;
    descricao: string | null;
    nivelAcesso: NivelAcesso;
    idHipoteseLegal: number | null;
    idUsuario: number;
    retirada: string | null;
  },
): Promise<number> {
  const anexo = await queries.inserirAnexo(trx, { sha256: dados.sha256, nome: dados.nome, idUsuario: dados.idUsuario });
  const { id } = await queries.inserirPeca(trx, {
    idDocumento: dados.idDocumento,
    idAnexo: anexo.id,
    sequencial: dados.sequencial,
    descricao: dados.descricao,
    tipoCopia: 'N',
    nivelAcesso: dados.nivelAcesso,
    idHipoteseLegal: dados.idHipoteseLegal,
    sequenciaTramitacao: 1,
    idUsuario: dados.idUsuario,
  });
  if (dados.retirada !== null) await queries.marcarPecaRetirada(trx, id, dados.retirada, dados.idUsuario);
  return id;
}

export interface ConteudoNovaPeca {
  idDocumento: number;
  /** A content already in the store, with its `arquivo` row. */
  sha256: string;
  nome: string;
  descricao: string | null;
  tipoCopia: TipoCopia;
  nivelAcesso: NivelAcesso;
  idHipoteseLegal: number | null;
  /** Issue 24: the peça's document type, already checked (tipoPecaValido). */
  idTipoDocumento?: number | null;
}

/** One audit row about a peça, written by the user in the transaction that makes the change. */
export function auditarPeca(
  trx: Banco,
  usuario: UsuarioAutenticado,
  acao: AcaoAuditoria,
  idPeca: number,
  ip: string,
  mudanca: { antes?: unknown; depois?: unknown },
): Promise<void> {
  return registrarAuditoria(trx, { idUsuario: usuario.id, acao, entidade: 'peca', idEntidade: idPeca, ...mudanca, ip });
}

/**
 * Inside the caller's transaction: locks the document, checks the caller's unit may add peças to it now (the rules
 * of every upload) and adds the stored content as a new anexo and the last active peça, travelling in the next
 * tramitação. The caller writes the auditoria of its own action. Used by the upload and by the signed files.
 */
export async function adicionarPeca(
  trx: Banco,
  usuario: UsuarioAutenticado,
  idUnidade: number,
  dados: ConteudoNovaPeca,
  urlPublica: string,
): Promise<{ id: number; idAnexo: number; sequencial: number }> {
  const documento = await queries.bloquearDocumento(trx, dados.idDocumento);
  if (!documento || !documentos.visivelPara(documento, usuario)) throw documentoNaoEncontrado();
  exigirAlteracao(documento, idUnidade);
  const anexo = await queries.inserirAnexo(trx, { sha256: dados.sha256, nome: dados.nome, idUsuario: usuario.id });
  const sequencial = (await queries.pecasAtivas(trx, dados.idDocumento)).length + 1;
  const peca = await queries.inserirPeca(trx, {
    idDocumento: dados.idDocumento,
    idAnexo: anexo.id,
    sequencial,
    descricao: dados.descricao,
    tipoCopia: dados.tipoCopia,
    nivelAcesso: dados.nivelAcesso,
    idHipoteseLegal: dados.idHipoteseLegal,
    idTipoDocumento: dados.idTipoDocumento ?? null,
    sequenciaTramitacao: await queries.proximaSequenciaTramitacao(trx, dados.idDocumento),
    idUsuario: usuario.id,
  });
  await notificarAcompanhantes(trx, {
    idDocumento: dados.idDocumento,
    evento: { tipo: 'NOVA_PECA', idPeca: peca.id },
    idUsuarioAutor: usuario.id,
    urlPublica,
  });
  return { id: peca.id, idAnexo: anexo.id, sequencial };
}

/**
 * POST documentos/{id}/anexos: one file and its fields. The document and the caller's unit are checked before the
 * body is read; the file is streamed to a temporary file (refused above the document's limit) and checked by its
 * content. Then, under the document's lock, the file is put in place and the arquivo, anexo and peça rows are
 * written in one transaction: the file and its rows appear together, or neither stays.
 */
export async function enviarPeca(
  deps: DependenciasPecas,
  usuario: UsuarioAutenticado,
  idDocumento: number,
  corpo: CorpoEnvio,
  ip: string,
): Promise<Peca> {
  const { db } = deps;
  const contexto = await carregarDocumento(db, idDocumento, usuario);
  const idUnidade = await documentos.unidadeAtualDoUsuario(db, usuario);
  exigirAlteracao(contexto, idUnidade);
  const limite = tamanhoMaximoArquivo(contexto.estadoTamanho);
  if (corpo.tamanhoDeclarado !== null && corpo.tamanhoDeclarado > limite + FOLGA_MULTIPART) {
    throw arquivoGrande(limite);
  }

  const { arquivos, campos } = await receberPartes(deps.armazenamento, corpo, limite);
  const { arquivo, nome } = arquivos[0] as ArquivoRecebido;
  let efetivado = false;
  try {
    if (arquivo.tamanho === 0) throw requisicaoInvalida(MENSAGENS.arquivos.arquivoVazio);
    const tipoMime = await identificarTipo(arquivo.caminhoTemporario, nome);
    const lidos = camposEnvioPecaSchema.safeParse(campos);
    if (!lidos.success) {
      const erros = lidos.error.issues.map((i) => ({ campo: i.path.join('.'), mensagem: i.message }));
      throw requisicaoInvalida(erros[0]?.mensagem ?? MENSAGENS.geral.parametrosInvalidos, erros);
    }
    const dados = lidos.data;
    const idHipoteseLegal = exigeHipoteseLegal(dados.nivelAcesso) ? dados.idHipoteseLegal : null;

    const idPeca = await db.transaction().execute(async (trx) => {
      if (idHipoteseLegal !== null && !(await queries.hipoteseAtiva(trx, idHipoteseLegal))) {
        throw requisicaoInvalida(MENSAGENS.arquivos.hipoteseInvalida);
      }
      if (dados.idTipoDocumento !== null && !(await queries.tipoPecaValido(trx, dados.idTipoDocumento))) {
        throw campoInvalido(MENSAGENS.arquivos.tipoPecaInvalido, 'idTipoDocumento');
      }
      const documento = await queries.bloquearDocumento(trx, idDocumento);
      if (!documento) throw documentoNaoEncontrado();
      exigirAlteracao(documento, idUnidade);
      await queries.bloquearConteudo(trx, arquivo.sha256);
      await arquivo.efetivar();
      efetivado = true;
      await queries.inserirArquivo(trx, { sha256: arquivo.sha256, tamanho: arquivo.tamanho, tipoMime });
      const peca = await adicionarPeca(
        trx,
        usuario,
        idUnidade,
        {
          idDocumento,
          sha256: arquivo.sha256,
          nome,
          descricao: dados.descricao,
          tipoCopia: dados.tipoCopia,
          nivelAcesso: dados.nivelAcesso,
          idHipoteseLegal,
          idTipoDocumento: dados.idTipoDocumento,
        },
        deps.urlPublica,
      );
      await auditarPeca(trx, usuario, 'ENVIAR_PECA', peca.id, ip, {
        depois: {
          idDocumento,
          idAnexo: peca.idAnexo,
          nome,
          sha256: arquivo.sha256,
          tamanho: arquivo.tamanho,
          tipoMime,
          sequencial: peca.sequencial,
          ...dados,
          idHipoteseLegal,
        },
      });
      return peca.id;
    });
    return (await carregarPeca(db, usuario, idDocumento, { idPeca }, { aposAlteracao: true })).peca;
  } catch (erro) {
    await arquivo.descartar();
    // The client hears why the upload failed; a file left unreferenced by a failed cleanup is only wasted space.
    if (efetivado) await limparConteudoSemUso(deps, arquivo.sha256).catch(() => false);
    throw erro;
  }
}
