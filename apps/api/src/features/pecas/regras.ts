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
    throw new ErroDominio('TIPO_NAO_SUPORTADO', MENSAGENS.arquivos.extensaoNaoReconhecida);
  }
  if (pelaExtensao && pelaExtensao !== detectado) {
    throw new ErroDominio('TIPO_NAO_SUPORTADO', MENSAGENS.arquivos.conteudoDivergente(pelaExtensao.tipo));
  }
  if (!detectado) throw new ErroDominio('TIPO_NAO_SUPORTADO', MENSAGENS.arquivos.tipoNaoReconhecido);
  return detectado.mime;
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

/**
 * A row of the peças table as this reader may see it. The free text of a peça the reader may not open (its file
 * name, description and justifications, which often name the person, e.g. 'laudo-psiquiatrico-FULANO.png') is
 * hidden with its bytes: such a row says only the word of spec §6, in passoFluxo.
 */
export function paraPeca(
  linha: LinhaPeca,
  documento: DocumentoVisibilidade,
  leitor: LeitorPeca,
  unidadePodeAlterar: boolean,
): Peca {
  const ativa = linha.situacaoVinculo === null;
  const podeVisualizar = podeVisualizarPeca(linha, documento, leitor);
  const texto = (valor: string | null) => (podeVisualizar ? valor : null);
  return {
    idAnexo: linha.idAnexo,
    idAcessoAnexo: linha.id,
    idDocumento: linha.idDocumento,
    nome: texto(linha.nome),
    descricao: texto(linha.descricao),
    tipoCopia: linha.tipoCopia,
    nivelAcesso: linha.nivelAcesso,
    idHipoteseLegal: linha.idHipoteseLegal,
    descricaoHipoteseLegal: linha.descricaoHipoteseLegal,
    idTipoDocumento: linha.idTipoDocumento,
    descricaoTipoDocumento: linha.descricaoTipoDocumento,
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
    justificativaAlteracao: texto(linha.justificativaAlteracao),
    justificativaCancelamento: texto(linha.justificativaCancelamento),
    dataCancelamento: iso(linha.canceladoEm),
    idDocumentoPecaDesmembramento: linha.idDocumentoPecaDesmembramento,
    numeroDocumentoPecaDesmembramento: linha.numeroDocumentoPecaDesmembramento,
    podeVisualizar,
    podeAlterar: unidadePodeAlterar && ativa,
    podeExcluir: unidadePodeAlterar && ativa && linha.situacaoTramitacao === null,
    tamanho: linha.tamanho,
    tipoMime: linha.tipoMime,
  };
}
