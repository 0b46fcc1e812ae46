import type { Readable } from 'node:stream';
import type { Multipart } from '@fastify/multipart';
import {
  type AlterarPeca,
  abreNoNavegador,
  type CancelarPeca,
  camposEnvioPecaSchema,
  descreverTamanho,
  exigeHipoteseLegal,
  type LeitorPeca,
  MENSAGENS,
  motivoSemAlteracaoPecas,
  moverPeca,
  type Peca,
  pecaListavel,
  podeVisualizarPeca,
  sanitizarNomeArquivo,
  TAMANHO_MAXIMO_DESCRICAO_PECA,
  tamanhoMaximoArquivo,
} from '@tramite/shared';
import type { Banco } from '../../db/connection.ts';
import {
  type ArmazenamentoArquivos,
  type ArquivoTemporario,
  LimiteArquivoExcedido,
} from '../../platform/armazenamento.ts';
import { registrarAuditoria } from '../../platform/auditoria.ts';
import { conflito, ErroDominio, naoEncontrado, requisicaoInvalida, semPermissao } from '../../platform/erros.ts';
import type { UsuarioAutenticado } from '../../platform/sessao.ts';
import * as documentos from '../documentos/service.ts';
import * as queries from './queries.ts';
import { identificarTipo, paraPeca, paraVisibilidade } from './regras.ts';

export type Chamador = UsuarioAutenticado | null;

export interface DependenciasPecas {
  db: Banco;
  armazenamento: ArmazenamentoArquivos;
}

/** Room for the multipart boundaries and the form fields around the file, when comparing Content-Length. */
const FOLGA_MULTIPART = 64 * 1024;

const documentoNaoEncontrado = () => naoEncontrado(MENSAGENS.autuacao.erroBuscarDadosDocumento);
const pecaNaoEncontrada = () => naoEncontrado(MENSAGENS.arquivos.pecaNaoEncontrada);
const arquivoGrande = (limite: number) =>
  new ErroDominio(413, MENSAGENS.arquivos.arquivoGrande(descreverTamanho(limite)));

async function unidadeOuNula(db: Banco, usuario: UsuarioAutenticado): Promise<number | null> {
  try {
    return await documentos.unidadeAtualDoUsuario(db, usuario);
  } catch {
    return null;
  }
}

/** The reader of spec §6: unit, pessoa and the unrestricted-view permission (null when anonymous). */
async function leitorDe(db: Banco, chamador: Chamador): Promise<{ leitor: LeitorPeca; idUnidade: number | null }> {
  if (!chamador) return { leitor: null, idUnidade: null };
  const [idUnidade, idPessoa] = await Promise.all([
    unidadeOuNula(db, chamador),
    queries.idPessoaDoUsuario(db, chamador.id),
  ]);
  return {
    leitor: {
      idUnidadeAtual: idUnidade,
      idPessoa,
      irrestrito: chamador.permissoes.includes('VISUALIZACAO_IRRESTRITA_PECAS'),
    },
    idUnidade,
  };
}

