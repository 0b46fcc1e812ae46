import {
  Table,
  TableBody,
  TableContainer,
  type TableContainerProps,
  TableHead,
  type TableProps,
  TableRow,
} from '@mui/material';
import type { ReactNode } from 'react';

type TabelaProps = Omit<TableProps, 'children'> & {
  /** The cells of the header row. */
  cabecalho: ReactNode;
  /** The rows. */
  children: ReactNode;
  /** Props of the container the table scrolls in (e.g. a focusable region for a wide table). */
  propsContainer?: TableContainerProps;
  'data-testid'?: string;
};

/** A small table in its scrolling container: one header row, then the rows. */
export function Tabela({ cabecalho, children, propsContainer, ...propriedades }: TabelaProps) {
  return (
    <TableContainer {...propsContainer}>
      <Table size="small" {...propriedades}>
        <TableHead>
          <TableRow>{cabecalho}</TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </TableContainer>
  );
}
