import {
  calcularPrazo,
  type DocumentoVisibilidade,
  extensaoDoNome,
  type LeitorPeca,
  MENSAGENS,
  type Peca,
  podeVisualizarPeca,
  rotuloPassoFluxo,
  tipoPelaExtensao,
  tipoPeloConteudo,
} from '@tramite/shared';
import { fileTypeFromFile } from 'file-type';
import { ErroDominio } from '../../platform/erros.ts';
import type { ContextoDocumento, LinhaPeca } from './queries.ts';

/**
 * The media type of a received file, decided by its content (magic bytes), never by its name alone: the content
 * must be one of the recognised types of spec §9 and, when the name has an extension, match it.
 */
export async function identificarTipo(caminho: string, nome: string): Promise<string> {
  const detectado = tipoPeloConteudo((await fileTypeFromFile(caminho))?.ext);
  const pelaExtensao = tipoPelaExtensao(nome);
  if (extensaoDoNome(nome) !== null && !pelaExtensao) {
    throw new ErroDominio(415, MENSAGENS.arquivos.extensaoNaoReconhecida);
  }
  if (pelaExtensao && pelaExtensao !== detectado) {
    throw new ErroDominio(415, MENSAGENS.arquivos.conteudoDivergente(pelaExtensao.tipo));
  }
  if (!detectado) throw new ErroDominio(415, MENSAGENS.arquivos.tipoNaoReconhecido);
  return detectado.mime;
}

/** RFC 5987 value: UTF-8, percent-encoded, including the characters encodeURIComponent leaves alone. */
function codificarRfc5987(texto: string): string {
  return encodeURIComponent(texto).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * Content-Disposition for a stored file: inline or attachment, a plain ASCII `filename` for old clients and the
 * exact name in `filename*`. The name was sanitised on upload; quotes, backslashes and non-ASCII are replaced here.
 */
export function disposicaoConteudo(nome: string, emLinha: boolean): string {
  const ascii =
    nome
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\x20-\x7e]|["\\;]/g, '_')
      .trim() || 'arquivo';
  return `${emLinha ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${codificarRfc5987(nome)}`;
}

export function paraVisibilidade(contexto: ContextoDocumento): DocumentoVisibilidade {
  return {
    situacao: contexto.situacao,
    idUnidadeAtual: contexto.idUnidadeAtual,
    estadoProcessamento: contexto.estadoProcessamento,
    quantidadeTramitacoes: contexto.quantidadeTramitacoes,
    idPessoaInteressado: contexto.idPessoaInteressado,
    raiz:
      contexto.raizSituacao !== null && contexto.raizIdUnidadeAtual !== null
        ? { situacao: contexto.raizSituacao, idUnidadeAtual: contexto.raizIdUnidadeAtual }
        : null,
  };
}

const iso = (data: Date | string | null) => (data === null ? null : new Date(data).toISOString());

/** A row of the peças table as this reader may see it. */
export function paraPeca(
  linha: LinhaPeca,
  documento: DocumentoVisibilidade,
  leitor: LeitorPeca,
  unidadePodeAlterar: boolean,
): Peca {
  const ativa = linha.situacaoVinculo === null;
  return {
    idAnexo: linha.idAnexo,
    idAcessoAnexo: linha.id,
    idDocumento: linha.idDocumento,
    nome: linha.nome,
    descricao: linha.descricao,
    tipoCopia: linha.tipoCopia,
    nivelAcesso: linha.nivelAcesso,
    idHipoteseLegal: linha.idHipoteseLegal,
    descricaoHipoteseLegal: linha.descricaoHipoteseLegal,
    situacaoVinculo: linha.situacaoVinculo,
    situacaoTramitacao: linha.situacaoTramitacao,
    sequencial: linha.sequencial,
    sequenciaTramitacao: linha.sequenciaTramitacao,
    passoFluxo: rotuloPassoFluxo(linha, leitor?.irrestrito ?? false),
    dataDespacho: iso(linha.dtDespacho),
    dataRecebimento: iso(linha.dtRecebimento),
    dias:
      linha.dtDespacho && linha.dtRecebimento ? calcularPrazo(linha.dtDespacho, new Date(linha.dtRecebimento)) : null,
    dataInclusao: new Date(linha.criadoEm).toISOString(),
    justificativaAlteracao: linha.justificativaAlteracao,
    justificativaCancelamento: linha.justificativaCancelamento,
    dataCancelamento: iso(linha.canceladoEm),
    idDocumentoPecaDesmembramento: linha.idDocumentoPecaDesmembramento,
    numeroDocumentoPecaDesmembramento: linha.numeroDocumentoPecaDesmembramento,
    podeVisualizar: podeVisualizarPeca(linha, documento, leitor),
    podeAlterar: unidadePodeAlterar && ativa,
    podeExcluir: unidadePodeAlterar && ativa && linha.situacaoTramitacao === null,
    tamanho: linha.tamanho,
    tipoMime: linha.tipoMime,
  };
}
