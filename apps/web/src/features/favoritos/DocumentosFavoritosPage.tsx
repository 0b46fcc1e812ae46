import { PaginaEmConstrucao } from '../../components/PaginaEmConstrucao';

export function DocumentosFavoritosPage() {
  return (
    <PaginaEmConstrucao
      titulo="Documentos favoritos"
      descricao="Documentos que você acompanha, com marcadores e aviso por e-mail."
    />
  );
}
