import BarChartOutlined from '@mui/icons-material/BarChartOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import TableChartOutlined from '@mui/icons-material/TableChartOutlined';
import { Alert, Box, Button, Paper, Skeleton, Stack, TableCell, TableRow, Typography } from '@mui/material';
import { MENSAGENS } from '@tramite/shared';
import { type ReactNode, useState } from 'react';
import { AlertaErroCarregar } from '../../components/feedback/AlertaErroCarregar';
import { regiaoRolavel } from '../../components/regiao-rolavel';
import { type ColunaTabela, Tabela } from '../../components/Tabela';
import { mensagemComDetalhe } from '../../lib/api';
import { baixarCsv } from './csv';

/** What a chart shows, as text: the header and the rows of its table view and of its CSV, alike. */
export interface DadosQuadro {
  /** The columns; the first names the row (a week, a type, a band...), the others are numbers. */
  colunas: readonly string[];
  linhas: readonly (readonly string[])[];
}

interface QuadroGraficoProps {
  /** The chart's key: ids, test ids and the CSV's name. */
  id: string;
  titulo: string;
  /** What the numbers count, under the heading. */
  descricao: string;
  /** The aggregate's query: loading, failure and retry. */
  consulta: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  /** The rows, once loaded; an empty list is the empty state. */
  dados: DadosQuadro | undefined;
  /** The CSV file's name, without the extension. */
  nomeArquivo: string;
  /** The chart's height in px (the skeleton takes the same, so that nothing moves when it arrives). */
  altura: number;
  /** Draws the chart (only when there are rows and the chart view is on). */
  children: () => ReactNode;
}

/**
 * One chart of the painel: its heading, the chart or its table (same rows), and the CSV of that table. The table is
 * the accessible view: a caption, column and row headers, focusable to scroll with the keyboard.
 */
export function QuadroGrafico({
  id,
  titulo,
  descricao,
  consulta,
  dados,
  nomeArquivo,
  altura,
  children,
}: QuadroGraficoProps) {
  const [comoTabela, setComoTabela] = useState(false);
  const idTitulo = `titulo-grafico-${id}`;
  const vazio = dados !== undefined && dados.linhas.length === 0;
  const colunas: ColunaTabela[] = (dados?.colunas ?? []).map((rotulo, indice) => ({
    rotulo,
    alinhamento: indice > 0 ? 'right' : undefined,
    papel: indice === 0 ? 'titulo' : undefined,
  }));

  let corpo: ReactNode;
  if (consulta.isError) {
    corpo = (
      <AlertaErroCarregar
        consulta={consulta}
        mensagem={mensagemComDetalhe(MENSAGENS.painel.erroCarregar, consulta.error)}
      />
    );
  } else if (!dados) {
    corpo = <Skeleton variant="rounded" height={altura} data-testid={`carregando-grafico-${id}`} />;
  } else if (vazio) {
    corpo = (
      <Box sx={{ minHeight: altura, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <Alert severity="info" data-testid={`vazio-grafico-${id}`}>
          Nenhum documento no período
        </Alert>
      </Box>
    );
  } else if (comoTabela) {
    corpo = (
      <Box sx={{ minHeight: altura }}>
        <Tabela
          colunas={colunas}
          cartoesAbaixoDe="sm"
          legenda={titulo}
          data-testid={`tabela-grafico-${id}`}
          propsContainer={regiaoRolavel({ 'aria-label': `Tabela: ${titulo}` }, false)}
        >
          {dados.linhas.map((linha) => (
            <TableRow key={linha[0]}>
              {linha.map((celula, indice) =>
                indice === 0 ? (
                  <TableCell key={colunas[indice]?.rotulo} component="th" scope="row">
                    {celula}
                  </TableCell>
                ) : (
                  <TableCell key={colunas[indice]?.rotulo} align="right">
                    {celula}
                  </TableCell>
                ),
              )}
            </TableRow>
          ))}
        </Tabela>
      </Box>
    );
  } else {
    corpo = (
      <Box
        role="img"
        aria-label={`Gráfico: ${titulo}. Os mesmos dados estão em “Ver como tabela”.`}
        sx={{ height: altura }}
        data-testid={`grafico-${id}`}
      >
        {children()}
      </Box>
    );
  }

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={idTitulo}
      sx={{ p: 2, height: '100%' }}
      data-testid={`quadro-${id}`}
    >
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ mb: 1, justifyContent: 'space-between', alignItems: 'flex-start', flexWrap: 'wrap' }}
      >
        <Box sx={{ flex: '1 1 280px' }}>
          <Typography id={idTitulo} component="h2" variant="h6">
            {titulo}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {descricao}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
          <Button
            size="small"
            startIcon={comoTabela ? <BarChartOutlined /> : <TableChartOutlined />}
            onClick={() => setComoTabela((atual) => !atual)}
            disabled={!dados || vazio}
            data-testid={`alternar-grafico-${id}`}
          >
            {comoTabela ? 'Ver como gráfico' : 'Ver como tabela'}
          </Button>
          <Button
            size="small"
            startIcon={<DownloadOutlined />}
            onClick={() => dados && baixarCsv(`${nomeArquivo}.csv`, dados.colunas, dados.linhas)}
            disabled={!dados || vazio}
            aria-label={`Baixar CSV: ${titulo}`}
            data-testid={`csv-grafico-${id}`}
          >
            Baixar CSV
          </Button>
        </Stack>
      </Stack>
      {corpo}
    </Paper>
  );
}
