import {
  MENSAGENS_ARQUIVOS,
  MENSAGENS_CANCELAMENTO_ENVIO,
  MENSAGENS_CIENCIA,
  MENSAGENS_CONTEUDO,
  MENSAGENS_FAVORITOS,
  MENSAGENS_JUNTADA,
  MENSAGENS_SOBRESTAMENTO,
  MENSAGENS_TRAMITACAO,
} from './mensagens-documento.ts';
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
  MENSAGENS_ARQUIVOS,
  MENSAGENS_CANCELAMENTO_ENVIO,
  MENSAGENS_CIENCIA,
  MENSAGENS_CONTEUDO,
  MENSAGENS_FAVORITOS,
  MENSAGENS_JUNTADA,
  MENSAGENS_SOBRESTAMENTO,
  MENSAGENS_TRAMITACAO,
} from './mensagens-documento.ts';
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

/** The daily digest e-mail chosen in /usuario. */
export const MENSAGENS_RESUMO_DIARIO = {
  horarioInvalido: 'Informe o horário no formato HH:MM',
  precisaEmail: 'Informe o e-mail para receber o resumo diário',
  erroCarregarContagens: 'Não foi possível carregar os prazos da unidade',
} as const;

/** "peça 3 (Parecer.pdf)"; a cancelled peça has no number (it still goes to the PEN, as retirado). */
const pecaTramita = (n: number | null, nome: string) =>
  n === null ? `peça cancelada "${nome}"` : `peça ${n} (${nome})`;

/** Issue 24, step 5: the pre-send check of Tramita GOV.BR (docs/tramita-govbr-desenho.md §2.2). */
export const MENSAGENS_TRAMITA_VERIFICACAO = {
  naoConfigurado: 'O envio a órgãos externos não está configurado',
  certificadoVencido: (data: string) => `O certificado do Tramita GOV.BR venceu em ${data}; avise a administração`,
  certificadoVencendo: (data: string) =>
    `O certificado do Tramita GOV.BR vence em ${data}, antes que o envio possa terminar; avise a administração`,
  tramiteEmAndamento: (situacao: string) => `Este processo já está em trâmite externo (${situacao})`,
  /** The situation of a trâmite recorded locally and not yet started on the barramento (0). */
  tramiteEmPreparacao: 'envio em preparação',
  unidadeNaoMapeada: (sigla: string) =>
    `A unidade ${sigla} não está mapeada no Tramita GOV.BR. Peça à administração o mapeamento`,
  unidadeNaoEnvia: (sigla: string) =>
    `A unidade ${sigla} está mapeada no Tramita GOV.BR, mas não para enviar processos. Peça à administração que habilite o envio`,
  destinoInapto: (nome: string) => `A unidade ${nome} não está habilitada a receber processos pelo Tramita GOV.BR`,
  semPecas: 'Não é possível enviar um processo sem peças',
  semInteressado: 'O Tramita GOV.BR exige ao menos um interessado; inclua um antes de enviar',
  semDescricao: 'Informe o assunto do processo antes de enviar',
  pecaEmEnvio: (nome: string | null) =>
    nome === null
      ? 'Há um arquivo sendo enviado a este processo; aguarde o fim do envio'
      : `A peça "${nome}" ainda está sendo enviada; aguarde o fim do envio`,
  ordemAlterada: 'A ordem das peças mudou desde o recebimento; o órgão de origem não aceita processo reordenado',
  especieNaoMapeada: (n: number | null, nome: string) =>
    `A ${pecaTramita(n, nome)} não tem tipo documental com espécie do Tramita GOV.BR. Escolha o tipo da peça`,
  especieInativaDoTipo: (especie: string, n: number | null, nome: string, tipo: string) =>
    `A espécie "${especie}" da ${pecaTramita(n, nome)} não existe mais no Tramita GOV.BR; atualize o mapeamento de "${tipo}"`,
  especieInativaPadrao: (especie: string, n: number | null, nome: string) =>
    `A espécie padrão "${especie}", usada na ${pecaTramita(n, nome)}, não existe mais no Tramita GOV.BR; atualize a configuração ou escolha o tipo da peça`,
  especieInativaOriginal: (especie: string, n: number | null, nome: string) =>
    `A espécie "${especie}" com que a ${pecaTramita(n, nome)} foi recebida não existe mais no Tramita GOV.BR; escolha o tipo da peça`,
  hipoteseNaoMapeada: (hipotese: string, n: number) =>
    `A hipótese legal "${hipotese}" da peça ${n} não tem correspondente no Tramita GOV.BR; nada restrito é enviado sem ela`,
  semHipotese: (n: number) =>
    `A peça ${n} é restrita e não tem hipótese legal; nada restrito é enviado ao Tramita GOV.BR sem ela`,
  hipoteseInativa: (nome: string, hipotese: string, n: number) =>
    `A hipótese "${nome}" do Tramita GOV.BR, correspondente a "${hipotese}" (peça ${n}), está inativa; atualize o mapeamento`,
  sigilosoNaoHomologado: (n: number) =>
    `A peça ${n} é sigilosa: o Tramita GOV.BR ainda não foi homologado para peças sigilosas`,
  tamanhoExcedido: (n: number, nome: string, tamanho: string, limite: string, destino: string) =>
    `A peça ${n} (${nome}, ${tamanho}) passa do limite de ${limite} aceito por ${destino}`,
  tamanhoExcedidoGlobal: (n: number, nome: string, tamanho: string, limite: string) =>
    `A peça ${n} (${nome}, ${tamanho}) passa do limite de ${limite} configurado para o Tramita GOV.BR`,
  extensaoRecusada: (extensao: string, n: number, destino: string) =>
    `${destino} não aceita arquivos .${extensao} (peça ${n})`,
  formatoNaoPadrao: (n: number, mime: string) =>
    `O arquivo da peça ${n} (${mime}) irá como "outro formato"; o destino pode recusá-lo`,
  arquivoRepetido: (numeros: readonly number[]) =>
    `As peças ${new Intl.ListFormat('pt-BR', { type: 'conjunction' }).format(numeros.map(String))} têm o mesmo arquivo; alguns destinos recusam processo com arquivos repetidos`,
  recusaAnterior: (destino: string, data: string, motivo: string, justificativa: string) =>
    `${destino} recusou em ${data} (${motivo}): "${justificativa}"`,
} as const;

