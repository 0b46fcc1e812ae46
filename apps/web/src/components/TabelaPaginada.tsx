import { Box, Paper, TableCell, TablePagination, type TablePaginationProps, TableRow } from '@mui/material';
import type { ReactNode } from 'react';
import { BarraProgresso } from './feedback/BarraProgresso';
import { type ColunaTabela, Tabela } from './Tabela';

interface TabelaPaginadaProps {
  /** A bar above the table while the list (re)loads, named by `rotuloCarregando`; a blank line of its height else. */
  carregando: boolean;
  rotuloCarregando: string;
  /** The table's caption, above it: what it lists and in which order. */
  legenda: ReactNode;
  idLegenda?: string;
  /**
   * The names of the columns, before the last one ("Ações", right-aligned), which holds each row's buttons. On
   * narrow screens each row becomes a card with these names as labels (see `Tabela`).
   */
  colunas: readonly string[];
  /** The rows of the page shown. */
  children: ReactNode;
  /** Shown in a row of its own, across every column, when the list loaded empty. */
  vazio: string | null;
  /** The pages, from usePaginacaoLocal. */
  paginacao: Pick<
    TablePaginationProps,
    'count' | 'page' | 'onPageChange' | 'rowsPerPage' | 'rowsPerPageOptions' | 'onRowsPerPageChange'
  >;
  testId: string;
}

/** A list of an administration screen, held whole in the browser: caption, header, the page's rows, pagination. */
export function TabelaPaginada({
  carregando,
  rotuloCarregando,
  legenda,
  idLegenda,
  colunas,
  children,
  vazio,
  paginacao,
  testId,
}: TabelaPaginadaProps) {
  const colunasTabela: ColunaTabela[] = [
    ...colunas.map((rotulo) => ({ rotulo })),
    { rotulo: 'Ações', papel: 'acoes', alinhamento: 'right' },
  ];
  return (
    <Paper variant="outlined">
      {carregando ? <BarraProgresso rotulo={rotuloCarregando} /> : <Box sx={{ height: 4 }} />}
      <Tabela data-testid={testId} legenda={legenda} idLegenda={idLegenda} colunas={colunasTabela}>
        {children}
        {vazio ? (
          <TableRow>
            <TableCell colSpan={colunas.length + 1}>{vazio}</TableCell>
          </TableRow>
        ) : null}
      </Tabela>
      <TablePagination component="div" {...paginacao} />
    </Paper>
  );
}
