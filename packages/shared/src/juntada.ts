import { z } from 'zod';
import { documentoResumoSchema } from './documentos.ts';
import { MENSAGENS } from './mensagens.ts';

export { motivoSemJuntada, SITUACOES_RECEBIDO } from './regras-documento.ts';

/**
 * Contracts and pure rules of joining (juntada): spec §3 ("Link"), §4 ("Join"), §5 ("Joining"), §9 and
 * DOMAIN.md "Joining". Anexação attaches a document to a process; apensação keeps it alongside another document.
 */

export const TIPOS_AGREGACAO = ['ANEXACAO', 'APENSACAO'] as const;
export type TipoAgregacao = (typeof TIPOS_AGREGACAO)[number];

export const ROTULOS_TIPO_AGREGACAO: Record<TipoAgregacao, string> = { ANEXACAO: 'Anexação', APENSACAO: 'Apensação' };

/** What the web sends for each choice of the wizard (spec §9: X means attach). */
export const TIPO_JUNTADA_ANEXAR = 'X';
export const TIPO_JUNTADA_APENSAR = 'APENSACAO';

/** Spec §3/§9: the join type X (or ANEXACAO) means attach; any other value means append. */
export function normalizarTipoAgregacao(tipo: string): TipoAgregacao {
  const valor = tipo.trim().toUpperCase();
  return valor === 'X' || valor === 'ANEXACAO' ? 'ANEXACAO' : 'APENSACAO';
}

/**
 * Only processes receive attached documents: a type with `processo` or, for types that are not processes but are
 * kept as one (contracts, agreements...), `consideradoProcessoNaAnexacao`. Appending has no type rule.
 */
export function recebeAnexacao(tipo: ClasseJuntada): boolean {
  return tipo.processo || tipo.consideradoProcessoNaAnexacao;
}

/** GET documentos/{id}/agregados/tipo-documento: what the join rules read of the parent's type. */
export const classeJuntadaSchema = z.object({ processo: z.boolean(), consideradoProcessoNaAnexacao: z.boolean() });
export type ClasseJuntada = z.infer<typeof classeJuntadaSchema>;

/**
 * Why a join of this kind into this parent is refused, or null when it is allowed: the one rule of the pair, on the
 * server (409) and in the wizard, which offers only the kinds allowed and says why the other is not. Only the
 * parent's type decides (DOMAIN.md "Joining"): the child may be any document the unit may join.
 */
export function motivoTipoJuntadaRecusado(tipo: TipoAgregacao, agregador: ClasseJuntada): string | null {
  return tipo === 'ANEXACAO' && !recebeAnexacao(agregador) ? MENSAGENS.juntada.agregadorNaoProcesso : null;
}

/** The success message after undoing a join of the given kind. */
export function mensagemDesjuntada(tipo: TipoAgregacao): string {
  return tipo === 'ANEXACAO' ? MENSAGENS.juntada.desanexados : MENSAGENS.juntada.desapensados;
}

/** POST documentos/{id}/agregados. */
export const juntarSchema = z.object({
  idDocumento: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  tipoAgregacao: z.string().trim().min(1).max(20),
});
export type JuntarEntrada = z.infer<typeof juntarSchema>;

/** GET documentos/{id}/agregados/candidatos. */
export const candidatosJuntadaSchema = z.object({
  numeroDocumento: z.string().trim().min(1, MENSAGENS.juntada.numeroObrigatorio).max(40),
});

/** A document that may be joined: the columns of a search row that identify it. */
export const candidatoJuntadaSchema = documentoResumoSchema.pick({
  idDocumento: true,
  numero: true,
  tipo: true,
  resumoAssunto: true,
  unidadeAtual: true,
});
export type CandidatoJuntada = z.infer<typeof candidatoJuntadaSchema>;

/** A document joined into the one asked about. `idAgregado` is the id of the join (agregacao) row. */
export const agregadoSchema = z.object({
  idAgregado: z.number().int(),
  idDocumento: z.number().int(),
  numero: z.string(),
  tipo: z.string(),
  tipoAgregacao: z.enum(TIPOS_AGREGACAO),
  juntadoEm: z.string(),
  juntadoPor: z.string(),
});
export type Agregado = z.infer<typeof agregadoSchema>;

/** GET documentos/{id}/agregados: the parent this document is joined into, and the documents joined into it. */
export const vinculosSchema = z.object({
  agregador: z
    .object({
      idAgregado: z.number().int(),
      idDocumento: z.number().int(),
      numero: z.string(),
      tipoAgregacao: z.enum(TIPOS_AGREGACAO),
    })
    .nullable(),
  agregados: z.array(agregadoSchema),
});
export type Vinculos = z.infer<typeof vinculosSchema>;
