import type { CodigoTipoInteressado } from '@tramite/shared';
import type { ColumnType, Generated } from 'kysely';
import type { DateOnly, Default, Timestamp, TimestampNullable } from './colunas.ts';

// Documents and what hangs from them: movements, files, peças, joins, favourites, signed files, consolidations.

export interface SequenciaNupTable {
  codigoUnidade: number;
  ano: number;
  ultimo: Default<number>;
}

export type SituacaoDocumento = 'EM_CRIACAO' | 'ENVIADO' | 'RECEBIDO' | 'E' | 'T';

export interface DocumentoTable {
  id: Generated<number>;
  numero: string;
  numeroDigitos: string;
  idTipoDocumento: number;
  idAssunto: number | null;
  resumoAssunto: string | null;
  observacao: string | null;
  urgente: Default<boolean>;
  motivoUrgencia: string | null;
  tipoInteressado: CodigoTipoInteressado | null;
  idInteressado: number | null;
  idUnidadeProcedencia: number;
  idUnidadeCriadora: number;
  idUnidadeAtual: number;
  idUsuarioCriador: number;
  situacao: Default<SituacaoDocumento>;
  estadoProcessamento: Default<number>;
  estadoOrigem: Default<number>;
  estadoTamanho: Default<number>;
  estadoVisibilidadeCaixa: number | null;
  idDocumentoOrigem: number | null;
  numeroDocumentoOrigem: string | null;
  emissorDocumentoOrigem: string | null;
  dataDocumentoOrigem: DateOnly | null;
  dataRecebimento: DateOnly | null;
  dataCriacao: Timestamp;
  dataValidade: TimestampNullable;
  dataEnvio: TimestampNullable;
  dataUltimaAlteracao: Timestamp;
  idDocumentoAgregador: number | null;
  /** Generated from resumo_assunto (migration 0001): never written, and nullable as far as the database says. */
  resumoTsv: ColumnType<string | null, never, never>;
  /** Public verification code (migration 0007), filled by the column's DEFAULT. */
  codigoVerificacao: Default<string>;
  /** The deadline of its last live tramitação (migration 0022), kept with it for the box's sort. */
  prazo: DateOnly | null;
  /**
   * Issue 22 (migration 0025): when the unit that holds it received it, kept by a trigger on tramitacao; the start
   * of the age of what a unit holds (the Painel).
   */
  dataRecebimentoUnidade: ColumnType<Date | null, never, never>;
}

export interface TramitacaoTable {
  id: Generated<number>;
  idDocumento: number;
  sequencia: number;
  idFluxo: number | null;
  idPasso: number | null;
  idUnidadeOrigem: number;
  idUnidadeDestino: number;
  idUsuarioRemetente: number;
  despacho: string | null;
  tipoDespacho: Default<string>;
  nivelAcesso: Default<'P' | 'R' | 'S'>;
  idHipoteseLegal: number | null;
  despachoPreparatorio: string | null;
  dtDespacho: Timestamp;
  dtRecebimento: TimestampNullable;
  idUsuarioRecebedor: number | null;
  reencaminhamento: Default<boolean>;
  idTramitacaoPrincipal: number | null;
  /** The deadline set for the destination (migration 0022), from the step's default or by the sender. */
  prazo: DateOnly | null;
  origemPrazo: 'PASSO' | 'REMETENTE' | null;
  /** The date the document must be back at the sending unit (SEI's "retorno programado"). */
  retornoProgramado: DateOnly | null;
  /** A recall of the sending before its receipt: the row stays, marked, and is never pending again. */
  dtCancelamento: TimestampNullable;
  idUsuarioCancelamento: number | null;
  motivoCancelamento: string | null;
  /** The document as it was before this sending, for a recall to restore it. */
  situacaoAnterior: SituacaoDocumento | null;
  estadoProcessamentoAnterior: number | null;
  dataEnvioAnterior: TimestampNullable;
  prazoAnterior: DateOnly | null;
  /**
   * Issue 22 (migration 0025): for a sending, when its origin unit had received the document (null when it had not,
   * as after autuação); written by a trigger on insertion: the start of the stay the sending ends (the Painel).
   */
  dtRecebimentoOrigem: ColumnType<Date | null, never, never>;
}

/** Every change of a deadline or of a scheduled return (migration 0022), with its reason. */
export interface PrazoAlteracaoTable {
  id: Generated<number>;
  idDocumento: number;
  idTramitacao: number;
  tipo: 'PRAZO' | 'RETORNO_PROGRAMADO';
  anterior: DateOnly | null;
  novo: DateOnly | null;
  motivo: string;
  idUsuario: number;
  idUnidade: number;
  em: Timestamp;
}

/** "Ciência": a user has read the document (migration 0022); one per user and document. */
export interface CienciaTable {
  id: Generated<number>;
  idDocumento: number;
  idUsuario: number;
  idUnidade: number;
  observacao: string | null;
  em: Timestamp;
}

/** A suspension of a process (estado 2001 = 5, migration 0022); at most one in force per document. */
export interface SobrestamentoTable {
  id: Generated<number>;
  idDocumento: number;
  idUnidade: number;
  idUsuario: number;
  motivo: string;
  em: Timestamp;
  levantarEm: DateOnly | null;
  estadoAnterior: number;
  levantadoEm: TimestampNullable;
  /** Null with levantadoEm set: lifted by its date. */
  idUsuarioLevantamento: number | null;
  motivoLevantamento: string | null;
}

export interface RascunhoDespachoTable {
  idDocumento: number;
  idUnidade: number;
  despacho: string | null;
  despachoPreparatorio: string | null;
  idUsuario: number;
  atualizadoEm: Timestamp;
}

