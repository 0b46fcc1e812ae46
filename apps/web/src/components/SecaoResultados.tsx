import { Alert, Box, Paper, TablePagination, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { opcoesComAtual, type PaginacaoProps, ROTULO_TAMANHO_PADRAO } from './Paginacao';

const numero = (valor: number) => valor.toLocaleString('pt-BR');

/**
 * MUI's table pager, in pt-BR ("1–20 de 300"). The postal box uses the lighter `Paginacao`, with the same props.
 */
export function PaginacaoTabela({
  total,
  pagina,
  tamanhoPagina,
  opcoesTamanho,
  rotuloTamanho,
  aoMudar,
}: PaginacaoProps) {
  return (
    <TablePagination
      component="div"
      count={total}
      page={Math.max(0, pagina - 1)}
      rowsPerPage={tamanhoPagina}
      rowsPerPageOptions={opcoesComAtual(opcoesTamanho, tamanhoPagina)}
      onPageChange={(_evento, nova) => aoMudar(nova + 1, tamanhoPagina)}
      onRowsPerPageChange={(evento) => aoMudar(1, Number(evento.target.value))}
      labelRowsPerPage={rotuloTamanho ?? ROTULO_TAMANHO_PADRAO}
      labelDisplayedRows={({ from, to, count }) => `${numero(from)}–${numero(to)} de ${numero(count)}`}
    />
  );
}

interface SecaoResultadosProps {
  /** The id of the section's h2, which also names the table. */
  idTitulo: string;
  titulo: string;
  /** The count under the title, announced when it changes (e.g. '3 documentos encontrados'). */
  total: string;
  testIdTotal: string;
  /** Shown instead of the table when the page has no rows. */
  vazio: { mensagem: string; testId: string } | null;
  /** True while another page is on its way (the previous rows stay visible, faded). */
  atualizando: boolean;
  paginacao: PaginacaoProps;
  /** The table (a `Tabela`, which scrolls in its own container). */
  children: ReactNode;
}

/** A section with one page of results: title and count, the table (or why it is empty) and the pager. */
export function SecaoResultados({
  idTitulo,
  titulo,
  total,
  testIdTotal,
  vazio,
  atualizando,
  paginacao,
  children,
}: SecaoResultadosProps) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={idTitulo}>
      <Box sx={{ px: 2, pt: 2 }}>
        <Typography id={idTitulo} component="h2" variant="h6">
          {titulo}
        </Typography>
        <Typography role="status" data-testid={testIdTotal} color="text.secondary">
          {total}
        </Typography>
      </Box>
      {vazio ? (
        <Alert severity="info" sx={{ m: 2 }} data-testid={vazio.testId}>
          {vazio.mensagem}
        </Alert>
      ) : (
        <Box sx={{ opacity: atualizando ? 0.6 : 1 }}>{children}</Box>
      )}
      <PaginacaoTabela {...paginacao} />
    </Paper>
  );
}
