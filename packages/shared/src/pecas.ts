import { z } from 'zod';
import { MENSAGENS } from './mensagens.ts';

/**
 * Contracts of peças (the files of a document): spec §3 to §6 and §9, DOMAIN.md "Peças". Their files' types and
 * limits are in arquivos.ts; numbering, visibility and who may change them in regras-pecas.ts.
 */

export const TIPOS_COPIA = ['N', 'O', 'A', 'C', 'S'] as const;
export type TipoCopia = (typeof TIPOS_COPIA)[number];
export const ROTULOS_TIPO_COPIA: Record<TipoCopia, string> = {
  N: 'Nato-digital',
  O: 'Digitalizado do original',
  A: 'Cópia autenticada administrativamente',
  C: 'Cópia autenticada em cartório',
  S: 'Cópia simples',
};

/** P público, R restrito, S sigiloso (DOMAIN.md: S behaves as R and is listed only to unrestricted readers). */
export const NIVEIS_ACESSO = ['P', 'R', 'S'] as const;
export type NivelAcesso = (typeof NIVEIS_ACESSO)[number];
export const ROTULOS_NIVEL_ACESSO: Record<NivelAcesso, string> = { P: 'Público', R: 'Restrito', S: 'Sigiloso' };
/** Spec §9: the default access level. */
export const NIVEL_ACESSO_PADRAO: NivelAcesso = 'P';

/** Cancellation of a peça (spec §4): M desmembrada (moved to another document), D desentranhada. Irreversible. */
export const SITUACOES_VINCULO = ['M', 'D'] as const;
export type SituacaoVinculo = (typeof SITUACOES_VINCULO)[number];
export const ROTULOS_SITUACAO_VINCULO: Record<SituacaoVinculo, string> = { M: 'Desmembrada', D: 'Desentranhada' };

/** The words of spec §6 shown in the step column. */
export const MARCAS_PASSO = { restrito: 'RESTRITO', M: 'DESMEMBRADA', D: 'DESENTRANHADA' } as const;

const idOpcional = z.preprocess(
  (valor) => (valor === '' || valor === undefined ? null : valor),
  z.coerce.number().int().positive().nullable(),
);
const textoOpcional = (maximo: number) =>
  z.preprocess(
    (valor) => (typeof valor === 'string' && valor.trim() === '' ? null : valor),
    z.string().trim().max(maximo, `Informe no máximo ${maximo} caracteres`).nullable().default(null),
  );

export const TAMANHO_MAXIMO_DESCRICAO_PECA = 500;
export const TAMANHO_MAXIMO_JUSTIFICATIVA = 2000;

/** R and S need a legal hypothesis (DOMAIN.md "Access levels"). */
export function exigeHipoteseLegal(nivelAcesso: NivelAcesso | null | undefined): boolean {
  return nivelAcesso === 'R' || nivelAcesso === 'S';
}

/** Spec §5 "Files": each file needs a copy type and an access level, and a restriction reason when R (or S). */
export function camposArquivoDefinidos(campos: {
  tipoCopia?: string | null;
  nivelAcesso?: string | null;
  idHipoteseLegal?: number | null;
}): boolean {
  if (!campos.tipoCopia || !campos.nivelAcesso) return false;
  return !exigeHipoteseLegal(campos.nivelAcesso as NivelAcesso) || (campos.idHipoteseLegal ?? null) !== null;
}

/** The message of spec §5 for the first file whose fields are incomplete, or null. */
export function validarCamposArquivos(
  arquivos: readonly {
    nome: string;
    tipoCopia?: string | null;
    nivelAcesso?: string | null;
    idHipoteseLegal?: number | null;
  }[],
): string | null {
  const incompleto = arquivos.find((arquivo) => !camposArquivoDefinidos(arquivo));
  return incompleto ? MENSAGENS.arquivos.camposNaoDefinidos(incompleto.nome) : null;
}

const tipoCopiaSchema = z.enum(TIPOS_COPIA, { error: MENSAGENS.arquivos.tipoCopiaObrigatorio });
const nivelAcessoSchema = z.enum(NIVEIS_ACESSO, { error: MENSAGENS.arquivos.nivelAcessoInvalido });

/** A field the body needs and lacks: its message, under its name. */
function faltando(contexto: z.RefinementCtx, campo: string, message: string) {
  contexto.addIssue({ code: 'custom', path: [campo], message });
}

function exigirHipotese(
  campos: { nivelAcesso?: NivelAcesso | undefined; idHipoteseLegal?: number | null | undefined },
  contexto: z.RefinementCtx,
) {
  if (exigeHipoteseLegal(campos.nivelAcesso) && (campos.idHipoteseLegal ?? null) === null) {
    faltando(contexto, 'idHipoteseLegal', MENSAGENS.arquivos.hipoteseObrigatoria);
  }
}

/** The form fields sent with each file of POST documentos/{id}/anexos (multipart). */
export const camposEnvioPecaSchema = z
  .object({
    tipoCopia: tipoCopiaSchema,
    nivelAcesso: z.preprocess((v) => (v === '' || v === undefined ? NIVEL_ACESSO_PADRAO : v), nivelAcessoSchema),
    idHipoteseLegal: idOpcional.default(null),
    descricao: textoOpcional(TAMANHO_MAXIMO_DESCRICAO_PECA),
    /** Issue 24 (decision 1): the peça's document type, optional; an active type that is not a process. */
    idTipoDocumento: idOpcional.default(null),
  })
  .superRefine(exigirHipotese);
export type CamposEnvioPeca = z.infer<typeof camposEnvioPecaSchema>;

/**
 * PATCH documentos/{id}/pecas/{idAcessoAnexo}/tipo: the peça's document type (an active type that is not a process,
 * checked by the server), or null to remove it. Its mapped species is what the Tramita GOV.BR sends (issue 24).
 */
