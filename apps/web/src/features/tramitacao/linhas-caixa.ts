import type { ItemCaixaPostal } from '@tramite/shared';

// What a row of the postal box allows: the page decides with these before its table (loaded apart) is there.

/** Documents the unit holds (received, or drafts of the unit) can be forwarded from the box. */
export function podeTramitar(item: ItemCaixaPostal): boolean {
  return item.recebido || item.situacao === 'EM_CRIACAO';
}

/** What a row can be selected for: received ones are forwarded, waiting ones received, in bulk. */
export const selecionavel = (item: ItemCaixaPostal) => item.recebido || item.pendenteRecebimento;

/** The selector of a row's first action (Receber, else Tramitar), for moving the focus to it. */
export const seletorPrimeiraAcao = (idDocumento: number) => `[data-primeira-acao="${idDocumento}"]`;
