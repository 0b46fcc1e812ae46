import { ESTADO, type Estado, type SituacaoDocumento } from '@tramite/shared';

// The document's state labels are shown by the documents screens and by the public verification page.
const ROTULOS_SITUACAO: Record<SituacaoDocumento, string> = {
  EM_CRIACAO: 'Em criação',
  ENVIADO: 'Enviado',
  RECEBIDO: 'Recebido',
  E: 'Juntado a outro documento ou cancelado',
  T: 'Recebido em reencaminhamento',
};

export function rotuloSituacao(situacao: SituacaoDocumento): string {
  return ROTULOS_SITUACAO[situacao];
}

const PROCESSAMENTO: Record<number, string> = {
  1: 'Em andamento',
  2: 'Arquivado',
  3: 'Concluído',
  4: 'Cancelado',
  5: 'Sobrestado',
  6: 'Em criação',
};

/** estado 2001 (DOMAIN.md): the processing state, shown next to the situação. */
export function rotuloProcessamento(estado: Estado): string | null {
  const valor = estado[ESTADO.processamento];
  return valor === undefined ? null : (PROCESSAMENTO[valor] ?? null);
}
