/**
 * Texts of the forwarding, postal-box and history screens that the specification does not word. The spec's own
 * messages come from MENSAGENS.
 */
export const TEXTOS = {
  // Issue 24: with the Tramita GOV.BR active and the unit mapped to send, Tramitar offers an external destination.
  tipoDestino: 'Destino do documento',
  destinoInterno: 'Unidade da instituição',
  destinoExterno: 'Órgão externo (Tramita GOV.BR)',
  erroTramitar: 'Não foi possível tramitar o documento',
  informeFluxo: 'Informe o fluxo',
  erroSalvarDespacho: 'Não foi possível salvar o despacho',
  erroCarregarHipoteses: 'Não foi possível carregar as hipóteses legais',
  erroCarregarHistorico: 'Não foi possível carregar as movimentações do documento',
  erroCarregarEventos: 'Não foi possível carregar os demais eventos do documento (ciências, sobrestamentos, prazos)',
  erroBuscarCaixaPostal: 'Não foi possível buscar os documentos da caixa postal',
  erroTramitarLote: 'Não foi possível tramitar os documentos selecionados',
  semPassos:
    'Sua unidade não pode tramitar este documento agora: ele precisa estar na sua unidade e ter sido recebido por ela (ou estar em criação nela).',
  confirmarSemPecas: 'Este documento ainda está em criação e não tem arquivos. Deseja tramitá-lo mesmo assim?',
  nenhumaMovimentacao: 'Este documento ainda não foi tramitado.',
  caixaVazia: 'Nenhum documento encontrado na caixa postal com esses filtros.',
} as const;

/** Spec §3 and §9: tipo de despacho, default I. */
export const TIPOS_DESPACHO = [
  { valor: 'I', rotulo: 'Informativo' },
  { valor: 'D', rotulo: 'Decisório' },
] as const;
