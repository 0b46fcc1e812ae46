import { useParams } from 'react-router';
import { AbasDocumento } from '../../components/AbasDocumento';
import { PaginaEmConstrucao } from '../../components/PaginaEmConstrucao';

export function TramitarDocumentoPage() {
  const { documentId = '' } = useParams();
  return (
    <PaginaEmConstrucao
      titulo="Tramitar documento"
      descricao="Escolha o passo do fluxo, o destino e o despacho para enviar o documento."
    >
      <AbasDocumento documentId={documentId} />
    </PaginaEmConstrucao>
  );
}
