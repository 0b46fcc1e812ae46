/** Labels the specification derives from codes (spec §3). */

export const TIPOS_INTERESSADO = {
  ALUNO: 'A',
  FORNECEDOR: 'F',
  CURSO: 'K',
  ENTIDADE_EXTERNA: 'O',
  SERVIDOR: 'S',
  UNIDADE: 'U',
  CONTRIBUINTE: 'C',
  REQUERENTE_EXTERNO: 'Q',
} as const;
export type NomeTipoInteressado = keyof typeof TIPOS_INTERESSADO;
export type CodigoTipoInteressado = (typeof TIPOS_INTERESSADO)[NomeTipoInteressado];

const ROTULOS_ESPECIAIS: Record<string, string> = { COMISSAO: 'Comissão' };

/** 'ENTIDADE_EXTERNA' → 'Entidade externa'; COMISSAO → 'Comissão'. */
export function rotuloTipoInteressado(nome: string): string {
  const especial = ROTULOS_ESPECIAIS[nome];
  if (especial) return especial;
  const texto = nome.replaceAll('_', ' ').toLowerCase();
  return texto.charAt(0).toUpperCase() + texto.slice(1);
}

/** Among forwarding responsibles, SERVIDOR is shown as 'Pessoa específica'. */
export function rotuloTipoResponsavel(nome: string): string {
  return nome === 'SERVIDOR' ? 'Pessoa específica' : rotuloTipoInteressado(nome);
}

export const SUFIXO_DIGITALIZADO = ' (Digitalizado)';

/** The type label gets ' (Digitalizado)' when estado 32002 is 3. */
export function rotuloTipoDocumento(descricao: string, estado: Record<string, number | undefined>): string {
  return estado['32002'] === 3 ? `${descricao}${SUFIXO_DIGITALIZADO}` : descricao;
}
