// The message groups the first screens show (layout, home, search, postal box, opening, document): a module of their
// own, so that the web's first load carries only these (issue 23). mensagens.ts gathers every group in MENSAGENS.

export const MENSAGENS_GERAL = {
  naoAutenticado: 'É necessário entrar no sistema para realizar esta operação',
  semPermissao: 'Você não tem permissão para realizar esta operação',
  naoEncontrado: 'Recurso não encontrado',
  rotaNaoEncontrada: 'Endereço não encontrado',
  parametrosInvalidos: 'Parâmetros inválidos',
  erroInterno: 'Ocorreu um erro interno. Tente novamente ou contate o administrador.',
  cabecalhoCsrfAusente: 'Requisição recusada: cabeçalho de segurança ausente',
  bancoIndisponivel: 'O serviço está temporariamente indisponível. Tente novamente em instantes.',
  semPermissaoPagina: 'Você não tem permissão para acessar esta página',
  erroSair: 'Não foi possível sair do sistema. Tente novamente.',
  semComunicacao: 'Não foi possível se comunicar com o servidor',
  conflito: 'A operação conflita com outra alteração feita ao mesmo tempo. Atualize a página e tente novamente.',
  requisicaoInterrompida: 'A requisição foi interrompida antes de chegar por inteiro',
} as const;

export const MENSAGENS_BUSCA_RAPIDA = {
  numeroVazio: 'Digite o número do documento (NUP) ou parte dele',
  erroBuscar: 'Não foi possível buscar o documento. Tente de novo',
} as const;

export const MENSAGENS_USUARIO = {
  erroAlterarConfiguracoes: 'Ocorreu um erro ao tentar alterar as configurações do usuário',
  configuracoesSalvas: 'Configurações salvas com sucesso',
  unidadeNaoLotada: 'A unidade escolhida não é uma das suas lotações',
  emailInvalido: 'Informe um e-mail válido para as notificações',
  unidadeAlterada: (sigla: string) => `Agora você está trabalhando em ${sigla}`,
} as const;

export const MENSAGENS_CAIXA_POSTAL = {
  filtroObrigatorio: 'Defina pelo menos o número do documento ou então as datas inicial e final conjuntamente',
  dataIncompleta: 'Ao selecionar uma data, é necessário selecionar tanto a data inicial quanto a data final',
  dataInvertida: 'A data inicial deve ser anterior ou igual à data final',
  tiposInvalidos: 'Parâmetros de busca inválidos ao buscar lista de tipos de documento',
  tempoEsgotado: 'Tempo de espera expirou. Tente refinar mais sua busca para obter um número menor de resultados.',
  erroUnidadesAutorizadas: 'Não foi possível carregar as unidades autorizadas',
  documentoNaoEncontrado: (numero: string) => `Não foi possível buscar o documento ${numero} na sua caixa postal`,
} as const;

/** Issue 22: the home page's counts and the Painel. */
export const MENSAGENS_PAINEL = {
  dataInvalida: 'Informe a data no formato AAAA-MM-DD',
  periodoIncompleto: 'Informe a data inicial e a data final do período',
  periodoInvertido: 'A data inicial deve ser anterior ou igual à data final',
  periodoLongo: 'O período do painel pode ter no máximo dois anos',
  semPermissaoUnidade: 'Você não tem acesso ao painel desta unidade',
  semPermissaoInstitucional: 'O painel da instituição exige a permissão PAINEL_INSTITUCIONAL',
  erroCarregar: 'Não foi possível carregar o painel',
  erroCarregarInicio: 'Não foi possível carregar o resumo do seu trabalho',
} as const;

export const MENSAGENS_BUSCA = {
  dataTramitacaoIncompleta:
    'Ao selecionar uma data de tramitação, é necessário selecionar tanto a data de tramitação inicial quanto a data de tramitação final',
  dataCriacaoIncompleta:
    'Ao selecionar uma data de criação, é necessário selecionar tanto a data de criação inicial quanto a data de criação final',
  dataTramitacaoInvertida: 'A data de tramitação inicial deve ser anterior ou igual à data de tramitação final',
  dataCriacaoInvertida: 'A data de criação inicial deve ser anterior ou igual à data de criação final',
  interessadoIncompleto:
    'Ao selecionar um tipo de interessado, é necessário selecionar também uma entidade interessada',
  responsavelIncompleto:
    'Ao selecionar um tipo de responsável pela tramitação, é necessário selecionar também um responsável',
  resumoCurto: 'O campo resumo de assunto deve conter no mínimo três caracteres',
  resumoSemDatas:
    'Ao buscar pelo resumo do assunto, é necessário preencher completamente o filtro de data de criação ou de tramitação',
  conteudoCurto: 'O campo conteúdo das peças deve conter no mínimo três caracteres',
  conteudoSemDatas:
    'Ao buscar pelo conteúdo das peças, é necessário preencher completamente o filtro de data de criação ou de tramitação',
  nenhumFiltro:
    'Defina pelo menos uma seleção de filtros: número do documento, intervalo de datas completo, interessado ou responsável pela tramitação',
  nenhumFiltroUsuario:
    'Defina pelo menos uma seleção de filtros: número do documento, intervalo de datas completo, interessado, responsável pela tramitação ou servidor das unidades de procedência',
  interessadoSemTipo: 'Não é possível buscar um interessado sem definir seu tipo',
  responsavelSemTipo: 'Não é possível buscar um responsável pela tramitação sem definir seu tipo',
  erroCarregarDocumentos: 'Não foi possível carregar documentos',
  tipoInteressadoInvalido: 'Tipo de interessado inválido',
  tipoResponsavelInvalido: 'Tipo de responsável pela tramitação inválido',
  dataInvalida: 'Data inválida: use AAAA-MM-DD',
  nomeInteressadoCurto: 'Digite ao menos 3 caracteres do nome do interessado, ou o seu código',
} as const;

