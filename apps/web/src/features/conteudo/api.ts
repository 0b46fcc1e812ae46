// Conteúdo das peças (issue 21): this feature's entry points for other screens. Imported lazily by the document page,
// so the search and its results load in a chunk of their own.

export { BuscaConteudoDocumento } from './BuscaConteudoDocumento';