export interface ArquivoTable {
  sha256: string;
  tamanho: number;
  tipoMime: string;
  criadoEm: Timestamp;
}

/** Issue 21: the indexing of a file's text (migration 0024). */
export interface ArquivoIndexacaoTable {
  sha256: string;
  estado: Default<'PENDENTE' | 'EXTRAINDO' | 'CONCLUIDO' | 'ILEGIVEL'>;
  motivo: string | null;
  paginasTotal: number | null;
  paginasFeitas: Default<number>;
  paginasOcr: Default<number>;
  paginasFalhas: Default<number>;
  tentativas: Default<number>;
  bloqueadoAte: TimestampNullable;
  enfileiradoEm: Timestamp;
  iniciadoEm: TimestampNullable;
  concluidoEm: TimestampNullable;
}

/** One page of a file's text: from the PDF's text layer (T) or OCR (O); `falha` when that page could not be read. */
export interface ArquivoTextoPaginaTable {
  sha256: string;
  pagina: number;
  texto: Default<string>;
  origem: 'T' | 'O';
  falha: string | null;
  extraidoEm: Timestamp;
  /** Generated from `texto` (portugues_sem_acento); read only through SQL. */
  tsv: ColumnType<string | null, never, never>;
}

/**
 * Issue 21 (migration 0026): a document's public text as one tsvector, kept by triggers; read only through SQL
 * (features/conteudo/texto-documento-sql.ts).
 */
export interface DocumentoTextoTable {
  idDocumento: number;
  dataCriacao: Timestamp;
  tsvPublico: ColumnType<string | null, never, never>;
  posicoesExatas: boolean;
  naoPublicas: boolean;
}

export interface AnexoTable {
  id: Generated<number>;
  sha256: string;
  nome: string;
  idUsuario: number;
  criadoEm: Timestamp;
}

export interface PecaTable {
  id: Generated<number>;
  idDocumento: number;
  idAnexo: number;
  sequencial: number;
  descricao: string | null;
  tipoCopia: 'N' | 'O' | 'A' | 'C' | 'S';
  nivelAcesso: Default<'P' | 'R' | 'S'>;
  idHipoteseLegal: number | null;
  /** Issue 24 (0031): a non-process document type, whose mapped PEN species the peça is sent as. */
  idTipoDocumento: number | null;
  sequenciaTramitacao: number | null;
  idPasso: number | null;
  situacaoTramitacao: 'T' | null;
  situacaoVinculo: 'M' | 'D' | null;
  justificativaAlteracao: string | null;
  justificativaCancelamento: string | null;
  idDocumentoPecaDesmembramento: number | null;
  idUsuario: number;
  criadoEm: Timestamp;
  idUsuarioCancelamento: number | null;
  canceladoEm: TimestampNullable;
}

export interface AgregacaoTable {
  id: Generated<number>;
  idDocumentoAgregador: number;
  idDocumento: number;
  tipoAgregacao: 'ANEXACAO' | 'APENSACAO';
  situacaoAnterior: SituacaoDocumento;
  idUsuarioJuntada: number;
  juntadoEm: Timestamp;
  idUsuarioDesjuntada: number | null;
  desjuntadoEm: TimestampNullable;
}

export interface FavoritoTable {
  idUsuario: number;
  idDocumento: number;
  acompanhadoPorEmail: Default<boolean>;
  criadoEm: Timestamp;
}

/** When a user last opened a document (its page, or receiving it): the postal box's unread rows (issue 20). */
export interface DocumentoLeituraTable {
  idUsuario: number;
  idDocumento: number;
  dtLeitura: Timestamp;
}

/** A user's visits to the postal box of a unit: "Novos desde meu último acesso" (issue 20, docs/domain.md). */
export interface CaixaPostalVisitaTable {
  idUsuario: number;
  idUnidade: number;
  dtUltima: Timestamp;
  dtAnterior: TimestampNullable;
}

export interface MarcadorTable {
  idUsuario: number;
  idDocumento: number;
  marcador: string;
}

export interface TipoAssinaturaTable {
  id: Generated<number>;
  descricao: string;
  ativo: Default<boolean>;
}

export interface ArquivoAssinadoTable {
  id: Generated<number>;
  idUsuario: number;
  nomeOriginal: string;
  sha256: string;
  sha256Original: string | null;
  idTipoAssinatura: number | null;
  tipoAssinatura: string | null;
  matrSiape: string | null;
  assinadoEm: Timestamp;
  idDocumentoVinculado: number | null;
  idPecaVinculada: number | null;
  excluidoEm: TimestampNullable;
}

export interface ConsolidacaoTable {
  uuid: string;
  idUsuario: number | null;
  idDocumento: number;
  tipo: string;
  idsPecas: number[];
  estado: Default<'PENDENTE' | 'PROCESSANDO' | 'CONCLUIDA' | 'ERRO'>;
  sha256: string | null;
  paginas: number | null;
  erro: string | null;
  criadoEm: Timestamp;
  concluidoEm: TimestampNullable;
  /** Holds a peça an anonymous reader could not open: only its requester may follow and download it. */
  restrita: Default<boolean>;
  /** Bytes an unfinished one is expected to take, for the disk budget. */
  tamanhoEstimado: Default<number>;
  /** When the retention sweep deleted its PDF (the row stays as a tombstone). */
  expiradaEm: TimestampNullable;
  /** The requester's address, for the limit of unfinished anonymous ones (null on rows older than 0019). */
  ipSolicitante: string | null;
}
