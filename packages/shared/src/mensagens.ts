import {
  MENSAGENS_AUTUACAO,
  MENSAGENS_BUSCA,
  MENSAGENS_BUSCA_RAPIDA,
  MENSAGENS_CAIXA_POSTAL,
  MENSAGENS_DOCUMENTO,
  MENSAGENS_GERAL,
  MENSAGENS_LOOKUPS,
  MENSAGENS_PAINEL,
  MENSAGENS_PRAZOS,
  MENSAGENS_USUARIO,
} from './mensagens-iniciais.ts';

export {
  MENSAGENS_AUTUACAO,
  MENSAGENS_BUSCA,
  MENSAGENS_BUSCA_RAPIDA,
  MENSAGENS_CAIXA_POSTAL,
  MENSAGENS_DOCUMENTO,
  MENSAGENS_GERAL,
  MENSAGENS_LOOKUPS,
  MENSAGENS_PAINEL,
  MENSAGENS_PRAZOS,
  MENSAGENS_USUARIO,
} from './mensagens-iniciais.ts';

/** Heavy work done in the pool of worker processes (PDFs, images, reports). */
export const MENSAGENS_TRABALHO = {
  tempoEsgotado: (segundos: number) =>
    `O processamento excedeu o tempo limite de ${segundos} segundos e foi interrompido`,
  memoriaEsgotada: 'O processamento excedeu o limite de memória e foi interrompido',
  ocupado: 'O servidor está ocupado com outros processamentos; tente novamente em instantes',
  encerrado: 'O servidor está sendo encerrado; tente novamente em instantes',
  interrompido: 'O processamento terminou inesperadamente',
} as const;

export const MENSAGENS_LOGIN = {
  credenciaisInvalidas: 'Usuário ou senha inválidos',
  muitasTentativas: 'Muitas tentativas de acesso sem sucesso. Aguarde alguns minutos e tente novamente.',
  aguardeParaTentar: (segundos: number) =>
    `Muitas tentativas de acesso sem sucesso para este usuário. Aguarde ${
      segundos < 60 ? `${segundos} segundos` : segundos <= 60 ? '1 minuto' : `${Math.ceil(segundos / 60)} minutos`
    } e tente novamente.`,
  origemInvalida: 'Requisição de acesso recusada: origem inválida',
  camposObrigatorios: 'Informe o usuário e a senha',
} as const;

/** Administração › Usuários (permission ADMINISTRACAO_USUARIOS). */
export const MENSAGENS_ADMINISTRACAO_USUARIOS = {
  usuarioNaoEncontrado: 'Usuário não encontrado',
  unidadeLotacaoInvalida: 'Unidade de lotação não encontrada ou inativa',
  unidadeAtualForaDasLotacoes: 'A unidade atual deve ser uma das lotações do usuário',
  semLotacao: 'Um usuário ativo precisa de pelo menos uma lotação',
  muitasLotacoes: 'Um usuário pode ter no máximo 50 lotações',
  autoDesativacao: 'Você não pode desativar o seu próprio usuário',
  autoRemocaoAdministracao: 'Você não pode remover a sua própria permissão de administração de usuários',
  salvo: 'Usuário alterado com sucesso',
  erroSalvar: 'Não foi possível salvar o usuário',
  erroCarregar: 'Não foi possível carregar os usuários',
  erroCarregarUsuario: 'Não foi possível carregar o usuário',
  nenhumEncontrado: 'Nenhum usuário encontrado',
} as const;

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

