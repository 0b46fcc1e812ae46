/** The institution's name comes from the server (INSTITUICAO_NOME), written into index.html when it is served. */
export const NOME_INSTITUICAO: string =
  document.querySelector<HTMLMetaElement>('meta[name="tramite:instituicao"]')?.content ||
  'Universidade Federal de Exemplo';
/** The institution's acronym (INSTITUICAO_SIGLA): the issuer filled in by the origin-document lookup. */
export const SIGLA_INSTITUICAO: string =
  document.querySelector<HTMLMetaElement>('meta[name="tramite:instituicao-sigla"]')?.content || 'UFEX';
export const VERSAO_PRODUTO: string = import.meta.env.VITE_VERSAO || '0.1.0';
