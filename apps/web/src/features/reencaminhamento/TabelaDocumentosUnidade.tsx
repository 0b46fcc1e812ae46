import { Radio, TableCell, TableRow } from '@mui/material';
import type { ItemCaixaPostal, PaginaCaixaPostal } from '@tramite/shared';
import { regiaoRolavel } from '../../components/regiao-rolavel';
import { PaginacaoTabela } from '../../components/SecaoResultados';
import { type ColunaTabela, Tabela } from '../../components/Tabela';
import { formatarDataHora, formatarDias } from '../../lib/formatacao';

interface TabelaDocumentosUnidadeProps {
  resultado: PaginaCaixaPostal;
  atualizando: boolean;
  escolhido: number | null;
  aoEscolher: (item: ItemCaixaPostal) => void;
  aoPaginar: (pagina: number, tamanhoPagina: number) => void;
}

const COLUNAS: readonly ColunaTabela[] = [
  { rotulo: 'Escolha', rotuloOculto: true, papel: 'selecao' },
  { rotulo: 'Número', papel: 'titulo' },
  { rotulo: 'Tipo' },
  { rotulo: 'Resumo', larguraMinima: 180, larga: true },
  { rotulo: 'Situação' },
  { rotulo: 'Origem' },
  { rotulo: 'Data de envio' },
  { rotulo: 'Prazo', semQuebra: true },
];

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
        colunas={COLUNAS}
        cartoesAbaixoDe="lg"
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
            <TableCell>{item.numero}</TableCell>
            <TableCell>{item.tipo}</TableCell>
            <TableCell>{item.resumoAssunto}</TableCell>
            <TableCell>{situacao(item)}</TableCell>
            <TableCell>{item.unidadeOrigem ?? '—'}</TableCell>
            <TableCell>{formatarDataHora(item.dataEnvio)}</TableCell>
            <TableCell>{item.prazo === null ? '—' : formatarDias(item.prazo)}</TableCell>
          </TableRow>
        ))}
      </Tabela>
      <PaginacaoTabela {...pagina} opcoesTamanho={[10, 20, 50]} aoMudar={aoPaginar} />
    </>
  );
}
