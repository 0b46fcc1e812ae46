import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import {
  Alert,
  Box,
  Chip,
  IconButton,
  Link,
  Paper,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { type ItemFavorito, MENSAGENS, type PaginaFavoritos } from '@tramite/shared';
import { Link as RouterLink } from 'react-router';
import { formatarDataHora } from '../../lib/formatacao';
import { TAMANHOS_PAGINA } from './filtros-favoritos';

interface TabelaFavoritosProps {
  resultado: PaginaFavoritos;
  /** True while another page is on its way (the previous rows stay visible). */
  atualizando: boolean;
  /** Favourites with a change on its way: their controls wait. */
  ocupados: ReadonlySet<number>;
  aoPaginar: (pagina: number, tamanhoPagina: number) => void;
  aoEditarMarcadores: (favorito: ItemFavorito) => void;
  aoAlternarAcompanhamento: (favorito: ItemFavorito, acompanhar: boolean) => void;
  aoRemover: (favorito: ItemFavorito) => void;
}

function UltimaTramitacao({ favorito }: { favorito: ItemFavorito }) {
  const ultima = favorito.ultimaTramitacao;
  if (!ultima) {
    return (
      <Typography variant="body2" color="text.secondary">
        {favorito.situacao === 'EM_CRIACAO' ? 'Em criação' : 'Sem tramitação'}
      </Typography>
    );
  }
  return (
    <Box>
      <Box component="span" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
        <abbr title={ultima.unidadeOrigem.nome}>{ultima.unidadeOrigem.sigla}</abbr>
        {' → '}
        <abbr title={ultima.unidadeDestino.nome}>{ultima.unidadeDestino.sigla}</abbr>
      </Box>
      <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
        Enviado em {formatarDataHora(ultima.dtDespacho)}
      </Typography>
      <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
        {ultima.dtRecebimento ? `Recebido em ${formatarDataHora(ultima.dtRecebimento)}` : 'Aguardando recebimento'}
      </Typography>
    </Box>
  );
}

/** One page of the caller's favourites: number (link), type, summary, last movement, tags, e-mail follow, removal. */
export function TabelaFavoritos({
  resultado,
  atualizando,
  ocupados,
  aoPaginar,
  aoEditarMarcadores,
  aoAlternarAcompanhamento,
  aoRemover,
}: TabelaFavoritosProps) {
  const total = resultado.total.toLocaleString('pt-BR');
  return (
    <Paper variant="outlined" component="section" aria-labelledby="titulo-favoritos">
      <Box sx={{ px: 2, pt: 2 }}>
        <Typography id="titulo-favoritos" component="h2" variant="h6">
          Favoritos
        </Typography>
        <Typography role="status" data-testid="total-favoritos" color="text.secondary">
          {resultado.total === 1 ? '1 documento favorito' : `${total} documentos favoritos`}
        </Typography>
      </Box>
      {resultado.itens.length === 0 ? (
        <Alert severity="info" sx={{ m: 2 }} data-testid="nenhum-favorito">
          {MENSAGENS.favoritos.nenhumFavorito}
        </Alert>
      ) : (
        <TableContainer sx={{ opacity: atualizando ? 0.6 : 1 }}>
          <Table size="small" aria-labelledby="titulo-favoritos" data-testid="tabela-favoritos">
            <TableHead>
              <TableRow>
                <TableCell>Número</TableCell>
                <TableCell>Tipo</TableCell>
                <TableCell sx={{ minWidth: 220 }}>Resumo do assunto</TableCell>
                <TableCell>Última tramitação</TableCell>
                <TableCell>Última alteração</TableCell>
                <TableCell sx={{ minWidth: 180 }}>Marcadores</TableCell>
                <TableCell>Acompanhar por e-mail</TableCell>
                <TableCell>
                  <Box component="span" sx={visualmenteOculto}>
                    Ações
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {resultado.itens.map((favorito) => {
                const ocupado = ocupados.has(favorito.idDocumento);
                return (
                  <TableRow key={favorito.idDocumento} hover data-testid={`favorito-${favorito.idDocumento}`}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      <Link component={RouterLink} to={`/documentos/${favorito.idDocumento}`}>
                        {favorito.numero}
                      </Link>
                    </TableCell>
                    <TableCell>{favorito.tipoDocumento}</TableCell>
                    <TableCell>{favorito.resumoAssunto}</TableCell>
                    <TableCell>
                      <UltimaTramitacao favorito={favorito} />
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {formatarDataHora(favorito.dataUltimaAlteracao)}
                    </TableCell>
                    <TableCell>
                      <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
                        {favorito.tagsFavorito.map((marcador) => (
                          <Chip key={marcador} label={marcador} size="small" data-testid="marcador-favorito" />
                        ))}
                        <Tooltip title="Editar marcadores">
                          <span>
                            <IconButton
                              size="small"
                              onClick={() => aoEditarMarcadores(favorito)}
                              disabled={ocupado}
                              aria-label={`Editar marcadores do documento ${favorito.numero}`}
                            >
                              <LocalOfferOutlined fontSize="small" />
                            </IconButton>
                          </span>
                        </Tooltip>
                      </Stack>
                    </TableCell>
                    <TableCell>
                      <Switch
                        checked={favorito.acompanhadoPorEmail}
                        disabled={ocupado}
                        onChange={(_evento, marcado) => aoAlternarAcompanhamento(favorito, marcado)}
                        slotProps={{
                          input: {
                            'aria-label': `Acompanhar por e-mail o documento ${favorito.numero}`,
                          },
                        }}
                      />
                    </TableCell>
                    <TableCell>
                      <Tooltip title="Remover dos favoritos">
                        <span>
                          <IconButton
                            onClick={() => aoRemover(favorito)}
                            disabled={ocupado}
                            aria-label={`Remover o documento ${favorito.numero} dos favoritos`}
                          >
                            <DeleteOutlined />
                          </IconButton>
                        </span>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <TablePagination
        component="div"
        count={resultado.total}
        page={Math.max(0, resultado.pagina - 1)}
        rowsPerPage={resultado.tamanhoPagina}
        rowsPerPageOptions={[...new Set([...TAMANHOS_PAGINA, resultado.tamanhoPagina])].sort((a, b) => a - b)}
        onPageChange={(_evento, pagina) => aoPaginar(pagina + 1, resultado.tamanhoPagina)}
        onRowsPerPageChange={(evento) => aoPaginar(1, Number(evento.target.value))}
        labelRowsPerPage="Favoritos por página:"
        labelDisplayedRows={({ from, to, count }) =>
          `${from.toLocaleString('pt-BR')}–${to.toLocaleString('pt-BR')} de ${count.toLocaleString('pt-BR')}`
        }
      />
    </Paper>
  );
}

const visualmenteOculto = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
