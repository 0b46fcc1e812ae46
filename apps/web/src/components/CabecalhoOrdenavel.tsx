import { type SxProps, TableCell, TableSortLabel, type Theme } from '@mui/material';

type Direcao = 'asc' | 'desc';

interface CabecalhoOrdenavelProps {
  rotulo: string;
  /** The list is sorted by this column, in `direcao`. */
  ativa: boolean;
  direcao: Direcao;
  /** The direction a click on a column the list is not sorted by asks for. */
  direcaoInicial: Direcao;
  /** Asks for the list sorted by this column: the other direction when it already is, else `direcaoInicial`. */
  aoOrdenar: (direcao: Direcao) => void;
  sx?: SxProps<Theme>;
}

/** A header cell of a table sorted on the server: its label sorts by it, and says to screen readers how it is sorted. */
export function CabecalhoOrdenavel({ rotulo, ativa, direcao, direcaoInicial, aoOrdenar, sx }: CabecalhoOrdenavelProps) {
  return (
    <TableCell
      sortDirection={ativa ? direcao : false}
      aria-sort={ativa ? (direcao === 'asc' ? 'ascending' : 'descending') : undefined}
      sx={sx}
    >
      <TableSortLabel
        active={ativa}
        direction={ativa ? direcao : direcaoInicial}
        onClick={() => aoOrdenar(ativa ? (direcao === 'asc' ? 'desc' : 'asc') : direcaoInicial)}
      >
        {rotulo}
      </TableSortLabel>
    </TableCell>
  );
}
