import { useParams } from 'react-router';
import { AbasDocumento } from '../../components/AbasDocumento';
import { PaginaEmConstrucao } from '../../components/PaginaEmConstrucao';

export function PecasDocumentoPage() {
  const { documentId = '' } = useParams();
  return (
    <PaginaEmConstrucao
      titulo="Peças do documento"
      descricao="Arquivos que compõem o documento, com seus níveis de acesso."
    >
      <AbasDocumento documentId={documentId} />
    </PaginaEmConstrucao>
  );
}
