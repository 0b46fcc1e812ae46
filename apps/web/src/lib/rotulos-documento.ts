import { type Documento, ESTADO, type Estado, type SituacaoDocumento } from '@tramite/shared';

// The document's state labels are shown by the documents screens and by the public verification page.
const ROTULOS_SITUACAO: Record<SituacaoDocumento, string> = {
  EM_CRIACAO: 'Em criação',
  ENVIADO: 'Enviado',
  RECEBIDO: 'Recebido',
  E: 'Juntado a outro documento',
  T: 'Recebido em reencaminhamento',
};

const ROTULOS_JUNTADA = { ANEXACAO: 'Anexado', APENSACAO: 'Apensado' } as const;

/**
 * The situação's label. E (DOMAIN.md: cancelled or joined into another) says which: with estado 2001 = 4 the
 * document was cancelled, otherwise it is joined to another.
 */
export function rotuloSituacao(situacao: SituacaoDocumento, estado: Estado): string {
  if (situacao === 'E' && estado[ESTADO.processamento] === 4) return 'Cancelado';
  return ROTULOS_SITUACAO[situacao];
}

/**
 * What situação E means for this document, as its page says it: cancelled, or joined (anexado or apensado, when the
 * join is recorded) to the document it names.
 */
export function juntadaDoDocumento(
  documento: Pick<Documento, 'estado' | 'documentoAgregador'>,
): { rotulo: string; agregador: { idDocumento: number; numero: string } } | null {
  const agregador = documento.documentoAgregador;
  if (agregador === null || documento.estado[ESTADO.processamento] === 4) return null;
  const rotulo = agregador.tipoAgregacao ? ROTULOS_JUNTADA[agregador.tipoAgregacao] : 'Juntado';
  return { rotulo, agregador };
}

/** The situação of one document: 'Anexado a outro documento', 'Apensado a outro documento', 'Cancelado'... */
export function rotuloSituacaoDocumento(
  documento: Pick<Documento, 'situacao' | 'estado' | 'documentoAgregador'>,
): string {
  const juntada = juntadaDoDocumento(documento);
  return juntada ? `${juntada.rotulo} a outro documento` : rotuloSituacao(documento.situacao, documento.estado);
}

const PROCESSAMENTO: Record<number, string> = {
  1: 'Em andamento',
  2: 'Arquivado',
  3: 'Concluído',
  4: 'Cancelado',
  5: 'Sobrestado',
  6: 'Em criação',
};

/** estado 2001 (DOMAIN.md): the processing state, shown next to the situação. */
export function rotuloProcessamento(estado: Estado): string | null {
  const valor = estado[ESTADO.processamento];
  return valor === undefined ? null : (PROCESSAMENTO[valor] ?? null);
}
