// The message groups of the document's page and the rules it shares with the server (who may forward, join, suspend,
// recall or change the peças of a document): a module of their own, so that the page does not load MENSAGENS whole
// (issue 23). mensagens.ts gathers every group in MENSAGENS.

export const MENSAGENS_ARQUIVOS = {
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
  // Peças (issue 6): what the server answers when a rule is broken, and the success messages.
  tipoCopiaObrigatorio: 'Informe o tipo de cópia do arquivo',
  nivelAcessoInvalido: 'Informe o nível de acesso do arquivo: público, restrito ou sigiloso',
  hipoteseObrigatoria: 'Informe a hipótese legal que fundamenta a restrição de acesso',
  hipoteseInvalida: 'A hipótese legal informada não existe ou está inativa',
  tipoPecaInvalido: 'O tipo da peça deve ser um tipo documental ativo que não seja processo',
  tipoPecaAlterado: 'Tipo da peça alterado',
  sequencialInvalido: 'Informe o novo número de sequência da peça',
  justificativaAlteracaoObrigatoria: 'Informe a justificativa da alteração',
  justificativaCancelamentoObrigatoria: 'Informe a justificativa do cancelamento',
  situacaoVinculoInvalida: 'Informe o tipo de cancelamento: desmembrada (M) ou desentranhada (D)',
  destinoDesmembramentoObrigatorio: 'Informe o documento para o qual a peça será desmembrada',
  destinoDesmembramentoMesmoDocumento: 'A peça não pode ser desmembrada para o próprio documento',
  destinoDesmembramentoNaoEncontrado: 'Documento de destino do desmembramento não encontrado',
  destinoDesmembramentoRecusado: (numero: string, motivo: string) =>
    `A peça não pode ser desmembrada para o documento ${numero}: ${motivo}`,
  apenasUnidadeAtual: 'Apenas a unidade em que o documento se encontra pode alterar suas peças',
  documentoNaoRecebido: 'As peças só podem ser alteradas depois que sua unidade receber o documento',
  documentoEncerrado: 'Documentos arquivados, concluídos ou cancelados não podem ter suas peças alteradas',
  pecaNaoEncontrada: 'Peça não encontrada',
  pecaJaCancelada: 'Esta peça já foi cancelada; o cancelamento é irreversível',
  pecaCanceladaNaoAltera: 'Peças canceladas não podem ser alteradas',
  pecaTramitadaNaoExclui:
    'Peças que já tramitaram não podem ser excluídas; cancele-as como desmembradas ou desentranhadas',
  anexoDivergente: 'O anexo informado não corresponde a esta peça',
  semPermissaoArquivo: 'Você não tem permissão para visualizar este arquivo',
  conteudoIndisponivel: 'O conteúdo deste arquivo não foi encontrado no armazenamento',
  arquivoAusente: 'Selecione o arquivo a enviar',
  umArquivoPorVez: 'Envie um arquivo por requisição',
  arquivoVazio: 'O arquivo está vazio',
  arquivoGrande: (limite: string) => `O arquivo excede o tamanho máximo de ${limite}`,
  tipoNaoReconhecido: 'O conteúdo do arquivo não é de um tipo reconhecido (jpg, png, bmp, gif, mp3, mp4, pdf ou zip)',
  extensaoNaoReconhecida:
    'A extensão do arquivo não é de um tipo reconhecido (jpg, png, bmp, gif, mp3, mp4, pdf ou zip)',
  conteudoDivergente: (tipo: string) => `O conteúdo do arquivo não é um ${tipo.toUpperCase()} válido`,
  multipartObrigatorio: 'Envie o arquivo em um formulário multipart/form-data',
  envioInterrompido: 'O envio do arquivo foi interrompido antes do fim',
  // Slow uploads (issue 17): the caps on uploads open at once and the idle timeout of an upload's body.
  muitosEnviosDoUsuario: (maximo: number) =>
    `Você já tem ${maximo} envios de arquivo em andamento. Aguarde o fim de um deles e tente novamente.`,
  enviosEsgotados: 'O servidor está recebendo muitos arquivos agora. Tente novamente em instantes.',
  envioOcioso: 'O envio do arquivo parou de chegar ao servidor e foi cancelado. Tente novamente.',
  enviado: (nome: string) => `Arquivo ${nome} enviado com sucesso`,
  alterado: 'Arquivo alterado com sucesso',
  excluido: (nome: string) => `${nome} excluído com sucesso`,
  cancelado: 'Peça cancelada com sucesso',
  sequenciaAlterada: 'Sequência da peça alterada com sucesso',
} as const;

