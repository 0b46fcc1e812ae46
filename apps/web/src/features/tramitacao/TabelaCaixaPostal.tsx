import MoveToInboxOutlined from '@mui/icons-material/MoveToInboxOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import { Box, Button, Checkbox, Chip, Link, Stack, TableCell, TableRow, Typography } from '@mui/material';
import type { ItemCaixaPostal, PaginaCaixaPostal } from '@tramite/shared';
import type { Ref } from 'react';
import { Link as RouterLink } from 'react-router';
import { CabecalhoOrdenavel } from '../../components/CabecalhoOrdenavel';
import { Paginacao } from '../../components/Paginacao';
import { regiaoRolavel } from '../../components/regiao-rolavel';
import { SeloEstadoPrazo } from '../../components/SeloEstadoPrazo';
import { CHIP_QUEBRAVEL, type ColunaTabela, Tabela } from '../../components/Tabela';
import { TAMANHOS_PAGINA_BUSCA } from '../../lib/estado-url';
import { formatarDataHora, formatarDias } from '../../lib/formatacao';
import type { EstadoCaixa, OrdenacaoCaixa } from './filtros-caixa';
import { podeTramitar, selecionavel } from './linhas-caixa';

interface TabelaCaixaPostalProps {
  resultado: PaginaCaixaPostal;
  estado: EstadoCaixa;
  atualizando: boolean;
  /** Receiving and forwarding act in the user's current unit: off while another unit's box is shown. */
  acoesHabilitadas: boolean;
  selecionados: ReadonlyMap<number, ItemCaixaPostal>;
  aoSelecionar: (itens: readonly ItemCaixaPostal[], selecionar: boolean) => void;
  aoReceber: (item: ItemCaixaPostal) => void;
  /** The user follows the link to the document's page (which records the reading on the server). */
  aoAbrir?: (item: ItemCaixaPostal) => void;
  aoPaginar: (pagina: number, tamanhoPagina: number) => void;
  aoOrdenar: (ordenacao: OrdenacaoCaixa, direcao: 'asc' | 'desc') => void;
  /** The table's body, where the page looks for a row's first action to move the focus to. */
  refCorpo?: Ref<HTMLDivElement>;
}

const ORDENAVEIS: Record<OrdenacaoCaixa, { rotulo: string; direcaoInicial: 'asc' | 'desc' }> = {
  numero: { rotulo: 'Número', direcaoInicial: 'asc' },
  tipo: { rotulo: 'Tipo', direcaoInicial: 'asc' },
  dataEnvio: { rotulo: 'Data de envio', direcaoInicial: 'desc' },
  prazo: { rotulo: 'Prazo', direcaoInicial: 'asc' },
};

/** Days in the unit since the last sending; '—' for drafts. */
function diasNaUnidade(item: ItemCaixaPostal): string {
  return item.prazo === null ? '—' : formatarDias(item.prazo);
}

/** The deadline's chip wraps in a narrow column instead of widening the table. */
const SELO_QUEBRAVEL = { '& .MuiChip-root': CHIP_QUEBRAVEL } as const;

/**
 * One page of the postal box, sorted and paginated on the server. At 1366 px it fits with Urgência and the actions
 * in view (the type and summary share a column, cells wrap, the NUP never does, the actions column is pinned);
 * narrower than 'lg', each row becomes a card. Rows the user has not opened since they arrived are in bold, and say
 * "não lido" to screen readers.
 */
