import { useParams } from 'react-router';

/**
 * The document of a /documentos/{documentId}/... screen: the parameter as it is in the address (for links) and as an
 * id, null when it is not a number (the screen then says the document could not be loaded).
 */
export function useDocumentoDaRota(): { documentId: string; idDocumento: number | null } {
  const { documentId = '' } = useParams();
  return { documentId, idDocumento: /^\d+$/.test(documentId) ? Number(documentId) : null };
}
