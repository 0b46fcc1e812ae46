import { PaginaEmConstrucao } from '../../components/PaginaEmConstrucao';

export function RelatorioMalotePage() {
  return (
    <PaginaEmConstrucao
      titulo="Relatório de malote"
      descricao="Guia de remessa em PDF das tramitações de uma ou mais unidades de procedência em um intervalo de tempo."
    />
  );
}
