import type { Generated } from 'kysely';
import type { Default, Timestamp } from './colunas.ts';

// Units, people, users and what signing in keeps (sessions, OIDC, login attempts).

export interface UnidadeTable {
  id: Generated<number>;
  sigla: string;
  nome: string;
  idUnidadePai: number | null;
  codigo: number;
  ativa: Default<boolean>;
  protocolo: Default<boolean>;
  arquivo: Default<boolean>;
  email: string | null;
}

export interface PessoaTable {
  id: Generated<number>;
  nome: string;
  cpf: string | null;
  email: string | null;
}

export interface UsuarioTable {
  id: Generated<number>;
  username: string;
  nome: string;
  senhaHash: string | null;
  cpf: string | null;
  matriculaSiape: string | null;
  email: string | null;
  emailPessoal: string | null;
  idPessoa: number | null;
  ativo: Default<boolean>;
  idUnidadeAtual: number | null;
  notificacoesPorEmail: Default<boolean>;
  /** When the user wants the daily digest, 'HH:MM' in Brasília time (migration 0022); null: no digest. */
  resumoDiarioHorario: string | null;
  oidcSub: string | null;
  criadoEm: Timestamp;
}

export interface LotacaoTable {
  idUsuario: number;
  idUnidade: number;
}

export interface UsuarioPermissaoTable {
  idUsuario: number;
  permissao: string;
}

export interface SessaoTable {
  id: string;
  idUsuario: number;
  criadaEm: Timestamp;
  ultimoAcessoEm: Timestamp;
  expiraEm: Date | string;
  ip: string | null;
  agente: string | null;
  /** The provider's ID token of an OIDC login (for its logout); null for a password login. */
  idTokenOidc: string | null;
}

export interface OidcTransacaoTable {
  id: string;
  estado: string;
  nonce: string;
  verificadorPkce: string;
  redirect: string;
  criadaEm: Timestamp;
  expiraEm: Date | string;
}

export interface TentativaLoginTable {
  id: Generated<number>;
  chave: string;
  ip: string;
  em: Timestamp;
}

export interface EsperaLoginTable {
  chave: string;
  tentativas: number;
  ultimaEm: Timestamp;
  marca: string;
}
