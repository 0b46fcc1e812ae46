import { useParams } from 'react-router';
import { AbasDocumento } from '../../components/AbasDocumento';
import { PaginaEmConstrucao } from '../../components/PaginaEmConstrucao';

export function JuntadaDocumentosPage() {
  const { documentId = '' } = useParams();
  return (
    <PaginaEmConstrucao titulo="Juntada de documentos" descricao="Anexe ou apense outro documento a este, em etapas.">
      <AbasDocumento documentId={documentId} />
    </PaginaEmConstrucao>
  );
}
