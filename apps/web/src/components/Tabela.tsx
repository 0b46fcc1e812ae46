import {
  Box,
  type Breakpoint,
  type SxProps,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  type TableContainerProps,
  TableHead,
  type TableProps,
  TableRow,
  type Theme,
  useTheme,
} from '@mui/material';
import type { ReactNode } from 'react';
import { OCULTO_VISUALMENTE } from './oculto-visualmente';

/** A chip in a cell whose label wraps (a long tag, a legal hypothesis) instead of widening the table. */
export const CHIP_QUEBRAVEL = { height: 'auto', minHeight: 24, '& .MuiChip-label': { whiteSpace: 'normal' } } as const;

/** A column of a `Tabela`, declared once: its header, and how its cells behave on wide and narrow screens. */
export interface ColunaTabela {
  /** The column's name: its header and, when the rows become cards, the label above each value. Unique per table. */
  rotulo: string;
  /** Only screen readers read the header (e.g. a column of radio buttons). */
  rotuloOculto?: boolean;
  /**
   * A header cell of its own (a `TableCell`: a sortable header, a "select all" checkbox) instead of `rotulo` as
   * text. Shown above the cards too, since it does something.
   */
  cabecalho?: ReactNode;
  /**
   * - 'acoes': the row's buttons. Pinned to the right edge when the table is wider than its box, left out of print;
   *   in a card, on a line of their own at its foot, without label.
   * - 'selecao': the row's checkbox or radio. In a card, at its top right corner, without label.
   * - 'titulo': what names the row (the NUP). Never wraps; in a card, its first line, in bold, without label.
   */
  papel?: 'acoes' | 'selecao' | 'titulo';
  /** The cells never wrap (a NUP, a code). */
  semQuebra?: boolean;
  /** The least width (px) of the column on wide screens, so that long text does not shrink to a word per line. */
  larguraMinima?: number;
  /** In a card, the value takes the card's whole width (long text: a summary, a despacho). */
  larga?: boolean;
  alinhamento?: 'right';
}

type TabelaProps = Omit<TableProps, 'children'> & {
  /** The rows: a `TableRow` per item, with a `TableCell` per column, in the order of `colunas`. */
  children: ReactNode;
  /** Props of the container the table scrolls in (e.g. `regiaoRolavel`, a focusable region for a wide table). */
  propsContainer?: TableContainerProps;
  /** A caption above the table: what it lists and in which order. */
  legenda?: ReactNode;
  idLegenda?: string;
  'data-testid'?: string;
  /** The columns; the header is made of them. See the comment on `Tabela`. */
  colunas: readonly ColunaTabela[];
  /** Below this breakpoint (screen only) each row becomes a card. 'lg' for wide tables (7+ columns). */
  cartoesAbaixoDe?: Breakpoint;
  /** Above the cards, before the headers that stay there (e.g. 'Ordenar por:' before sortable headers). */
  rotuloCabecalhoCartoes?: string;
};

/** Column `indice` (0-based), in the header and in the body. */
const celulas = (indice: number) =>
  `& > thead > tr > :nth-child(${indice + 1}), & > tbody > tr > :nth-child(${indice + 1})`;
const celulasCorpo = (indice: number) => `& > tbody > tr > :nth-child(${indice + 1})`;

type Regras = Record<string, Record<string, unknown>>;

/** Adds `estilo` to the rule of `seletor`. */
function juntar(regras: Regras, seletor: string, estilo: Record<string, unknown>) {
  regras[seletor] = { ...regras[seletor], ...estilo };
}