export const MENSAGENS_JUNTADA = {
  nenhumCandidato:
    'Nenhum documento encontrado. Documentos que não constam em sua caixa postal, de setores diferentes, arquivados, não recebidos ou ainda em criação não podem ter suas peças alteradas',
  erroDesconhecido:
    'Ocorreu um erro desconhecido ao tentar juntar documentos. Por favor, entre em contato com o administrador.',
  nenhumDocumento: 'Nenhum documento encontrado',
  desapensados: 'Documentos desapensados com sucesso',
  desanexados: 'Documentos desanexados com sucesso',
  juntados: 'Documentos juntados com sucesso',
  mesmoDocumento: 'Um documento não pode ser juntado a si mesmo',
  ciclo: 'O documento escolhido contém este documento: a juntada criaria um ciclo',
  jaJuntado: 'O documento escolhido já está juntado a outro documento',
  agregadorIndisponivel:
    'Só é possível juntar documentos a um documento em andamento, recebido pela sua unidade atual e que não esteja juntado a outro',
  agregadorNaoProcesso:
    'Só processos (ou tipos considerados processo na anexação) recebem documentos anexados. Use a apensação',
  naoJuntado: 'Este documento não está juntado ao documento informado',
  desjuntarSemPermissao: 'Só a unidade que detém o documento pode desfazer a juntada',
  numeroObrigatorio: 'Informe o número do documento a juntar',
} as const;

export const MENSAGENS_TRAMITACAO = {
  sucesso: 'Tramitação realizada com sucesso',
  despachoSalvo: 'Despacho salvo com sucesso',
  erroValidar: 'Não foi possível validar a tramitacao para esse fluxo',
  // Forwarding (issue 5): consistency answer (ERRO blocks, ALERTA asks to confirm) and refusals of the send.
  naoRecebidoPelaUnidade: 'O documento não está na sua unidade ou ainda não foi recebido por ela',
  documentoJuntado: 'O documento está juntado a outro documento e só tramita junto com ele',
  documentoCancelado: 'Documentos cancelados não podem ser tramitados',
  semAssunto: 'O documento não tem assunto definido',
  semPecas: 'O documento ainda não tem peças',
  urgente: 'Este documento é urgente',
  despachoPreparatorioSalvo: 'Há um despacho preparatório salvo para este documento',
  receberAntes: 'O documento precisa ser recebido pela sua unidade antes de ser tramitado',
  jaTramitado: 'Este documento já foi tramitado e aguarda recebimento no destino',
  fluxoNaoEncontrado: 'Fluxo não encontrado para este tipo de documento',
  passoNaoEncontrado: 'Passo não encontrado neste fluxo',
  passoNaoPermitido: 'Este passo do fluxo não é permitido para a sua unidade neste momento',
  passoNaoPermitidoDocumento: 'Este passo não pertence a um fluxo do tipo deste documento',
  destinoNaoPermitido: 'A unidade de destino não é permitida para este passo do fluxo',
  motivoDesarquivamento: 'Informe no despacho o motivo do desarquivamento',
  informePasso: 'Informe o passo do fluxo',
  informeDestino: 'Informe a unidade de destino',
  loteSucesso: (quantidade: number) =>
    quantidade === 1 ? '1 documento tramitado com sucesso' : `${quantidade} documentos tramitados com sucesso`,
  loteFalhas: (quantidade: number) =>
    quantidade === 1 ? '1 documento não foi tramitado' : `${quantidade} documentos não foram tramitados`,
  // Bulk forwarding warns as the single one does (its ALERTA 'urgente'), naming the urgent documents (issue 20).
  loteUrgentes: (numeros: readonly string[]) =>
    numeros.length === 1 ? `O documento ${numeros[0]} é urgente` : `Os documentos ${numeros.join(', ')} são urgentes`,
} as const;

/** Favourites (issue 8): spec §8 "favourite add, remove and toggle failures have their own messages". */
export const MENSAGENS_FAVORITOS = {
  erroAdicionar: 'Não foi possível adicionar o documento aos favoritos',
  erroRemover: 'Não foi possível remover o documento dos favoritos',
  erroAlterarAcompanhamento: 'Não foi possível alterar o acompanhamento por e-mail',
  erroCarregar: 'Não foi possível carregar os documentos favoritos',
  erroSalvarMarcadores: 'Não foi possível salvar os marcadores do favorito',
  adicionado: 'Documento adicionado aos favoritos',
  removido: 'Documento removido dos favoritos',
  acompanhamentoLigado: 'Acompanhamento por e-mail ativado',
  acompanhamentoDesligado: 'Acompanhamento por e-mail desativado',
  naoFavorito: 'Este documento não está entre os seus favoritos',
  dataAlteracaoIncompleta:
    'Ao selecionar uma data de última alteração, é necessário selecionar tanto a data inicial quanto a data final',
  periodoInvertido: 'A data inicial da última alteração deve ser anterior ou igual à data final',
  nenhumFavorito: 'Nenhum documento favorito encontrado',
} as const;

