import {
  type Autuacao,
  calcularPrazo,
  type Documento,
  type filtrosBuscaSchema,
  lerTipoInteressado,
  lerTipoResponsavel,
  MENSAGENS,
  montarEstado,
  motivoNaoEditavel,
  type PaginaBuscaDocumentos,
  rotuloTipoDocumento,
  separarMarcadores,
  TIPOS_INTERESSADO,
  validarAutuacao,
  validarFiltrosBusca,
  validarMarcadores,
  visivelNaCaixaPostal,
} from '@tramite/shared';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Banco } from '../../db/connection.ts';
import { registrarAuditoria } from '../../platform/auditoria.ts';
import {
  campoInvalido,
  conflito,
  exigirValido,
  naoEncontrado,
  requisicaoInvalida,
  semPermissao,
} from '../../platform/erros.ts';
import type { UsuarioAutenticado } from '../../platform/sessao.ts';
import { leitorDoChamador } from '../conteudo/visibilidade-sql.ts';
import { proximoNup } from './numeracao.ts';
import * as queries from './queries.ts';

/** Who calls, as the services need it: null for an anonymous visitor. */
export type Chamador = UsuarioAutenticado | null;

/**
 * The unit the user acts for: the configured one when it is still a lotação, else the first lotação by name
 * (as GET auth shows it).
 */
export async function unidadeAtualDoUsuario(db: Banco, usuario: UsuarioAutenticado): Promise<number> {
  if (usuario.idUnidadeAtual !== null && usuario.lotacoes.includes(usuario.idUnidadeAtual)) {
    return usuario.idUnidadeAtual;
  }
  const primeira = await queries.primeiraLotacao(db, usuario.id);
  if (!primeira) throw semPermissao(MENSAGENS.autuacao.semUnidadeAtual);
  return primeira.id;
}

/** A draft (EM_CRIACAO) exists only for the users of the unit that is creating it. */
export function visivelPara(documento: { situacao: string; idUnidadeCriadora: number }, chamador: Chamador): boolean {
  if (documento.situacao !== 'EM_CRIACAO') return true;
  return chamador?.lotacoes.includes(documento.idUnidadeCriadora) ?? false;
}

/** 404 with the detail screen's message for an unknown document or one the caller may not see. */
export async function exigirDocumentoVisivel(db: Banco, idDocumento: number, chamador: Chamador): Promise<void> {
  const documento = await queries.buscarSituacaoDocumento(db, idDocumento);
  if (!documento || !visivelPara(documento, chamador)) {
    throw naoEncontrado(MENSAGENS.autuacao.erroBuscarDadosDocumento);
  }
}

const iso = (data: Date | null) => (data === null ? null : new Date(data).toISOString());

type LinhaDeLista = { id: number; numero: string; tipoDescricao: string; idTipoDocumento: number } & Parameters<
  typeof montarEstado
>[0];

/** What every list of documents shows first: id, number, type (marked when digitised) and the state it comes from. */
export function identificacaoNaLista(linha: LinhaDeLista) {
  const estado = montarEstado(linha);
  return {
    idDocumento: linha.id,
    numero: linha.numero,
    tipo: rotuloTipoDocumento(linha.tipoDescricao, estado),
    idTipoDocumento: linha.idTipoDocumento,
    estado,
  };
}

/** A movement's units, step and dates, as the document's detail and the favourites list show its last one. */
export function resumoTramitacao(tramitacao: {
  idUnidadeOrigem: number;
  origemSigla: string;
  origemNome: string;
  idUnidadeDestino: number;
  destinoSigla: string;
  destinoNome: string;
  passo: string | null;
  dtDespacho: Date;
  dtRecebimento: Date | null;
}) {
  const t = tramitacao;
  return {
    unidadeOrigem: { id: t.idUnidadeOrigem, sigla: t.origemSigla, nome: t.origemNome },
    unidadeDestino: { id: t.idUnidadeDestino, sigla: t.destinoSigla, nome: t.destinoNome },
    passo: t.passo,
    dtDespacho: new Date(t.dtDespacho).toISOString(),
    dtRecebimento: iso(t.dtRecebimento),
  };
}

