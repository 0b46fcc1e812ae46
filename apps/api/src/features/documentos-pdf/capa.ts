import type { DadosDocumentoPdf } from '../documentos/service.ts';
import { camposDocumento, concluirFolha } from './campos.ts';
import { type ContextoPdf, FolhaPdf } from './layout-pdf.ts';

/** GET documentos/{id}/capa: the cover sheet of the document (types with geraCapa), one A4 page. */
export async function gerarCapa(dados: DadosDocumentoPdf, contexto: ContextoPdf): Promise<Buffer> {
  const campos = camposDocumento(dados);
  const folha = new FolhaPdf(contexto, `Capa — ${dados.numero}`);
  folha.cabecalho(campos.tipo.toUpperCase(), 'Capa do documento');
  return concluirFolha(folha, dados, campos, { comProtocolo: false });
}