export const MENSAGENS_LOOKUPS = {
  erroCarregarVocabulario: 'Não foi possível carregar os itens do vocabulário controlado',
  erroSalvarVocabulario: 'Não foi possível salvar o novo item no vocabulário controlado',
  erroExcluirVocabulario: 'Não foi possível excluir o item do vocabulário controlado',
  erroTiposAutorizados: 'Não foi possível buscar tipos de documento autorizados',
  erroCarregarTiposDocumentais: 'Não foi possível carregar os tipos documentais',
  erroAlterarPropriedades: 'Erro ao alterar propriedades',
  erroBuscarTiposDocumento: 'Não foi possível buscar tipos de documento',
  erroBuscarTiposInteressados: 'Não foi possível buscar tipos de interessados',
  erroBuscarTiposResponsaveis: 'Não foi possível buscar tipos de responsáveis tramitação',
  erroBuscarUnidadesProcedencia: 'Não foi possível buscar unidades de procedência',
  erroBuscarServidoresProcedencia: 'Não foi possível buscar servidores das unidades de procedência',
  erroCarregarInteressados: 'Não foi possível carregar os interessados',
  interessadoNaoEncontrado: 'Interessado não encontrado',
  multiplosInteressados: 'Múltiplos interessados encontrados',
  erroEncontrarInteressado: 'Não foi possível encontrar o interessado',
  erroCarregarResponsaveis: 'Não foi possível carregar os responsáveis pela tramitação',
  responsavelNaoEncontrado: 'Responsável pela tramitação não encontrado',
  multiplosResponsaveis: 'Múltiplos responsáveis pela tramitação encontrados',
  erroEncontrarResponsavel: 'Não foi possível encontrar o responsável pela tramitação',
  itemSalvo: 'Item salvo com sucesso',
  itemExcluido: 'Item excluído com sucesso',
  propriedadesAlteradas: 'Propriedades alteradas com sucesso',
  tipoDocumentoNaoEncontrado: 'Tipo de documento não encontrado',
  itemVocabularioNaoEncontrado: 'Item do vocabulário controlado não encontrado',
  itemVocabularioDuplicado:
    'Já existe um item do vocabulário controlado com esta descrição para este tipo de documento e assunto',
  interessadoSemEmail: 'O interessado não tem e-mail cadastrado',
  unidadesProcedenciaObrigatorias: 'Informe ao menos uma unidade de procedência',
  muitasConsultas: 'Muitas consultas em pouco tempo. Aguarde alguns minutos e tente novamente.',
  muitasConsultasCpf: 'Limite de consultas por CPF atingido. Aguarde e tente novamente mais tarde.',
  muitasConsultasEmail: 'Limite de consultas de e-mail de interessados atingido. Aguarde e tente novamente mais tarde.',
} as const;

/** Spec §8: 'Não foi possível carregar os tipos de documento / unidades de procedência / tipos de interessados / assuntos / lista de assuntos' is one family, one message per lookup. */
export const MENSAGENS_AUTUACAO = {
  documentoOrigemIncompleto: 'Ao definir um documento de origem, todos os campos devem ser preenchidos',
  urgenteSemMotivo: 'Ao definir um documento como urgente, é necessário definir o motivo da urgência',
  recebimentoAntesDoDocumento: 'A data de recebimento não pode ser anterior à data do documento de origem',
  assuntoInvalido: 'Este assunto é inválido para este tipo de documento',
  documentoOrigemNaoEncontrado: 'Documento não encontrado ou não é um processo/documento avulso',
  erroInicializacao: 'Erro durante a inicialização de dados da autuação: ',
  erroBuscarDadosDocumento: 'Não foi possível buscar dados do documento',
  apenasEmCriacao: 'Apenas documentos em criação podem ser editados',
  apenasNatoDigitais: 'Apenas documentos nato-digitais ou digitalizados podem ser editados',
  erroCarregarTiposDocumento: 'Não foi possível carregar os tipos de documento',
  erroCarregarUnidadesProcedencia: 'Não foi possível carregar as unidades de procedência',
  erroCarregarTiposInteressados: 'Não foi possível carregar os tipos de interessados',
  erroCarregarAssuntos: 'Não foi possível carregar os assuntos',
  erroCarregarListaAssuntos: 'Não foi possível carregar a lista de assuntos',
  erroEncontrarAssunto: 'Não foi possível encontrar o assunto',
  tipoInvalido: 'Este tipo de documento não existe ou está inativo',
  procedenciaInvalida: 'A unidade de procedência não existe ou está inativa',
  unidadeNaoAutua: 'Sua unidade atual não pode autuar documentos. Escolha uma unidade de protocolo nas configurações.',
  semUnidadeAtual: 'Usuário sem lotação ativa: procure o administrador do sistema',
  edicaoOutraUnidade: 'Apenas a unidade em que o documento se encontra pode editá-lo',
} as const;

