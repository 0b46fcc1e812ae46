import type { TableContainerProps } from '@mui/material';

/**
 * The container of a table wider than the screen: a region, named like the table, that keyboard users can focus to
 * scroll it; faded while its rows are being replaced.
 */
export function regiaoRolavel(
  nome: Pick<TableContainerProps, 'aria-label' | 'aria-labelledby'>,
  atualizando: boolean,
): TableContainerProps {
  return { sx: { opacity: atualizando ? 0.6 : 1 }, tabIndex: 0, role: 'region', ...nome };
}
