import { PaginaEmConstrucao } from '../../components/PaginaEmConstrucao';

export function ArquivosAssinadosPage() {
  return (
    <PaginaEmConstrucao
      titulo="Arquivos assinados"
      descricao="Envie, assine, vincule a documentos e exclua arquivos assinados."
    />
  );
}
