import type { CodigoTipoInteressado } from '../schema.ts';
import { type ChaveTipo, TIPO } from './vocabulario.ts';

/**
 * What a document of each type is about. `{interessado}` is the interested party's name, `{doInteressado}` the
 * same with its preposition ('da Prefeitura...', 'do Ministério...'), `{doServidor}` and `{doAluno}` the same
 * agreeing in gender ('da servidora Carla...'), `{n}` a number and `{ano}` the year.
 */
export interface ModeloResumo {
  texto: string;
  assunto: string;
  interessados: readonly CodigoTipoInteressado[];
}

type Modelos = Record<ChaveTipo, readonly ModeloResumo[]>;

export const MODELOS_RESUMO: Modelos = {
  memorando: [
    { texto: 'Memorando sobre solicitação de férias {doServidor}', assunto: '029.2', interessados: ['S'] },
    {
      texto: 'Memorando de indicação de servidores para capacitação em gestão documental',
      assunto: '021.2',
      interessados: ['U'],
    },
    {
      texto: 'Memorando sobre manutenção do sistema de climatização do bloco B',
      assunto: '042.2',
      interessados: ['U'],
    },
  ],
  oficio: [
    {
      texto: 'Ofício {doInteressado} sobre convênio para estágio de alunos',
      assunto: '019.1',
      interessados: ['O'],
    },
    {
      texto: 'Ofício {doInteressado} solicitando informações sobre a execução orçamentária de {ano}',
      assunto: '051',
      interessados: ['O'],
    },
    {
      texto: 'Resposta aos ofícios {doInteressado} sobre acessibilidade nos campi',
      assunto: '064',
      interessados: ['O'],
    },
    {
      texto: 'Ofício {doInteressado} sobre cessão de espaço para evento de extensão',
      assunto: '311',
      interessados: ['O'],
    },
    {
      texto: 'Ofício circular sobre o calendário de recesso de fim de ano {doInteressado}',
      assunto: '011',
      interessados: ['U'],
    },
    {
      texto: 'Ofício {doInteressado} com pedido de acesso à informação sobre contratos de terceirização',
      assunto: '064',
      interessados: ['O'],
    },
    {
      texto: 'Ofício {doInteressado} solicitando entrevista com o reitor sobre o vestibular',
      assunto: '012.1',
      interessados: ['O'],
    },
  ],
  processo: [
    { texto: 'Solicitação de férias {doServidor} — exercício {ano}', assunto: '029.2', interessados: ['S'] },
    { texto: 'Progressão funcional por mérito {doServidor}', assunto: '024.1', interessados: ['S'] },
    { texto: 'Licença para capacitação {doServidor}', assunto: '029.11', interessados: ['S'] },
    { texto: 'Afastamento para doutorado {doServidor}', assunto: '029.12', interessados: ['S'] },
    { texto: 'Pedido de aposentadoria voluntária de {interessado}', assunto: '028.1', interessados: ['S'] },
    { texto: 'Remoção a pedido {doServidor}', assunto: '023.2', interessados: ['S'] },
    {
      texto: 'Auxílio-transporte: atualização de trajeto {doServidor}',
      assunto: '026.2',
      interessados: ['S'],
    },
    {
      texto: 'Admissão de servidores aprovados no concurso do edital nº {n}/{ano}',
      assunto: '023.1',
      interessados: ['U'],
    },
    {
      texto: 'Inscrição de servidores no curso de capacitação em redação oficial',
      assunto: '021.2',
      interessados: ['U', 'S'],
    },
  ],
  requerimento: [
    {
      texto: 'Requerimento de trancamento de matrícula {doAluno}',
      assunto: '125.41',
      interessados: ['A'],
    },
    {
      texto: 'Requerimento de cancelamento de matrícula a pedido de {interessado}',
      assunto: '125.42',
      interessados: ['A'],
    },
    {
      texto: 'Requerimento de aproveitamento de estudos de disciplinas cursadas em outra instituição',
      assunto: '125.5',
      interessados: ['A'],
    },
    { texto: 'Requerimento de segunda via de diploma de graduação', assunto: '125.6', interessados: ['A', 'Q'] },
    { texto: 'Requerimento de matrícula fora do prazo — {interessado}', assunto: '125.4', interessados: ['A'] },
    {
      texto: 'Requerimento de acesso à informação sobre o resultado do concurso para docente',
      assunto: '064',
      interessados: ['Q', 'C'],
    },
    {
      texto: 'Requerimento de termo de compromisso de estágio obrigatório',
      assunto: '126',
      interessados: ['A'],
    },
  ],
  despacho: [
    {
      texto: 'Despacho de encaminhamento de documentos recebidos pelo Protocolo Central',
      assunto: '061.1',
      interessados: ['U'],
    },
    { texto: 'Despacho sobre a reorganização administrativa {doInteressado}', assunto: '011', interessados: ['U'] },
  ],
  portaria: [
    {
      texto: 'Portaria de designação de comissão de sindicância investigativa',
      assunto: '013',
      interessados: ['U'],
    },
    {
      texto: 'Portaria de nomeação dos membros do Conselho de Ensino, Pesquisa e Extensão',
      assunto: '013',
      interessados: ['U'],
    },
    { texto: 'Portaria de remoção de ofício {doServidor}', assunto: '023.2', interessados: ['S'] },
  ],
  parecer: [
    {
      texto: 'Parecer jurídico sobre minuta de convênio com {interessado}',
      assunto: '019.1',
      interessados: ['O'],
    },
    {
      texto: 'Parecer jurídico sobre dispensa de licitação para aquisição de reagentes',
      assunto: '033.1',
      interessados: ['U'],
    },
    { texto: 'Parecer sobre recurso em concurso público para docente', assunto: '023.11', interessados: ['Q'] },
    { texto: 'Parecer sobre pedido de acesso à informação', assunto: '064', interessados: ['Q', 'C'] },
  ],
  ata: [
    { texto: 'Ata da reunião ordinária do Conselho Universitário', assunto: '013', interessados: ['U'] },
    { texto: 'Ata da reunião do colegiado do curso de {interessado}', assunto: '121', interessados: ['K'] },
    {
      texto: 'Ata da sessão pública do pregão eletrônico nº {n}/{ano} — licitação de mobiliário',
      assunto: '033.1',
      interessados: ['U'],
    },
  ],
  edital: [
    {
      texto: 'Edital de concurso público para professor do magistério superior',
      assunto: '023.11',
      interessados: ['U'],
    },
    {
      texto: 'Edital de processo seletivo simplificado para professor substituto',
      assunto: '023.12',
      interessados: ['U'],
    },
    { texto: 'Edital de seleção de bolsistas de extensão {ano}', assunto: '311', interessados: ['U'] },
    {
      texto: 'Edital de seleção de projetos de pesquisa — chamada interna nº {n}/{ano}',
      assunto: '211',
      interessados: ['U'],
    },
    {
      texto: 'Edital de transferência externa para o curso de {interessado}',
      assunto: '125.1',
      interessados: ['K'],
    },
  ],
  contrato: [
    {
      texto: 'Contrato de prestação de serviços de vigilância patrimonial com {interessado}',
      assunto: '033.2',
      interessados: ['F'],
    },
    {
      texto: 'Contrato de manutenção predial preventiva e corretiva com {interessado}',
      assunto: '042.2',
      interessados: ['F'],
    },
    {
      texto: 'Termo aditivo ao contrato de fornecimento de material de limpeza com {interessado}',
      assunto: '033.1',
      interessados: ['F'],
    },
    {
      texto: 'Pagamento de fatura referente ao contrato com {interessado}',
      assunto: '053',
      interessados: ['F'],
    },
  ],
  convenio: [
    { texto: 'Convênio com {interessado} para realização de estágios', assunto: '126', interessados: ['O'] },
    { texto: 'Acordo de cooperação técnica com {interessado}', assunto: '019.1', interessados: ['O'] },
    {
      texto: 'Convênio para execução de programa de extensão com {interessado}',
      assunto: '311',
      interessados: ['O'],
    },
  ],
  relatorio: [
    { texto: 'Relatório anual de atividades {doInteressado}', assunto: '011', interessados: ['U'] },
    {
      texto: 'Relatório de auditoria interna sobre concessão de diárias e passagens',
      assunto: '015',
      interessados: ['U'],
    },
    {
      texto: 'Relatório final de projeto de pesquisa coordenado por {interessado}',
      assunto: '211',
      interessados: ['S'],
    },
    {
      texto: 'Relatório de prestação de contas do convênio com {interessado}',
      assunto: '055',
      interessados: ['O'],
    },
  ],
  notaTecnica: [
    { texto: 'Nota técnica sobre a proposta orçamentária de {ano}', assunto: '051', interessados: ['U'] },
    {
      texto: 'Nota técnica sobre as recomendações da auditoria interna quanto às licitações',
      assunto: '015',
      interessados: ['U'],
    },
  ],
  declaracao: [
    {
      texto: 'Declaração de vínculo funcional de {interessado} para fins de financiamento',
      assunto: '024.2',
      interessados: ['S'],
    },
    { texto: 'Declaração de matrícula para fins de estágio — {interessado}', assunto: '125.4', interessados: ['A'] },
  ],
  certidao: [
    {
      texto: 'Certidão de tempo de serviço para fins de aposentadoria — {interessado}',
      assunto: '024.2',
      interessados: ['S'],
    },
    { texto: 'Certidão de conclusão de curso de {interessado}', assunto: '125.6', interessados: ['A'] },
    { texto: 'Certidão negativa de débitos de {interessado}', assunto: '053', interessados: ['F', 'C'] },
  ],
  solicitacaoDiarias: [
    {
      texto: 'Solicitação de diárias para participação em congresso em Brasília — {interessado}',
      assunto: '052.2',
      interessados: ['S'],
    },
    {
      texto: 'Solicitação de diárias e passagens para composição de banca examinadora — {interessado}',
      assunto: '052.2',
      interessados: ['S'],
    },
    {
      texto: 'Solicitação de diárias para visita técnica ao campus fora de sede',
      assunto: '052.2',
      interessados: ['S'],
    },
    {
      texto: 'Solicitação de diárias para curso de capacitação em licitações e contratos — {interessado}',
      assunto: '052.2',
      interessados: ['S'],
    },
    {
      texto: 'Prestação de contas de diárias de viagem a serviço de {interessado}',
      assunto: '052.2',
      interessados: ['S'],
    },
  ],
  processoCompra: [
    { texto: 'Licitação para aquisição de material de expediente', assunto: '033.1', interessados: ['U'] },
    {
      texto: 'Pregão eletrônico para contratação de serviços de limpeza e conservação',
      assunto: '033.2',
      interessados: ['U'],
    },
    {
      texto: 'Dispensa de licitação para aquisição de reagentes de laboratório',
      assunto: '033.1',
      interessados: ['U'],
    },
    {
      texto: 'Aquisição de equipamentos de informática por adesão a ata de registro de preços',
      assunto: '033.1',
      interessados: ['U'],
    },
    {
      texto: 'Contratação de empresa para manutenção de elevadores — {interessado}',
      assunto: '033.2',
      interessados: ['F'],
    },
    { texto: 'Alienação de bens móveis inservíveis por leilão', assunto: '036', interessados: ['U'] },
    { texto: 'Reposição do estoque do almoxarifado central', assunto: '034', interessados: ['U'] },
  ],
  processoSeletivo: [
    {
      texto: 'Processo seletivo simplificado para professor substituto — {interessado}',
      assunto: '023.12',
      interessados: ['U'],
    },
    {
      texto: 'Concurso público para professor efetivo — edital nº {n}/{ano}',
      assunto: '023.11',
      interessados: ['U'],
    },
    {
      texto: 'Processo seletivo de transferência externa para o curso de {interessado}',
      assunto: '125.1',
      interessados: ['K'],
    },
    { texto: 'Seleção de monitores para o curso de {interessado}', assunto: '125.1', interessados: ['K'] },
  ],
  recursoAdministrativo: [
    {
      texto: 'Recurso administrativo contra o resultado do processo seletivo de transferência — {interessado}',
      assunto: '125.1',
      interessados: ['A'],
    },
    {
      texto: 'Recurso contra indeferimento de aproveitamento de estudos — {interessado}',
      assunto: '125.5',
      interessados: ['A'],
    },
    { texto: 'Recurso contra resultado de concurso público para docente', assunto: '023.11', interessados: ['Q'] },
    { texto: 'Recurso contra negativa de acesso à informação', assunto: '064', interessados: ['Q', 'C'] },
  ],
  processoNatoDigital: [
    { texto: 'Solicitação de férias {doServidor}', assunto: '029.2', interessados: ['S'] },
    {
      texto: 'Aquisição de material permanente para laboratório de ensino',
      assunto: '033.1',
      interessados: ['U'],
    },
    {
      texto: 'Solicitação de passagens aéreas para evento científico — {interessado}',
      assunto: '052.21',
      interessados: ['S'],
    },
    { texto: 'Matrícula em disciplina isolada — {interessado}', assunto: '125.4', interessados: ['A'] },
    { texto: 'Cadastro de projeto de pesquisa coordenado por {interessado}', assunto: '211', interessados: ['S'] },
    {
      texto: 'Registro de ação de extensão: curso de Libras para a comunidade',
      assunto: '311',
      interessados: ['U'],
    },
    { texto: 'Admissão de servidor técnico-administrativo — {interessado}', assunto: '023.1', interessados: ['S'] },
  ],
};