/** GET documentos/{id}: the detail as the caller may see it (tags, favourite and receiving are the caller's own). */
export async function buscarDocumento(db: Banco, idDocumento: number, chamador: Chamador): Promise<Documento> {
  const [linha, unidadeChamador] = await Promise.all([
    queries.buscarInformacoesDocumento(db, idDocumento, chamador?.id ?? null),
    chamador ? unidadeAtualOuNula(db, chamador) : null,
  ]);
  if (!linha || !visivelPara(linha, chamador)) throw naoEncontrado(MENSAGENS.autuacao.erroBuscarDadosDocumento);
  const ultima =
    linha.ultimaId !== null && linha.ultimaSequencia !== null && linha.ultimaDtDespacho !== null
      ? {
          id: linha.ultimaId,
          sequencia: linha.ultimaSequencia,
          idUnidadeOrigem: linha.ultimaIdUnidadeOrigem as number,
          origemSigla: linha.ultimaOrigemSigla as string,
          origemNome: linha.ultimaOrigemNome as string,
          idUnidadeDestino: linha.ultimaIdUnidadeDestino as number,
          destinoSigla: linha.ultimaDestinoSigla as string,
          destinoNome: linha.ultimaDestinoNome as string,
          passo: linha.ultimaPasso,
          dtDespacho: linha.ultimaDtDespacho,
          dtRecebimento: linha.ultimaDtRecebimento,
        }
      : null;
  const doUsuario = chamador
    ? {
        marcadores: linha.marcadores,
        favorito: linha.favorito ? { acompanhadoPorEmail: linha.acompanhadoPorEmail === true } : null,
      }
    : null;
  const estado = montarEstado(linha);
  const tipo = rotuloTipoDocumento(linha.tipoDescricao, estado);
  const pendente = ultima && ultima.dtRecebimento === null ? ultima : null;
  return {
    idDocumento: linha.id,
    numero: linha.numero,
    numeroDocumento: linha.numero,
    idTipo: linha.idTipoDocumento,
    idTipoDocumento: linha.idTipoDocumento,
    tipo,
    tipoDocumento: tipo,
    situacao: linha.situacao,
    estado,
    idAssunto: linha.idAssunto,
    assunto:
      linha.idAssunto !== null && linha.assuntoCodigo !== null && linha.assuntoDescricao !== null
        ? { id: linha.idAssunto, codigo: linha.assuntoCodigo, descricao: linha.assuntoDescricao }
        : null,
    resumoAssunto: linha.resumoAssunto,
    observacao: linha.observacao,
    urgente: linha.urgente,
    motivoUrgencia: linha.motivoUrgencia,
    tipoInteressado: linha.tipoInteressado,
    idInteressado: linha.idInteressado,
    idPessoaInteressado: linha.interessadoIdPessoa,
    interessado:
      linha.idInteressado !== null && linha.interessadoTipo !== null && linha.interessadoNome !== null
        ? { id: linha.idInteressado, tipo: linha.interessadoTipo, nome: linha.interessadoNome }
        : null,
    unidadeProcedencia: { id: linha.idUnidadeProcedencia, sigla: linha.procedenciaSigla, nome: linha.procedenciaNome },
    unidadeAtual: { id: linha.idUnidadeAtual, sigla: linha.atualSigla, nome: linha.atualNome },
    idUnidadeCriadora: linha.idUnidadeCriadora,
    idDestino: pendente ? pendente.idUnidadeDestino : null,
    destino: pendente
      ? { id: pendente.idUnidadeDestino, sigla: pendente.destinoSigla, nome: pendente.destinoNome }
      : null,
    numeroDocumentoOrigem: linha.numeroDocumentoOrigem,
    emissorDocumentoOrigem: linha.emissorDocumentoOrigem,
    dataDocumentoOrigem: linha.dataDocumentoOrigem,
    dataRecebimento: linha.dataRecebimento,
    dataCriacao: new Date(linha.dataCriacao).toISOString(),
    dataValidade: iso(linha.dataValidade),
    dataEnvio: iso(linha.dataEnvio),
    prazo: calcularPrazo(linha.dataEnvio),
    idDocumentoAgregador: linha.idDocumentoAgregador,
    documentoAgregador:
      linha.idDocumentoAgregador !== null && linha.agregadorNumero !== null
        ? { idDocumento: linha.idDocumentoAgregador, numero: linha.agregadorNumero, tipoAgregacao: linha.tipoAgregacao }
        : null,
    ultimaTramitacao: ultima ? { id: ultima.id, sequencia: ultima.sequencia, ...resumoTramitacao(ultima) } : null,
    tags: doUsuario?.marcadores ?? [],
    favorito: doUsuario?.favorito !== undefined && doUsuario?.favorito !== null,
    acompanhadoPorEmail: doUsuario?.favorito?.acompanhadoPorEmail ?? false,
    podeReceber:
      pendente !== null && unidadeChamador !== null && pendente.idUnidadeDestino === unidadeChamador
        ? visivelNaCaixaPostal(estado)
        : false,
    geraCapa: linha.geraCapa,
  };
}

