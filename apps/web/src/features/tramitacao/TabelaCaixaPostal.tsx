import MoveToInboxOutlined from '@mui/icons-material/MoveToInboxOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import { Box, Button, Checkbox, Chip, Link, TableCell, TableRow, Typography } from '@mui/material';
import type { ItemCaixaPostal, PaginaCaixaPostal } from '@tramite/shared';
import { Link as RouterLink } from 'react-router';
import { CabecalhoOrdenavel } from '../../components/CabecalhoOrdenavel';
import { Paginacao } from '../../components/Paginacao';
import { regiaoRolavel } from '../../components/regiao-rolavel';
import { Tabela } from '../../components/Tabela';
import { TAMANHOS_PAGINA_BUSCA } from '../../lib/estado-url';
import { formatarDataHora, formatarDias } from '../../lib/formatacao';
import type { EstadoCaixa, OrdenacaoCaixa } from './filtros-caixa';

interface TabelaCaixaPostalProps {
  resultado: PaginaCaixaPostal;
  estado: EstadoCaixa;
  atualizando: boolean;
  /** Receiving and forwarding act in the user's current unit: off while another unit's box is shown. */
  acoesHabilitadas: boolean;
  selecionados: ReadonlyMap<number, ItemCaixaPostal>;
  aoSelecionar: (itens: readonly ItemCaixaPostal[], selecionar: boolean) => void;
  aoReceber: (item: ItemCaixaPostal) => void;
  aoPaginar: (pagina: number, tamanhoPagina: number) => void;
  aoOrdenar: (ordenacao: OrdenacaoCaixa, direcao: 'asc' | 'desc') => void;
}

const COLUNAS: Record<OrdenacaoCaixa, { rotulo: string; direcaoInicial: 'asc' | 'desc' }> = {
  numero: { rotulo: 'Número', direcaoInicial: 'asc' },
  tipo: { rotulo: 'Tipo', direcaoInicial: 'asc' },
  dataEnvio: { rotulo: 'Data de envio', direcaoInicial: 'desc' },
};

/** Documents the unit holds (received, or drafts of the unit) can be forwarded from the box. */
export function podeTramitar(item: ItemCaixaPostal): boolean {
  return item.recebido || item.situacao === 'EM_CRIACAO';
}

/** Days since the last sending; '—' for drafts. */
function prazo(item: ItemCaixaPostal): string {
  return item.prazo === null ? '—' : formatarDias(item.prazo);
}

/** One page of the postal box, sorted and paginated on the server. */
export function TabelaCaixaPostal({
  resultado,
  estado,
  atualizando,
  acoesHabilitadas,
  selecionados,
  aoSelecionar,
  aoReceber,
  aoPaginar,
  aoOrdenar,
}: TabelaCaixaPostalProps) {
  const selecionaveis = acoesHabilitadas ? resultado.itens.filter((item) => item.recebido) : [];
  const marcadosNaPagina = selecionaveis.filter((item) => selecionados.has(item.idDocumento)).length;

  function cabecalho(campo: OrdenacaoCaixa) {
    const { rotulo, direcaoInicial } = COLUNAS[campo];
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

  return (
    <>
      <Tabela
        aria-labelledby="titulo-caixa"
        data-testid="tabela-caixa-postal"
        sx={{ minWidth: 1000 }}
        propsContainer={regiaoRolavel({ 'aria-labelledby': 'titulo-caixa' }, atualizando)}
        cabecalho={
          <>
            <TableCell padding="checkbox">
              <Checkbox
                checked={selecionaveis.length > 0 && marcadosNaPagina === selecionaveis.length}
                indeterminate={marcadosNaPagina > 0 && marcadosNaPagina < selecionaveis.length}
                disabled={selecionaveis.length === 0}
                onChange={(evento) => aoSelecionar(selecionaveis, evento.target.checked)}
                slotProps={{ input: { 'aria-label': 'Selecionar todos os documentos recebidos desta página' } }}
              />
            </TableCell>
            {cabecalho('numero')}
            {cabecalho('tipo')}
            <TableCell sx={{ minWidth: 240 }}>Resumo</TableCell>
            <TableCell>Origem</TableCell>
            {cabecalho('dataEnvio')}
            <TableCell>Prazo</TableCell>
            <TableCell>Urgência</TableCell>
            <TableCell>Ações</TableCell>
          </>
        }
      >
        {resultado.itens.map((item) => (
          <TableRow
            key={item.idDocumento}
            hover
            selected={selecionados.has(item.idDocumento)}
            data-testid="item-caixa-postal"
            data-numero={item.numero}
          >
            <TableCell padding="checkbox">
              <Checkbox
                checked={selecionados.has(item.idDocumento)}
                disabled={!acoesHabilitadas || !item.recebido}
                onChange={(evento) => aoSelecionar([item], evento.target.checked)}
                slotProps={{ input: { 'aria-label': `Selecionar o documento ${item.numero}` } }}
              />
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              <Link component={RouterLink} to={`/documentos/${item.idDocumento}`}>
                {item.numero}
              </Link>
            </TableCell>
            <TableCell sx={{ minWidth: 150 }}>
              {item.tipo}
              <Typography variant="body2" color="text.secondary">
                {item.pendenteRecebimento ? 'Aguardando recebimento' : item.recebido ? 'Recebido' : 'Em criação'}
              </Typography>
            </TableCell>
            <TableCell>{item.resumoAssunto}</TableCell>
            <TableCell>{item.unidadeOrigem ?? '—'}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
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
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{prazo(item)}</TableCell>
            <TableCell>
              {item.urgente ? <Chip label="Urgente" color="error" size="small" variant="outlined" /> : 'Normal'}
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              {acoesHabilitadas && item.pendenteRecebimento ? (
                <Button
                  size="small"
                  variant="contained"
                  startIcon={<MoveToInboxOutlined />}
                  onClick={() => aoReceber(item)}
                  aria-label={`Receber o documento ${item.numero}`}
                >
                  Receber
                </Button>
              ) : null}
              {acoesHabilitadas && podeTramitar(item) ? (
                <Button
                  size="small"
                  variant="outlined"
                  startIcon={<SendOutlined />}
                  component={RouterLink}
                  to={`/documentos/${item.idDocumento}/tramitar`}
                  aria-label={`Tramitar o documento ${item.numero}`}
                >
                  Tramitar
                </Button>
              ) : null}
              {!acoesHabilitadas ? <Box component="span">—</Box> : null}
            </TableCell>
          </TableRow>
        ))}
      </Tabela>
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
