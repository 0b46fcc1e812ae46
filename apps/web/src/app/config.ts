/** Shown in the footer; set VITE_NOME_INSTITUICAO and VITE_VERSAO when building for an institution. */
export const NOME_INSTITUICAO: string = import.meta.env.VITE_NOME_INSTITUICAO || 'Universidade Federal';
export const VERSAO_PRODUTO: string = import.meta.env.VITE_VERSAO || '0.1.0';
