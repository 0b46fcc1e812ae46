import { PaginaEmConstrucao } from '../../components/PaginaEmConstrucao';

export function ReencaminhamentoPage() {
  return (
    <PaginaEmConstrucao
      titulo="Reencaminhamento de documento"
      descricao="Reencaminhe documentos de uma unidade: escolha a unidade, o documento, o fluxo, o destino e o despacho."
    />
  );
}
