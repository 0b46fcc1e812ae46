import type {
  EsperaLoginTable,
  LotacaoTable,
  OidcTransacaoTable,
  PessoaTable,
  SessaoTable,
  TentativaLoginTable,
  UnidadeTable,
  UsuarioPermissaoTable,
  UsuarioTable,
} from './schema/acesso.ts';
import type {
  AssuntoTable,
  ComissaoMembroTable,
  ComissaoTable,
  FluxoTable,
  HipoteseLegalTable,
  InteressadoTable,
  PassoTable,
  PassoUnidadeTable,
  TipoDocumentoAssuntoTable,
  TipoDocumentoTable,
} from './schema/cadastros.ts';
import type {
  AgregacaoTable,
  AnexoTable,
  ArquivoAssinadoTable,
  ArquivoIndexacaoTable,
  ArquivoTable,
  ArquivoTextoPaginaTable,
  CaixaPostalVisitaTable,
  CienciaTable,
  ConsolidacaoTable,
  DocumentoLeituraTable,
  DocumentoTable,
  DocumentoTextoTable,
  FavoritoTable,
  MarcadorTable,
  PecaTable,
  PrazoAlteracaoTable,
  RascunhoDespachoTable,
  SequenciaNupTable,
  SobrestamentoTable,
  TipoAssinaturaTable,
  TramitacaoTable,
} from './schema/documentos.ts';
import type {
  AuditoriaAcaoRenomeadaTable,
  AuditoriaTable,
  DesarquivamentoTable,
  DiaNaoUtilTable,
  EmailSaidaTable,
  ItemGlossarioTable,
  JobTable,
  LimiteTaxaTable,
  MensagemNoticiaTable,
  ResumoDiarioEnvioTable,
} from './schema/operacao.ts';
import type {
  HistoricoExternoTable,
  TramitaConfiguracaoTable,
  TramitaEspecieEnvioTable,
  TramitaEspecieRecebimentoTable,
  TramitaEspecieTable,
  TramitaHipoteseEnvioTable,
  TramitaHipoteseRecebimentoTable,
  TramitaHipoteseTable,
  TramitaLimiteDestinoTable,
  TramitaRepositorioTable,
  TramitaUnidadeEstruturaTable,
  TramiteExternoComponenteTable,
  TramiteExternoTable,
} from './schema/tramita.ts';

// Kysely's view of the tables of migrations/, in camelCase (the CamelCasePlugin maps to snake_case), typed by hand in
// schema/ by area; db/esquema.test.ts compares it with the migrated database.
export type { CodigoTipoInteressado } from '@tramite/shared';
export type * from './schema/acesso.ts';
export type * from './schema/cadastros.ts';
export type * from './schema/documentos.ts';
export type * from './schema/operacao.ts';
export type * from './schema/tramita.ts';

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
  prazoAlteracao: PrazoAlteracaoTable;
  ciencia: CienciaTable;
  sobrestamento: SobrestamentoTable;
  rascunhoDespacho: RascunhoDespachoTable;
  arquivo: ArquivoTable;
  arquivoIndexacao: ArquivoIndexacaoTable;
  arquivoTextoPagina: ArquivoTextoPaginaTable;
  documentoTexto: DocumentoTextoTable;
  anexo: AnexoTable;
  peca: PecaTable;
  agregacao: AgregacaoTable;
  favorito: FavoritoTable;
  documentoLeitura: DocumentoLeituraTable;
  caixaPostalVisita: CaixaPostalVisitaTable;
  marcador: MarcadorTable;
  tipoAssinatura: TipoAssinaturaTable;
  arquivoAssinado: ArquivoAssinadoTable;
  consolidacao: ConsolidacaoTable;
  itemGlossario: ItemGlossarioTable;
  mensagemNoticia: MensagemNoticiaTable;
  desarquivamento: DesarquivamentoTable;
  diaNaoUtil: DiaNaoUtilTable;
  resumoDiarioEnvio: ResumoDiarioEnvioTable;
  job: JobTable;
  emailSaida: EmailSaidaTable;
  auditoria: AuditoriaTable;
  auditoriaAcaoRenomeada: AuditoriaAcaoRenomeadaTable;
  limiteTaxa: LimiteTaxaTable;
  tramitaConfiguracao: TramitaConfiguracaoTable;
  tramitaEspecie: TramitaEspecieTable;
  tramitaHipotese: TramitaHipoteseTable;
  tramitaRepositorio: TramitaRepositorioTable;
  tramitaUnidadeEstrutura: TramitaUnidadeEstruturaTable;
  tramitaEspecieEnvio: TramitaEspecieEnvioTable;
  tramitaEspecieRecebimento: TramitaEspecieRecebimentoTable;
  tramitaHipoteseEnvio: TramitaHipoteseEnvioTable;
  tramitaHipoteseRecebimento: TramitaHipoteseRecebimentoTable;
  tramitaLimiteDestino: TramitaLimiteDestinoTable;
  tramiteExterno: TramiteExternoTable;
  tramiteExternoComponente: TramiteExternoComponenteTable;
  historicoExterno: HistoricoExternoTable;
}
