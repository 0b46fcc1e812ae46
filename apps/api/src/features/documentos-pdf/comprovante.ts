import type { DadosDocumentoPdf } from '../documentos/service.ts';
import { camposDocumento, concluirFolha } from './campos.ts';
import { type ContextoPdf, FolhaPdf } from './layout-pdf.ts';

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
  return concluirFolha(folha, dados, campos, { comProtocolo: true });
}
