import { type PDFDocument, type PDFFont, rgb } from 'pdf-lib';
import type { PecaParaConsolidar } from './paginas-peca.ts';
import { A4, formatarDataHora, MARGEM, type Texto } from './texto-pdf.ts';

// The cover: the document's data and the table of peças with their sheets, over as many pages as it needs.

export interface DadosCapa {
  instituicao: string;
  numero: string;
  tipo: string;
  resumo: string;
  geradoEm: Date;
}

const LINHA_TABELA = 14;
const MAXIMO_LINHAS_RESUMO = 8;

interface PlanoCapa {
  resumo: string[];
  /** How many peça rows each cover page holds. */
  linhasPorPagina: number[];
}

/** The cover's layout depends only on the texts and the number of peças: its page count is known up front. */
export function planejarCapa(texto: Texto, capa: DadosCapa, quantidade: number): PlanoCapa {
  const largura = A4[0] - 2 * MARGEM;
  const resumo = texto.quebrar(texto.limpar(capa.resumo) || '-', texto.normal, 11, largura, MAXIMO_LINHAS_RESUMO);
  // Title block, data lines and the table header (see desenharCapa), then the rows down to the bottom margin.
  const cabecalhoPrimeira = 16 + 28 + 5 * 18 + resumo.length * 15 + 18 + 24 + LINHA_TABELA;
  const primeira = Math.floor((A4[1] - 2 * MARGEM - cabecalhoPrimeira) / LINHA_TABELA);
  const demais = Math.floor((A4[1] - 2 * MARGEM - 24 - LINHA_TABELA) / LINHA_TABELA);
  const naPrimeira = Math.min(quantidade, primeira);
  const linhasPorPagina = [naPrimeira];
  let restantes = quantidade - naPrimeira;
  while (restantes > 0) {
    linhasPorPagina.push(Math.min(restantes, demais));
    restantes -= demais;
  }
  return { resumo, linhasPorPagina };
}

export function desenharCapa(
  documento: PDFDocument,
  texto: Texto,
  plano: PlanoCapa,
  capa: DadosCapa,
  pecas: readonly PecaParaConsolidar[],
  faixas: readonly { inicio: number; fim: number }[],
  total: number,
): void {
  const { normal, negrito } = texto;
  const largura = A4[0] - 2 * MARGEM;
  const colunaFolhas = 90;
  const colunaNumero = 40;
  const larguraNome = largura - colunaFolhas - colunaNumero - 8;
  const cinza = rgb(0.35, 0.35, 0.35);
  let indice = 0;
  plano.linhasPorPagina.forEach((linhas, numeroPagina) => {
    const pagina = documento.addPage(A4);
    let y = A4[1] - MARGEM;
    const escrever = (t: string, x: number, fonte: PDFFont, tamanho: number, cor = rgb(0, 0, 0)) =>
      pagina.drawText(t, { x, y, size: tamanho, font: fonte, color: cor });
    if (numeroPagina === 0) {
      y -= 12;
      escrever(texto.caber(texto.limpar(capa.instituicao), negrito, 12, largura), MARGEM, negrito, 12, cinza);
      y -= 28;
      escrever('Consolidação de peças', MARGEM, negrito, 20);
      const dado = (rotulo: string, valor: string) => {
        y -= 18;
        escrever(rotulo, MARGEM, negrito, 11);
        const x = MARGEM + negrito.widthOfTextAtSize(`${rotulo} `, 11);
        escrever(texto.caber(texto.limpar(valor), normal, 11, A4[0] - MARGEM - x), x, normal, 11);
      };
      dado('Número:', capa.numero);
      dado('Tipo:', capa.tipo);
      dado('Gerado em:', formatarDataHora(capa.geradoEm));
      dado('Conteúdo:', `${pecas.length} ${pecas.length === 1 ? 'peça' : 'peças'}, ${total} folhas (com a capa)`);
      y -= 18;
      escrever('Resumo do assunto:', MARGEM, negrito, 11);
      for (const linha of plano.resumo) {
        y -= 15;
        escrever(linha, MARGEM, normal, 11);
      }
      y -= 18;
    } else {
      y -= 12;
      escrever('Peças (continuação)', MARGEM, negrito, 12);
    }
    y -= 24;
    escrever('Nº', MARGEM, negrito, 10);
    escrever('Peça', MARGEM + colunaNumero, negrito, 10);
    escrever('Folhas', A4[0] - MARGEM - colunaFolhas, negrito, 10);
    pagina.drawLine({
      start: { x: MARGEM, y: y - 4 },
      end: { x: A4[0] - MARGEM, y: y - 4 },
      thickness: 0.5,
      color: cinza,
    });
    for (let i = 0; i < linhas; i++, indice++) {
      const peca = pecas[indice] as PecaParaConsolidar;
      const faixa = faixas[indice] as { inicio: number; fim: number };
      y -= LINHA_TABELA;
      escrever(peca.sequencial === null ? '-' : String(peca.sequencial), MARGEM, normal, 10);
      escrever(texto.caber(texto.limpar(peca.nome), normal, 10, larguraNome), MARGEM + colunaNumero, normal, 10);
      const folhas = faixa.inicio === faixa.fim ? String(faixa.inicio) : `${faixa.inicio} a ${faixa.fim}`;
      escrever(folhas, A4[0] - MARGEM - colunaFolhas, normal, 10);
    }
  });
}