/** The styles of a table by its columns: a table on wide screens and in print, cards on narrow screens. */
function estilos(colunas: readonly ColunaTabela[], limite: number, rotuloCabecalho?: string): SxProps<Theme> {
  const tabela: Regras = {
    // Compact cells, so that a wide table fits 1366 px with its actions.
    '& .MuiTableCell-root:not(.MuiTableCell-paddingCheckbox)': { px: 1 },
    '& .MuiTableCell-root:first-of-type:not(.MuiTableCell-paddingCheckbox)': { pl: 2 },
    '& .MuiTableCell-root:last-of-type:not(.MuiTableCell-paddingCheckbox)': { pr: 2 },
  };
  // Least widths on screens only: on paper, columns shrink to fit.
  const larguras: Regras = {};
  const cartoes: Regras = {
    '&': { display: 'block' },
    '& > caption': { display: 'block' },
    '& > tbody': { display: 'block' },
    '& > tbody > tr': {
      display: 'grid',
      gridTemplateColumns: 'repeat(auto-fill, minmax(9rem, 1fr))',
      columnGap: 2,
      rowGap: 1,
      position: 'relative',
      p: 1.5,
      mb: 1.5,
      border: 1,
      borderColor: 'divider',
      borderRadius: 1,
      bgcolor: 'background.paper',
    },
    '& > tbody > tr:last-child': { mb: 0 },
    '& > tbody > tr > *': { display: 'block', minWidth: 0, p: 0, border: 0, textAlign: 'left' },
    // The label above each value (its text comes from the column, below; no label for actions, selection, title).
    '& > tbody > tr > *::before': { display: 'block', typography: 'caption', fontWeight: 600, color: 'text.secondary' },
  };
  const comCabecalho = colunas.some((coluna) => coluna.cabecalho);
  // Headers that do something (sort, select all) stay, in a bar above the cards; the others only for screen readers.
  cartoes['& > thead'] = comCabecalho ? { display: 'block', mb: 1 } : OCULTO_VISUALMENTE;
  if (comCabecalho) {
    cartoes['& > thead > tr'] = { display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2 };
    cartoes['& > thead > tr > *'] = { display: 'block', border: 0, p: 0 };
    if (rotuloCabecalho) cartoes['& > thead > tr::before'] = { content: `${JSON.stringify(rotuloCabecalho)} / ""` };
  }
  if (colunas.some((coluna) => coluna.papel === 'selecao')) juntar(cartoes, '& > tbody > tr', { pr: 6 });

  colunas.forEach((coluna, indice) => {
    const seletor = celulas(indice);
    const seletorCorpo = celulasCorpo(indice);
    const cabecalho = `& > thead > tr > :nth-child(${indice + 1})`;
    if (coluna.semQuebra || coluna.papel === 'titulo') {
      juntar(tabela, seletorCorpo, { whiteSpace: 'nowrap' });
      juntar(cartoes, seletorCorpo, { whiteSpace: 'nowrap' });
    }
    if (coluna.larguraMinima) juntar(larguras, cabecalho, { minWidth: coluna.larguraMinima });
    if (comCabecalho && !coluna.cabecalho) cartoes[cabecalho] = OCULTO_VISUALMENTE;
    switch (coluna.papel) {
      case 'acoes':
        juntar(tabela, seletor, { position: 'sticky', right: 0, zIndex: 1, bgcolor: 'background.paper' });
        juntar(cartoes, seletorCorpo, { gridColumn: '1 / -1', mt: 0.5 });
        break;
      case 'selecao':
        juntar(cartoes, seletorCorpo, { position: 'absolute', top: 4, right: 4 });
        break;
      case 'titulo':
        juntar(cartoes, seletorCorpo, { gridColumn: '1 / -1', fontWeight: 600 });
        break;
      default:
        // Seen only: screen readers have the column headers.
        juntar(cartoes, seletorCorpo, {
          ...(coluna.larga ? { gridColumn: '1 / -1' } : {}),
          '&::before': { content: `${JSON.stringify(coluna.rotulo)} / ""` },
        });
    }
  });

  // A cell across every column (e.g. "nothing found") has no label; after the columns' rules, so that it wins.
  cartoes['& > tbody > tr > td[colspan]'] = { gridColumn: '1 / -1', '&::before': { content: 'none' } };

  const acoes = colunas.findIndex((coluna) => coluna.papel === 'acoes');
  return {
    [`@media print, screen and (min-width: ${limite}px)`]: tabela,
    [`@media screen and (min-width: ${limite}px)`]: larguras,
    [`@media screen and (max-width: ${limite - 0.05}px)`]: cartoes,
    ...(acoes >= 0 ? { '@media print': { [celulas(acoes)]: { display: 'none' } } } : {}),
  };
}

const lista = (sx: SxProps<Theme> | undefined) => (Array.isArray(sx) ? sx : [sx]);

function Cabecalho({ coluna }: { coluna: ColunaTabela }) {
  if (coluna.cabecalho) return coluna.cabecalho;
  return (
    <TableCell align={coluna.alinhamento} padding={coluna.papel === 'selecao' ? 'checkbox' : undefined}>
      {coluna.rotuloOculto ? (
        <Box component="span" sx={OCULTO_VISUALMENTE}>
          {coluna.rotulo}
        </Box>
      ) : (
        coluna.rotulo
      )}
    </TableCell>
  );
}

/**
 * A table in its scrolling container: optional caption, one header row, then the rows.
 *
 * Declare `colunas` (label, and optionally role, no-wrap, least width) and write the rows as usual, a cell per
 * column in the same order. Then, on screens narrower than `cartoesAbaixoDe` (default 'md') every row becomes a card
 * of "label / value" pairs (the labels come from `colunas`; the table keeps its semantics for screen readers), while
 * on wider screens and in print it is a compact table whose cells wrap, whose `semQuebra`/'titulo' cells (NUPs) never
 * do, and whose 'acoes' column stays pinned to the right edge should the table still be wider than its box.
 * Example: `colunas={[{ rotulo: 'Número', papel: 'titulo' }, { rotulo: 'Resumo', larga: true, larguraMinima: 200 },
 * { rotulo: 'Ações', papel: 'acoes' }]}`; a sortable header passes its `CabecalhoOrdenavel` as `cabecalho`.
 */
export function Tabela({
  colunas,
  cartoesAbaixoDe = 'md',
  rotuloCabecalhoCartoes,
  children,
  propsContainer,
  legenda,
  idLegenda,
  sx,
  ...propriedades
}: TabelaProps) {
  const limite = useTheme().breakpoints.values[cartoesAbaixoDe];
  return (
    <TableContainer
      {...propsContainer}
      sx={[
        // Room around the cards.
        { [`@media screen and (max-width: ${limite - 0.05}px)`]: { p: 1 } },
        ...lista(propsContainer?.sx),
      ]}
    >
      <Table size="small" sx={[estilos(colunas, limite, rotuloCabecalhoCartoes), ...lista(sx)]} {...propriedades}>
        {legenda ? (
          <caption id={idLegenda} style={{ captionSide: 'top', textAlign: 'left' }}>
            {legenda}
          </caption>
        ) : null}
        <TableHead>
          <TableRow>
            {colunas.map((coluna) => (
              <Cabecalho key={coluna.rotulo} coluna={coluna} />
            ))}
          </TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </TableContainer>
  );
}
