import {
  Alert,
  Box,
  Chip,
  Paper,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { MENSAGENS, type Tramitacao } from '@tramite/shared';
import type { ReactNode } from 'react';
import { AbasDocumento } from '../../components/AbasDocumento';
import { AvisosDocumento } from '../../components/AvisosDocumento';
import { Pagina } from '../../components/Pagina';
import { mensagemComDetalhe, mensagemDoErro } from '../../lib/api';
import { formatarDataHora, formatarDias } from '../../lib/formatacao';
import { useErroConsulta } from '../../lib/use-erro-consulta';
import { useDocumentoDaRotaComDados } from '../documentos/api';
import { useHistorico } from './api';
import { TEXTOS } from './textos';

/** Spec §6: a restricted despacho hidden from the reader shows 'RESTRITO - Motivo: ' and the legal hypothesis. */
function textoDespacho(tramitacao: Tramitacao): { texto: string; restrito: boolean } {
  if (tramitacao.despachoOculto) {
    return {
      texto: `${MENSAGENS.arquivos.prefixoRestrito}${tramitacao.descricaoHipoteseLegal ?? ''}`,
      restrito: true,
    };
  }
  return { texto: tramitacao.despacho ?? '', restrito: false };
}

const SEM_QUEBRA = { whiteSpace: 'nowrap' } as const;

/** A line under a cell's main text. */
function Detalhe({ children }: { children: ReactNode }) {
  return (
    <Typography variant="body2" color="text.secondary">
      {children}
    </Typography>
  );
}

function TabelaMovimentacoes({ tramitacoes }: { tramitacoes: readonly Tramitacao[] }) {
  return (
    // Focusable so that keyboard users can scroll a table wider than the screen.
    <TableContainer
      component={Paper}
      variant="outlined"
      tabIndex={0}
      role="region"
      aria-labelledby="titulo-movimentacoes"
    >
      <Table
        size="small"
        aria-labelledby="titulo-movimentacoes"
        data-testid="tabela-movimentacoes"
        sx={{ minWidth: 1100 }}
      >
        <TableHead>
          <TableRow>
            <TableCell>Seq.</TableCell>
            <TableCell sx={{ minWidth: 200 }}>Passo</TableCell>
            <TableCell>Origem → Destino</TableCell>
            <TableCell sx={{ minWidth: 160 }}>Remetente</TableCell>
            <TableCell sx={{ minWidth: 280 }}>Despacho</TableCell>
            <TableCell>Despachado em</TableCell>
            <TableCell>Recebido em</TableCell>
            <TableCell>Dias</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {tramitacoes.map((tramitacao) => {
            const despacho = textoDespacho(tramitacao);
            return (
              <TableRow key={tramitacao.id} data-testid="movimentacao">
                <TableCell>{tramitacao.sequencia}</TableCell>
                <TableCell>
                  {tramitacao.passo ?? '—'}
                  {tramitacao.fluxo ? <Detalhe>{tramitacao.fluxo}</Detalhe> : null}
                  {tramitacao.reencaminhamento ? (
                    <Chip label="Reencaminhado" size="small" color="secondary" variant="outlined" sx={{ mt: 0.5 }} />
                  ) : null}
                </TableCell>
                <TableCell sx={SEM_QUEBRA}>
                  <abbr title={tramitacao.unidadeOrigem.nome}>{tramitacao.unidadeOrigem.sigla}</abbr>
                  {' → '}
                  <abbr title={tramitacao.unidadeDestino.nome}>{tramitacao.unidadeDestino.sigla}</abbr>
                </TableCell>
                <TableCell>{tramitacao.remetente}</TableCell>
                <TableCell data-testid="despacho" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {despacho.restrito ? <Box component="strong">{despacho.texto}</Box> : despacho.texto}
                  {!despacho.restrito && tramitacao.nivelAcesso !== 'P' ? (
                    <Box>
                      <Chip
                        label={`Restrito${tramitacao.descricaoHipoteseLegal ? `: ${tramitacao.descricaoHipoteseLegal}` : ''}`}
                        size="small"
                        variant="outlined"
                        sx={{ mt: 0.5 }}
                      />
                    </Box>
                  ) : null}
                </TableCell>
                <TableCell sx={SEM_QUEBRA} data-testid="dt-despacho">
                  {formatarDataHora(tramitacao.dtDespacho)}
                </TableCell>
                <TableCell>
                  <Box component="span" sx={SEM_QUEBRA} data-testid="dt-recebimento">
                    {tramitacao.dtRecebimento ? formatarDataHora(tramitacao.dtRecebimento) : 'Aguardando recebimento'}
                  </Box>
                  {tramitacao.recebedor ? <Detalhe>por {tramitacao.recebedor}</Detalhe> : null}
                </TableCell>
                <TableCell sx={SEM_QUEBRA} data-testid="dias">
                  {formatarDias(tramitacao.dias)}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Spec §2 (public): every movement of the document in order, with steps, units, dispatch, dates and days. */
export function MovimentacoesDocumentoPage() {
  const { documentId, idDocumento, documento } = useDocumentoDaRotaComDados();
  const historico = useHistorico(idDocumento);
  const mensagemErro = (erro: unknown) => mensagemComDetalhe(TEXTOS.erroCarregarHistorico, erro);
  useErroConsulta(historico.error, mensagemErro);
  const tramitacoes = historico.data ? historico.data.toSorted((a, b) => a.sequencia - b.sequencia) : null;

  return (
    <Pagina
      titulo="Movimentações do documento"
      tituloDocumento={documento.data ? `Movimentações de ${documento.data.numero}` : undefined}
    >
      <AbasDocumento documentId={documentId} />
      <AvisosDocumento idDocumento={idDocumento} />
      {documento.data ? (
        <Box sx={{ mb: 2 }}>
          <Typography component="p" variant="h5" data-testid="numero-documento">
            {documento.data.numero}
          </Typography>
          <Typography color="text.secondary">{documento.data.tipo}</Typography>
        </Box>
      ) : null}
      {documento.error && !historico.error ? (
        <Alert severity="warning" role="status" sx={{ mb: 2 }}>
          {mensagemDoErro(documento.error, MENSAGENS.autuacao.erroBuscarDadosDocumento)}
        </Alert>
      ) : null}
      <Box component="section" aria-labelledby="titulo-movimentacoes">
        <Typography id="titulo-movimentacoes" component="h2" variant="h6" sx={{ mb: 1 }}>
          Tramitações
        </Typography>
        {historico.isLoading ? <Skeleton variant="rounded" height={200} /> : null}
        {historico.error ? (
          <Alert severity="error" role="status" data-testid="erro-movimentacoes">
            {mensagemErro(historico.error)}
          </Alert>
        ) : null}
        {tramitacoes && tramitacoes.length === 0 ? (
          <Alert severity="info" data-testid="sem-movimentacoes">
            {TEXTOS.nenhumaMovimentacao}
          </Alert>
        ) : null}
        {tramitacoes && tramitacoes.length > 0 ? <TabelaMovimentacoes tramitacoes={tramitacoes} /> : null}
      </Box>
    </Pagina>
  );
}
