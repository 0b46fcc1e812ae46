import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import {
  Box,
  Chip,
  IconButton,
  Link,
  Menu,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { abreNoNavegador, type Peca, ROTULOS_NIVEL_ACESSO, ROTULOS_TIPO_COPIA } from '@tramite/shared';
import { useState } from 'react';
import { formatarDataHora, formatarTamanho } from '../../lib/formatacao';
import { urlArquivo } from './api';
import { nomePeca, rotuloSituacaoPeca } from './textos';

export type AcaoPeca = 'editar' | 'sequencia' | 'cancelar' | 'excluir';

interface TabelaPecasProps {
  pecas: readonly Peca[];
  ocupado: boolean;
  aoMover: (peca: Peca, sequencial: number) => void;
  aoAgir: (acao: AcaoPeca, peca: Peca) => void;
  aoBaixar: (peca: Peca) => void;
}

function MenuAcoes({
  peca,
  aoAgir,
  desabilitado,
}: {
  peca: Peca;
  aoAgir: TabelaPecasProps['aoAgir'];
  desabilitado: boolean;
}) {
  const [ancora, setAncora] = useState<HTMLElement | null>(null);
  const escolher = (acao: AcaoPeca) => {
    setAncora(null);
    aoAgir(acao, peca);
  };
  const idMenu = `menu-peca-${peca.idAcessoAnexo}`;
  return (
    <>
      <Tooltip title="Mais ações">
        <span>
          <IconButton
            aria-label={`Mais ações da peça ${peca.sequencial}: ${nomePeca(peca)}`}
            aria-haspopup="menu"
            aria-controls={ancora ? idMenu : undefined}
            aria-expanded={ancora ? 'true' : undefined}
            onClick={(evento) => setAncora(evento.currentTarget)}
            disabled={desabilitado}
            size="small"
          >
            <MoreVert fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Menu id={idMenu} anchorEl={ancora} open={ancora !== null} onClose={() => setAncora(null)}>
        <MenuItem onClick={() => escolher('editar')}>Editar</MenuItem>
        <MenuItem onClick={() => escolher('sequencia')}>Alterar sequência</MenuItem>
        <MenuItem onClick={() => escolher('cancelar')}>Cancelar peça</MenuItem>
        {peca.podeExcluir ? <MenuItem onClick={() => escolher('excluir')}>Excluir</MenuItem> : null}
      </Menu>
    </>
  );
}

/** The peças of a document (spec §3): number, file, description, copy type, access, step, dates, situation, actions. */
export function TabelaPecas({ pecas, ocupado, aoMover, aoAgir, aoBaixar }: TabelaPecasProps) {
  const ativas = pecas.filter((peca) => peca.situacaoVinculo === null);
  const ultima = Math.max(0, ...ativas.map((peca) => peca.sequencial));

  return (
    // A wide table scrolls sideways: the region is focusable so the keyboard can scroll it too.
    <TableContainer tabIndex={0} role="region" aria-label="Tabela de peças">
      <Table size="small" aria-label="Peças do documento" data-testid="tabela-pecas">
        <TableHead>
          <TableRow>
            <TableCell>Nº</TableCell>
            <TableCell sx={{ minWidth: 220 }}>Arquivo e descrição</TableCell>
            <TableCell>Cópia e acesso</TableCell>
            <TableCell sx={{ minWidth: 120 }}>Passo</TableCell>
            <TableCell>Datas</TableCell>
            <TableCell>Situação</TableCell>
            <TableCell>Ações</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {pecas.map((peca) => {
            const cancelada = peca.situacaoVinculo !== null;
            return (
              <TableRow
                key={peca.idAcessoAnexo}
                data-testid="linha-peca"
                data-nome={peca.nome ?? ''}
                sx={cancelada ? { '& td': { color: 'text.secondary' } } : undefined}
              >
                <TableCell>{peca.sequencial}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  {peca.podeVisualizar ? (
                    <Link
                      href={urlArquivo(peca)}
                      target={abreNoNavegador(peca.tipoMime) ? '_blank' : undefined}
                      rel="noopener noreferrer"
                    >
                      {nomePeca(peca)}
                    </Link>
                  ) : peca.nome === null ? (
                    // A peça the reader may not open comes without its name: only the word of spec §6.
                    <Typography component="span" variant="body2" color="text.secondary">
                      {nomePeca(peca)}
                    </Typography>
                  ) : (
                    peca.nome
                  )}
                  <Typography variant="caption" component="span" color="text.secondary" sx={{ ml: 1 }}>
                    {formatarTamanho(peca.tamanho)}
                  </Typography>
                  {peca.descricao ? <Typography variant="body2">{peca.descricao}</Typography> : null}
                </TableCell>
                <TableCell>
                  <Typography variant="body2">{ROTULOS_TIPO_COPIA[peca.tipoCopia]}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {ROTULOS_NIVEL_ACESSO[peca.nivelAcesso]}
                  </Typography>
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{peca.passoFluxo ?? '—'}</TableCell>
                <TableCell>
                  {peca.dataDespacho ? (
                    <Box component="dl" sx={{ m: 0, '& dt': { typography: 'caption', color: 'text.secondary' } }}>
                      <dt>Despacho</dt>
                      <Box component="dd" sx={{ m: 0, whiteSpace: 'nowrap' }}>
                        {formatarDataHora(peca.dataDespacho)}
                      </Box>
                      <dt>Recebimento</dt>
                      <Box component="dd" sx={{ m: 0, whiteSpace: 'nowrap' }}>
                        {formatarDataHora(peca.dataRecebimento) || 'pendente'}
                        {peca.dias !== null ? ` (${peca.dias === 1 ? '1 dia' : `${peca.dias} dias`})` : ''}
                      </Box>
                    </Box>
                  ) : (
                    '—'
                  )}
                </TableCell>
                <TableCell>
                  {cancelada ? (
                    <Chip
                      size="small"
                      variant="outlined"
                      label={rotuloSituacaoPeca(peca)}
                      title={peca.justificativaCancelamento ?? undefined}
                    />
                  ) : (
                    rotuloSituacaoPeca(peca)
                  )}
                </TableCell>
                <TableCell>
                  <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                    {peca.podeVisualizar ? (
                      <Tooltip title="Baixar">
                        <IconButton aria-label={`Baixar ${nomePeca(peca)}`} size="small" onClick={() => aoBaixar(peca)}>
                          <DownloadOutlined fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    ) : null}
                    {peca.podeAlterar ? (
                      <>
                        <Tooltip title="Mover para cima">
                          <span>
                            <IconButton
                              aria-label={`Mover ${nomePeca(peca)} para cima`}
                              size="small"
                              disabled={ocupado || peca.sequencial <= 1}
                              onClick={() => aoMover(peca, peca.sequencial - 1)}
                            >
                              <ArrowUpward fontSize="small" />
                            </IconButton>
                          </span>
                        </Tooltip>
                        <Tooltip title="Mover para baixo">
                          <span>
                            <IconButton
                              aria-label={`Mover ${nomePeca(peca)} para baixo`}
                              size="small"
                              disabled={ocupado || peca.sequencial >= ultima}
                              onClick={() => aoMover(peca, peca.sequencial + 1)}
                            >
                              <ArrowDownward fontSize="small" />
                            </IconButton>
                          </span>
                        </Tooltip>
                        <MenuAcoes peca={peca} aoAgir={aoAgir} desabilitado={ocupado} />
                      </>
                    ) : null}
                  </Stack>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
