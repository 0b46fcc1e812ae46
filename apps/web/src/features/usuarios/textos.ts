import type { Permissao } from '@tramite/shared';

/** Each permission as the administrator reads it: a name and what it lets its holder do, in one line. */
export const PERMISSOES_ROTULADAS: Record<Permissao, { rotulo: string; explicacao: string }> = {
  VISUALIZACAO_IRRESTRITA_PECAS: {
    rotulo: 'Visualização irrestrita de peças',
    explicacao: 'Lê peças e despachos restritos de qualquer documento, mesmo os de outras unidades.',
  },
  ADMINISTRACAO_VOCABULARIO: {
    rotulo: 'Administração do vocabulário controlado',
    explicacao: 'Inclui, altera e exclui as orientações por tipo de documento e assunto.',
  },
  ADMINISTRACAO_TIPOS_DOCUMENTAIS: {
    rotulo: 'Administração de tipos documentais',
    explicacao: 'Altera as propriedades dos tipos documentais e os ativa ou desativa.',
  },
  REENCAMINHAMENTO: {
    rotulo: 'Reencaminhamento de documentos',
    explicacao: 'Recebe documentos em nome de qualquer unidade e os reencaminha.',
  },
  RELATORIOS: {
    rotulo: 'Relatórios',
    explicacao: 'Gera os relatórios de malote e de documentos desarquivados.',
  },
  ADMINISTRACAO_USUARIOS: {
    rotulo: 'Administração de usuários',
    explicacao: 'Altera lotações, unidade atual, permissões e situação dos usuários nesta tela.',
  },
  ADMINISTRACAO_CALENDARIO: {
    rotulo: 'Administração do calendário',
    explicacao: 'Cadastra os feriados locais, recessos e pontos facultativos da instituição, que os prazos pulam.',
  },
  ADMINISTRACAO_INDEXACAO: {
    rotulo: 'Administração da indexação',
    explicacao: 'Acompanha a leitura do texto das peças (inclusive por OCR) e pede que ela seja refeita.',
  },
  PAINEL_INSTITUCIONAL: {
    rotulo: 'Painel institucional',
    explicacao:
      'Abre o painel de qualquer unidade e o da instituição inteira, com as unidades de documentos mais antigos.',
  },
  ADMINISTRACAO_TRAMITA: {
    rotulo: 'Administração do Tramita GOV.BR',
    explicacao:
      'Configura a troca de processos com outros órgãos pelo Tramita GOV.BR: endereço, certificado do sistema e listas do PEN.',
  },
};
