import { type Documento, type DocumentoSobrestavel, ESTADO } from '@tramite/shared';

/** What the shared suspension rules read, from the document as the page has it. */
export function documentoSobrestavel(documento: Documento, processo: boolean): DocumentoSobrestavel {
  return {
    situacao: documento.situacao,
    idUnidadeAtual: documento.unidadeAtual.id,
    estadoProcessamento: documento.estado[ESTADO.processamento] ?? 0,
    idDocumentoAgregador: documento.idDocumentoAgregador,
    processo,
  };
}
