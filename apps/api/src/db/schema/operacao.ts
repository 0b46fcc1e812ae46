import type { ColumnType, Generated } from 'kysely';
import type { DateOnly, Default, Timestamp, TimestampNullable } from './colunas.ts';

// The glossary, notices, unarchivings, and the platform's own tables (jobs, e-mail, audit, rate limits).

export interface ItemGlossarioTable {
  id: Generated<number>;
  idTipoDocumento: number;
  idAssunto: number;
  descricao: string;
  detalhamento: string | null;
  criadoEm: Timestamp;
  atualizadoEm: Timestamp;
}

export interface MensagemNoticiaTable {
  id: Generated<number>;
  mensagem: string;
  dataValidade: TimestampNullable;
  criadoEm: Timestamp;
}

/** The institution's own days without work (migration 0022); national ones are computed (shared calendario.ts). */
export interface DiaNaoUtilTable {
  data: DateOnly;
  descricao: string;
  tipo: 'FERIADO_LOCAL' | 'RECESSO' | 'PONTO_FACULTATIVO';
  idUsuario: number;
  criadoEm: Timestamp;
}

/** One daily digest per user and day (migration 0022): inserting the row reserves it for one process. */
export interface ResumoDiarioEnvioTable {
  idUsuario: number;
  dia: DateOnly;
  reservadoEm: Timestamp;
  enviadoEm: TimestampNullable;
}

export interface DesarquivamentoTable {
  id: Generated<number>;
  idDocumento: number;
  idUnidade: number;
  idUsuario: number;
  idTramitacao: number | null;
  motivo: string;
  em: Timestamp;
}

export interface JobTable {
  id: Generated<number>;
  tipo: string;
  payload: ColumnType<unknown, string | undefined, string>;
  estado: Default<'PENDENTE' | 'EXECUTANDO' | 'CONCLUIDO' | 'FALHOU'>;
  tentativas: Default<number>;
  maxTentativas: Default<number>;
  executarEm: Timestamp;
  bloqueadoAte: TimestampNullable;
  ultimoErro: string | null;
  criadoEm: Timestamp;
  concluidoEm: TimestampNullable;
}

export interface EmailSaidaTable {
  id: Generated<number>;
  para: string;
  assunto: string;
  texto: string;
  html: string | null;
  anexos: ColumnType<unknown, string | undefined, string>;
  idJob: number | null;
  enviadoEm: TimestampNullable;
  criadoEm: Timestamp;
}

export interface AuditoriaTable {
  id: Generated<number>;
  em: Timestamp;
  idUsuario: number | null;
  acao: string;
  entidade: string;
  idEntidade: string | null;
  // `| null` is absorbed by unknown for the compiler, but says the columns are nullable (db/esquema.test.ts reads it).
  antes: ColumnType<unknown | null, string | null | undefined, never>;
  depois: ColumnType<unknown | null, string | null | undefined, never>;
  ip: string | null;
}

/** Audit action names written before issue 18 and their current ones (migration 0018); never rewritten rows. */
export interface AuditoriaAcaoRenomeadaTable {
  acaoAntiga: string;
  acao: string;
}

export interface LimiteTaxaTable {
  chave: string;
  /** A bigint, read as a number (connection.ts parses int8). */
  janela: ColumnType<number, number | string, never>;
  contagem: number;
  expiraEm: Timestamp;
}
