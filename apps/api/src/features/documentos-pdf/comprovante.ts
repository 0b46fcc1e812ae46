import { camposDocumento } from './campos.ts';
import { type ContextoPdf, FolhaPdf } from './layout-pdf.ts';
import type { DadosDocumentoPdf } from './queries.ts';

/**
 * GET documentos/{id}/comprovante: the protocol receipt — who opened the document, when, in which unit, with which
 * NUP — and the document's data.
 */
export async function gerarComprovante(dados: DadosDocumentoPdf, contexto: ContextoPdf): Promise<Buffer> {
  const campos = camposDocumento(dados);
  const folha = new FolhaPdf(contexto, `Comprovante de protocolo — ${dados.numero}`);
  folha.cabecalho('COMPROVANTE DE PROTOCOLO', 'Recibo de protocolo');
  folha.paragrafo(
    `Certificamos que o documento abaixo foi protocolado em ${campos.dataAutuacao} (horário de Brasília), na ` +
      `unidade ${campos.unidadeProtocolo}, por ${campos.protocoladoPor}, e recebeu o número único de protocolo ` +
      `${campos.numero}.`,
  );
  folha.numero(campos.numero);
  folha.campo('Tipo de documento', campos.tipo);
  folha.campo('Assunto', campos.assunto);
  folha.campo('Resumo do assunto', campos.resumoAssunto);
  folha.campo('Interessado', campos.interessado);
  folha.campo('Unidade de origem', campos.unidadeOrigem);
  folha.campo('Unidade de protocolo', campos.unidadeProtocolo);
  folha.campo('Protocolado por', campos.protocoladoPor);
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
