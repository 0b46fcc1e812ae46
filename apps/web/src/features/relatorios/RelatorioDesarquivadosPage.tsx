import { Pagina } from '../../components/Pagina';
import { FormularioRelatorio } from './FormularioRelatorio';

/** Spec §2: the documents unarchived per unit in a time range (who, when and why), as a PDF. */
export function RelatorioDesarquivadosPage() {
  return (
    <Pagina
      titulo="Relatório de documentos desarquivados"
      descricao="Documentos retirados do arquivo pelas unidades no período, com quem os desarquivou, quando e o motivo."
    >
      <FormularioRelatorio tipo="desarquivados" />
    </Pagina>
  );
}
