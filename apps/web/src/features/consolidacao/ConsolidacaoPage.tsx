import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import {
  Alert,
  Button,
  Chip,
  CircularProgress,
  Link,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import {
  type Consolidacao,
  consolidacaoEmAndamento,
  type EstadoConsolidacao,
  MENSAGENS,
  nomeArquivoConsolidacao,
  ROTULOS_ESTADO_CONSOLIDACAO,
} from '@tramite/shared';
import { Link as RouterLink } from 'react-router';
import { Pagina } from '../../components/Pagina';
import { formatarDataHora } from '../../lib/formatacao';
import { useErroConsulta } from '../../lib/use-erro-consulta';
import { formatarTamanho } from '../pecas/textos';
import { urlPdfConsolidacao, useConsolidacoes } from './api';

const CORES: Record<EstadoConsolidacao, 'default' | 'info' | 'success' | 'error'> = {
  PENDENTE: 'default',
  PROCESSANDO: 'info',
  CONCLUIDA: 'success',
  ERRO: 'error',
};

function Estado({ consolidacao }: { consolidacao: Consolidacao }) {
  const emAndamento = consolidacaoEmAndamento(consolidacao.estado);
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Chip
        size="small"
        color={CORES[consolidacao.estado]}
        variant={emAndamento ? 'outlined' : 'filled'}
        icon={emAndamento ? <CircularProgress size={12} aria-hidden /> : undefined}
        label={ROTULOS_ESTADO_CONSOLIDACAO[consolidacao.estado]}
      />
      {consolidacao.erro ? (
        <Typography variant="body2" color="error">
          {consolidacao.erro}
        </Typography>
      ) : null}
    </Stack>
  );
}

function Arquivo({ consolidacao }: { consolidacao: Consolidacao }) {
  if (consolidacao.estado !== 'CONCLUIDA') return <Typography variant="body2">—</Typography>;
  const detalhes = [
    consolidacao.paginas !== null ? `${consolidacao.paginas} folhas` : null,
    consolidacao.tamanho !== null ? formatarTamanho(consolidacao.tamanho) : null,
  ].filter(Boolean);
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Button
        size="small"
        variant="outlined"
        startIcon={<DownloadOutlined />}
        href={urlPdfConsolidacao(consolidacao.uuid)}
        download={nomeArquivoConsolidacao(consolidacao.numero)}
        aria-label={`Baixar a consolidação de ${consolidacao.numero}`}
      >
        Baixar PDF
      </Button>
      {detalhes.length > 0 ? (
        <Typography variant="caption" color="text.secondary">
          {detalhes.join(' · ')}
        </Typography>
      ) : null}
    </Stack>
  );
}

/** /consolidacao (public): the consolidations requested by the user or in this browser, with their state. */
export function ConsolidacaoPage() {
  const consulta = useConsolidacoes();
  useErroConsulta(consulta.error, MENSAGENS.consolidacao.erroCarregar);
  const consolidacoes = consulta.data ?? [];
  const emAndamento = consolidacoes.some((c) => consolidacaoEmAndamento(c.estado));

  return (
    <Pagina
      titulo="Consolidação"
      descricao="Acompanhe as consolidações solicitadas: um único PDF com as peças de um documento, com capa, marcadores e folhas numeradas."
      acoes={
        <Button
          variant="outlined"
          startIcon={<RefreshOutlined />}
          onClick={() => consulta.refetch()}
          disabled={consulta.isFetching}
        >
          Atualizar
        </Button>
      }
    >
      {consulta.isPending ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress size={20} aria-hidden />
          <Typography>Carregando consolidações…</Typography>
        </Stack>
      ) : consolidacoes.length === 0 ? (
        <Alert severity="info">
          {MENSAGENS.consolidacao.nenhuma}. Para solicitar, abra um documento e use “Solicitar consolidação”.
        </Alert>
      ) : (
        <Stack spacing={2}>
          {emAndamento ? (
            <Typography variant="body2" color="text.secondary" role="status">
              A lista é atualizada automaticamente enquanto houver consolidações em andamento.
            </Typography>
          ) : null}
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-label="Consolidações solicitadas">
              <TableHead>
                <TableRow>
                  <TableCell>Documento</TableCell>
                  <TableCell>Solicitada em</TableCell>
                  <TableCell>Peças</TableCell>
                  <TableCell>Situação</TableCell>
                  <TableCell>Arquivo</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {consolidacoes.map((consolidacao) => (
                  <TableRow key={consolidacao.uuid} data-testid="linha-consolidacao">
                    <TableCell>
                      <Link component={RouterLink} to={`/documentos/${consolidacao.idDocumento}`}>
                        {consolidacao.numero}
                      </Link>
                    </TableCell>
                    <TableCell>{formatarDataHora(consolidacao.criadoEm)}</TableCell>
                    <TableCell>{consolidacao.quantidadePecas}</TableCell>
                    <TableCell>
                      <Estado consolidacao={consolidacao} />
                    </TableCell>
                    <TableCell>
                      <Arquivo consolidacao={consolidacao} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Stack>
      )}
    </Pagina>
  );
}