export const alterarTipoPecaSchema = z.object({
  idTipoDocumento: z.preprocess(
    (valor) => (valor === '' ? null : valor),
    z.number({ error: MENSAGENS.arquivos.tipoPecaInvalido }).int().positive().nullable(),
  ),
});
export type AlterarTipoPeca = z.infer<typeof alterarTipoPecaSchema>;

/**
 * PATCH documentos/{id}/pecas/{idAcessoAnexo}: either a new sequence number ({ sequencial }) or the edit of the
 * peça's data with a justification. One object so each missing field gets its own message.
 */
export const alterarPecaSchema = z
  .object({
    sequencial: z.coerce
      .number({ error: MENSAGENS.arquivos.sequencialInvalido })
      .int(MENSAGENS.arquivos.sequencialInvalido)
      .optional(),
    idAnexo: z.coerce.number().int().positive().optional(),
    descricao: textoOpcional(TAMANHO_MAXIMO_DESCRICAO_PECA).optional(),
    tipoCopia: tipoCopiaSchema.optional(),
    nivelAcesso: nivelAcessoSchema.optional(),
    idHipoteseLegal: idOpcional.optional(),
    justificativaAlteracao: textoOpcional(TAMANHO_MAXIMO_JUSTIFICATIVA).optional(),
  })
  .superRefine((corpo, contexto) => {
    if (corpo.sequencial !== undefined) return;
    if (!corpo.tipoCopia) faltando(contexto, 'tipoCopia', MENSAGENS.arquivos.tipoCopiaObrigatorio);
    if (!corpo.nivelAcesso) faltando(contexto, 'nivelAcesso', MENSAGENS.arquivos.nivelAcessoInvalido);
    exigirHipotese(corpo, contexto);
    if (!corpo.justificativaAlteracao) {
      faltando(contexto, 'justificativaAlteracao', MENSAGENS.arquivos.justificativaAlteracaoObrigatoria);
    }
  });
export type AlterarPeca = z.infer<typeof alterarPecaSchema>;
export type AlterarPecaEntrada = z.input<typeof alterarPecaSchema>;

/** PATCH documentos/{id}/pecas/{idAcessoAnexo}/cancelar. */
export const cancelarPecaSchema = z
  .object({
    situacaoVinculo: z.enum(SITUACOES_VINCULO, { error: MENSAGENS.arquivos.situacaoVinculoInvalida }),
    justificativaCancelamento: textoOpcional(TAMANHO_MAXIMO_JUSTIFICATIVA),
    idDocumentoPecaDesmembramento: idOpcional.default(null),
  })
  .superRefine((corpo, contexto) => {
    if (!corpo.justificativaCancelamento) {
      faltando(contexto, 'justificativaCancelamento', MENSAGENS.arquivos.justificativaCancelamentoObrigatoria);
    }
    if (corpo.situacaoVinculo === 'M' && corpo.idDocumentoPecaDesmembramento === null) {
      faltando(contexto, 'idDocumentoPecaDesmembramento', MENSAGENS.arquivos.destinoDesmembramentoObrigatorio);
    }
  });
export type CancelarPeca = z.infer<typeof cancelarPecaSchema>;
export type CancelarPecaEntrada = z.input<typeof cancelarPecaSchema>;

/** One row of GET documentos/{id}/pecas (and /anexos), as the caller may see it. */
export const pecaSchema = z.object({
  /** The upload (anexo.id); each peça has its own. */
  idAnexo: z.number().int(),
  /** The peça itself (peca.id). */
  idAcessoAnexo: z.number().int(),
  idDocumento: z.number().int(),
  /**
   * The file name. Null, like descricao and both justifications, when the caller may not open the peça
   * (podeVisualizar false): the row then says only what passoFluxo says (the word of spec §6).
   */
  nome: z.string().nullable(),
  descricao: z.string().nullable(),
  tipoCopia: z.enum(TIPOS_COPIA),
  nivelAcesso: z.enum(NIVEIS_ACESSO),
  idHipoteseLegal: z.number().int().nullable(),
  descricaoHipoteseLegal: z.string().nullable(),
  /** The peça's document type (issue 24, decision 1), or null when none was chosen. */
  idTipoDocumento: z.number().int().nullable(),
  descricaoTipoDocumento: z.string().nullable(),
  situacaoVinculo: z.enum(SITUACOES_VINCULO).nullable(),
  situacaoTramitacao: z.literal('T').nullable(),
  /** Position among the active peças (1..n); a cancelled peça keeps the number it had when cancelled. */
  sequencial: z.number().int(),
  /** The movement the peça travels in (the next sending after it was added). */
  sequenciaTramitacao: z.number().int().nullable(),
  /** The step's name, or the words of spec §6 (see rotuloPassoFluxo). */
  passoFluxo: z.string().nullable(),
  dataDespacho: z.string().nullable(),
  dataRecebimento: z.string().nullable(),
  dias: z.number().int().nullable(),
  dataInclusao: z.string(),
  justificativaAlteracao: z.string().nullable(),
  justificativaCancelamento: z.string().nullable(),
  dataCancelamento: z.string().nullable(),
  idDocumentoPecaDesmembramento: z.number().int().nullable(),
  numeroDocumentoPecaDesmembramento: z.string().nullable(),
  /** The caller may get the bytes (spec §6). */
  podeVisualizar: z.boolean(),
  /** The caller's unit may edit, renumber or cancel it now. */
  podeAlterar: z.boolean(),
  /** ...and delete it (not yet sent). */
  podeExcluir: z.boolean(),
  tamanho: z.number().int(),
  tipoMime: z.string(),
});
export type Peca = z.infer<typeof pecaSchema>;
