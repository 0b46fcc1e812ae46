import { Alert, Typography } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ItemCaixaPostal, PaginaCaixaPostal, Unidade } from '@tramite/shared';
import type { FormEvent } from 'react';
import { EtapaAssistente } from '../../components/EtapaAssistente';
import { AlertaEtapa, type Assistente } from './AlertaEtapa';
import { TabelaDocumentosUnidade } from './TabelaDocumentosUnidade';
import { PASSOS } from './textos';

interface EtapaDocumentoProps {
  assistente: Assistente;
  /** The unit searched, whose box the list is. */
  unidade: Unidade | null;
  caixa: UseQueryResult<PaginaCaixaPostal>;
  documento: ItemCaixaPostal | null;
  aoEscolher: (item: ItemCaixaPostal) => void;
  aoPaginar: (pagina: number, tamanhoPagina: number) => void;
  aoAvancar: (evento: FormEvent) => void;
}

/** Step 2: one document of the unit's box; one waiting to be received is received in its name only on confirming. */
export function EtapaDocumento({
  assistente,
  unidade,
  caixa,
  documento,
  aoEscolher,
  aoPaginar,
  aoAvancar,
}: EtapaDocumentoProps) {
  return (
    <EtapaAssistente
      passos={PASSOS}
      indice={1}
      refTitulo={assistente.refTitulo}
      aoEnviar={aoAvancar}
      aoVoltar={() => assistente.irPara(0)}
    >
      <Typography color="text.secondary">
        Caixa postal de {unidade ? `${unidade.sigla} — ${unidade.nome}` : 'unidade escolhida'}. Um documento que aguarda
        recebimento é recebido em nome da unidade só quando você confirmar o reencaminhamento, no último passo: até lá
        nada muda.
      </Typography>
      {caixa.isLoading ? <Typography>Carregando documentos…</Typography> : null}
      {caixa.data && caixa.data.itens.length === 0 ? (
        <Alert severity="info" data-testid="unidade-sem-documentos">
          Nenhum documento a reencaminhar nesta unidade.
        </Alert>
      ) : null}
      {caixa.data && caixa.data.itens.length > 0 ? (
        <TabelaDocumentosUnidade
          resultado={caixa.data}
          atualizando={caixa.isPlaceholderData}
          escolhido={documento?.idDocumento ?? null}
          aoEscolher={aoEscolher}
          aoPaginar={aoPaginar}
        />
      ) : null}
      <AlertaEtapa assistente={assistente} />
    </EtapaAssistente>
  );
}
