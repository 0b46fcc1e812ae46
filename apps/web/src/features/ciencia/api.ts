// Ciência (issue 20): the hooks, and the dialogs and list other screens show (this feature's entry points).
import { lazy } from 'react';

export * from './consultas';
export { SecaoCiencias } from './SecaoCiencias';

// The dialogs (forms, zod) load when first shown (issue 23): the document's page and the postal box show neither at first.
export const DialogoCiencia = lazy(async () => ({ default: (await import('./DialogoCiencia')).DialogoCiencia }));
export const DialogoCienciaLote = lazy(async () => ({
  default: (await import('./DialogoCienciaLote')).DialogoCienciaLote,
}));