async function carregarDocumento(db: Banco, idDocumento: number, chamador: Chamador) {
  const contexto = await queries.buscarContextoDocumento(db, idDocumento);
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
  const contexto = await carregarDocumento(db, idDocumento, chamador);
  const { leitor, idUnidade } = await leitorDe(db, chamador);
  const linhas = await queries.listarPecas(db, idDocumento, { somenteAtivas });
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
  const { leitor, idUnidade } = await leitorDe(db, chamador);
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

/** The multipart body of an upload, read only after the document and the caller were checked. */
export interface CorpoEnvio {
  /** Content-Length, when the client sent one. */
  tamanhoDeclarado: number | null;
  /** The parts, with the file limited to `limite` bytes. */
  partes(limite: number): AsyncIterable<Multipart>;
}

interface EnvioRecebido {
  arquivo: ArquivoTemporario;
  nome: string;
  campos: Record<string, string>;
}

/** The multipart library's and the stream's failures as the client should hear them. */
function traduzirErroEnvio(erro: unknown, limite: number): unknown {
  if (erro instanceof ErroDominio) return erro;
  if (erro instanceof LimiteArquivoExcedido) return arquivoGrande(limite);
  const codigo = (erro as { code?: unknown } | null)?.code;
  switch (codigo) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return arquivoGrande(limite);
    case 'FST_FILES_LIMIT':
      return requisicaoInvalida(MENSAGENS.arquivos.umArquivoPorVez);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return requisicaoInvalida(MENSAGENS.geral.parametrosInvalidos);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new ErroDominio(415, MENSAGENS.arquivos.multipartObrigatorio);
  }
  // The server's own failures (disk full, permissions) stay internal errors.
  if (typeof codigo === 'string' && /^E[A-Z]+$/.test(codigo)) return erro;
  return requisicaoInvalida(MENSAGENS.arquivos.envioInterrompido);
}

/** Streams the one file part to a temporary file and collects the form fields; nothing is left behind on failure. */
async function receberPartes(
  armazenamento: ArmazenamentoArquivos,
  corpo: CorpoEnvio,
  limite: number,
): Promise<EnvioRecebido> {
  let arquivo = null as ArquivoTemporario | null;
  let nome = '';
  const campos: Record<string, string> = {};
  try {
    for await (const parte of corpo.partes(limite)) {
      if (parte.type === 'file') {
        if (arquivo) throw requisicaoInvalida(MENSAGENS.arquivos.umArquivoPorVez);
        arquivo = await armazenamento.receberFluxo(parte.file, limite);
        if (parte.file.truncated) throw arquivoGrande(limite);
        nome = sanitizarNomeArquivo(parte.filename ?? '');
      } else if (campos[parte.fieldname] === undefined) {
        campos[parte.fieldname] = typeof parte.value === 'string' ? parte.value : String(parte.value ?? '');
      }
    }
  } catch (erro) {
    await arquivo?.descartar();
    throw traduzirErroEnvio(erro, limite);
  }
  if (!arquivo) throw requisicaoInvalida(MENSAGENS.arquivos.arquivoAusente);
  return { arquivo, nome, campos };
}

/** Deletes a stored content and its row when nothing refers to it any more (under the content's lock). */
export async function limparConteudoSemUso(deps: DependenciasPecas, sha256: string): Promise<boolean> {
  return deps.db.transaction().execute(async (trx) => {
    await queries.bloquearConteudo(trx, sha256);
    if (await queries.conteudoReferenciado(trx, sha256)) return false;
    await queries.excluirArquivo(trx, sha256);
    await deps.armazenamento.remover(sha256);
    return true;
  });
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

  const { arquivo, nome, campos } = await receberPartes(deps.armazenamento, corpo, limite);
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
      const anexo = await queries.inserirAnexo(trx, { sha256: arquivo.sha256, nome, idUsuario: usuario.id });
      const ativas = await queries.pecasAtivas(trx, idDocumento);
      const peca = await queries.inserirPeca(trx, {
        idDocumento,
        idAnexo: anexo.id,
        sequencial: ativas.length + 1,
        descricao: dados.descricao,
        tipoCopia: dados.tipoCopia,
        nivelAcesso: dados.nivelAcesso,
        idHipoteseLegal,
        sequenciaTramitacao: await queries.proximaSequenciaTramitacao(trx, idDocumento),
        idUsuario: usuario.id,
      });
      await registrarAuditoria(trx, {
        idUsuario: usuario.id,
        acao: 'ENVIAR_PECA',
        entidade: 'peca',
        idEntidade: peca.id,
        depois: {
          idDocumento,
          idAnexo: anexo.id,
          nome,
          sha256: arquivo.sha256,
          tamanho: arquivo.tamanho,
          tipoMime,
          sequencial: ativas.length + 1,
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
