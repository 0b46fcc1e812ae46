import { GlobalStyles } from '@mui/material';

const OCULTO = { display: 'none !important' };

/**
 * Printing a page prints its content only, with every column of its tables: no header, menu, footer, buttons, tabs
 * or pagers, no scroll container cutting a table, smaller cells (tables stay tables in print: their cards are for
 * screens only, see `Tabela`). `nao-imprimir` leaves anything else out. `!important` wins over the components' own
 * styles, which come later. In the shell, not a CSS file: no extra request blocking the first screen.
 */
const ESTILOS = {
  '@media print': {
    '.MuiAppBar-root, .MuiDrawer-root, nav, footer, button, .MuiButton-root, .MuiTabs-root': OCULTO,
    '.MuiTablePagination-root, .MuiTableSortLabel-icon, .nao-imprimir': OCULTO,
    main: { maxWidth: 'none !important', padding: '0 !important' },
    '.MuiTableContainer-root': { overflow: 'visible !important' },
    '.MuiTableCell-root, .MuiTableCell-root .MuiTypography-root': { fontSize: '0.75rem !important' },
    '.MuiTableCell-root': { padding: '4px !important' },
  },
} as const;

export function EstilosImpressao() {
  return <GlobalStyles styles={ESTILOS} />;
}