/** The detail never fails because a user lost every lotação: such a user simply cannot receive. */
async function unidadeAtualOuNula(db: Banco, usuario: UsuarioAutenticado): Promise<number | null> {
  try {
    return await unidadeAtualDoUsuario(db, usuario);
  } catch {
    return null;
  }
}

/** The rules of an opening that need the database; run inside the opening's (or edit's) transaction. */
async function conferirAutuacao(trx: Banco, autuacao: Autuacao): Promise<void> {
  const tipo = await queries.buscarTipoDocumento(trx, autuacao.idTipoDocumento);
  if (!tipo?.ativo) throw campoInvalido(MENSAGENS.autuacao.tipoInvalido, 'idTipoDocumento');
  if (!(await queries.assuntoValidoParaTipo(trx, autuacao.idTipoDocumento, autuacao.idAssunto))) {
    throw campoInvalido(MENSAGENS.autuacao.assuntoInvalido, 'idAssunto');
  }
  if (autuacao.tipoInteressado !== null && autuacao.idInteressado !== null) {
    if (!(await queries.interessadoExiste(trx, autuacao.idInteressado, autuacao.tipoInteressado))) {
      throw campoInvalido(MENSAGENS.lookups.interessadoNaoEncontrado, 'idInteressado');
    }
  }
  const procedencia = await queries.buscarUnidade(trx, autuacao.idProcedencia);
  if (!procedencia?.ativa) throw campoInvalido(MENSAGENS.autuacao.procedenciaInvalida, 'idProcedencia');
}

function exigirAutuacaoValida(autuacao: Autuacao): void {
  const [problema] = validarAutuacao(autuacao);
  if (problema) throw requisicaoInvalida(problema.message);
}

function dadosAutuacao(autuacao: Autuacao): queries.DadosAutuacao {
  const vazioParaNulo = (texto: string | null) => (texto === null || texto === '' ? null : texto);
  return {
    idTipoDocumento: autuacao.idTipoDocumento,
    idAssunto: autuacao.idAssunto,
    resumoAssunto: autuacao.resumoAssunto,
    observacao: vazioParaNulo(autuacao.observacao),
    urgente: autuacao.urgente,
    motivoUrgencia: autuacao.urgente ? vazioParaNulo(autuacao.motivoUrgencia) : null,
    tipoInteressado: autuacao.tipoInteressado,
    idInteressado: autuacao.idInteressado,
    idUnidadeProcedencia: autuacao.idProcedencia,
    numeroDocumentoOrigem: vazioParaNulo(autuacao.numeroDocumentoOrigem),
    emissorDocumentoOrigem: vazioParaNulo(autuacao.emissorDocumentoOrigem),
    dataDocumentoOrigem: autuacao.dataDocumentoOrigem,
    dataRecebimento: autuacao.dataRecebimento,
    estadoOrigem: autuacao.origem,
    estadoTamanho: autuacao.volumoso ? 2 : 1,
  };
}

