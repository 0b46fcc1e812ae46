import { Radio, TableCell, TableRow, Typography } from '@mui/material';
import type { ItemCaixaPostal, PaginaCaixaPostal } from '@tramite/shared';
import { regiaoRolavel } from '../../components/regiao-rolavel';
import { PaginacaoTabela } from '../../components/SecaoResultados';
import { Tabela } from '../../components/Tabela';
import { formatarDataHora, formatarDias } from '../../lib/formatacao';

interface TabelaDocumentosUnidadeProps {
  resultado: PaginaCaixaPostal;
  atualizando: boolean;
  escolhido: number | null;
  aoEscolher: (item: ItemCaixaPostal) => void;
  aoPaginar: (pagina: number, tamanhoPagina: number) => void;
}

/** Read by screen readers, not shown. */
const OCULTO_VISUALMENTE = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  width: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
} as const;

function situacao(item: ItemCaixaPostal): string {
  if (item.pendenteRecebimento) return 'Aguardando recebimento';
  return item.situacao === 'T' ? 'Recebido em reencaminhamento' : 'Recebido';
}

/** The documents of the chosen unit's box, one of which is picked (radio buttons: arrow keys move the choice). */
export function TabelaDocumentosUnidade({
  resultado,
  atualizando,
  escolhido,
  aoEscolher,
  aoPaginar,
}: TabelaDocumentosUnidadeProps) {
  const { itens, ...pagina } = resultado;
  return (
    <>
      <Tabela
        aria-label="Documentos da unidade"
        data-testid="documentos-unidade"
        propsContainer={regiaoRolavel({ 'aria-label': 'Documentos da unidade (rolável)' }, atualizando)}
        cabecalho={
          <>
            <TableCell padding="checkbox">
              <Typography component="span" sx={OCULTO_VISUALMENTE}>
                Escolha
              </Typography>
            </TableCell>
            <TableCell>Número</TableCell>
            <TableCell>Tipo</TableCell>
            <TableCell sx={{ minWidth: 200 }}>Resumo</TableCell>
            <TableCell>Situação</TableCell>
            <TableCell>Origem</TableCell>
            <TableCell>Data de envio</TableCell>
            <TableCell>Prazo</TableCell>
          </>
        }
      >
        {itens.map((item) => (
          <TableRow
            key={item.idDocumento}
            hover
            selected={item.idDocumento === escolhido}
            onClick={() => aoEscolher(item)}
            sx={{ cursor: 'pointer' }}
            data-testid="documento-unidade"
          >
            <TableCell padding="checkbox">
              <Radio
                name="documento-reencaminhamento"
                checked={item.idDocumento === escolhido}
                onChange={() => aoEscolher(item)}
                slotProps={{ input: { 'aria-label': `Escolher o documento ${item.numero}` } }}
              />
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{item.numero}</TableCell>
            <TableCell>{item.tipo}</TableCell>
            <TableCell>{item.resumoAssunto}</TableCell>
            <TableCell>{situacao(item)}</TableCell>
            <TableCell>{item.unidadeOrigem ?? '—'}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatarDataHora(item.dataEnvio)}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{item.prazo === null ? '—' : formatarDias(item.prazo)}</TableCell>
          </TableRow>
        ))}
      </Tabela>
      <PaginacaoTabela {...pagina} opcoesTamanho={[10, 20, 50]} aoMudar={aoPaginar} />
    </>
  );
}
