import { Alert, Box, Chip, Paper, Skeleton, TableCell, TableRow, Typography } from '@mui/material';
import {
  descreverEvento,
  type EventoDocumento,
  linhaDoTempo,
  MENSAGENS,
  ROTULOS_EVENTO_DOCUMENTO,
  type Tramitacao,
} from '@tramite/shared';
import type { ReactNode } from 'react';
import { AbasDocumento } from '../../components/AbasDocumento';
import { AvisosDocumento } from '../../components/AvisosDocumento';
import { Pagina } from '../../components/Pagina';
import { CHIP_QUEBRAVEL, type ColunaTabela, Tabela } from '../../components/Tabela';
import { mensagemComDetalhe, mensagemDoErro } from '../../lib/api';
import { formatarData, formatarDataHora, formatarDias } from '../../lib/formatacao';
import { useErroConsulta } from '../../lib/use-erro-consulta';
import { useEventosDocumento } from '../ciencia/api';
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

const COLUNAS: readonly ColunaTabela[] = [
  { rotulo: 'Seq.' },
  { rotulo: 'Passo', larguraMinima: 120, larga: true },
  { rotulo: 'Origem → Destino', semQuebra: true },
  { rotulo: 'Remetente' },
  { rotulo: 'Despacho', larguraMinima: 180, larga: true },
  { rotulo: 'Despachado em' },
  { rotulo: 'Recebido em' },
  { rotulo: 'Dias', semQuebra: true },
];

/** A date and time that may wrap between the two (on paper), never inside either. */
function DataHora({ valor }: { valor: string }) {
  const [data, hora] = formatarDataHora(valor).split(' ');
  return (
    <>
      <Box component="span" sx={SEM_QUEBRA}>
        {data}
      </Box>{' '}
      <Box component="span" sx={SEM_QUEBRA}>
        {hora}
      </Box>
    </>
  );
}

/** A line under a cell's main text. */
function Detalhe({ children }: { children: ReactNode }) {
  return (
    <Typography variant="body2" color="text.secondary">
      {children}
    </Typography>
  );
}

/** The deadline the sender set (or the step's default) and the scheduled return of one sending. */
function PrazosTramitacao({ tramitacao }: { tramitacao: Tramitacao }) {
  return (
    <>
      {tramitacao.prazo ? (
        <Detalhe>
          Prazo: {formatarData(tramitacao.prazo)}
          {tramitacao.origemPrazo === 'PASSO' ? ' (padrão do passo)' : ''}
        </Detalhe>
      ) : null}
      {tramitacao.retornoProgramado ? (
        <Detalhe>Retorno programado: {formatarData(tramitacao.retornoProgramado)}</Detalhe>
      ) : null}
    </>
  );
}

/** A recalled sending: when, by whom and why (the reason only for who may read the despacho). */
function Cancelamento({ cancelamento }: { cancelamento: NonNullable<Tramitacao['cancelamento']> }) {
  return (
    <Typography variant="body2" color="warning.dark" data-testid="envio-cancelado">
      Envio cancelado em {formatarDataHora(cancelamento.em)} por {cancelamento.usuario}
      {cancelamento.motivo ? ` — Motivo: ${cancelamento.motivo}` : ''}
    </Typography>
  );
}

/** An event besides the tramitações, as a row of the same table: what, where, who, and when. */
function LinhaEvento({ evento }: { evento: EventoDocumento }) {
  return (
    <TableRow data-testid="evento" data-tipo={evento.tipo} sx={{ bgcolor: 'action.hover' }}>
      <TableCell>{evento.sequencia ?? '—'}</TableCell>
      <TableCell>
        <Chip label={ROTULOS_EVENTO_DOCUMENTO[evento.tipo]} size="small" variant="outlined" sx={CHIP_QUEBRAVEL} />
      </TableCell>
      <TableCell>{evento.unidade ? <abbr title={evento.unidade.nome}>{evento.unidade.sigla}</abbr> : '—'}</TableCell>
      <TableCell>{evento.usuario ?? 'Automático'}</TableCell>
      <TableCell data-testid="descricao-evento" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {descreverEvento(evento)}
      </TableCell>
      <TableCell>
        <DataHora valor={evento.em} />
      </TableCell>
      <TableCell>—</TableCell>
      <TableCell>—</TableCell>
    </TableRow>
  );
}

function TabelaMovimentacoes({
  tramitacoes,
  eventos,
}: {
  tramitacoes: readonly Tramitacao[];
  eventos: readonly EventoDocumento[];
}) {
  return (
    <Paper variant="outlined">
      <Tabela
        colunas={COLUNAS}
        cartoesAbaixoDe="lg"
        aria-labelledby="titulo-movimentacoes"
        data-testid="tabela-movimentacoes"
        // Focusable so that keyboard users can scroll the table should it still be wider than the screen.
        propsContainer={{ tabIndex: 0, role: 'region', 'aria-labelledby': 'titulo-movimentacoes' }}
      >
        {linhaDoTempo(tramitacoes, eventos).map((item) => {
          if (item.tipo === 'EVENTO') {
            const { tipo, em, usuario } = item.evento;
            return <LinhaEvento key={`${tipo}-${em}-${usuario ?? ''}`} evento={item.evento} />;
          }
          const tramitacao = item.tramitacao;
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
                <PrazosTramitacao tramitacao={tramitacao} />
              </TableCell>
              <TableCell>
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
                      sx={{ mt: 0.5, ...CHIP_QUEBRAVEL }}
                    />
                  </Box>
                ) : null}
              </TableCell>
              <TableCell data-testid="dt-despacho">
                <DataHora valor={tramitacao.dtDespacho} />
              </TableCell>
              <TableCell>
                <span data-testid="dt-recebimento">
                  {tramitacao.dtRecebimento ? (
                    <DataHora valor={tramitacao.dtRecebimento} />
                  ) : tramitacao.cancelamento ? (
                    'Não recebido'
                  ) : (
                    'Aguardando recebimento'
                  )}
                </span>
                {tramitacao.recebedor ? <Detalhe>por {tramitacao.recebedor}</Detalhe> : null}
                {tramitacao.cancelamento ? <Cancelamento cancelamento={tramitacao.cancelamento} /> : null}
              </TableCell>
              <TableCell data-testid="dias">{formatarDias(tramitacao.dias)}</TableCell>
            </TableRow>
          );
        })}
      </Tabela>
    </Paper>
  );
}

/**
 * Spec §2 (public): every movement of the document in order, with steps, units, dispatch, dates and days, and
 * between them, by time, the other events (deadline changes, ciências, suspensions, recalled sendings: issue 20).
 */
export function MovimentacoesDocumentoPage() {
  const { documentId, idDocumento, documento } = useDocumentoDaRotaComDados();
  const historico = useHistorico(idDocumento);
  // The events complete the timeline; without them (an error) the tramitações still show.
  const eventos = useEventosDocumento(idDocumento);
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
        {tramitacoes && tramitacoes.length > 0 ? (
          <TabelaMovimentacoes tramitacoes={tramitacoes} eventos={eventos.data ?? []} />
        ) : null}
        {eventos.error ? (
          <Alert severity="warning" role="status" sx={{ mt: 1 }}>
            {mensagemComDetalhe(TEXTOS.erroCarregarEventos, eventos.error)}
          </Alert>
        ) : null}
      </Box>
    </Pagina>
  );
}
