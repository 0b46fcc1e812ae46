import type { Readable } from 'node:stream';
import {
  type AlterarPeca,
  abreNoNavegador,
  type CancelarPeca,
  camposEnvioPecaSchema,
  exigeHipoteseLegal,
  type LeitorPeca,
  MENSAGENS,
  motivoSemAlteracaoPecas,
  moverPeca,
  type NivelAcesso,
  type Peca,
  pecaListavel,
  podeVisualizarPeca,
  TAMANHO_MAXIMO_DESCRICAO_PECA,
  type TipoCopia,
  tamanhoMaximoArquivo,
} from '@tramite/shared';
import type { Banco } from '../../db/connection.ts';
import type { ArmazenamentoArquivos } from '../../platform/armazenamento.ts';
import { registrarAuditoria } from '../../platform/auditoria.ts';
import {
  type ArquivoRecebido,
  arquivoGrande,
  type CorpoEnvio,
  FOLGA_MULTIPART,
  receberPartes,
} from '../../platform/envio-multipart.ts';
import { conflito, naoEncontrado, requisicaoInvalida, semPermissao } from '../../platform/erros.ts';
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

const documentoNaoEncontrado = () => naoEncontrado(MENSAGENS.autuacao.erroBuscarDadosDocumento);
const pecaNaoEncontrada = () => naoEncontrado(MENSAGENS.arquivos.pecaNaoEncontrada);

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
function exigirAlteracao(
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

async function carregarPeca(
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
// Upload

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

export interface ConteudoNovaPeca {
  idDocumento: number;
  /** A content already in the store, with its `arquivo` row. */
  sha256: string;
  nome: string;
  descricao: string | null;
  tipoCopia: TipoCopia;
  nivelAcesso: NivelAcesso;
  idHipoteseLegal: number | null;
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
        },
        deps.urlPublica,
      );
      await registrarAuditoria(trx, {
        idUsuario: usuario.id,
        acao: 'ENVIAR_PECA',
        entidade: 'peca',
        idEntidade: peca.id,
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
        ip,
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

// ---------------------------------------------------------------------------------------------------------------
// Changes

async function carregarPecaParaAlterar(
  trx: Banco,
  idDocumento: number,
  filtro: { idPeca: number } | { idAnexo: number },
): Promise<queries.PecaParaAlterar> {
  const peca = await queries.buscarPecaParaAlterar(trx, idDocumento, filtro);
  if (!peca) throw pecaNaoEncontrada();
  return peca;
}

async function bloquearParaAlterar(trx: Banco, usuario: UsuarioAutenticado, idDocumento: number, idUnidade: number) {
  const documento = await queries.bloquearDocumento(trx, idDocumento);
  if (!documento || !documentos.visivelPara(documento, usuario)) throw documentoNaoEncontrado();
  exigirAlteracao(documento, idUnidade);
  return documento;
}

/**
 * PATCH documentos/{id}/pecas/{idAcessoAnexo}. With `sequencial`, moves the peça (clamped as spec §4 says) and
 * shifts those in between; otherwise edits its description, copy type, access level and legal hypothesis, with a
 * justification. Both under the document's lock, audited with the values before and after.
 */
export async function alterarPeca(
  db: Banco,
  usuario: UsuarioAutenticado,
  idDocumento: number,
  idPeca: number,
  corpo: AlterarPeca,
  ip: string,
): Promise<Peca> {
  const idUnidade = await documentos.unidadeAtualDoUsuario(db, usuario);
  await db.transaction().execute(async (trx) => {
    await bloquearParaAlterar(trx, usuario, idDocumento, idUnidade);
    const peca = await carregarPecaParaAlterar(trx, idDocumento, { idPeca });
    if (peca.situacaoVinculo !== null) throw conflito(MENSAGENS.arquivos.pecaCanceladaNaoAltera);

    if (corpo.sequencial !== undefined) {
      const ativas = await queries.pecasAtivas(trx, idDocumento);
      const { sequencial, numeracao } = moverPeca(ativas, idPeca, corpo.sequencial);
      await queries.aplicarNumeracao(trx, numeracao);
      await registrarAuditoria(trx, {
        idUsuario: usuario.id,
        acao: 'ALTERAR_SEQUENCIAL_PECA',
        entidade: 'peca',
        idEntidade: idPeca,
        antes: { sequencial: peca.sequencial },
        depois: { sequencial, pedido: corpo.sequencial },
        ip,
      });
      return;
    }

    if (corpo.idAnexo !== undefined && corpo.idAnexo !== peca.idAnexo) {
      throw requisicaoInvalida(MENSAGENS.arquivos.anexoDivergente);
    }
    const nivelAcesso = corpo.nivelAcesso ?? peca.nivelAcesso;
    const idHipoteseLegal = exigeHipoteseLegal(nivelAcesso) ? (corpo.idHipoteseLegal ?? null) : null;
    if (
      idHipoteseLegal !== null &&
      idHipoteseLegal !== peca.idHipoteseLegal &&
      !(await queries.hipoteseAtiva(trx, idHipoteseLegal))
    ) {
      throw requisicaoInvalida(MENSAGENS.arquivos.hipoteseInvalida);
    }
    const depois = await queries.alterarDados(trx, idPeca, {
      descricao: corpo.descricao === undefined ? peca.descricao : corpo.descricao,
      tipoCopia: corpo.tipoCopia ?? peca.tipoCopia,
      nivelAcesso,
      idHipoteseLegal,
      justificativaAlteracao: corpo.justificativaAlteracao ?? '',
    });
    await registrarAuditoria(trx, {
      idUsuario: usuario.id,
      acao: 'ALTERAR_PECA',
      entidade: 'peca',
      idEntidade: idPeca,
      antes: {
        descricao: peca.descricao,
        tipoCopia: peca.tipoCopia,
        nivelAcesso: peca.nivelAcesso,
        idHipoteseLegal: peca.idHipoteseLegal,
        justificativaAlteracao: peca.justificativaAlteracao,
      },
      depois,
      ip,
    });
  });
  return (await carregarPeca(db, usuario, idDocumento, { idPeca }, { aposAlteracao: true })).peca;
}

function descricaoDesmembrada(descricao: string | null, numeroOrigem: string): string {
  const nota = `desmembrada do documento ${numeroOrigem}`;
  const texto = descricao ? `${descricao} (${nota})` : `Peça ${nota}`;
  return [...texto].slice(0, TAMANHO_MAXIMO_DESCRICAO_PECA).join('');
}

/**
 * PATCH documentos/{id}/pecas/{idAcessoAnexo}/cancelar: irreversibly cancels a peça as desmembrada (M: copied as a
 * new peça of another document the caller's unit holds) or desentranhada (D). The peça stays listed with its label
 * and keeps its number; the active peças after it close the gap.
 */
export async function cancelarPeca(
  db: Banco,
  usuario: UsuarioAutenticado,
  idDocumento: number,
  idPeca: number,
  corpo: CancelarPeca,
  ip: string,
): Promise<Peca> {
  const idUnidade = await documentos.unidadeAtualDoUsuario(db, usuario);
  const idDestino = corpo.situacaoVinculo === 'M' ? corpo.idDocumentoPecaDesmembramento : null;
  if (idDestino === idDocumento) throw requisicaoInvalida(MENSAGENS.arquivos.destinoDesmembramentoMesmoDocumento);

  await db.transaction().execute(async (trx) => {
    const bloqueados =
      idDestino === null
        ? new Map([[idDocumento, await queries.bloquearDocumento(trx, idDocumento)]])
        : await queries.bloquearDocumentos(trx, [idDocumento, idDestino]);
    const documento = bloqueados.get(idDocumento);
    if (!documento || !documentos.visivelPara(documento, usuario)) throw documentoNaoEncontrado();
    exigirAlteracao(documento, idUnidade);
    const peca = await carregarPecaParaAlterar(trx, idDocumento, { idPeca });
    if (peca.situacaoVinculo !== null) throw conflito(MENSAGENS.arquivos.pecaJaCancelada);

    let idPecaDesmembrada: number | null = null;
    if (idDestino !== null) {
      const destino = bloqueados.get(idDestino);
      if (!destino || !documentos.visivelPara(destino, usuario)) {
        throw naoEncontrado(MENSAGENS.arquivos.destinoDesmembramentoNaoEncontrado);
      }
      const motivo = motivoSemAlteracaoPecas(destino, idUnidade);
      if (motivo) throw semPermissao(MENSAGENS.arquivos.destinoDesmembramentoRecusado(destino.numero, motivo));
      const anexo = await queries.inserirAnexo(trx, { sha256: peca.sha256, nome: peca.nome, idUsuario: usuario.id });
      const ativasDestino = await queries.pecasAtivas(trx, idDestino);
      const copia = await queries.inserirPeca(trx, {
        idDocumento: idDestino,
        idAnexo: anexo.id,
        sequencial: ativasDestino.length + 1,
        descricao: descricaoDesmembrada(peca.descricao, documento.numero),
        tipoCopia: peca.tipoCopia,
        nivelAcesso: peca.nivelAcesso,
        idHipoteseLegal: peca.idHipoteseLegal,
        sequenciaTramitacao: await queries.proximaSequenciaTramitacao(trx, idDestino),
        idUsuario: usuario.id,
      });
      idPecaDesmembrada = copia.id;
    }

    const cancelada = await queries.cancelar(trx, idPeca, {
      situacaoVinculo: corpo.situacaoVinculo,
      justificativaCancelamento: corpo.justificativaCancelamento ?? '',
      idDocumentoPecaDesmembramento: idDestino,
      idUsuarioCancelamento: usuario.id,
    });
    if (!cancelada) throw conflito(MENSAGENS.arquivos.pecaJaCancelada);
    await queries.fecharNumeracao(trx, idDocumento);
    await registrarAuditoria(trx, {
      idUsuario: usuario.id,
      acao: 'CANCELAR_PECA',
      entidade: 'peca',
      idEntidade: idPeca,
      antes: { situacaoVinculo: null, sequencial: peca.sequencial },
      depois: { ...cancelada, idPecaDesmembrada },
      ip,
    });
  });
  return (await carregarPeca(db, usuario, idDocumento, { idPeca }, { aposAlteracao: true })).peca;
}

/**
 * DELETE documentos/{id}/anexos/{idAnexo}: removes a peça not yet sent and renumbers the later ones. After the
 * commit the stored file goes too, unless another row still uses the same content. Answers the cleanup's failure,
 * if any, for the log: the peça is gone either way.
 */
export async function excluirPeca(
  deps: DependenciasPecas,
  usuario: UsuarioAutenticado,
  idDocumento: number,
  idAnexo: number,
  ip: string,
): Promise<{ falhaLimpeza: unknown }> {
  const idUnidade = await documentos.unidadeAtualDoUsuario(deps.db, usuario);
  const sha256 = await deps.db.transaction().execute(async (trx) => {
    await bloquearParaAlterar(trx, usuario, idDocumento, idUnidade);
    const peca = await carregarPecaParaAlterar(trx, idDocumento, { idAnexo });
    if (peca.situacaoVinculo !== null) throw conflito(MENSAGENS.arquivos.pecaCanceladaNaoAltera);
    if (peca.situacaoTramitacao !== null) throw conflito(MENSAGENS.arquivos.pecaTramitadaNaoExclui);
    await queries.excluirPeca(trx, peca.id, peca.idAnexo);
    await queries.fecharNumeracao(trx, idDocumento);
    await registrarAuditoria(trx, {
      idUsuario: usuario.id,
      acao: 'EXCLUIR_PECA',
      entidade: 'peca',
      idEntidade: peca.id,
      antes: {
        idDocumento,
        idAnexo: peca.idAnexo,
        nome: peca.nome,
        sha256: peca.sha256,
        sequencial: peca.sequencial,
        descricao: peca.descricao,
        tipoCopia: peca.tipoCopia,
        nivelAcesso: peca.nivelAcesso,
        idHipoteseLegal: peca.idHipoteseLegal,
      },
      ip,
    });
    return peca.sha256;
  });
  try {
    await limparConteudoSemUso(deps, sha256);
    return { falhaLimpeza: null };
  } catch (erro) {
    return { falhaLimpeza: erro };
  }
}
