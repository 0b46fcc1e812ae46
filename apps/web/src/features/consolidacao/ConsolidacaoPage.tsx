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
  TableCell,
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
import { type MouseEvent, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Pagina } from '../../components/Pagina';
import { type ColunaTabela, Tabela } from '../../components/Tabela';
import { baixarEndereco } from '../../lib/download';
import { formatarDataHora, formatarTamanho } from '../../lib/formatacao';
import { useErroConsulta } from '../../lib/use-erro-consulta';
import { motivoSemDownload, urlPdfConsolidacao, useConsolidacoes } from './api';

const CORES: Record<EstadoConsolidacao, 'default' | 'info' | 'success' | 'error'> = {
  PENDENTE: 'default',
  PROCESSANDO: 'info',
  CONCLUIDA: 'success',
  ERRO: 'error',
};

const COLUNAS: readonly ColunaTabela[] = [
  { rotulo: 'Documento', papel: 'titulo' },
  { rotulo: 'Solicitada em' },
  { rotulo: 'Peças' },
  { rotulo: 'Situação' },
  { rotulo: 'Arquivo', larga: true },
];

function Estado({ consolidacao }: { consolidacao: Consolidacao }) {
  const emAndamento = consolidacaoEmAndamento(consolidacao.estado);
  if (consolidacao.expirada) {
    return <Chip size="small" variant="outlined" label="Expirada" />;
  }
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
  const [motivo, setMotivo] = useState<string | null>(null);
  const [conferindo, setConferindo] = useState(false);
  if (consolidacao.expirada) {
    return (
      <Typography variant="body2" color="text.secondary">
        {MENSAGENS.consolidacao.expirada}.
      </Typography>
    );
  }
  if (consolidacao.estado !== 'CONCLUIDA') return <Typography variant="body2">—</Typography>;
  const url = urlPdfConsolidacao(consolidacao.uuid);
  const nome = nomeArquivoConsolidacao(consolidacao.numero);
  const detalhes = [
    consolidacao.paginas !== null ? `${consolidacao.paginas} folhas` : null,
    consolidacao.tamanho !== null ? formatarTamanho(consolidacao.tamanho) : null,
    consolidacao.expiraEm ? `disponível até ${formatarDataHora(consolidacao.expiraEm)}` : null,
    consolidacao.restrita ? 'só quem a solicitou pode baixá-la' : null,
  ].filter(Boolean);

  // The server may refuse now what it listed a moment ago (expired, or a peça no longer visible): ask first, so the
  // reason is shown here instead of a JSON page.
  async function baixar(evento: MouseEvent) {
    evento.preventDefault();
    setConferindo(true);
    const recusa = await motivoSemDownload(consolidacao.uuid);
    setConferindo(false);
    setMotivo(recusa);
    if (!recusa) baixarEndereco(url, nome);
  }

  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Button
        size="small"
        variant="outlined"
        startIcon={conferindo ? <CircularProgress size={14} aria-hidden /> : <DownloadOutlined />}
        href={url}
        download={nome}
        onClick={baixar}
        aria-label={`Baixar a consolidação de ${consolidacao.numero}`}
      >
        Baixar PDF
      </Button>
      {detalhes.length > 0 ? (
        <Typography variant="caption" color="text.secondary">
          {detalhes.join(' · ')}
        </Typography>
      ) : null}
      {motivo ? (
        <Alert severity="warning" role="alert" sx={{ py: 0 }}>
          {motivo}
        </Alert>
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
          <Paper variant="outlined">
            <Tabela aria-label="Consolidações solicitadas" colunas={COLUNAS}>
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
            </Tabela>
          </Paper>
        </Stack>
      )}
    </Pagina>
  );
}
