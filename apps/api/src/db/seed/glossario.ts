import type { Insertable } from 'kysely';
import type { ItemGlossarioTable } from '../schema.ts';
import { assuntosDoTipo } from './modelos.ts';
import { type ChaveTipo, idAssunto, TIPO } from './vocabulario.ts';

const ITENS: [ChaveTipo, string, string, string][] = [
  [
    'requerimento',
    '125.41',
    'Trancamento de matrícula',
    'Use quando o aluno pedir a interrupção temporária dos estudos no semestre. Anexe o formulário assinado e, se houver, o atestado que justifica o pedido. O requerimento segue para a coordenação do curso e depois para a PROGRAD.',
  ],
  [
    'requerimento',
    '125.5',
    'Aproveitamento de estudos',
    'Use para pedidos de dispensa de disciplinas já cursadas em outra instituição. Anexe histórico escolar e ementas autenticadas (tipo de cópia: autenticada administrativamente ou em cartório).',
  ],
  [
    'requerimento',
    '125.6',
    'Segunda via de diploma',
    'Use quando o egresso solicitar nova via do diploma por extravio ou dano. Anexe boletim de ocorrência ou declaração de extravio e documento de identidade.',
  ],
  [
    'solicitacaoDiarias',
    '052.2',
    'Diárias para viagem a serviço',
    'Use para toda viagem a serviço com pernoite ou deslocamento para outra cidade. Abra com no mínimo 10 dias de antecedência; o processo passa pela chefia imediata e pela PROAD e é integrado ao SCDP.',
  ],
  [
    'processo',
    '029.2',
    'Férias de servidor',
    'Use para marcação, alteração ou interrupção de férias. A chefia imediata manifesta concordância no despacho antes do envio ao Departamento de Administração de Pessoal.',
  ],
  [
    'processo',
    '029.11',
    'Licença para capacitação',
    'Use para licenças de até 90 dias a cada quinquênio de efetivo exercício. Anexe o plano de capacitação e a declaração de matrícula ou aceite da instituição promotora.',
  ],
  [
    'processo',
    '024.1',
    'Progressão funcional',
    'Use para progressão por mérito ou por capacitação de servidor técnico-administrativo. Anexe a avaliação de desempenho e os certificados exigidos.',
  ],
  [
    'processoCompra',
    '033.1',
    'Aquisição de material de consumo',
    'Use para compras por licitação, dispensa ou adesão a ata de registro de preços. O termo de referência e a pesquisa de preços são obrigatórios; o processo passa pelo Departamento de Licitações e Compras e, se exigido, pela Procuradoria.',
  ],
  [
    'processoCompra',
    '033.2',
    'Contratação de serviços',
    'Use para serviços contínuos (limpeza, vigilância, manutenção) ou por escopo. Anexe estudo técnico preliminar, termo de referência e mapa de riscos.',
  ],
  [
    'oficio',
    '064',
    'Pedido de acesso à informação recebido por ofício',
    'Use quando um órgão ou entidade externa pedir informações por ofício com base na Lei de Acesso à Informação. O prazo de resposta é de 20 dias, prorrogáveis por mais 10.',
  ],
  [
    'oficio',
    '019.1',
    'Proposta de convênio ou acordo de cooperação',
    'Use para ofícios de prefeituras, órgãos públicos ou empresas que proponham parceria. Depois da análise técnica, a minuta segue para parecer da Procuradoria.',
  ],
  [
    'processoSeletivo',
    '023.12',
    'Professor substituto',
    'Use para a seleção simplificada de professor substituto ou visitante. O departamento abre o processo, o centro aprova e a PROGEPE publica o edital e homologa o resultado.',
  ],
  [
    'recursoAdministrativo',
    '125.1',
    'Recurso contra resultado de seleção',
    'Use quando um candidato contestar o resultado de processo seletivo discente. Informe no campo documento de origem o número do processo seletivo recorrido.',
  ],
  [
    'convenio',
    '126',
    'Convênio de estágio',
    'Use para convênios com empresas e órgãos que recebem estagiários. Anexe o plano de atividades e a indicação do supervisor de estágio na concedente.',
  ],
  [
    'processoNatoDigital',
    '211',
    'Cadastro de projeto de pesquisa',
    'Use para registrar projetos de pesquisa de docentes. O processo nasce eletrônico: anexe o projeto em PDF antes de enviar à PROPESQ.',
  ],
  [
    'declaracao',
    '024.2',
    'Declaração funcional',
    'Use para declarações de vínculo, lotação ou tempo de serviço pedidas pelo próprio servidor. A declaração é assinada eletronicamente pela PROGEPE.',
  ],
];

export function linhasGlossario(criadoEm: Date): Insertable<ItemGlossarioTable>[] {
  return ITENS.map(([tipo, assunto, descricao, detalhamento], indice) => {
    if (!assuntosDoTipo(tipo).includes(assunto)) throw new Error(`Assunto ${assunto} não pertence ao tipo ${tipo}`);
    return {
      id: indice + 1,
      idTipoDocumento: TIPO[tipo],
      idAssunto: idAssunto(assunto),
      descricao,
      detalhamento,
      criadoEm,
      atualizadoEm: criadoEm,
    };
  });
}
