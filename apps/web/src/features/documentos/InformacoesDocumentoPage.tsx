import { useParams } from 'react-router';
import { AbasDocumento } from '../../components/AbasDocumento';
import { PaginaEmConstrucao } from '../../components/PaginaEmConstrucao';

export function InformacoesDocumentoPage() {
  const { documentId = '' } = useParams();
  return (
    <PaginaEmConstrucao
      titulo="Informações do documento"
      descricao="Dados do documento, recebimento, capa, comprovante, marcadores e favoritos."
    >
      <AbasDocumento documentId={documentId} />
    </PaginaEmConstrucao>
  );
}
