import { PaginaEmConstrucao } from '../../components/PaginaEmConstrucao';

export function CaixaPostalPage() {
  return (
    <PaginaEmConstrucao
      titulo="Caixa postal"
      descricao="Documentos enviados à sua unidade, para consulta e recebimento."
    />
  );
}
