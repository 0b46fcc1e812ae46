import { type Peca, ROTULOS_SITUACAO_VINCULO } from '@tramite/shared';

/** Screen texts of the peças feature that are not messages of the specification. */
export const TEXTOS = {
  tituloPecas: 'Peças do documento',
  tituloEnvio: 'Envio de peças',
  anexarArquivos: 'Anexar arquivos',
  nenhumaPeca: 'Este documento ainda não tem peças.',
  voltarPecas: 'Voltar às peças do documento',
  erroSequencia: 'Não foi possível alterar a sequência da peça',
  carregandoPecas: 'Carregando peças',
} as const;

/** The situação column: cancelled peças by their label, the others by whether they already travelled. */
export function rotuloSituacaoPeca(peca: Pick<Peca, 'situacaoVinculo' | 'situacaoTramitacao'>): string {
  if (peca.situacaoVinculo) return ROTULOS_SITUACAO_VINCULO[peca.situacaoVinculo];
  return peca.situacaoTramitacao === 'T' ? 'Tramitada' : 'Aguardando tramitação';
}

/** '5 MiB', '320 KiB', '12 bytes' in pt-BR. */
export function formatarTamanho(bytes: number): string {
  if (bytes >= 1_048_576) return `${(bytes / 1_048_576).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MiB`;
  if (bytes >= 1024) return `${Math.ceil(bytes / 1024).toLocaleString('pt-BR')} KiB`;
  return `${bytes} bytes`;
}
