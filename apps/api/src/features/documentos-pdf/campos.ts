import { montarEstado, rotuloTipoDocumento, rotuloTipoInteressado, TIPOS_INTERESSADO } from '@tramite/shared';
import { formatarDataHora } from '../../platform/data-hora.ts';
import type { DadosDocumentoPdf } from '../documentos/service.ts';
import { type FolhaPdf, formatarData } from './layout-pdf.ts';

/** The document's data as both PDFs print them (pt-BR, Brasília time, labels of spec §3). */
export function camposDocumento(dados: DadosDocumentoPdf) {
  const nomeTipoInteressado = Object.entries(TIPOS_INTERESSADO).find(([, c]) => c === dados.interessadoTipo)?.[0];
  const origem = [
    dados.numeroDocumentoOrigem,
    dados.emissorDocumentoOrigem ? `emitido por ${dados.emissorDocumentoOrigem}` : null,
    dados.dataDocumentoOrigem ? `em ${formatarData(dados.dataDocumentoOrigem)}` : null,
  ].filter(Boolean);
  return {
    numero: dados.numero,
    tipo: rotuloTipoDocumento(dados.tipoDescricao, montarEstado(dados)),
    assunto:
      dados.assuntoCodigo !== null && dados.assuntoDescricao !== null
        ? `${dados.assuntoCodigo} — ${dados.assuntoDescricao}`
        : null,
    resumoAssunto: dados.resumoAssunto,
    interessado: dados.interessadoNome
      ? `${dados.interessadoNome}${nomeTipoInteressado ? ` (${rotuloTipoInteressado(nomeTipoInteressado)})` : ''}`
      : null,
    unidadeOrigem: `${dados.procedenciaNome} (${dados.procedenciaSigla})`,
    unidadeProtocolo: `${dados.criadoraNome} (${dados.criadoraSigla})`,
    protocoladoPor: dados.criadorNome,
    dataAutuacao: formatarDataHora(dados.dataCriacao),
    dataRecebimento: formatarData(dados.dataRecebimento),
    dataPrimeiroEnvio: formatarDataHora(dados.dataValidade),
    urgencia: dados.urgente ? `Urgente${dados.motivoUrgencia ? ` — motivo: ${dados.motivoUrgencia}` : ''}` : 'Normal',
    documentoOrigem: origem.length ? origem.join(', ') : null,
  };
}

/**
 * The number, the fields and the verification block that the cover and the receipt share, then the finished PDF;
 * the receipt also names the protocol unit and who opened the document.
 */
export async function concluirFolha(
  folha: FolhaPdf,
  dados: DadosDocumentoPdf,
  campos: ReturnType<typeof camposDocumento>,
  { comProtocolo }: { comProtocolo: boolean },
): Promise<Buffer> {
  folha.numero(campos.numero);
  folha.campo('Tipo de documento', campos.tipo);
  folha.campo('Assunto', campos.assunto);
  folha.campo('Resumo do assunto', campos.resumoAssunto);
  folha.campo('Interessado', campos.interessado);
  folha.campo('Unidade de origem', campos.unidadeOrigem);
  if (comProtocolo) {
    folha.campo('Unidade de protocolo', campos.unidadeProtocolo);
    folha.campo('Protocolado por', campos.protocoladoPor);
  }
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
