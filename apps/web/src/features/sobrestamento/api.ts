// Sobrestamento (issue 20): the hooks, and the dialog, banner and rule the document's page uses (entry points).
export { AvisoSobrestamento } from './AvisoSobrestamento';
export * from './consultas';
export { DialogoSobrestar } from './DialogoSobrestar';
export { documentoSobrestavel } from './regras';