/** Recalling a sending not yet received ("Cancelar envio"). */
export const MENSAGENS_CANCELAMENTO_ENVIO = {
  jaRecebido: 'O documento já foi recebido pelo destino e o envio não pode mais ser cancelado',
  somenteOrigem: 'Somente a unidade que enviou o documento pode cancelar o envio',
  nadaACancelar: 'Este documento não tem envio aguardando recebimento para cancelar',
  documentoJuntado: 'O documento está juntado a outro: cancele o envio do documento principal',
  semEstadoAnterior:
    'Este envio foi registrado antes de o sistema guardar a situação anterior do documento e não pode ser cancelado',
  envioCancelado: 'O envio deste documento foi cancelado pela unidade de origem',
  informeMotivo: 'Informe o motivo do cancelamento do envio',
  motivoLongo: 'O motivo do cancelamento deve ter no máximo 500 caracteres',
  cancelado: 'Envio cancelado: o documento voltou à unidade de origem',
  erroCancelar: 'Não foi possível cancelar o envio',
  loteConcluido: (cancelados: number, total: number) => `${cancelados} de ${total} envio(s) cancelado(s)`,
} as const;

export const MENSAGENS_CIENCIA = {
  registrada: 'Ciência registrada',
  jaRegistrada: (quando: string) => `Você já registrou ciência deste documento em ${quando}`,
  observacaoLonga: 'A observação da ciência deve ter no máximo 500 caracteres',
  erroRegistrar: 'Não foi possível registrar a ciência',
  erroCarregar: 'Não foi possível carregar as ciências do documento',
  nenhuma: 'Ninguém registrou ciência deste documento',
  loteConcluido: (registradas: number, total: number) => `Ciência registrada em ${registradas} de ${total} documentos`,
} as const;

export const MENSAGENS_SOBRESTAMENTO = {
  documentoSobrestado: 'O documento está sobrestado: levante o sobrestamento antes de tramitá-lo ou juntá-lo',
  motivoObrigatorio: 'Informe o motivo do sobrestamento',
  motivoLongo: 'O motivo deve ter no máximo 500 caracteres',
  levantarEmPassado: 'A data de levantamento deve ser posterior a hoje',
  levantarEmDistante: 'A data de levantamento deve estar a no máximo 2 anos de hoje',
  dataInvalida: 'Data de levantamento inválida: use AAAA-MM-DD',
  apenasUnidadeDetentora:
    'Só a unidade que detém o documento, depois de recebê-lo, pode sobrestá-lo ou levantar o sobrestamento',
  apenasProcessos: 'Só processos podem ser sobrestados',
  apenasEmAndamento: 'Só processos em andamento podem ser sobrestados',
  jaSobrestado: 'O documento já está sobrestado',
  naoSobrestado: 'O documento não está sobrestado',
  sobrestado: 'Documento sobrestado',
  levantado: 'Sobrestamento levantado',
  erroCarregar: 'Não foi possível carregar o sobrestamento do documento',
  erroSobrestar: 'Não foi possível sobrestar o documento',
  erroLevantar: 'Não foi possível levantar o sobrestamento',
} as const;

/** Issue 21: the text of the peças (extraction, OCR, indexing) and searching it. */
export const MENSAGENS_CONTEUDO = {
  textoCurto: 'Digite ao menos três caracteres para buscar no conteúdo das peças',
  textoLongo: 'A busca no conteúdo das peças aceita no máximo 200 caracteres',
  erroBuscar: 'Não foi possível buscar no conteúdo das peças',
  nenhumaOcorrencia: 'Nenhuma peça que você pode ver contém esses termos',
  totalLimitado: (limite: string) =>
    `Mais de ${limite} documentos encontrados: a lista mostra os ${limite} mais recentes. Refine a busca para ver os outros.`,
  emLeitura: (quantidade: number) =>
    quantidade === 1
      ? '1 peça ainda está sendo lida e pode não aparecer na busca'
      : `${quantidade} peças ainda estão sendo lidas e podem não aparecer na busca`,
  erroCarregarIndexacao: 'Não foi possível carregar o andamento da indexação',
  erroReindexar: 'Não foi possível pedir a nova indexação',
  reindexacaoPedida: (arquivos: number) =>
    arquivos === 1
      ? '1 arquivo voltou para a fila de indexação'
      : `${arquivos} arquivos voltaram para a fila de indexação`,
  confirmarReindexarTudo:
    'Ler de novo o texto de todas as peças da instituição? A busca continua a responder com o texto atual enquanto isso.',
  protegido: 'Arquivo protegido por senha: o texto não pode ser lido',
  corrompido: 'Arquivo corrompido ou em formato que não pode ser lido',
  paginasDemais: (maximo: number) => `O arquivo tem mais de ${maximo} páginas: o texto não é lido`,
  grandeDemais: (maximoMb: number) => `O arquivo passa de ${maximoMb} MB: o texto não é lido`,
  imagemGrandeDemais: 'A imagem tem pixels demais para o reconhecimento de texto',
  paginaTempoEsgotado: 'A leitura da página passou do tempo limite',
  paginaMemoriaEsgotada: 'A leitura da página passou do limite de memória',
  tentativasEsgotadas: 'A leitura do arquivo falhou três vezes e não será tentada de novo sem um pedido',
} as const;
