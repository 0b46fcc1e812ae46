import { PaginaEmConstrucao } from '../../components/PaginaEmConstrucao';

export function EdicaoAutuacaoPage() {
  return (
    <PaginaEmConstrucao
      titulo="Edição de autuação"
      descricao="Altere os dados de um documento que ainda está em criação."
    />
  );
}
