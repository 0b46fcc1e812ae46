import { ESTADO, type Estado, MENSAGENS_LOOKUPS } from '@tramite/shared';
import type { MensagensEntidade } from '../../components/CampoEntidade';

/**
 * Texts of the documents screens that the specification does not word (success messages, favourite failures,
 * labels). The spec's own messages come from MENSAGENS.
 */
export const TEXTOS = {
  autuado: (numero: string) => `Documento ${numero} autuado com sucesso`,
  autuacaoAlterada: 'Autuação alterada com sucesso',
  erroSalvarAutuacao: 'Não foi possível salvar a autuação',
  comprovanteEnviado: (email: string) => `Comprovante enviado para ${email}`,
  consolidacaoSolicitada: 'Consolidação solicitada. Acompanhe o andamento na tela de consolidação.',
  erroCapa: 'Não foi possível gerar a capa',
  emailInvalido: 'Informe um e-mail válido',
  nenhumDocumento: 'Nenhum documento encontrado',
} as const;

export const MENSAGENS_INTERESSADO: MensagensEntidade = {
  erroCarregar: MENSAGENS_LOOKUPS.erroCarregarInteressados,
  naoEncontrado: MENSAGENS_LOOKUPS.interessadoNaoEncontrado,
  multiplos: MENSAGENS_LOOKUPS.multiplosInteressados,
  erroEncontrar: MENSAGENS_LOOKUPS.erroEncontrarInteressado,
};

export const MENSAGENS_RESPONSAVEL: MensagensEntidade = {
  erroCarregar: MENSAGENS_LOOKUPS.erroCarregarResponsaveis,
  naoEncontrado: MENSAGENS_LOOKUPS.responsavelNaoEncontrado,
  multiplos: MENSAGENS_LOOKUPS.multiplosResponsaveis,
  erroEncontrar: MENSAGENS_LOOKUPS.erroEncontrarResponsavel,
};

/** estado 32002: the document's origin, chosen at opening. */
export const ORIGENS = [
  { valor: 4, rotulo: 'Nato-digital' },
  { valor: 3, rotulo: 'Digitalizado' },
  { valor: 2, rotulo: 'Híbrido' },
  { valor: 1, rotulo: 'Físico' },
] as const;

export function rotuloOrigem(estado: Estado): string | null {
  const valor = estado[ESTADO.origem];
  return ORIGENS.find((origem) => origem.valor === valor)?.rotulo ?? null;
}
