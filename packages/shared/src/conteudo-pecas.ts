import { z } from 'zod';
import { MENSAGENS } from './mensagens.ts';
import { CONTEUDO_MAXIMO, CONTEUDO_MINIMO } from './regras-busca.ts';

// Issue 21: the text of the peças (text layer and OCR), searched in Busca and inside one document.

// The limits of the text searched live in regras-busca.ts (no zod), with the search's other rules.
export { CONTEUDO_MAXIMO, CONTEUDO_MINIMO } from './regras-busca.ts';
export { textoBuscaConteudo } from './regras-documento.ts';

/**
 * A content search lists at most this many documents: the most recent that match (the oldest, when sorted by
 * creation date ascending), in the order asked; past it, the answer says so (`totalLimitado`) and asks to narrow.
 */
export const LIMITE_RESULTADOS_CONTEUDO = 1000;

/**
 * Limits of the text extraction (docs/domain.md, "Conteúdo das peças"): past them a file is marked ILEGIVEL with the
 * reason, never read again unless an administrator asks.
 */
export const LIMITES_EXTRACAO = {
  /** Pages of one PDF read at most. */
  paginasMaximas: 2000,
  /** Bytes of one file read at most (larger files are not opened). */
  tamanhoMaximoMb: 200,
  /** Pixels of one image (or rendered page) handed to OCR at most. */
  pixelsMaximos: 40_000_000,
  /** Characters kept of one page's text. */
  caracteresPorPagina: 100_000,
  /** Attempts at a file before it is marked ILEGIVEL (a worker killed by time or memory, a database error). */
  tentativasMaximas: 3,
} as const;

/** An excerpt of a page with the searched words marked: plain text pieces, never HTML. */
export const trechoSchema = z.array(z.object({ texto: z.string(), destaque: z.boolean() }));
export type Trecho = z.infer<typeof trechoSchema>;

/** Where the searched words were found: a peça the caller may see, its page and an excerpt. */
export const ocorrenciaConteudoSchema = z.object({
  /** The peça (as Peca.idAcessoAnexo). */
  idAcessoAnexo: z.number().int(),
  /** Its attachment: GET documentos/{id}/anexos/{idAnexo}/binario opens the file (at `#page=` the page). */
  idAnexo: z.number().int(),
  nomePeca: z.string(),
  sequencial: z.number().int(),
  /** 1-based page of the file (an image is page 1). */
  pagina: z.number().int(),
  trecho: trechoSchema,
});
export type OcorrenciaConteudo = z.infer<typeof ocorrenciaConteudoSchema>;

/** GET documentos/{id}/pecas/conteudo?texto=: the query, validated as Busca's content field. */
export const buscaConteudoDocumentoSchema = z.object({
  texto: z
    .string({ error: MENSAGENS.conteudo.textoCurto })
    .trim()
    .min(CONTEUDO_MINIMO, MENSAGENS.conteudo.textoCurto)
    .max(CONTEUDO_MAXIMO, MENSAGENS.conteudo.textoLongo),
});

/** Its answer: every matching page of the peças the caller may see, in peça and page order. */
export const resultadoConteudoDocumentoSchema = z.object({
  itens: z.array(ocorrenciaConteudoSchema),
  /** Peças (the caller may see) whose text is still being read: the answer may miss them. */
  pecasEmLeitura: z.number().int(),
});
export type ResultadoConteudoDocumento = z.infer<typeof resultadoConteudoDocumentoSchema>;

export const ESTADOS_INDEXACAO = ['PENDENTE', 'EXTRAINDO', 'CONCLUIDO', 'ILEGIVEL'] as const;
export type EstadoIndexacao = (typeof ESTADOS_INDEXACAO)[number];

/** GET administracao/indexacao (ADMINISTRACAO_INDEXACAO): the indexing's progress. No file name, ever. */
export const andamentoIndexacaoSchema = z.object({
  arquivos: z.object({
    concluidos: z.number().int(),
    naFila: z.number().int(),
    emLeitura: z.number().int(),
    ilegiveis: z.number().int(),
  }),
  paginas: z.object({ lidas: z.number().int(), porOcr: z.number().int(), comFalha: z.number().int() }),
  /** Pages read per minute over the last ten minutes. */
  paginasPorMinuto: z.number(),
  /** The latest unreadable files: where they are (document number and peça sequence) and why. */
  ilegiveis: z.array(
    z.object({
      numeroDocumento: z.string().nullable(),
      idDocumento: z.number().int().nullable(),
      sequencial: z.number().int().nullable(),
      motivo: z.string(),
      em: z.string(),
    }),
  ),
  atualizadoEm: z.string(),
});
export type AndamentoIndexacao = z.infer<typeof andamentoIndexacaoSchema>;

/** POST administracao/indexacao/reindexacao: every file, or those of one document (by its id). */
export const pedidoReindexacaoSchema = z.object({
  idDocumento: z.number().int().positive().optional(),
});
export const resultadoReindexacaoSchema = z.object({ arquivos: z.number().int() });