/** Issue 24: Tramita GOV.BR, the federal barramento of electronic processes. */
export const MENSAGENS_TRAMITA = {
  verificacao: MENSAGENS_TRAMITA_VERIFICACAO,
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
  componenteIlegivel: 'O Tramita GOV.BR entregou o componente digital fora do formato Base64 esperado',
  parteIncompleta: (esperado: number, recebido: number) =>
    `O Tramita GOV.BR entregou ${recebido.toLocaleString('pt-BR')} bytes de um trecho de ${esperado.toLocaleString('pt-BR')} bytes do componente digital`,
  /**
   * Step 8: receiving a process (design §4.2). The justifications of a refusal go to the sender as written (at most
   * TAMANHO_MAXIMO_JUSTIFICATIVA_RECUSA characters; the job cuts what passes).
   */
  recebimento: {
    documentoAvulso:
      'O destinatário ainda não recebe documentos avulsos pelo Tramita GOV.BR; envie o documento dentro de um processo',
    naoConfigurado:
      'O destinatário ainda não concluiu a configuração para receber processos pelo Tramita GOV.BR (unidade ou tipo de processo de chegada)',
    destinatarioNaoMapeado: (numero: number) =>
      `A unidade de destino (estrutura ${numero}) não está habilitada a receber processos pelo Tramita GOV.BR no destinatário`,
    especieNaoMapeada: (ordem: number, nome: string, codigo: number) =>
      `Documento ${ordem}: a espécie documental "${nome}" (código ${codigo}) não está mapeada para um tipo documental no destinatário`,
    hipoteseNaoMapeada: (ordem: number, nome: string) =>
      `Documento ${ordem}: a hipótese legal "${nome}" não tem correspondente no destinatário, e um documento restrito ou sigiloso não é recebido sem ela`,
    tamanhoExcedido: (ordem: number, nome: string, limiteMb: number) =>
      `Documento ${ordem}: o arquivo "${nome}" passa do limite de ${limiteMb.toLocaleString('pt-BR')} MB aceito pelo destinatário`,
    nupExistente: (nup: string) => `O processo ${nup} já existe no destinatário`,
    hashDiferente: (ordem: number, nome: string) =>
      `Documento ${ordem}: o arquivo "${nome}" chegou com resumo SHA-256 diferente do informado pelo remetente`,
    erroRegistro: (causa: string) => `O destinatário não conseguiu registrar o processo: ${causa}`,
    despachoChegada: (origem: string, nre: string) => `Recebido de ${origem} pelo Tramita GOV.BR, NRE ${nre}`,
    pecaRetirada: 'Retirada no órgão de origem',
    eventoRecebido: (origem: string, nre: string) => `de ${origem}, NRE ${nre}`,
  },
  // Step 3: the configuration screen (Administração › Tramita GOV.BR).
  ambienteInvalido: 'Escolha o ambiente: homologação ou produção',
  urlObrigatoria: 'Informe o endereço da API do Tramita GOV.BR',
  urlLonga: (maximo: number) => `O endereço deve ter no máximo ${maximo} caracteres`,
  urlHttps:
    'Informe um endereço https:// válido, sem usuário nem senha (ex.: https://homolog.api.processoeletronico.gov.br/interoperabilidade/rest/v3/)',
  numeroFaixa: (rotulo: string, minimo: number, maximo: number) =>
    `${rotulo} deve ser um número inteiro de ${minimo.toLocaleString('pt-BR')} a ${maximo.toLocaleString('pt-BR')}`,
  identificadorInvalido: 'Informe um número inteiro positivo',
  repositorioObrigatorio: 'Informe o repositório de estruturas da instituição para ativar o Tramita GOV.BR',
  estruturaRaizObrigatoria: 'Informe o número da estrutura da instituição para ativar o Tramita GOV.BR',
  certificadoObrigatorioParaAtivar: (ambiente: string) =>
    `Envie o certificado do ambiente de ${ambiente} antes de ativar o Tramita GOV.BR`,
  unidadeInexistente: 'Unidade não encontrada ou inativa',
  tipoDocumentoInexistente: 'Tipo documental não encontrado ou inativo',
  tipoRecebidoNaoProcesso: 'O tipo dado ao processo recebido precisa ser um tipo de processo',
  tipoPecaEhProcesso: 'O tipo dado às peças recebidas não pode ser um tipo de processo',
  especieInexistente: (codigo: number) =>
    `A espécie ${codigo} não está na lista do Tramita GOV.BR guardada no Trâmite: sincronize as listas e escolha de novo`,
  naoConfigurado: 'O Tramita GOV.BR ainda não foi configurado: salve a configuração antes',
  semCertificado: (ambiente: string) =>
    `Não há certificado do Tramita GOV.BR para o ambiente de ${ambiente}: envie o certificado do sistema`,
  listaVazia: (lista: string) =>
    `O Tramita GOV.BR devolveu a lista de ${lista} vazia; nada foi alterado. Tente sincronizar mais tarde`,
  certificadoVencido: (data: string) =>
    `O certificado do Tramita GOV.BR venceu em ${data}; envie um certificado válido`,
  certificadoAindaNaoValido: (data: string) => `O certificado do Tramita GOV.BR só é válido a partir de ${data}`,
  certificadoNaoRsa: 'O certificado do Tramita GOV.BR precisa ter chave RSA',
  senhaIncorreta: 'A senha do arquivo PKCS#12 está incorreta',
  envioCertificadoIncompleto:
    'Envie o arquivo PKCS#12 (.p12 ou .pfx) com a senha, ou o certificado e a chave privada em PEM',
  envioCertificadoMisturado: 'Envie o arquivo PKCS#12 ou o par de arquivos PEM, não os dois',
  senhaLonga: (maximo: number) => `A senha deve ter no máximo ${maximo} caracteres`,
  configuracaoSalva: 'Configuração do Tramita GOV.BR salva',
  certificadoSalvo: 'Certificado do Tramita GOV.BR salvo',
  conexaoOk: (repositorios: number) =>
    `Conexão com o Tramita GOV.BR bem-sucedida: ${repositorios} ${repositorios === 1 ? 'repositório de estruturas disponível' : 'repositórios de estruturas disponíveis'}`,
  listasSincronizadas: 'Listas do Tramita GOV.BR sincronizadas',
  sincronizacaoFalhouAoSalvar: (motivo: string) =>
    `A configuração foi salva, mas as listas do Tramita GOV.BR não puderam ser sincronizadas: ${motivo}`,
  erroCarregar: 'Não foi possível carregar a configuração do Tramita GOV.BR',
  erroSalvar: 'Não foi possível salvar a configuração do Tramita GOV.BR',
  erroCertificado: 'Não foi possível salvar o certificado do Tramita GOV.BR',
  erroTestar: 'A conexão com o Tramita GOV.BR falhou',
  erroSincronizar: 'Não foi possível sincronizar as listas do Tramita GOV.BR',
  // Step 4: the mappings (units ↔ structures, types ↔ species, hypotheses ↔ PEN hypotheses, destinations' limits).
  buscaEstruturaVazia: 'Digite parte do nome ou da sigla da unidade, ou o número da estrutura',
  buscaEstruturaLonga: (maximo: number) => `A busca deve ter no máximo ${maximo} caracteres`,
  repositorioInexistente: (id: number) =>
    `O repositório de estruturas ${id} não está na lista do Tramita GOV.BR guardada no Trâmite: sincronize as listas`,
  repositorioInativo: (nome: string) => `O repositório de estruturas "${nome}" não está mais ativo no Tramita GOV.BR`,
  semRepositorioInstituicao:
    'Informe o repositório de estruturas da instituição na configuração antes de mapear unidades',
  unidadeSemSentido: 'Marque se a unidade envia, recebe ou as duas coisas',
  estruturaNaoEncontrada: (numero: number) =>
    `A estrutura ${numero} não foi encontrada no repositório de estruturas do Tramita GOV.BR`,
  estruturaInativa: (nome: string) => `A estrutura "${nome}" está inativa no Tramita GOV.BR`,
  estruturaForaDaInstituicao: (nome: string) =>
    `A estrutura "${nome}" não pertence à estrutura da instituição configurada no Tramita GOV.BR`,
  estruturaJaMapeada: (numero: number, unidade: string) =>
    `A estrutura ${numero} já está mapeada para a unidade ${unidade}; remova aquele mapeamento antes`,
  especieInativa: (nome: string) =>
    `A espécie "${nome}" não está mais ativa no Tramita GOV.BR: escolha outra ou sincronize as listas`,
  tipoEspecieEhProcesso:
    'Espécies documentais valem para as peças: escolha um tipo documental que não seja de processo',
  hipoteseLegalInexistente: 'Hipótese legal não encontrada ou inativa',
  hipotesePenInexistente: (identificacao: number) =>
    `A hipótese legal ${identificacao} não está na lista do Tramita GOV.BR guardada no Trâmite: sincronize as listas e escolha de novo`,
  hipotesePenInativa: (nome: string) =>
    `A hipótese legal "${nome}" não está mais ativa no Tramita GOV.BR: escolha outra ou sincronize as listas`,
  mapeamentoInexistente: 'Mapeamento não encontrado',
  limiteInexistente: 'Limite de destino não encontrado',
  limiteJaExiste: 'Já existe um limite para este destino; altere aquele',
  limiteVazio: 'Informe o tamanho máximo, as extensões recusadas ou os dois',
  extensaoInvalida: 'Cada extensão deve ter de 1 a 10 letras ou números (ex.: pdf, docx)',
  extensoesDemais: (maximo: number) => `Informe no máximo ${maximo} extensões`,
  observacaoLonga: (maximo: number) => `A observação deve ter no máximo ${maximo} caracteres`,
  mapeamentoSalvo: 'Mapeamento salvo',
  mapeamentoRemovido: 'Mapeamento removido',
  limiteSalvo: 'Limite de destino salvo',
  limiteRemovido: 'Limite de destino removido',
  erroCarregarMapeamentos: 'Não foi possível carregar os mapeamentos do Tramita GOV.BR',
  erroSalvarMapeamento: 'Não foi possível salvar o mapeamento',
  erroRemoverMapeamento: 'Não foi possível remover o mapeamento',
  erroBuscarEstruturas: 'Não foi possível buscar as estruturas no Tramita GOV.BR',
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
