import type { Insertable } from 'kysely';
import type { AssuntoTable, HipoteseLegalTable, TipoAssinaturaTable, TipoDocumentoTable } from '../schema.ts';

// ---------------------------------------------------------------- hipóteses legais (LAI)

const HIPOTESES: [string, string, boolean?][] = [
  ['Informação pessoal', 'Art. 31 da Lei nº 12.527/2011'],
  ['Documento preparatório', 'Art. 7º, § 3º, da Lei nº 12.527/2011'],
  ['Sigilo fiscal', 'Art. 198 do Código Tributário Nacional'],
  ['Sigilo bancário', 'Art. 1º da Lei Complementar nº 105/2001'],
  ['Segredo de justiça', 'Art. 189 do Código de Processo Civil'],
  ['Propriedade intelectual', 'Art. 22 da Lei nº 12.527/2011 c/c Lei nº 9.279/1996'],
  ['Informação classificada', 'Arts. 23 e 24 da Lei nº 12.527/2011'],
  ['Processo administrativo disciplinar', 'Art. 150 da Lei nº 8.112/1990'],
  ['Sigilo empresarial', 'Art. 5º, § 2º, do Decreto nº 7.724/2012'],
  ['Controle interno', 'Art. 26, § 3º, da Lei nº 10.180/2001', false],
];

export const HIPOTESE = {
  informacaoPessoal: 1,
  documentoPreparatorio: 2,
  sigiloFiscal: 3,
  sigiloBancario: 4,
  segredoJustica: 5,
  propriedadeIntelectual: 6,
  informacaoClassificada: 7,
  processoDisciplinar: 8,
  sigiloEmpresarial: 9,
} as const;

export function linhasHipoteses(): Insertable<HipoteseLegalTable>[] {
  return HIPOTESES.map(([descricao, baseLegal, ativa], indice) => ({
    id: indice + 1,
    descricao,
    baseLegal,
    ativa: ativa ?? true,
  }));
}

// ---------------------------------------------------------------- assuntos (CONARQ-style classification)

/** [codigo, descricao, atribuivel, ativo]; headings (classes) cannot be assigned to a document. */
const ASSUNTOS: [string, string, boolean?, boolean?][] = [
  ['010', 'Organização e funcionamento', false],
  ['011', 'Modernização e reforma administrativa'],
  ['012.1', 'Relações com a imprensa'],
  ['013', 'Comissões, conselhos e grupos de trabalho'],
  ['015', 'Auditoria e controle interno'],
  ['019.1', 'Convênios e acordos de cooperação'],
  ['019.9', 'Assuntos transitórios (em desuso)', true, false],
  ['020', 'Pessoal', false],
  ['021.2', 'Capacitação'],
  ['023.1', 'Admissão de pessoal'],
  ['023.11', 'Concurso público'],
  ['023.12', 'Processo seletivo simplificado'],
  ['023.2', 'Remoção e redistribuição'],
  ['024.1', 'Progressão e promoção funcional'],
  ['024.2', 'Assentamentos funcionais'],
  ['026.2', 'Auxílio-transporte'],
  ['028.1', 'Aposentadoria'],
  ['029.11', 'Licença para capacitação'],
  ['029.12', 'Afastamento para pós-graduação'],
  ['029.2', 'Férias'],
  ['030', 'Material', false],
  ['033.1', 'Aquisição de material'],
  ['033.2', 'Contratação de serviços'],
  ['034', 'Controle de estoque'],
  ['036', 'Alienação e baixa de bens patrimoniais'],
  ['042.2', 'Manutenção e conservação de instalações'],
  ['050', 'Orçamento e finanças', false],
  ['051', 'Programação orçamentária'],
  ['052.2', 'Diárias'],
  ['052.21', 'Passagens'],
  ['053', 'Pagamento de fornecedores'],
  ['055', 'Prestação de contas'],
  ['060', 'Documentação e informação', false],
  ['061.1', 'Recebimento e registro de documentos'],
  ['064', 'Acesso à informação (LAI)'],
  ['100', 'Ensino superior', false],
  ['121', 'Criação e reformulação curricular de cursos de graduação'],
  ['125.1', 'Ingresso de alunos'],
  ['125.4', 'Matrícula'],
  ['125.41', 'Trancamento de matrícula'],
  ['125.42', 'Cancelamento de matrícula'],
  ['125.5', 'Aproveitamento de estudos'],
  ['125.6', 'Colação de grau e diplomas'],
  ['126', 'Estágio curricular'],
  ['200', 'Pesquisa', false],
  ['211', 'Projetos de pesquisa'],
  ['300', 'Extensão', false],
  ['311', 'Programas e projetos de extensão'],
];

export interface AssuntoDemo {
  id: number;
  codigo: string;
  descricao: string;
  atribuivel: boolean;
  ativo: boolean;
}

export const ASSUNTOS_DEMO: readonly AssuntoDemo[] = ASSUNTOS.map(([codigo, descricao, atribuivel, ativo], i) => ({
  id: i + 1,
  codigo,
  descricao,
  atribuivel: atribuivel ?? true,
  ativo: ativo ?? true,
}));

const ASSUNTO_POR_CODIGO = new Map(ASSUNTOS_DEMO.map((a) => [a.codigo, a]));

export function idAssunto(codigo: string): number {
  const assunto = ASSUNTO_POR_CODIGO.get(codigo);
  if (!assunto) throw new Error(`Assunto ${codigo} não existe na semente`);
  return assunto.id;
}

