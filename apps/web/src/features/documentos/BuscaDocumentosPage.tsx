import { PaginaEmConstrucao } from '../../components/PaginaEmConstrucao';

export function BuscaDocumentosPage() {
  return (
    <PaginaEmConstrucao
      titulo="Busca de documentos"
      descricao="Pesquise documentos e processos por número, resumo do assunto, tipo, datas, interessado, procedência ou responsável pela tramitação."
    />
  );
}
