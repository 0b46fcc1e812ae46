import { PaginaEmConstrucao } from '../../components/PaginaEmConstrucao';

export function RelatorioDesarquivadosPage() {
  return (
    <PaginaEmConstrucao
      titulo="Relatório de documentos desarquivados"
      descricao="Documentos desarquivados por unidade em um intervalo de tempo, em PDF."
    />
  );
}
