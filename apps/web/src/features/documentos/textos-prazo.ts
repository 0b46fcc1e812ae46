/** Texts of the document page's "Prazo" block and its change dialog (the rules' messages come from MENSAGENS). */
export const TEXTOS_PRAZO = {
  erroCarregar: 'Não foi possível carregar o prazo do documento',
  erroAlterar: 'Não foi possível alterar o prazo',
  novaData: 'Nova data',
  retirar: 'Retirar o prazo',
  motivo: 'Motivo da alteração',
} as const;
