import { type Peca, ROTULOS_SITUACAO_VINCULO } from '@tramite/shared';

/** Screen texts of the peças feature that are not messages of the specification. */
export const TEXTOS = {
  tituloPecas: 'Peças do documento',
  tituloEnvio: 'Envio de peças',
  adicionarPecas: 'Adicionar peças',
  nenhumaPeca: 'Este documento ainda não tem peças.',
  voltarPecas: 'Voltar às peças do documento',
  erroSequencia: 'Não foi possível alterar a sequência da peça',
  carregandoPecas: 'Carregando peças',
  /** Under a field left empty; the snackbar names the file or says the rule (spec §5, MENSAGENS.arquivos). */
  informeTipoCopia: 'Informe o tipo de cópia',
  informeHipotese: 'Informe a hipótese legal da restrição',
  informeNumeroInteiro: 'Informe um número inteiro',
} as const;

/**
 * The name a peça is shown by: its file name or, when the reader may not open it (the API then sends no name), the
 * word of spec §6 that the step column also shows ('RESTRITO - Motivo: ...', 'DESMEMBRADA', 'DESENTRANHADA').
 */
export function nomePeca(peca: Pick<Peca, 'nome' | 'passoFluxo' | 'sequencial'>): string {
  return peca.nome ?? peca.passoFluxo ?? `Peça ${peca.sequencial}`;
}

/**
 * The situação column: a cancelled peça says so and how ('Cancelada — desentranhada'), the others whether they
 * already travelled.
 */
export function rotuloSituacaoPeca(peca: Pick<Peca, 'situacaoVinculo' | 'situacaoTramitacao'>): string {
  if (peca.situacaoVinculo) return `Cancelada — ${ROTULOS_SITUACAO_VINCULO[peca.situacaoVinculo].toLowerCase()}`;
  return peca.situacaoTramitacao === 'T' ? 'Tramitada' : 'Aguardando tramitação';
}
