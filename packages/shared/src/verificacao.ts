import { z } from 'zod';
import { estadoSchema, SITUACOES_DOCUMENTO } from './documentos.ts';

/**
 * Verification codes (cover and receipt, issue 9): 16 characters of an alphabet of 32 without look-alikes (no 0, O,
 * 1 or I), made by the database (migration 0007). Shown and typed in four groups of four: ABCD-EFGH-JKLM-NPQR.
 */
export const ALFABETO_CODIGO_VERIFICACAO = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const TAMANHO_CODIGO_VERIFICACAO = 16;
const FORMATO_CODIGO = /^[2-9A-HJ-NP-Z]{16}$/;

/** What the user typed (any case, with or without spaces and hyphens) as stored, or null when it cannot be a code. */
export function normalizarCodigoVerificacao(texto: string): string | null {
  const codigo = texto.toUpperCase().replace(/[\s-]/g, '');
  return FORMATO_CODIGO.test(codigo) ? codigo : null;
}

/** The stored code in groups of four, as printed. */
export function formatarCodigoVerificacao(codigo: string): string {
  return codigo.match(/.{1,4}/g)?.join('-') ?? codigo;
}

/** The public page a QR code of the cover and the receipt opens. */
export function urlVerificacao(urlPublica: string, codigo: string): string {
  return `${urlPublica.replace(/\/$/, '')}/verificacao/${formatarCodigoVerificacao(codigo)}`;
}

const unidadeVerificacaoSchema = z.object({ sigla: z.string(), nome: z.string() });

/**
 * GET verificacao/{codigo}: the public data of the document the code belongs to. A draft (EM_CRIACAO) is confirmed
 * without its subject (not public yet) and without its id (its screen is not public either). No personal data.
 */
export const verificacaoDocumentoSchema = z.object({
  codigoVerificacao: z.string(),
  idDocumento: z.number().int().nullable(),
  numero: z.string(),
  tipo: z.string(),
  assunto: z.object({ codigo: z.string(), descricao: z.string() }).nullable(),
  resumoAssunto: z.string().nullable(),
  dataAutuacao: z.string(),
  dataPrimeiroEnvio: z.string().nullable(),
  unidadeOrigem: unidadeVerificacaoSchema,
  unidadeAtual: unidadeVerificacaoSchema,
  situacao: z.enum(SITUACOES_DOCUMENTO),
  estado: estadoSchema,
});
export type VerificacaoDocumento = z.infer<typeof verificacaoDocumentoSchema>;

/** GET documentos/{id}/comprovante/email: the recipient, checked on both sides. */
export const FORMATO_EMAIL_DESTINATARIO = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const TAMANHO_MAXIMO_EMAIL = 254;