/** POST documentos: a new document EM_CRIACAO in the user's current unit, numbered with that unit's NUP. */
export async function autuar(
  db: Banco,
  config: Pick<Config, 'nupFormato'>,
  usuario: UsuarioAutenticado,
  autuacao: Autuacao,
  ip: string,
): Promise<Documento> {
  exigirAutuacaoValida(autuacao);
  const id = await db.transaction().execute(async (trx) => {
    const idUnidade = await unidadeAtualDoUsuario(trx, usuario);
    const unidade = await queries.buscarUnidade(trx, idUnidade);
    if (!unidade?.ativa || !unidade.protocolo) throw semPermissao(MENSAGENS.autuacao.unidadeNaoAutua);
    await conferirAutuacao(trx, autuacao);
    const nup = await proximoNup(trx, unidade.codigo, config.nupFormato);
    const dados = dadosAutuacao(autuacao);
    const idDocumento = await queries.inserirDocumento(trx, {
      ...dados,
      numero: nup.numero,
      numeroDigitos: nup.numeroDigitos,
      idUnidadeCriadora: unidade.id,
      idUsuarioCriador: usuario.id,
    });
    await registrarAuditoria(trx, {
      idUsuario: usuario.id,
      acao: 'AUTUAR_DOCUMENTO',
      entidade: 'documento',
      idEntidade: idDocumento,
      depois: { ...dados, numero: nup.numero, idUnidadeCriadora: unidade.id, situacao: 'EM_CRIACAO' },
      ip,
    });
    return idDocumento;
  });
  return buscarDocumento(db, id, usuario);
}

/** PATCH documentos/{id}: only a draft of native-digital or digitised origin, only by the unit that holds it. */
export async function editarAutuacao(
  db: Banco,
  usuario: UsuarioAutenticado,
  idDocumento: number,
  autuacao: Autuacao,
  ip: string,
): Promise<Documento> {
  exigirAutuacaoValida(autuacao);
  await db.transaction().execute(async (trx) => {
    const antes = await queries.bloquearDocumento(trx, idDocumento);
    if (!antes || !visivelPara(antes, usuario)) throw naoEncontrado(MENSAGENS.autuacao.erroBuscarDadosDocumento);
    const motivo = motivoNaoEditavel({ situacao: antes.situacao, estado: montarEstado(antes) });
    if (motivo) throw conflito(motivo);
    if ((await unidadeAtualDoUsuario(trx, usuario)) !== antes.idUnidadeAtual) {
      throw semPermissao(MENSAGENS.autuacao.edicaoOutraUnidade);
    }
    await conferirAutuacao(trx, autuacao);
    const depois = await queries.atualizarDocumento(trx, idDocumento, dadosAutuacao(autuacao));
    await registrarAuditoria(trx, {
      idUsuario: usuario.id,
      acao: 'EDITAR_AUTUACAO',
      entidade: 'documento',
      idEntidade: idDocumento,
      antes,
      depois,
      ip,
    });
  });
  return buscarDocumento(db, idDocumento, usuario);
}

