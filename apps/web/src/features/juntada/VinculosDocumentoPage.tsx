import { useParams } from 'react-router';
import { AbasDocumento } from '../../components/AbasDocumento';
import { PaginaEmConstrucao } from '../../components/PaginaEmConstrucao';

export function VinculosDocumentoPage() {
  const { documentId = '' } = useParams();
  return (
    <PaginaEmConstrucao titulo="Vínculos do documento" descricao="Documentos anexados e apensados a este documento.">
      <AbasDocumento documentId={documentId} />
    </PaginaEmConstrucao>
  );
}
