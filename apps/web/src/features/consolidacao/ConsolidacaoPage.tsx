import { PaginaEmConstrucao } from '../../components/PaginaEmConstrucao';

export function ConsolidacaoPage() {
  return (
    <PaginaEmConstrucao
      titulo="Consolidação"
      descricao="Acompanhe as consolidações solicitadas: um único PDF com as peças de um documento."
    />
  );
}
