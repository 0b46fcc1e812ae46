import { useParams } from 'react-router';
import { AbasDocumento } from '../../components/AbasDocumento';
import { PaginaEmConstrucao } from '../../components/PaginaEmConstrucao';

export function MovimentacoesDocumentoPage() {
  const { documentId = '' } = useParams();
  return (
    <PaginaEmConstrucao
      titulo="Movimentações do documento"
      descricao="Histórico de tramitações do documento entre as unidades, com despachos e datas."
    >
      <AbasDocumento documentId={documentId} />
    </PaginaEmConstrucao>
  );
}
