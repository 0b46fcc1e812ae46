// Sobrestamento (issue 20): the hooks, and the dialog, banner and rule the document's page uses (entry points).
import { lazy } from 'react';

export { AvisoSobrestamento } from './AvisoSobrestamento';
export * from './consultas';
export { documentoSobrestavel } from './regras';

// The dialog (a form, zod, the date picker) loads when first shown (issue 23).
export const DialogoSobrestar = lazy(async () => ({ default: (await import('./DialogoSobrestar')).DialogoSobrestar }));