/** Signed files (issue 8): what the server answers when a rule is broken, and the screen's own texts. */
export const MENSAGENS_ARQUIVOS_ASSINADOS = {
  apenasPdf: 'Apenas arquivos PDF podem ser assinados',
  pdfInvalido: 'O arquivo não é um PDF válido',
  pdfProtegido: 'O PDF está protegido por senha e não pode ser assinado',
  pdfSemPaginas: 'O PDF não tem páginas',
  tipoAssinaturaObrigatorio: 'Informe o tipo de assinatura',
  tipoAssinaturaInvalido: 'O tipo de assinatura informado não existe ou está inativo',
  tipoAssinaturaDivergente: 'O tipo de assinatura informado não corresponde ao identificador enviado',
  siapeObrigatorio: 'Informe a matrícula SIAPE',
  siapeDivergente: 'A matrícula SIAPE informada não é a sua: cada servidor assina apenas com a própria matrícula',
  semSiape: 'Seu cadastro não tem matrícula SIAPE: procure o administrador do sistema',
  muitosArquivos: (maximo: number) => `Envie no máximo ${maximo} arquivos por vez`,
  naoEncontrado: 'Arquivo assinado não encontrado',
  apenasAssinanteExclui: 'Apenas quem assinou o arquivo pode excluí-lo',
  vinculadoNaoExclui:
    'Arquivos vinculados a um documento não podem ser excluídos: eles fazem parte do registro do documento',
  apenasAssinanteVincula: 'Apenas quem assinou o arquivo pode vinculá-lo a um documento',
  jaVinculado: (numero: string) => `Este arquivo já está vinculado ao documento ${numero}`,
  originalApenasAssinante: 'Apenas quem assinou o arquivo pode obter o original sem assinatura',
  dataAssinaturaIncompleta:
    'Ao selecionar uma data de assinatura, é necessário selecionar tanto a data inicial quanto a data final',
  dataAssinaturaInvertida: 'A data final da assinatura deve ser igual ou posterior à data inicial',
  assinados: (quantidade: number) =>
    quantidade === 1 ? '1 arquivo assinado com sucesso' : `${quantidade} arquivos assinados com sucesso`,
  assinado: (nome: string) => `Arquivo ${nome} assinado com sucesso`,
  vinculado: (nome: string, numero: string) => `Arquivo ${nome} vinculado ao documento ${numero}`,
  naoVinculado: (nome: string) => `Não foi possível vincular ${nome}`,
  numeroDocumentoObrigatorio: 'Informe o número do documento',
  documentoNaoEncontrado: 'Nenhum documento encontrado com este número',
  nenhumSelecionado: 'Selecione ao menos um arquivo',
  nenhumArquivo: 'Nenhum arquivo assinado encontrado',
  excluidos: (quantidade: number) =>
    quantidade === 1 ? '1 arquivo excluído com sucesso' : `${quantidade} arquivos excluídos com sucesso`,
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

export const MENSAGENS_REENCAMINHAMENTO = {
  filtroObrigatorio: 'Defina pelo menos a unidade para buscar documentos a serem reencaminhados',
  sucesso: 'Documento reencaminhado com sucesso',
  receberAntes: 'Receba o documento em nome da unidade antes de reencaminhá-lo',
  outraUnidade:
    'O documento não está mais na caixa postal desta unidade: foi recebido ou tramitado enquanto você o reencaminhava. Busque a unidade de novo',
  naoPendente: 'Este documento não aguarda recebimento em nenhuma unidade',
} as const;

export const MENSAGENS_RELATORIOS = {
  filtroObrigatorio: 'Defina pelo menos uma unidade de procedência, juntamente com o intervalo de tempo',
  erroGerarPdf: 'Não foi possível gerar o pdf do relatório',
  dataHoraInvalida: 'Data e hora inválidas: use AAAA-MM-DDTHH:mm ou AAAA-MM-DDTHH:mm:ss',
  fimAntesDoInicio: 'A data e hora final deve ser posterior à data e hora inicial',
  muitasUnidades: 'Selecione no máximo 200 unidades de procedência',
  unidadeNaoPermitida: 'Unidade de procedência não disponível para este relatório',
  erroCarregarUnidades: 'Não foi possível buscar unidades de procedência',
  tipoRelatorioInvalido: 'Relatório desconhecido: use malote ou desarquivados',
  relatoriosSimultaneos: (limite: number) =>
    `Você já tem ${limite} relatórios sendo gerados; aguarde a conclusão deles antes de pedir outro`,
  reduzaFiltros: 'Reduza o período ou o número de unidades do relatório e tente novamente',
} as const;

/** Cover, receipt and public verification (issue 9). */
export const MENSAGENS_VERIFICACAO = {
  codigoNaoEncontrado: 'Código de verificação não encontrado',
  codigoIncompleto: 'Informe os 16 caracteres do código de verificação',
  erroVerificar: 'Não foi possível verificar o código',
  tipoSemCapa: 'Este tipo de documento não gera capa',
  destinatarioInvalido: 'Informe um e-mail válido para o destinatário',
  limiteComprovanteEmail: (porUsuario: number, porDestinatario: number) =>
    `Limite de envios do comprovante por e-mail atingido (${porUsuario} por hora por usuário e ${porDestinatario} por hora para o mesmo destinatário). Tente novamente mais tarde.`,
} as const;

/** OpenID Connect login (issue 12): pages shown when the provider's answer cannot open a session. */
export const MENSAGENS_OIDC = {
  usuarioDesconhecido:
    'Sua conta institucional não está associada a um usuário do Trâmite. Procure o administrador do sistema para liberar o seu acesso.',
  usuarioInativo: 'Seu usuário do Trâmite está desativado. Procure o administrador do sistema.',
  contaJaVinculada:
    'O usuário do Trâmite correspondente já está associado a outra conta institucional. Procure o administrador do sistema.',
  falhaProvedor: 'Não foi possível concluir o acesso pelo provedor de identidade. Tente entrar novamente.',
  provedorIndisponivel: 'O provedor de identidade está indisponível no momento. Tente novamente em instantes.',
  loginLocalDesativado: 'O acesso com usuário e senha está desativado: entre pela conta institucional.',
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

export const MENSAGENS_CONSOLIDACAO = {
  pecasDeOutroDocumento: (ids: string) => `Peças não encontradas neste documento: ${ids}`,
  nenhumaPeca: 'Informe ao menos uma peça do documento para consolidar',
  nenhumaPecaVisivel: 'Nenhuma das peças informadas pode ser consolidada por você',
  tipoInvalido: 'Tipo de consolidação não suportado; use PDF',
  muitasEmAndamento: (limite: number) =>
    `Você já tem ${limite} consolidações em andamento; aguarde a conclusão delas antes de solicitar outra`,
  naoEncontrada: 'Consolidação não encontrada',
  naoConcluida: 'A consolidação ainda não foi concluída',
  arquivoIndisponivel: 'O arquivo da consolidação não está disponível',
  falhaInesperada: 'Não foi possível gerar a consolidação; solicite novamente',
  erroCarregar: 'Não foi possível carregar as consolidações',
  nenhuma: 'Nenhuma consolidação solicitada',
  expirada: 'Esta consolidação expirou e foi removida; solicite-a novamente',
  acessoPerdido:
    'Você não pode mais ver todas as peças desta consolidação (uma peça foi reclassificada, o documento mudou de unidade ou você perdeu uma permissão); solicite a consolidação novamente',
  discoCheio: 'O espaço reservado para consolidações está cheio; tente novamente mais tarde',
  muitasSolicitacoes: 'Muitas solicitações de consolidação em pouco tempo; aguarde alguns minutos e tente novamente',
  erroBaixar: 'Não foi possível baixar a consolidação',
} as const;

// Issue 20: one section per part; each part adds its own messages to its section only.
/** The business-day calendar and its administration screen. */
export const MENSAGENS_CALENDARIO = {
  erroCarregar: 'Não foi possível carregar o calendário',
  inicioInvalido: 'Data inicial inválida: use uma data real no formato AAAA-MM-DD',
  fimInvalido: 'Data final inválida: use uma data real no formato AAAA-MM-DD',
  fimAntesDoInicio: 'A data final não pode ser anterior à data inicial',
  periodoLongo: 'O período consultado deve ser de no máximo 3 anos',
  anoInvalido: (minimo: number, maximo: number) => `Ano inválido: informe um ano de ${minimo} a ${maximo}`,
  dataInvalida: 'Data inválida: use uma data real no formato AAAA-MM-DD',
  dataForaDoAlcance: (minimo: number, maximo: number) => `A data deve estar entre os anos ${minimo} e ${maximo}`,
  descricaoObrigatoria: 'Informe a descrição do dia não útil',
  descricaoLonga: (maximo: number) => `A descrição deve ter no máximo ${maximo} caracteres`,
  tipoInvalido: 'Tipo inválido: escolha feriado local, recesso ou ponto facultativo da instituição',
  jaNaoEhDiaUtil: (data: string, motivo: string) => `${data} já não é dia útil: ${motivo}`,
  diaNaoEncontrado: (data: string) => `${data} não está cadastrado como dia não útil da instituição`,
  apenasInstitucionais: 'Só os dias não úteis da instituição podem ser excluídos; os nacionais são calculados',
  incluido: 'Dia não útil incluído',
  excluido: 'Dia não útil excluído',
  erroIncluir: 'Não foi possível incluir o dia não útil',
  erroExcluir: 'Não foi possível excluir o dia não útil',
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

/** The daily digest e-mail chosen in /usuario. */
export const MENSAGENS_RESUMO_DIARIO = {
  horarioInvalido: 'Informe o horário no formato HH:MM',
  precisaEmail: 'Informe o e-mail para receber o resumo diário',
  erroCarregarContagens: 'Não foi possível carregar os prazos da unidade',
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

/** Issue 24: Tramita GOV.BR, the federal barramento of electronic processes. */
export const MENSAGENS_TRAMITA = {
  certificadoIlegivel:
    'O certificado do Tramita GOV.BR não pôde ser lido: confira o arquivo (PKCS#12 ou PEM do certificado e da chave) e a senha',
  chaveNaoCorresponde: 'A chave privada informada não corresponde ao certificado do Tramita GOV.BR',
  certificadoRecusado:
    'O Tramita GOV.BR recusou o certificado do sistema: confira se é o certificado deste ambiente (homologação ou produção) e se ainda é válido',
  conexaoEncerradaNoCertificado:
    'O Tramita GOV.BR encerrou a conexão ao receber o certificado do sistema: confira se é o certificado deste ambiente (homologação ou produção) e se ainda é válido',
  servidorNaoConfiavel: (endereco: string) =>
    `Não foi possível confirmar que ${endereco} é o Tramita GOV.BR: o certificado do servidor não é confiável ou não corresponde ao endereço`,
  indisponivel: (endereco: string) =>
    `Não foi possível conectar ao Tramita GOV.BR em ${endereco}; tente novamente mais tarde`,
  tempoEsgotado: (segundos: number) =>
    `O Tramita GOV.BR não respondeu em ${segundos.toLocaleString('pt-BR')} segundos; tente novamente mais tarde`,
  erroBarramento: (mensagem: string, codigo?: string) =>
    `O Tramita GOV.BR recusou o pedido: ${mensagem}${codigo ? ` (código ${codigo})` : ''}`,
  erroHttp: (status: number) => `O Tramita GOV.BR respondeu com um erro (HTTP ${status})`,
  respostaInvalida: 'O Tramita GOV.BR respondeu em um formato que o Trâmite não reconhece',
} as const;

/**
 * Every user-facing message of the specification, defined once and used by the web app and the API.
 * Grouped by the screen or rule they belong to (spec sections 5 and 8); each group is also its own constant, so that
 * a web screen imports only the groups it shows (issue 23: MENSAGENS whole is some 8 KB of every first screen).
 */
export const MENSAGENS = {
  geral: MENSAGENS_GERAL,
  trabalho: MENSAGENS_TRABALHO,
  login: MENSAGENS_LOGIN,
  usuario: MENSAGENS_USUARIO,
  administracaoUsuarios: MENSAGENS_ADMINISTRACAO_USUARIOS,
  autuacao: MENSAGENS_AUTUACAO,
  arquivos: MENSAGENS_ARQUIVOS,
  arquivosAssinados: MENSAGENS_ARQUIVOS_ASSINADOS,
  juntada: MENSAGENS_JUNTADA,
  buscaRapida: MENSAGENS_BUSCA_RAPIDA,
  busca: MENSAGENS_BUSCA,
  lookups: MENSAGENS_LOOKUPS,
  caixaPostal: MENSAGENS_CAIXA_POSTAL,
  reencaminhamento: MENSAGENS_REENCAMINHAMENTO,
  relatorios: MENSAGENS_RELATORIOS,
  documento: MENSAGENS_DOCUMENTO,
  verificacao: MENSAGENS_VERIFICACAO,
  oidc: MENSAGENS_OIDC,
  tramitacao: MENSAGENS_TRAMITACAO,
  favoritos: MENSAGENS_FAVORITOS,
  consolidacao: MENSAGENS_CONSOLIDACAO,
  calendario: MENSAGENS_CALENDARIO,
  prazos: MENSAGENS_PRAZOS,
  cancelamentoEnvio: MENSAGENS_CANCELAMENTO_ENVIO,
  ciencia: MENSAGENS_CIENCIA,
  sobrestamento: MENSAGENS_SOBRESTAMENTO,
  resumoDiario: MENSAGENS_RESUMO_DIARIO,
  conteudo: MENSAGENS_CONTEUDO,
  painel: MENSAGENS_PAINEL,
  tramita: MENSAGENS_TRAMITA,
} as const;
