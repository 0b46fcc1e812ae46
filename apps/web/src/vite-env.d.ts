/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_NOME_INSTITUICAO?: string;
  readonly VITE_VERSAO?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
