import type { TablePaginationProps } from '@mui/material';
import { useState } from 'react';

/**
 * Pages of a list held whole in the browser, for MUI's TablePagination (`<TablePagination component="div"
 * {...paginacao} />`); a page past the end of a shrunk list shows the last one.
 */
export function usePaginacaoLocal<T>(itens: readonly T[], opcoesTamanho: number[], tamanhoInicial: number) {
  const [pagina, setPagina] = useState(0);
  const [porPagina, setPorPagina] = useState(tamanhoInicial);
  const ultimaPagina = Math.max(0, Math.ceil(itens.length / porPagina) - 1);
  const paginaAtual = Math.min(pagina, ultimaPagina);
  const paginacao = {
    count: itens.length,
    page: paginaAtual,
    onPageChange: (_evento, nova) => setPagina(nova),
    rowsPerPage: porPagina,
    rowsPerPageOptions: opcoesTamanho,
    onRowsPerPageChange: (evento) => {
      setPorPagina(Number(evento.target.value));
      setPagina(0);
    },
  } satisfies Partial<TablePaginationProps>;
  return {
    visiveis: itens.slice(paginaAtual * porPagina, (paginaAtual + 1) * porPagina),
    voltarAoInicio: () => setPagina(0),
    paginacao,
  };
}
