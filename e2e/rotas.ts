/** The route table of spec §2, with the title each screen shows and whether it needs login. */
export interface Rota {
  caminho: string;
  titulo: RegExp;
  publica: boolean;
}

export const ROTAS: Rota[] = [
  { caminho: '/home', titulo: /Trâmite|Início|Bem-vindo/i, publica: true },
  { caminho: '/busca', titulo: /Busca de documentos/i, publica: true },
  { caminho: '/ajuda', titulo: /Ajuda/i, publica: true },
  { caminho: '/404', titulo: /Página não encontrada/i, publica: true },
  { caminho: '/consolidacao', titulo: /Consolidação/i, publica: true },
  { caminho: '/documentos/1', titulo: /Informações do documento/i, publica: true },
  { caminho: '/documentos/1/tramitacoes', titulo: /Movimentações do documento/i, publica: true },
  { caminho: '/documentos/1/pecas', titulo: /Peças do documento/i, publica: true },
  { caminho: '/documentos/1/vinculos', titulo: /Vínculos do documento/i, publica: true },
  { caminho: '/autuacoes', titulo: /Nova autuação/i, publica: false },
  // 294 is a draft (EM_CRIACAO, nato-digital) of the Protocolo Central in the demo seed, so it stays editable.
  { caminho: '/autuacoes/294', titulo: /Edição de autuação/i, publica: false },
  {
    caminho: '/administracao/edicao-de-vocabulario-controlado',
    titulo: /Edição de vocabulário controlado/i,
    publica: false,
  },
  {
    caminho: '/administracao/reencaminhamento-de-documento',
    titulo: /Reencaminhamento de documento/i,
    publica: false,
  },
  { caminho: '/administracao/edicao-tipo-documental', titulo: /Edição de tipo documental/i, publica: false },
  { caminho: '/administracao/calendario', titulo: /Calendário de dias não úteis/i, publica: false },
  { caminho: '/administracao/indexacao', titulo: /Indexação do conteúdo das peças/i, publica: false },
  { caminho: '/administracao/tramita', titulo: /^Tramita GOV\.BR$/, publica: false },
  { caminho: '/caixa-postal', titulo: /Caixa postal/i, publica: false },
  { caminho: '/controle-de-prazos', titulo: /Controle de prazos/i, publica: false },
  { caminho: '/painel', titulo: /^Painel$/, publica: false },
  { caminho: '/relatorios/malote', titulo: /Relatório de malote/i, publica: false },
  {
    caminho: '/relatorios/documentos-desarquivados',
    titulo: /Relatório de documentos desarquivados/i,
    publica: false,
  },
  { caminho: '/documentos/1/juntada', titulo: /Juntada de documentos/i, publica: false },
  { caminho: '/documentos/1/pecas/upload', titulo: /Envio de peças/i, publica: false },
  { caminho: '/documentos/1/tramitar', titulo: /Tramitar documento/i, publica: false },
  { caminho: '/usuario', titulo: /Configurações/i, publica: false },
  { caminho: '/documentos-favoritos', titulo: /Documentos favoritos/i, publica: false },
  { caminho: '/arquivos-assinados', titulo: /Arquivos assinados/i, publica: false },
];
