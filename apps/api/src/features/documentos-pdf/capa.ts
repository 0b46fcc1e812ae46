import { camposDocumento } from './campos.ts';
import { type ContextoPdf, FolhaPdf } from './layout-pdf.ts';
import type { DadosDocumentoPdf } from './queries.ts';

/** GET documentos/{id}/capa: the cover sheet of the document (types with geraCapa), one A4 page. */
export async function gerarCapa(dados: DadosDocumentoPdf, contexto: ContextoPdf): Promise<Buffer> {
  const campos = camposDocumento(dados);
  const folha = new FolhaPdf(contexto, `Capa — ${dados.numero}`);
  folha.cabecalho(campos.tipo.toUpperCase(), 'Capa do documento');
  folha.numero(campos.numero);
  folha.campo('Tipo de documento', campos.tipo);
  folha.campo('Assunto', campos.assunto);
  folha.campo('Resumo do assunto', campos.resumoAssunto);
  folha.campo('Interessado', campos.interessado);
  folha.campo('Unidade de origem', campos.unidadeOrigem);
  folha.campo('Documento de origem', campos.documentoOrigem);
  folha.camposLadoALado([
    ['Data de autuação', campos.dataAutuacao],
    ['Data de recebimento', campos.dataRecebimento],
    ['Primeiro envio', campos.dataPrimeiroEnvio],
  ]);
  folha.campo('Urgência', campos.urgencia);
  await folha.verificacao(dados.codigoVerificacao);
  return folha.finalizar();
}
