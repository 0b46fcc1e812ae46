import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import { Box, Chip, IconButton, Link, Stack, Switch, TableCell, TableRow, Tooltip, Typography } from '@mui/material';
import { type ItemFavorito, MENSAGENS, type PaginaFavoritos } from '@tramite/shared';
import { Link as RouterLink } from 'react-router';
import { SecaoResultados } from '../../components/SecaoResultados';
import { CHIP_QUEBRAVEL, type ColunaTabela, Tabela } from '../../components/Tabela';
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

const COLUNAS: readonly ColunaTabela[] = [
  { rotulo: 'Número', papel: 'titulo' },
  { rotulo: 'Tipo' },
  { rotulo: 'Resumo do assunto', larguraMinima: 130, larga: true },
  { rotulo: 'Última tramitação' },
  { rotulo: 'Última alteração' },
  { rotulo: 'Marcadores' },
  { rotulo: 'Acompanhar por e-mail' },
  { rotulo: 'Ações', papel: 'acoes' },
];

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
  const { itens, ...pagina } = resultado;
  const total = resultado.total.toLocaleString('pt-BR');
  return (
    <SecaoResultados
      idTitulo="titulo-favoritos"
      titulo="Favoritos"
      atualizando={atualizando}
      total={resultado.total === 1 ? '1 documento favorito' : `${total} documentos favoritos`}
      testIdTotal="total-favoritos"
      vazio={itens.length === 0 ? { mensagem: MENSAGENS.favoritos.nenhumFavorito, testId: 'nenhum-favorito' } : null}
      // The page as the server answered it, and the sizes offered.
      paginacao={{
        ...pagina,
        opcoesTamanho: TAMANHOS_PAGINA,
        rotuloTamanho: 'Favoritos por página:',
        aoMudar: aoPaginar,
      }}
    >
      <Tabela colunas={COLUNAS} cartoesAbaixoDe="lg" aria-labelledby="titulo-favoritos" data-testid="tabela-favoritos">
        {itens.map((favorito) => {
          const ocupado = ocupados.has(favorito.idDocumento);
          return (
            <TableRow key={favorito.idDocumento} hover data-testid={`favorito-${favorito.idDocumento}`}>
              <TableCell>
                <Link component={RouterLink} to={`/documentos/${favorito.idDocumento}`}>
                  {favorito.numero}
                </Link>
              </TableCell>
              <TableCell>{favorito.tipoDocumento}</TableCell>
              <TableCell>{favorito.resumoAssunto}</TableCell>
              <TableCell>
                <UltimaTramitacao favorito={favorito} />
              </TableCell>
              <TableCell>{formatarDataHora(favorito.dataUltimaAlteracao)}</TableCell>
              <TableCell>
                <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
                  {favorito.tagsFavorito.map((marcador) => (
                    <Chip
                      key={marcador}
                      label={marcador}
                      size="small"
                      data-testid="marcador-favorito"
                      sx={CHIP_QUEBRAVEL}
                    />
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
      </Tabela>
    </SecaoResultados>
  );
}