export const MENSAGENS_DOCUMENTO = {
  erroReceber: 'Não foi possível receber o documento',
  erroConsolidacao: 'Não foi possível gerar a solicitação de consolidação',
  erroComprovante: 'Não foi possível gerar o comprovante',
  erroEnviarComprovante: 'Não foi possível enviar o comprovante',
  erroSalvarMarcadores: 'Erro ao salvar os marcadores.',
  recebido: 'Documento recebido com sucesso',
  marcadoresSalvos: 'Marcadores salvos com sucesso',
  jaRecebido: 'Este documento já foi recebido',
  naoPendenteRecebimento: 'Este documento não está aguardando recebimento na sua unidade',
  // Bulk receipt from the postal box (issue 20).
  loteRecebidos: (quantidade: number) =>
    quantidade === 1 ? '1 documento recebido com sucesso' : `${quantidade} documentos recebidos com sucesso`,
  loteNaoRecebidos: (quantidade: number) =>
    quantidade === 1 ? '1 documento não foi recebido' : `${quantidade} documentos não foram recebidos`,
  marcadorLongo: 'Cada marcador deve ter no máximo 60 caracteres',
  marcadoresDemais: 'Informe no máximo 20 marcadores',
} as const;

/** Deadlines of a sending, scheduled returns, their changes and the "Controle de prazos" screen. */
export const MENSAGENS_PRAZOS = {
  diaNaoUtil: (data: string, motivo: string) => `O prazo ${data} cai em dia não útil (${motivo}); escolha um dia útil`,
  dataInvalida: 'Data do prazo inválida: use uma data real no formato AAAA-MM-DD',
  noPassado: 'O prazo não pode ser anterior a hoje',
  muitoDistante: 'O prazo deve ser de no máximo 365 dias a partir de hoje',
  diasUteisInvalidos: 'Informe o prazo em dias úteis: de 1 a 365',
  dataOuDiasUteis: 'Informe o prazo por data ou por dias úteis, não pelos dois',
  informeData: 'Informe a data do prazo',
  retornoInvalido: 'Data do retorno programado inválida: use uma data real no formato AAAA-MM-DD',
  retornoNoPassado: 'O retorno programado não pode ser anterior a hoje',
  retornoMuitoDistante: 'O retorno programado deve ser de no máximo 365 dias a partir de hoje',
  retornoDiaNaoUtil: (data: string, motivo: string) =>
    `O retorno programado ${data} cai em dia não útil (${motivo}); escolha um dia útil`,
  retornoAntesDoPrazo: 'O retorno programado não pode ser anterior ao prazo',
  passoSemPrazo: 'Passos de arquivamento e de conclusão não têm prazo nem retorno programado',
  motivoObrigatorio: 'Informe o motivo da alteração',
  motivoLongo: 'Informe o motivo em no máximo 500 caracteres',
  prazoIgual: 'O novo prazo é igual ao atual',
  retornoIgual: 'O novo retorno programado é igual ao atual',
  somenteDetentor: 'Só a unidade que detém o documento, depois de recebê-lo, pode alterar o prazo',
  semTramitacao: 'O documento não tem tramitação cujo prazo possa ser alterado',
  documentoMudou: 'O documento mudou de situação enquanto o prazo era alterado; atualize a página e tente de novo',
  somenteQuemProgramou:
    'Só a unidade que programou o retorno pode alterá-lo, e apenas enquanto o documento não voltou a ela',
  prazoAlterado: 'Prazo alterado',
  retornoAlterado: 'Retorno programado alterado',
  // The postal box's deadlines and the "Controle de prazos" screen (helper B2).
  retornosVencidos: (quantidade: number) =>
    quantidade === 1
      ? '1 retorno programado vencido ou vencendo hoje'
      : `${quantidade} retornos programados vencidos ou vencendo hoje`,
  erroCarregarControle: 'Não foi possível carregar o controle de prazos',
  nenhumNaUnidade: 'Nenhum documento com prazo na sua unidade.',
  nenhumAguardado: 'Nenhum documento enviado pela sua unidade aguarda prazo em outra unidade.',
  nenhumRetorno: 'Nenhum retorno programado pendente para a sua unidade.',
} as const;