export function linhasAssuntos(): Insertable<AssuntoTable>[] {
  return ASSUNTOS_DEMO.map((a) => ({ ...a }));
}

// ---------------------------------------------------------------- tipos de documento

export const TIPO = {
  memorando: 1,
  oficio: 2,
  processo: 3,
  requerimento: 4,
  despacho: 5,
  portaria: 6,
  parecer: 7,
  ata: 8,
  edital: 9,
  contrato: 10,
  convenio: 11,
  relatorio: 12,
  notaTecnica: 13,
  declaracao: 14,
  certidao: 15,
  solicitacaoDiarias: 16,
  processoCompra: 17,
  processoSeletivo: 18,
  recursoAdministrativo: 19,
  processoNatoDigital: 571,
} as const;

export type ChaveTipo = keyof typeof TIPO;

const MANUAIS = 'https://www.ufex.edu.br/protocolo/manuais';

export const TIPOS_DOCUMENTO: readonly Insertable<TipoDocumentoTable>[] = [
  {
    id: TIPO.memorando,
    descricao: 'Memorando',
    ativo: false,
    geraCapa: false,
    observacao:
      'Tipo extinto pelo Manual de Redação da Presidência da República (3ª edição, 2018). Use Ofício para as comunicações entre unidades.',
  },
  { id: TIPO.oficio, descricao: 'Ofício', geraCapa: false },
  {
    id: TIPO.processo,
    descricao: 'Processo',
    processo: true,
    consideradoProcessoNaAnexacao: true,
    observacao: 'Processos administrativos em geral, inclusive os de gestão de pessoas.',
  },
  {
    id: TIPO.requerimento,
    descricao: 'Requerimento',
    notificaInteressadoTramitacao: true,
    urlDocumentacao: `${MANUAIS}/requerimento-academico`,
    observacao: 'Pedidos de alunos e do público externo. O interessado é avisado por e-mail a cada tramitação.',
  },
  { id: TIPO.despacho, descricao: 'Despacho', geraCapa: false },
  { id: TIPO.portaria, descricao: 'Portaria', geraCapa: false },
  { id: TIPO.parecer, descricao: 'Parecer', geraCapa: false },
  { id: TIPO.ata, descricao: 'Ata', geraCapa: false },
  { id: TIPO.edital, descricao: 'Edital' },
  { id: TIPO.contrato, descricao: 'Contrato', consideradoProcessoNaAnexacao: true },
  {
    id: TIPO.convenio,
    descricao: 'Convênio',
    consideradoProcessoNaAnexacao: true,
    urlDocumentacao: `${MANUAIS}/convenios`,
  },
  { id: TIPO.relatorio, descricao: 'Relatório', geraCapa: false },
  { id: TIPO.notaTecnica, descricao: 'Nota Técnica', geraCapa: false },
  { id: TIPO.declaracao, descricao: 'Declaração', geraCapa: false },
  { id: TIPO.certidao, descricao: 'Certidão', geraCapa: false },
  {
    id: TIPO.solicitacaoDiarias,
    descricao: 'Solicitação de Diárias',
    processo: true,
    notificaInteressadoTramitacao: true,
    integrado: true,
    urlDocumentacao: `${MANUAIS}/diarias-e-passagens`,
    observacao:
      'Integrado ao Sistema de Concessão de Diárias e Passagens (SCDP). Abrir com antecedência mínima de 10 dias.',
  },
  {
    id: TIPO.processoCompra,
    descricao: 'Processo de Compra',
    processo: true,
    integrado: true,
    consideradoProcessoNaAnexacao: true,
    urlDocumentacao: `${MANUAIS}/compras-e-licitacoes`,
    observacao: 'Instruir com termo de referência, pesquisa de preços e disponibilidade orçamentária.',
  },
  {
    id: TIPO.processoSeletivo,
    descricao: 'Processo Seletivo',
    processo: true,
    notificaInteressadoTramitacao: true,
    consideradoProcessoNaAnexacao: true,
  },
  { id: TIPO.recursoAdministrativo, descricao: 'Recurso Administrativo', notificaInteressadoTramitacao: true },
  {
    id: TIPO.processoNatoDigital,
    descricao: 'Processo Eletrônico Nato-Digital',
    processo: true,
    consideradoProcessoNaAnexacao: true,
    urlDocumentacao: `${MANUAIS}/processo-eletronico`,
    observacao: 'Processo produzido originalmente em meio eletrônico. Anexe ao menos uma peça antes de enviar.',
  },
];

// ---------------------------------------------------------------- assinatura, notícias

export const TIPOS_ASSINATURA: readonly Insertable<TipoAssinaturaTable>[] = [
  { id: 1, descricao: 'Assinatura digital ICP-Brasil' },
  { id: 2, descricao: 'Assinatura eletrônica avançada (gov.br)' },
  { id: 3, descricao: 'Assinatura eletrônica institucional' },
  { id: 4, descricao: 'Assinatura digitalizada (imagem)', ativo: false },
];

export const MENSAGEM_BOAS_VINDAS =
  'Bem-vindo ao Trâmite, o novo protocolo eletrônico da UFEX. Em caso de dúvidas, consulte a Ajuda.';
export const MENSAGEM_EXPIRADA =
  'O Protocolo Central não funcionará nos dias de recesso de fim de ano. Documentos urgentes devem ser enviados por e-mail a protocolo@ufex.edu.br.';
