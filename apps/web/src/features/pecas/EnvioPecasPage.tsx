import { useParams } from 'react-router';
import { AbasDocumento } from '../../components/AbasDocumento';
import { PaginaEmConstrucao } from '../../components/PaginaEmConstrucao';

export function EnvioPecasPage() {
  const { documentId = '' } = useParams();
  return (
    <PaginaEmConstrucao
      titulo="Envio de peças"
      descricao="Anexe arquivos ao documento, informando o tipo de cópia e o nível de acesso de cada um."
    >
      <AbasDocumento documentId={documentId} />
    </PaginaEmConstrucao>
  );
}
