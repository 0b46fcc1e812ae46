import { z } from 'zod';
import {
  dataIsoValida,
  paginacaoSchema,
  paginaDeSchema,
  RESUMO_ASSUNTO_MINIMO,
  SITUACOES_DOCUMENTO,
  ultimaTramitacaoSchema,
} from './documentos.ts';
import { MENSAGENS } from './mensagens.ts';
import { problemaPeriodo } from './periodo.ts';

/** Contracts and pure rules of the favourites list (spec §2 "Favourites", §3 Favourite, §7 Favourites). */

/** An absent query parameter and an empty one mean the same: no filter. */
const vazioComoAusente = (valor: unknown) => (typeof valor === 'string' && valor.trim() === '' ? undefined : valor);
const dataOpcional = z.preprocess(
  vazioComoAusente,
  z.string().refine(dataIsoValida, MENSAGENS.busca.dataInvalida).optional(),
);

/** GET documentos-favoritos: last-change date range (both or neither), summary, type and the page. */
export const filtrosFavoritosSchema = z.object({
  dataInicioUltimaAlteracao: dataOpcional,
  dataFimUltimaAlteracao: dataOpcional,
  resumoDocumento: z.preprocess(vazioComoAusente, z.string().trim().max(200).optional()),
  idTipoDocumento: z.preprocess(vazioComoAusente, z.coerce.number().int().positive().optional()),
  ...paginacaoSchema.shape,
});
export type FiltrosFavoritos = z.input<typeof filtrosFavoritosSchema>;

/** The list's rules; answers the first broken rule's message or null (the web checks the same before asking). */
export function validarFiltrosFavoritos(filtros: {
  dataInicioUltimaAlteracao?: string | null;
  dataFimUltimaAlteracao?: string | null;
  resumoDocumento?: string | null;
}): string | null {
  const periodo = problemaPeriodo(filtros.dataInicioUltimaAlteracao, filtros.dataFimUltimaAlteracao, {
    incompleto: MENSAGENS.favoritos.dataAlteracaoIncompleta,
    invertido: MENSAGENS.favoritos.periodoInvertido,
  });
  if (periodo) return periodo;
  const resumo = filtros.resumoDocumento?.trim() ?? '';
  if (resumo !== '' && resumo.length < RESUMO_ASSUNTO_MINIMO) return MENSAGENS.busca.resumoCurto;
  return null;
}

/** The last movement as the list shows it (never fetched for a document still EM_CRIACAO, spec §4). */
export const ultimaTramitacaoFavoritoSchema = ultimaTramitacaoSchema.omit({ id: true, sequencia: true });

/** One favourite of the caller (spec §3 Favourite: idDocumento, tagsFavorito, tagsFavoritoTela, acompanhadoPorEmail). */
export const itemFavoritoSchema = z.object({
  idDocumento: z.number().int(),
  numero: z.string(),
  idTipoDocumento: z.number().int(),
  tipoDocumento: z.string(),
  resumoAssunto: z.string().nullable(),
  situacao: z.enum(SITUACOES_DOCUMENTO),
  tagsFavorito: z.array(z.string()),
  tagsFavoritoTela: z.string(),
  acompanhadoPorEmail: z.boolean(),
  dataUltimaAlteracao: z.string(),
  favoritadoEm: z.string(),
  ultimaTramitacao: ultimaTramitacaoFavoritoSchema.nullable(),
});
export type ItemFavorito = z.infer<typeof itemFavoritoSchema>;

export const paginaFavoritosSchema = paginaDeSchema(itemFavoritoSchema);
export type PaginaFavoritos = z.infer<typeof paginaFavoritosSchema>;

/** PATCH documentos-favoritos/{id}: turns the e-mail follow on or off. */
export const alterarAcompanhamentoSchema = z.object({ acompanhadoPorEmail: z.boolean() });

/**
 * PATCH documentos-favoritos/{id}/tags: the whole new list of the caller's tags on the document (an empty list
 * clears them). The same store and normalisation as POST documentos/{id}/tags.
 */
export const salvarMarcadoresFavoritoSchema = z.object({
  tags: z.array(z.string().max(4000)).max(200),
});

export const marcadoresFavoritoSchema = z.object({
  idDocumento: z.number().int(),
  tagsFavorito: z.array(z.string()),
  tagsFavoritoTela: z.string(),
});
export type MarcadoresFavorito = z.infer<typeof marcadoresFavoritoSchema>;

/** tagsFavoritoTela: the tags as one line of text. */
export function tagsParaTela(tags: readonly string[]): string {
  return tags.join(', ');
}
