import type { ColumnType, Generated } from 'kysely';
import type { Default, Timestamp, TimestampNullable } from './colunas.ts';

// Tramita GOV.BR (issue 24): the configuration and the PEN's cached lists (migration 0027), the mappings (0028).

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
  /** Migration 0030: the last consultation of the pending trâmites, and its failure. */
  consultadaEm: TimestampNullable;
  erroConsulta: string | null;
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

// The mappings (migration 0028).

export interface TramitaUnidadeEstruturaTable {
  idUnidade: number;
  numeroEstrutura: number;
  nome: string;
  sigla: string | null;
  hierarquia: string | null;
  envia: Default<boolean>;
  recebe: Default<boolean>;
  atualizadoEm: Timestamp;
  idUsuario: number;
}

export interface TramitaEspecieEnvioTable {
  idTipoDocumento: number;
  codigoEspecie: number;
}

export interface TramitaEspecieRecebimentoTable {
  codigoEspecie: number;
  idTipoDocumento: number;
}

export interface TramitaHipoteseEnvioTable {
  idHipoteseLegal: number;
  identificacaoPen: number;
}

export interface TramitaHipoteseRecebimentoTable {
  identificacaoPen: number;
  idHipoteseLegal: number;
}

export interface TramitaLimiteDestinoTable {
  id: Generated<number>;
  idRepositorio: number;
  numeroEstrutura: number | null;
  nomeEstrutura: string | null;
  tamanhoMaximoMb: number | null;
  extensoesRecusadas: Default<string[]>;
  observacao: string | null;
  atualizadoEm: Timestamp;
  idUsuario: number;
}

// The trâmites exchanged (migration 0030).

export type SentidoTramiteExterno = 'E' | 'R';
export type EtapaTramiteExterno =
  | 'INICIAR'
  | 'ENVIAR_COMPONENTES'
  | 'RECIBO_ENVIO'
  | 'AGUARDANDO'
  | 'METADADOS'
  | 'VALIDAR'
  | 'BAIXAR'
  | 'REGISTRAR'
  | 'RECIBO'
  | 'RECUSAR'
  | 'CONCLUIDO'
  | 'RECUSADO'
  | 'CANCELADO'
  | 'FALHOU';

export interface TramiteExternoTable {
  id: Generated<number>;
  sentido: SentidoTramiteExterno;
  idt: number | null;
  nre: string | null;
  protocolo: string | null;
  situacaoBarramento: Default<number>;
  etapa: EtapaTramiteExterno;
  metadados: ColumnType<unknown | null, string | null | undefined, string | null>;
  idRepositorioRemetente: number | null;
  numeroEstruturaRemetente: number | null;
  idRepositorioDestinatario: number | null;
  numeroEstruturaDestinatario: number | null;
  idUnidade: number | null;
  idDocumento: number | null;
  idUsuario: number | null;
  motivoRecusa: string | null;
  justificativaRecusa: string | null;
  reciboDataRecebimento: string | null;
  reciboHashAssinatura: string | null;
  ultimaFalha: string | null;
  ultimaFalhaEm: TimestampNullable;
  reservadoAte: TimestampNullable;
  criadoEm: Timestamp;
  atualizadoEm: Timestamp;
  registradoEm: TimestampNullable;
  concluidoEm: TimestampNullable;
}

export interface TramiteExternoComponenteTable {
  id: Generated<number>;
  idTramiteExterno: number;
  ordemDocumento: number;
  ordem: number;
  protocolo: string;
  hash: string;
  sha256: string | null;
  tamanho: number;
  nome: string;
  tipoMime: string;
  codigoEspecie: number | null;
  nomeEspecie: string | null;
  idTipoDocumento: number | null;
  nivelAcesso: Default<'P' | 'R' | 'S'>;
  idHipoteseLegal: number | null;
  retirado: Default<boolean>;
  pendenteNoBarramento: Default<boolean>;
  bytesRecebidos: Default<number>;
  estado: Default<'PENDENTE' | 'BAIXANDO' | 'VERIFICADO' | 'ENVIADO'>;
  idPeca: number | null;
}

export interface HistoricoExternoTable {
  id: Generated<number>;
  idDocumento: number;
  idTramiteExterno: number;
  ordem: number;
  dataHora: Timestamp;
  unidade: string;
  operacao: string;
  usuario: string | null;
}
