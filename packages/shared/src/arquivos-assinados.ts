import { z } from 'zod';
import { TAMANHO_MAXIMO_ARQUIVO_VOLUMOSO } from './arquivos.ts';
import { dataIsoValida } from './documentos.ts';
import { MENSAGENS } from './mensagens.ts';
import { problemaPeriodo } from './periodo.ts';

/** Contracts and pure rules of the signed files (spec §2 "Signed files", §3 Signed file, §7, §8, §9). */

/** Spec §9: the search answers at most 50 files; the screen warns when exactly 50 come back. */
export const LIMITE_BUSCA_ARQUIVOS_ASSINADOS = 50;
/** Spec §9: files to be signed may have up to 50 MiB each. */
export const TAMANHO_MAXIMO_ARQUIVO_ASSINATURA = TAMANHO_MAXIMO_ARQUIVO_VOLUMOSO;
/** Files per POST arquivos-assinados (the screen sends one per request, to report each file on its own). */
export const MAXIMO_ARQUIVOS_ASSINATURA = 10;
/** GET arquivos-assinados/{id}?tipoArquivo=: the signed PDF (default) or the original as uploaded. */
export const TIPOS_ARQUIVO_ASSINADO = ['assinado', 'original'] as const;
export type TipoArquivoAssinado = (typeof TIPOS_ARQUIVO_ASSINADO)[number];

const vazioComoAusente = (valor: unknown) => (typeof valor === 'string' && valor.trim() === '' ? undefined : valor);
const dataOpcional = z.preprocess(
  vazioComoAusente,
  z.string().refine(dataIsoValida, MENSAGENS.busca.dataInvalida).optional(),
);
const booleanoOpcional = z.preprocess(vazioComoAusente, z.enum(['true', 'false']).optional());

export const tipoAssinaturaSchema = z.object({
  id: z.number().int(),
  descricao: z.string(),
});
export type TipoAssinatura = z.infer<typeof tipoAssinaturaSchema>;

/** GET arquivos-assinados/assinante: who signs (the caller), to prefill the SIAPE field. */
export const assinanteSchema = z.object({
  nome: z.string(),
  matriculaSiape: z.string().nullable(),
});
export type Assinante = z.infer<typeof assinanteSchema>;

/**
 * GET arquivos-assinados/: vinculados (true: linked to a document; false: not linked), usuarioAssinante (the
 * signer's user id, or part of the signer's name, accents and case ignored), dataAssinaturaInicio/Fim (YYYY-MM-DD on
 * the Brasília calendar, both or neither) and arquivosAssinadosUsuario (true: only the caller's own files).
 */
export const filtrosArquivosAssinadosSchema = z.object({
  vinculados: booleanoOpcional,
  usuarioAssinante: z.preprocess(vazioComoAusente, z.string().trim().max(200).optional()),
  dataAssinaturaInicio: dataOpcional,
  dataAssinaturaFim: dataOpcional,
  arquivosAssinadosUsuario: booleanoOpcional,
});
/** The query as the web sends it (absent = no filter). */
export interface FiltrosArquivosAssinados {
  vinculados?: 'true' | 'false';
  usuarioAssinante?: string;
  dataAssinaturaInicio?: string;
  dataAssinaturaFim?: string;
  arquivosAssinadosUsuario?: 'true';
}

/** The list's rules; answers the first broken rule's message or null (the web checks the same before asking). */
export function validarFiltrosArquivosAssinados(filtros: {
  dataAssinaturaInicio?: string | null;
  dataAssinaturaFim?: string | null;
}): string | null {
  return problemaPeriodo(filtros.dataAssinaturaInicio, filtros.dataAssinaturaFim, {
    incompleto: MENSAGENS.arquivosAssinados.dataAssinaturaIncompleta,
    invertido: MENSAGENS.arquivosAssinados.dataAssinaturaInvertida,
  });
}

/** The multipart fields of POST arquivos-assinados/ (besides the files). */
export const camposAssinaturaSchema = z.object({
  idTipoAssinatura: z.coerce
    .number({ error: MENSAGENS.arquivosAssinados.tipoAssinaturaObrigatorio })
    .int({ error: MENSAGENS.arquivosAssinados.tipoAssinaturaObrigatorio })
    .positive({ error: MENSAGENS.arquivosAssinados.tipoAssinaturaObrigatorio })
    .max(2_147_483_647, { error: MENSAGENS.arquivosAssinados.tipoAssinaturaInvalido }),
  /** Optional: when sent, it must be the description of idTipoAssinatura (the server records its own). */
  tipoAssinatura: z.preprocess(vazioComoAusente, z.string().trim().max(200).optional()),
  matrSiape: z
    .string({ error: MENSAGENS.arquivosAssinados.siapeObrigatorio })
    .trim()
    .min(1, MENSAGENS.arquivosAssinados.siapeObrigatorio)
    .max(20, MENSAGENS.arquivosAssinados.siapeDivergente),
});

/** Spec §3 Signed file (idArquivoAssinado, nomeOriginal) and what the screen shows of it. */
export const arquivoAssinadoSchema = z.object({
  idArquivoAssinado: z.number().int(),
  nomeOriginal: z.string(),
  idTipoAssinatura: z.number().int().nullable(),
  tipoAssinatura: z.string().nullable(),
  matrSiape: z.string().nullable(),
  /** ISO timestamp of the signing. */
  assinadoEm: z.string(),
  idUsuarioAssinante: z.number().int(),
  nomeAssinante: z.string(),
  /** Size of the signed PDF in bytes. */
  tamanho: z.number().int(),
  /** SHA-256 of the signed PDF and of the original as uploaded. */
  sha256: z.string(),
  sha256Original: z.string().nullable(),
  idDocumentoVinculado: z.number().int().nullable(),
  numeroDocumentoVinculado: z.string().nullable(),
  idPecaVinculada: z.number().int().nullable(),
  /** The caller signed it. */
  proprio: z.boolean(),
  /** The caller may delete it now (own and not linked). */
  podeExcluir: z.boolean(),
  /** The caller may link it to a document (own and not linked; the document's rules are checked on linking). */
  podeVincular: z.boolean(),
});
export type ArquivoAssinado = z.infer<typeof arquivoAssinadoSchema>;
