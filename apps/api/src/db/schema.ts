import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Kysely's view of the tables of migrations/, in camelCase (the CamelCasePlugin maps to snake_case). */
type Default<T> = ColumnType<T, T | undefined, T>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type TimestampNullable = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** `date` columns are kept as 'YYYY-MM-DD' strings (see connection.ts). */
type DateOnly = string;

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

export interface TipoDocumentoTable {
  id: Generated<number>;
  descricao: string;
  ativo: Default<boolean>;
  processo: Default<boolean>;
  geraCapa: Default<boolean>;
  notificaInteressadoTramitacao: Default<boolean>;
  integrado: Default<boolean>;
  urlDocumentacao: string | null;
  consideradoProcessoNaAnexacao: Default<boolean>;
  observacao: string | null;
}

export interface AssuntoTable {
  id: Generated<number>;
  codigo: string;
  descricao: string;
  atribuivel: Default<boolean>;
  ativo: Default<boolean>;
}

export interface TipoDocumentoAssuntoTable {
  idTipoDocumento: number;
  idAssunto: number;
}

export interface FluxoTable {
  id: Generated<number>;
  idTipoDocumento: number | null;
  descricao: string;
  ativo: Default<boolean>;
}

export type TipoPasso = 'ENCAMINHAR' | 'DEVOLVER' | 'ARQUIVAR' | 'DESARQUIVAR' | 'CONCLUIR';
export type DestinoPasso = 'LISTADAS' | 'PAI' | 'QUALQUER' | 'ARQUIVO';

export interface PassoTable {
  id: Generated<number>;
  idFluxo: number;
  ordem: number;
  descricao: string;
  tipo: TipoPasso;
  destino: Default<DestinoPasso>;
}

export interface PassoUnidadeTable {
  idPasso: number;
  idUnidade: number;
}

export interface HipoteseLegalTable {
  id: Generated<number>;
  descricao: string;
  baseLegal: string;
  ativa: Default<boolean>;
}

export interface ComissaoTable {
  id: Generated<number>;
  nome: string;
  idUnidade: number | null;
  ativa: Default<boolean>;
}

/** Members of a comissão (migration 0003): a comissão as the responsible for tramitações sent by its members. */
export interface ComissaoMembroTable {
  idComissao: number;
  idUsuario: number;
}

export type { CodigoTipoInteressado } from '@tramite/shared';

import type { CodigoTipoInteressado } from '@tramite/shared';

export interface InteressadoTable {
  id: Generated<number>;
  tipo: CodigoTipoInteressado;
  nome: string;
  codigo: string | null;
  cpf: string | null;
  cnpj: string | null;
  email: string | null;
  ativo: Default<boolean>;
  idPessoa: number | null;
  idUnidade: number | null;
}

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

export interface Database {
  unidade: UnidadeTable;
  pessoa: PessoaTable;
  usuario: UsuarioTable;
  lotacao: LotacaoTable;
  usuarioPermissao: UsuarioPermissaoTable;
  sessao: SessaoTable;
  tentativaLogin: TentativaLoginTable;
  esperaLogin: EsperaLoginTable;
  oidcTransacao: OidcTransacaoTable;
  tipoDocumento: TipoDocumentoTable;
  assunto: AssuntoTable;
  tipoDocumentoAssunto: TipoDocumentoAssuntoTable;
  fluxo: FluxoTable;
  passo: PassoTable;
  passoUnidadeOrigem: PassoUnidadeTable;
  passoDestino: PassoUnidadeTable;
  hipoteseLegal: HipoteseLegalTable;
  comissao: ComissaoTable;
  comissaoMembro: ComissaoMembroTable;
  interessado: InteressadoTable;
  sequenciaNup: SequenciaNupTable;
  documento: DocumentoTable;
  tramitacao: TramitacaoTable;
  rascunhoDespacho: RascunhoDespachoTable;
  arquivo: ArquivoTable;
  anexo: AnexoTable;
  peca: PecaTable;
  agregacao: AgregacaoTable;
  favorito: FavoritoTable;
  marcador: MarcadorTable;
  tipoAssinatura: TipoAssinaturaTable;
  arquivoAssinado: ArquivoAssinadoTable;
  consolidacao: ConsolidacaoTable;
  itemGlossario: ItemGlossarioTable;
  mensagemNoticia: MensagemNoticiaTable;
  desarquivamento: DesarquivamentoTable;
  job: JobTable;
  emailSaida: EmailSaidaTable;
  auditoria: AuditoriaTable;
  auditoriaAcaoRenomeada: AuditoriaAcaoRenomeadaTable;
  limiteTaxa: LimiteTaxaTable;
}

export type Documento = Selectable<DocumentoTable>;
export type NovoDocumento = Insertable<DocumentoTable>;
export type AlteracaoDocumento = Updateable<DocumentoTable>;
export type UsuarioRow = Selectable<UsuarioTable>;