/** GET documentos: the search of spec §5 and §7, paginated, with drafts only for the caller's own units. */
export async function pesquisar(
  db: Banco,
  chamador: Chamador,
  filtros: z.infer<typeof filtrosBuscaSchema>,
): Promise<PaginaBuscaDocumentos> {
  const problema = validarFiltrosBusca(filtros, {
    usuarioEspecifico: filtros.idServidorLotadoProcedencia !== undefined,
  });
  if (problema) throw requisicaoInvalida(problema.message);

  let interessado: queries.CriteriosBusca['interessado'];
  if (filtros.tipoInteressado && filtros.idInteressado !== undefined) {
    // Sent as the letter code; the kind's name (ALUNO) is accepted too.
    const nome = lerTipoInteressado(filtros.tipoInteressado);
    if (!nome) throw campoInvalido(MENSAGENS.busca.tipoInteressadoInvalido, 'tipoInteressado');
    interessado = { tipo: TIPOS_INTERESSADO[nome], id: filtros.idInteressado };
  }
  let responsavel: queries.CriteriosBusca['responsavel'];
  if (filtros.tipoResponsavelTramitacao && filtros.idResponsavelTramitacao !== undefined) {
    const tipo = lerTipoResponsavel(filtros.tipoResponsavelTramitacao);
    if (!tipo) throw campoInvalido(MENSAGENS.busca.tipoResponsavelInvalido, 'tipoResponsavelTramitacao');
    responsavel = { tipo, id: filtros.idResponsavelTramitacao };
  }
  const idServidor = filtros.idServidorLotadoProcedencia;
  const conteudoPecas = filtros.conteudoPecas || undefined;
  const { itens, total, totalLimitado } = await queries.pesquisarDocumentos(db, {
    numeroDigitos: filtros.numeroDocumento ? filtros.numeroDocumento.replace(/\D/g, '') : undefined,
    resumoAssunto: filtros.resumoAssunto || undefined,
    conteudo: conteudoPecas ? { texto: conteudoPecas, leitor: await leitorDoChamador(db, chamador) } : undefined,
    idTipoDocumento: filtros.idTipoDocumento,
    idAssunto: filtros.idAssunto,
    criacao:
      filtros.dataCriacaoInicio && filtros.dataCriacaoFim
        ? { inicio: filtros.dataCriacaoInicio, fim: filtros.dataCriacaoFim }
        : undefined,
    envio:
      filtros.dataEnvioInicio && filtros.dataEnvioFim
        ? { inicio: filtros.dataEnvioInicio, fim: filtros.dataEnvioFim }
        : undefined,
    interessado,
    idProcedencia: filtros.idProcedencia,
    responsavel,
    // -1 is the 'TODOS' entry: any employee of the origin units, i.e. no restriction.
    idUsuarioCriador: idServidor !== undefined && idServidor > 0 ? idServidor : undefined,
    lotacoes: chamador ? chamador.lotacoes : null,
    ordenacao: filtros.ordenacao ?? (filtros.resumoAssunto || conteudoPecas ? 'relevancia' : 'dataCriacao'),
    direcao: filtros.direcao,
    pagina: filtros.pagina,
    tamanhoPagina: filtros.tamanhoPagina,
  });
  return {
    itens: itens.map((linha) => ({
      ...identificacaoNaLista(linha),
      situacao: linha.situacao,
      resumoAssunto: linha.resumoAssunto,
      assunto: linha.assunto,
      interessado: linha.interessado,
      unidadeProcedencia: linha.unidadeProcedencia,
      unidadeAtual: linha.unidadeAtual,
      dataCriacao: new Date(linha.dataCriacao).toISOString(),
      dataEnvio: iso(linha.dataEnvio),
      urgente: linha.urgente,
      ocorrencia: linha.ocorrencia,
    })),
    total,
    totalLimitado,
    pagina: filtros.pagina,
    tamanhoPagina: filtros.tamanhoPagina,
  };
}

/** POST documentos/{id}/tags: replaces the caller's own tags on the document. */
export async function salvarMarcadores(
  db: Banco,
  usuario: UsuarioAutenticado,
  idDocumento: number,
  stringTags: string,
  ip: string,
): Promise<string[]> {
  exigirValido(validarMarcadores(stringTags), 'stringTags');
  const marcadores = separarMarcadores(stringTags);
  return db.transaction().execute(async (trx) => {
    await exigirDocumentoVisivel(trx, idDocumento, usuario);
    const antes = await queries.buscarMarcadores(trx, usuario.id, idDocumento);
    await queries.substituirMarcadores(trx, usuario.id, idDocumento, marcadores);
    const depois = await queries.buscarMarcadores(trx, usuario.id, idDocumento);
    await registrarAuditoria(trx, {
      idUsuario: usuario.id,
      acao: 'SALVAR_MARCADORES',
      entidade: 'documento',
      idEntidade: idDocumento,
      antes,
      depois,
      ip,
    });
    return depois;
  });
}

export type { DadosDocumentoPdf } from './queries.ts';

/** The document as its cover and receipt print it (documentos-pdf); who may get them is decided by `visivelPara`. */
export function buscarDadosDocumentoPdf(db: Banco, idDocumento: number) {
  return queries.buscarDadosDocumentoPdf(db, idDocumento);
}

/** The document behind a verification code, for the public verification page (documentos-pdf). */
export function buscarPorCodigoVerificacao(db: Banco, codigo: string) {
  return queries.buscarPorCodigoVerificacao(db, codigo);
}
