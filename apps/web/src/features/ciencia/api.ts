// Ciência (issue 20): the hooks, and the dialogs and list other screens show (this feature's entry points).

export * from './consultas';
export { DialogoCiencia } from './DialogoCiencia';
export { DialogoCienciaLote } from './DialogoCienciaLote';
export { SecaoCiencias } from './SecaoCiencias';
