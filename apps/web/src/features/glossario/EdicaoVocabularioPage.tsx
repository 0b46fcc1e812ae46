import { PaginaEmConstrucao } from '../../components/PaginaEmConstrucao';

export function EdicaoVocabularioPage() {
  return (
    <PaginaEmConstrucao
      titulo="Edição de vocabulário controlado"
      descricao="Inclua, altere e exclua itens do vocabulário controlado por tipo documental e assunto."
    />
  );
}
