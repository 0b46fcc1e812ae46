import { z } from 'zod';

/** Response shapes of the lookup calls shared by many screens (spec §3 and §7). */

export const tipoDocumentoSchema = z.object({
  id: z.number().int(),
  descricao: z.string(),
  ativo: z.boolean(),
  geraCapa: z.boolean(),
  notificaInteressadoTramitacao: z.boolean(),
  integrado: z.boolean(),
  urlDocumentacao: z.string().nullable(),
  consideradoProcessoNaAnexacao: z.boolean(),
  observacao: z.string().nullable(),
});
export type TipoDocumento = z.infer<typeof tipoDocumentoSchema>;

/** PATCH tipos-documentos/{id}: any subset of the properties. */
export const alterarTipoDocumentoSchema = tipoDocumentoSchema
  .omit({ id: true })
  .partial()
  .extend({
    descricao: z.string().trim().min(1).max(200).optional(),
    urlDocumentacao: z.url().max(500).nullable().optional(),
    observacao: z.string().max(2000).nullable().optional(),
  });
export type AlterarTipoDocumento = z.infer<typeof alterarTipoDocumentoSchema>;

export const assuntoSchema = z.object({
  id: z.number().int(),
  codigo: z.string(),
  descricao: z.string(),
  atribuivel: z.boolean(),
});
export type Assunto = z.infer<typeof assuntoSchema>;

export const unidadeSchema = z.object({
  id: z.number().int(),
  sigla: z.string(),
  nome: z.string(),
  codigo: z.number().int(),
  ativa: z.boolean(),
});
export type Unidade = z.infer<typeof unidadeSchema>;

/** An employee of the origin units (spec §3); the synthetic 'TODOS' entry has id -1. */
export const servidorProcedenciaSchema = z.object({
  id: z.number().int(),
  codigo: z.string().nullable(),
  cpf: z.string().nullable(),
  nome: z.string(),
  situacao: z.string(),
});
export type ServidorProcedencia = z.infer<typeof servidorProcedenciaSchema>;
export const ID_SERVIDOR_TODOS = -1;
export const SERVIDOR_TODOS: ServidorProcedencia = {
  id: ID_SERVIDOR_TODOS,
  codigo: null,
  cpf: null,
  nome: 'TODOS',
  situacao: 'ATIVO',
};

/** A kind of interested party or of forwarding responsible: name (ALUNO), letter code (A) and label. */
export const tipoEntidadeSchema = z.object({
  nome: z.string(),
  codigo: z.string(),
  descricao: z.string(),
});
export type TipoEntidade = z.infer<typeof tipoEntidadeSchema>;

/** An interested party or a responsible as listed to pick from; personal data only for logged-in users. */
export const entidadeSchema = z.object({
  id: z.number().int(),
  tipo: z.string(),
  nome: z.string(),
  codigo: z.string().nullable(),
  ativo: z.boolean(),
});
export type Entidade = z.infer<typeof entidadeSchema>;

export const emailInteressadoSchema = z.object({ email: z.string().nullable() });

export const hipoteseLegalSchema = z.object({
  id: z.number().int(),
  descricao: z.string(),
  baseLegal: z.string(),
});
export type HipoteseLegal = z.infer<typeof hipoteseLegalSchema>;

export const itemGlossarioSchema = z.object({
  idItemGlossario: z.number().int(),
  idTipoDocumento: z.number().int(),
  idAssunto: z.number().int(),
  descricao: z.string(),
  detalhamento: z.string().nullable(),
  descricaoAssunto: z.string(),
  codigoAssunto: z.string(),
  tipoDocumento: z.string(),
});
export type ItemGlossario = z.infer<typeof itemGlossarioSchema>;

/** Body of POST glossario and PATCH glossario/{id}. */
export const salvarItemGlossarioSchema = z.object({
  idTipoDocumento: z.coerce.number().int().positive(),
  idAssunto: z.coerce.number().int().positive(),
  descricao: z.string().trim().min(1, 'Informe a descrição').max(300),
  detalhamento: z.string().trim().max(4000).nullable().default(null),
});
export type SalvarItemGlossario = z.input<typeof salvarItemGlossarioSchema>;

/** Sorting by description, case- and accent-insensitively, as the spec asks for types and glossary items. */
export function compararDescricao(a: { descricao: string }, b: { descricao: string }): number {
  return a.descricao.localeCompare(b.descricao, 'pt-BR', { sensitivity: 'base' });
}