/** Extra subjects each type accepts besides those its summaries use. */
const ASSUNTOS_EXTRAS: Partial<Record<ChaveTipo, readonly string[]>> = {
  oficio: ['061.1'],
  processo: ['024.2'],
  despacho: ['061.1', '064'],
  parecer: ['023.2', '033.2'],
  edital: ['033.2'],
  contrato: ['055'],
  relatorio: ['021.2'],
  notaTecnica: ['011'],
  recursoAdministrativo: ['125.41'],
  processoNatoDigital: ['021.2', '029.11', '033.2', '055'],
};

/** Subjects of each type: those of its summaries plus the extras. */
export function assuntosDoTipo(chave: ChaveTipo): string[] {
  const codigos = new Set(MODELOS_RESUMO[chave].map((modelo) => modelo.assunto));
  for (const extra of ASSUNTOS_EXTRAS[chave] ?? []) codigos.add(extra);
  return [...codigos].sort();
}

export const CHAVES_TIPO = Object.keys(TIPO) as ChaveTipo[];

// ---------------------------------------------------------------- despachos

export const DESPACHOS_ENCAMINHAR = [
  'Encaminho para análise e providências cabíveis.',
  'Para conhecimento e manifestação.',
  'Encaminho para ciência e demais providências.',
  'Segue para análise e parecer.',
  'Solicito análise e manifestação no prazo de 5 (cinco) dias úteis.',
  'Encaminho conforme solicitado, para as providências de sua competência.',
  'De ordem, encaminho para conhecimento.',
  'Encaminho os autos para instrução processual.',
  'Para providências quanto ao pagamento.',
  'Encaminho para verificação da disponibilidade orçamentária.',
  'Após análise, encaminho para deliberação superior.',
  'Ciente. Encaminho para as providências necessárias.',
  'Encaminho para manifestação quanto ao mérito do pedido.',
  'Documentação conferida e completa. Segue para prosseguimento.',
];

