import { PaginaEmConstrucao } from '../../components/PaginaEmConstrucao';

export function EdicaoTipoDocumentalPage() {
  return (
    <PaginaEmConstrucao
      titulo="Edição de tipo documental"
      descricao="Consulte os tipos documentais e altere suas propriedades."
    />
  );
}