export function TabelaCaixaPostal({
  resultado,
  estado,
  atualizando,
  acoesHabilitadas,
  selecionados,
  aoSelecionar,
  aoReceber,
  aoAbrir,
  aoPaginar,
  aoOrdenar,
  refCorpo,
}: TabelaCaixaPostalProps) {
  const selecionaveis = acoesHabilitadas ? resultado.itens.filter(selecionavel) : [];
  const marcadosNaPagina = selecionaveis.filter((item) => selecionados.has(item.idDocumento)).length;

  function ordenavel(campo: OrdenacaoCaixa) {
    const { rotulo, direcaoInicial } = ORDENAVEIS[campo];
    return (
      <CabecalhoOrdenavel
        rotulo={rotulo}
        ativa={estado.ordenacao === campo}
        direcao={estado.direcao}
        direcaoInicial={direcaoInicial}
        aoOrdenar={(direcao) => aoOrdenar(campo, direcao)}
        sx={{ whiteSpace: 'nowrap' }}
      />
    );
  }

  const colunas: ColunaTabela[] = [
    {
      rotulo: 'Seleção',
      papel: 'selecao',
      cabecalho: (
        <TableCell padding="checkbox">
          <Checkbox
            checked={selecionaveis.length > 0 && marcadosNaPagina === selecionaveis.length}
            indeterminate={marcadosNaPagina > 0 && marcadosNaPagina < selecionaveis.length}
            disabled={selecionaveis.length === 0}
            onChange={(evento) => aoSelecionar(selecionaveis, evento.target.checked)}
            slotProps={{ input: { 'aria-label': 'Selecionar todos os documentos desta página' } }}
          />
        </TableCell>
      ),
    },
    { rotulo: 'Número', papel: 'titulo', cabecalho: ordenavel('numero') },
    { rotulo: 'Tipo', cabecalho: ordenavel('tipo'), larguraMinima: 200, larga: true },
    { rotulo: 'Origem' },
    { rotulo: 'Data de envio', cabecalho: ordenavel('dataEnvio') },
    // Issue 20: the deadline (its state in words) with the days in the unit since the last sending below it.
    { rotulo: 'Prazo', cabecalho: ordenavel('prazo') },
    { rotulo: 'Urgência' },
    { rotulo: 'Ações', papel: 'acoes' },
  ];

  return (
    <>
      <Box ref={refCorpo}>
        <Tabela
          aria-labelledby="titulo-caixa"
          data-testid="tabela-caixa-postal"
          colunas={colunas}
          cartoesAbaixoDe="lg"
          rotuloCabecalhoCartoes="Ordenar por:"
          propsContainer={regiaoRolavel({ 'aria-labelledby': 'titulo-caixa' }, atualizando)}
        >
          {resultado.itens.map((item) => {
            const primeira = acoesHabilitadas && item.pendenteRecebimento ? 'receber' : 'tramitar';
            return (
              <TableRow
                key={item.idDocumento}
                hover
                selected={selecionados.has(item.idDocumento)}
                data-testid="item-caixa-postal"
                data-numero={item.numero}
                data-lido={item.lido}
                sx={item.lido ? undefined : { '& > td': { fontWeight: 700 } }}
              >
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={selecionados.has(item.idDocumento)}
                    disabled={!acoesHabilitadas || !selecionavel(item)}
                    onChange={(evento) => aoSelecionar([item], evento.target.checked)}
                    slotProps={{ input: { 'aria-label': `Selecionar o documento ${item.numero}` } }}
                  />
                </TableCell>
                <TableCell>
                  <Link
                    component={RouterLink}
                    to={`/documentos/${item.idDocumento}`}
                    onClick={() => aoAbrir?.(item)}
                    // Screen readers hear that it is unread with the number (the name keeps the visible text).
                    aria-label={item.lido ? undefined : `Não lido: ${item.numero}`}
                    sx={{ whiteSpace: 'nowrap', fontWeight: 'inherit' }}
                  >
                    {item.numero}
                  </Link>
                  {item.lido ? null : (
                    <Typography
                      component="span"
                      variant="caption"
                      aria-hidden
                      data-testid="marca-nao-lido"
                      sx={{ display: 'block', fontWeight: 700, color: 'primary.main' }}
                    >
                      Não lido
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  {item.tipo}
                  {item.resumoAssunto ? (
                    <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 'inherit' }}>
                      {item.resumoAssunto}
                    </Typography>
                  ) : null}
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                    {item.pendenteRecebimento ? 'Aguardando recebimento' : item.recebido ? 'Recebido' : 'Em criação'}
                    {item.sobrestado ? ' · Sobrestado' : ''}
                  </Typography>
                </TableCell>
                <TableCell>{item.unidadeOrigem ?? '—'}</TableCell>
                <TableCell>
                  {item.dataEnvio ? (
                    formatarDataHora(item.dataEnvio)
                  ) : (
                    <>
                      {formatarDataHora(item.dataCriacao)}
                      <Typography variant="body2" color="text.secondary">
                        (criação)
                      </Typography>
                    </>
                  )}
                </TableCell>
                <TableCell>
                  <Box data-testid="prazo-caixa" data-prazo={item.dataPrazo ?? ''} sx={SELO_QUEBRAVEL}>
                    <SeloEstadoPrazo prazo={item.dataPrazo} estado={item.estadoPrazo} compacto />
                  </Box>
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
                    {item.prazo === null ? null : `${diasNaUnidade(item)} na unidade`}
                  </Typography>
                </TableCell>
                <TableCell>{item.urgente ? <Chip label="Urgente" color="error" size="small" /> : 'Normal'}</TableCell>
                <TableCell>
                  {acoesHabilitadas ? (
                    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                      {item.pendenteRecebimento ? (
                        <Button
                          size="small"
                          variant="contained"
                          startIcon={<MoveToInboxOutlined />}
                          onClick={() => aoReceber(item)}
                          aria-label={`Receber o documento ${item.numero}`}
                          data-primeira-acao={primeira === 'receber' ? item.idDocumento : undefined}
                        >
                          Receber
                        </Button>
                      ) : null}
                      {podeTramitar(item) ? (
                        <Button
                          size="small"
                          variant="outlined"
                          startIcon={<SendOutlined />}
                          component={RouterLink}
                          to={`/documentos/${item.idDocumento}/tramitar`}
                          aria-label={`Tramitar o documento ${item.numero}`}
                          data-primeira-acao={primeira === 'tramitar' ? item.idDocumento : undefined}
                        >
                          Tramitar
                        </Button>
                      ) : null}
                    </Stack>
                  ) : (
                    <Box component="span">—</Box>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </Tabela>
      </Box>
      <Paginacao
        total={resultado.total}
        pagina={estado.pagina}
        tamanhoPagina={estado.tamanhoPagina}
        opcoesTamanho={TAMANHOS_PAGINA_BUSCA}
        aoMudar={aoPaginar}
      />
    </>
  );
}
