import type { Default, Timestamp, TimestampNullable } from './colunas.ts';

// Tramita GOV.BR (issue 24): the configuration and the PEN's cached lists (migration 0027).

/** One row (id = 1) once an administrator saves it; the certificate's public facts, never its key. */
export interface TramitaConfiguracaoTable {
  id: Default<number>;
  ambiente: 'HOMOLOGACAO' | 'PRODUCAO';
  urlBase: string;
  idRepositorio: number | null;
  numeroEstruturaRaiz: number | null;
  certificadoImpressao: string | null;
  certificadoTitular: string | null;
  certificadoEmissor: string | null;
  certificadoValidoDe: TimestampNullable;
  certificadoValidoAte: TimestampNullable;
  ativo: Default<boolean>;
  blocoMb: Default<number>;
  tamanhoMaximoComponenteMb: Default<number>;
  intervaloConsultaSegundos: Default<number>;
  idUnidadeTramita: number | null;
  idTipoDocumentoRecebido: number | null;
  codigoEspeciePadraoEnvio: number | null;
  idTipoPecaPadraoRecebimento: number | null;
  sincronizadaEm: TimestampNullable;
  atualizadoEm: Timestamp;
  idUsuario: number;
}

export interface TramitaEspecieTable {
  codigo: number;
  nome: string;
  ativa: Default<boolean>;
  sincronizadaEm: Timestamp;
}

export interface TramitaHipoteseTable {
  identificacao: number;
  nome: string;
  baseLegal: string | null;
  ativa: Default<boolean>;
  sincronizadaEm: Timestamp;
}

export interface TramitaRepositorioTable {
  id: number;
  nome: string;
  ativo: Default<boolean>;
}