export const DESPACHOS_RESTRITOS = [
  'Encaminho para análise. O documento contém informações pessoais do interessado.',
  'Segue em caráter restrito para manifestação da unidade.',
  'Encaminho para análise, observado o sigilo das informações anexadas.',
];

export const DESPACHOS_ARQUIVAR = [
  'Arquive-se, tendo em vista o encerramento do processo.',
  'Concluídas as providências, encaminho para arquivamento.',
  'Encaminho ao Arquivo Central para guarda, conforme tabela de temporalidade.',
];

export const DESPACHOS_DESARQUIVAR = [
  'Desarquivado a pedido da unidade para consulta e providências.',
  'Desarquivado para juntada de novos documentos.',
  'Desarquivado em atendimento a pedido de acesso à informação.',
];

export const DESPACHOS_DEVOLVER = [
  'Devolvo para complementação da documentação, conforme despacho anterior.',
  'Devolvo ao requerente para ciência da decisão.',
];

export const DESPACHOS_PREPARATORIOS = [
  'Minuta de despacho revisada pela chefia.',
  'Conferir a disponibilidade orçamentária antes da autorização.',
  'Aguardar manifestação da Procuradoria antes de decidir.',
];

export const DESPACHO_REENCAMINHAMENTO =
  'Reencaminhado pela administração do sistema em razão da desativação da unidade.';

export const MOTIVOS_URGENCIA = [
  'Prazo judicial de 5 (cinco) dias para resposta.',
  'Prazo de prestação de contas encerra nesta semana.',
  'Solicitação do Ministério Público Federal com prazo legal.',
  'Viagem marcada para os próximos dias.',
  'Pagamento de fornecedor com vencimento próximo.',
  'Pedido de acesso à informação com prazo da LAI (20 dias).',
];

export const OBSERVACOES = [
  'Documento físico original arquivado na unidade de origem.',
  'Interessado informado por telefone sobre a abertura.',
  'Processo prioritário conforme orientação da Reitoria.',
  'Aguardando assinatura do dirigente da unidade.',
  'Reaberto a partir de solicitação anterior do interessado.',
];

export const MOTIVOS_DESARQUIVAMENTO = [
  'Solicitação da unidade para consulta aos autos.',
  'Juntada de documentos novos apresentados pelo interessado.',
  'Atendimento a pedido de acesso à informação.',
  'Requisição da Procuradoria para instrução de processo judicial.',
];
