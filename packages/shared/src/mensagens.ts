/**
 * Every user-facing message of the specification, defined once and used by the web app and the API.
 * Grouped by the screen or rule they belong to (spec sections 5 and 8).
 */
export const MENSAGENS = {
  geral: {
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
  },
  login: {
    credenciaisInvalidas: 'Usuário ou senha inválidos',
    muitasTentativas: 'Muitas tentativas de acesso sem sucesso. Aguarde alguns minutos e tente novamente.',
    origemInvalida: 'Requisição de acesso recusada: origem inválida',
    camposObrigatorios: 'Informe o usuário e a senha',
  },
  usuario: {
    erroAlterarConfiguracoes: 'Ocorreu um erro ao tentar alterar as configurações do usuário',
    configuracoesSalvas: 'Configurações salvas com sucesso',
    unidadeNaoLotada: 'A unidade escolhida não é uma das suas lotações',
    emailInvalido: 'Informe um e-mail válido para as notificações',
  },
  /** Spec §8: 'Não foi possível carregar os tipos de documento / unidades de procedência / tipos de interessados / assuntos / lista de assuntos' is one family, one message per lookup. */
  autuacao: {
    documentoOrigemIncompleto: 'Ao definir um documento de origem, todos os campos devem ser preenchidos',
    urgenteSemMotivo: 'Ao definir um documento como urgente, é necessário definir o motivo da urgência',
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
  },
  arquivos: {
    camposNaoDefinidos: (nome: string) => `Há campos não definidos para o arquivo "${nome}"`,
    naoEnviado: (nome: string) => `Arquivo ${nome} não enviado: `,
    naoAssinado: (nome: string) => `Arquivo ${nome} não assinado: `,
    naoExcluido: (nome: string) => `Não foi possível excluir ${nome}`,
    erroBuscarAssinados: 'Não foi possível buscar os arquivos assinados',
    erroBuscarTiposAssinatura: 'Não foi possível buscar os tipos de assinatura',
    erroAbrirArquivo: 'Não foi possível abrir o arquivo',
    erroCarregarPecas: 'Não foi possível carregar as peças do documento',
    erroBuscarArquivo: 'Não foi possível buscar o arquivo',
    erroAlterarArquivo: 'Não foi possível alterar o arquivo',
    erroCancelarPeca: 'Não foi possível cancelar o arquivo',
    prefixoRestrito: 'RESTRITO - Motivo: ',
    limiteBuscaAssinados: 'A busca retornou 50 arquivos, o limite de resultados. Refine os filtros para ver os demais.',
  },
  juntada: {
    nenhumCandidato:
      'Nenhum documento encontrado. Documentos que não constam em sua caixa postal, de setores diferentes, arquivados, não recebidos ou ainda em criação não podem ter suas peças alteradas',
    erroDesconhecido:
      'Ocorreu um erro desconhecido ao tentar juntar documentos. Por favor, entre em contato com o administrador.',
    nenhumDocumento: 'Nenhum documento encontrado',
    desapensados: 'Documentos desapensados com sucesso',
    desanexados: 'Documentos desanexados com sucesso',
  },
  busca: {
    dataTramitacaoIncompleta:
      'Ao selecionar uma data de tramitação, é necessário selecionar tanto a data de tramitação inicial quanto a data de tramitação final',
    dataCriacaoIncompleta:
      'Ao selecionar uma data de criação, é necessário selecionar tanto a data de criação inicial quanto a data de criação final',
    interessadoIncompleto:
      'Ao selecionar um tipo de interessado, é necessário selecionar também uma entidade interessada',
    responsavelIncompleto:
      'Ao selecionar um tipo de responsável pela tramitação, é necessário selecionar também um responsável',
    resumoCurto: 'O campo resumo de assunto deve conter no mínimo três caracteres',
    resumoSemDatas:
      'Ao buscar pelo resumo do assunto, é necessário preencher completamente o filtro de data de criação ou de tramitação',
    nenhumFiltro:
      'Defina pelo menos uma seleção de filtros: número do documento, intervalo de datas completo, interessado ou responsável pela tramitação',
    nenhumFiltroUsuario:
      'Defina pelo menos uma seleção de filtros: número do documento, intervalo de datas completo, interessado, responsável pela tramitação ou servidor das unidades de procedência',
    interessadoSemTipo: 'Não é possível buscar um interessado sem definir seu tipo',
    responsavelSemTipo: 'Não é possível buscar um responsável pela tramitação sem definir seu tipo',
    erroCarregarDocumentos: 'Não foi possível carregar documentos',
  },
  lookups: {
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
  },
  caixaPostal: {
    filtroObrigatorio: 'Defina pelo menos o número do documento ou então as datas inicial e final conjuntamente',
    dataIncompleta: 'Ao selecionar uma data, é necessário selecionar tanto a data inicial quanto a data final',
    tiposInvalidos: 'Parâmetros de busca inválidos ao buscar lista de tipos de documento',
    tempoEsgotado: 'Tempo de espera expirou. Tente refinar mais sua busca para obter um número menor de resultados.',
    erroUnidadesAutorizadas: 'Não foi possível carregar as unidades autorizadas',
    documentoNaoEncontrado: (numero: string) => `Não foi possível buscar o documento ${numero} na sua caixa postal`,
  },
  reencaminhamento: {
    filtroObrigatorio: 'Defina pelo menos a unidade para buscar documentos a serem reencaminhados',
    sucesso: 'Documento reencaminhado com sucesso',
  },
  relatorios: {
    filtroObrigatorio: 'Defina pelo menos uma unidade de procedência, juntamente com o intervalo de tempo',
    erroGerarPdf: 'Não foi possível gerar o pdf do relatório',
  },
  documento: {
    erroReceber: 'Não foi possível receber o documento',
    erroConsolidacao: 'Não foi possível gerar a solicitação de consolidação',
    erroComprovante: 'Não foi possível gerar o comprovante',
    erroEnviarComprovante: 'Não foi possível enviar o comprovante',
    erroSalvarMarcadores: 'Erro ao salvar os marcadores.',
    recebido: 'Documento recebido com sucesso',
    marcadoresSalvos: 'Marcadores salvos com sucesso',
  },
  tramitacao: {
    sucesso: 'Tramitação realizada com sucesso',
    despachoSalvo: 'Despacho salvo com sucesso',
    erroValidar: 'Não foi possível validar a tramitacao para esse fluxo',
  },
} as const;
