import { Pagina } from '../../components/Pagina';
import { FormularioRelatorio } from './FormularioRelatorio';

/** Spec §2: the remittance guide of the documents sent by one or more units in a time range, as a PDF. */
export function RelatorioMalotePage() {
  return (
    <Pagina
      titulo="Relatório de malote"
      descricao="Guia de remessa dos documentos enviados pelas unidades de procedência no período, agrupados pela unidade de destino, com linhas para as assinaturas do portador e do recebedor."
    >
      <FormularioRelatorio tipo="malote" />
    </Pagina>
  );
}
