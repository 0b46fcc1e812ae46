// Issue 24: Tramita GOV.BR, the federal barramento of electronic processes (docs/tramita-govbr-protocolo.md).
// This module holds what the product says about a trâmite; the wire format lives in tramita-protocolo.ts.

/** The barramento's `situacaoAtual` of a trâmite (protocol notes §4). */
export const SITUACOES_TRAMITE = {
  AGUARDANDO_COMPONENTES: 1,
  COMPONENTES_NO_BARRAMENTO: 2,
  METADADOS_RECEBIDOS_DESTINATARIO: 3,
  COMPONENTES_RECEBIDOS_DESTINATARIO: 4,
  RECIBO_NO_BARRAMENTO: 5,
  CONCLUIDO: 6,
  CANCELADO: 7,
  RECUSADO: 8,
  RECUSA_COM_CIENCIA: 9,
  CANCELADO_AUTOMATICAMENTE: 10,
} as const;
export type SituacaoTramite = (typeof SITUACOES_TRAMITE)[keyof typeof SITUACOES_TRAMITE];

export const ROTULOS_SITUACAO_TRAMITE: Record<SituacaoTramite, string> = {
  1: 'Aguardando o envio dos arquivos digitais',
  2: 'Arquivos digitais recebidos pelo Tramita GOV.BR',
  3: 'Metadados recebidos pelo destinatário',
  4: 'Arquivos digitais recebidos pelo destinatário',
  5: 'Recibo de conclusão recebido pelo Tramita GOV.BR',
  6: 'Trâmite concluído',
  7: 'Trâmite cancelado',
  8: 'Recusado pelo destinatário, aguardando ciência do remetente',
  9: 'Recusado pelo destinatário',
  10: 'Cancelado automaticamente pelo Tramita GOV.BR',
};

/** The three ways a trâmite ends: concluded (6), cancelled (7, 10), refused and acknowledged (9). */
export const SITUACOES_FINAIS: readonly SituacaoTramite[] = [6, 7, 9, 10];
/** The sender may cancel while the receiver has not sent its receipt; the barramento cancels these by itself. */
export const SITUACOES_CANCELAVEIS: readonly SituacaoTramite[] = [1, 2, 3, 4];
/**
 * The receiver refuses after asking for the metadata. The reference client's comment also names 2, but the receiver
 * cannot see the trâmite before 3 (protocol notes §4, not confirmed against the server).
 */
export const SITUACOES_RECUSAVEIS: readonly SituacaoTramite[] = [3, 4];
/** Calendar days a trâmite may stay in 1–4 before the barramento cancels it (state 10); the PEN team may change it. */
export const PRAZO_CANCELAMENTO_AUTOMATICO_DIAS = 8;

export function ehSituacaoTramite(valor: number): valor is SituacaoTramite {
  return Object.hasOwn(ROTULOS_SITUACAO_TRAMITE, valor);
}

export const situacaoFinal = (situacao: number) => ehSituacaoTramite(situacao) && SITUACOES_FINAIS.includes(situacao);
export const situacaoCancelavel = (situacao: number) =>
  ehSituacaoTramite(situacao) && SITUACOES_CANCELAVEIS.includes(situacao);

/** The label of a state; newer barramento versions add states, which are shown, never a failure. */
export function rotuloSituacaoTramite(situacao: number): string {
  return ehSituacaoTramite(situacao) ? ROTULOS_SITUACAO_TRAMITE[situacao] : `Situação desconhecida (${situacao})`;
}

/** The refusal reasons the barramento enumerates (protocol notes §8.4). */
export const MOTIVOS_RECUSA = ['01', '02', '03', '04', '99'] as const;
export type MotivoRecusa = (typeof MOTIVOS_RECUSA)[number];

export const ROTULOS_MOTIVO_RECUSA: Record<MotivoRecusa, string> = {
  '01': 'Formato de componente digital não suportado',
  '02': 'Componente digital corrompido',
  '03': 'Falta de componentes digitais',
  '04': 'Espécie documental não mapeada no destinatário',
  '99': 'Outro',
};

export function rotuloMotivoRecusa(motivo: string): string {
  return Object.hasOwn(ROTULOS_MOTIVO_RECUSA, motivo)
    ? ROTULOS_MOTIVO_RECUSA[motivo as MotivoRecusa]
    : `Motivo desconhecido (${motivo})`;
}

/**
 * The reference client cuts a refusal's justification at 1000 characters, but older modules failed past 500
 * (protocol notes §8.4): 500 is what every peer reads.
 */
export const TAMANHO_MAXIMO_JUSTIFICATIVA_RECUSA = 500;

const MEBIBYTE = 1024 * 1024;
/**
 * The size of one part of a component sent or fetched in parts: the reference client's default and bounds, in MiB
 * (its worked example, 120 MiB in parts 0-52428800…, counts 50 "MB" as 50 × 2^20 bytes).
 */
export const BLOCO_TRANSFERENCIA = { padraoMb: 50, minimoMb: 1, maximoMb: 200, bytesPorMb: MEBIBYTE } as const;
