import { PaginaEmConstrucao } from '../../components/PaginaEmConstrucao';

export function NovaAutuacaoPage() {
  return (
    <PaginaEmConstrucao
      titulo="Nova autuação"
      descricao="Autue um novo documento ou processo: tipo documental, unidade de procedência, interessado, assunto e documento de origem."
    />
  );
}
