// The postal box's results (issue 23): the table, the queues' chips and the bulk actions always load together, beside
// the box's first request, so they go out as one file.
export { AcoesSelecao, FilasCaixa, FiltroNaoLidos } from './FilasCaixa';
export { TabelaCaixaPostal } from './TabelaCaixaPostal';
