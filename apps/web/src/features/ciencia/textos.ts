/** Texts of the ciência dialogs and list that the specification does not word. */
export const TEXTOS_CIENCIA = {
  titulo: 'Registrar ciência',
  tituloLote: 'Dar ciência',
  registrando: 'Registrando ciência',
  rotuloObservacao: 'Observação (opcional)',
  ajudaObservacao: 'Até 500 caracteres; quem não pode ver o despacho restrito não a lê.',
  explicacao: (numero: string) =>
    `Registra que você leu o documento ${numero}, com a sua unidade atual. A ciência fica no histórico do documento.`,
  explicacaoLote: (quantidade: number) =>
    `Registra a sua ciência em ${quantidade} documento(s) selecionado(s), com a mesma observação.`,
  jaRegistrada: (quando: string) => `Ciência registrada em ${quando}`,
  tituloSecao: 'Ciências',
  porPagina: 'Ciências por página:',
  observacaoRestrita: 'Observação restrita',
  resultadoRegistrada: 'Ciência registrada',
} as const;
