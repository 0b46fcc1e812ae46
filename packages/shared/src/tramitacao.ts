import { z } from 'zod';
import { calcularPrazo, paginacaoSchema, unidadeRefSchema } from './documentos.ts';
import { MENSAGENS } from './mensagens.ts';
import { exigeHipoteseLegal, NIVEIS_ACESSO, NIVEL_ACESSO_PADRAO, type NivelAcesso } from './pecas.ts';
import { prazoEnvioSchema, retornoProgramadoSchema } from './prazos.ts';
import { IMPEDIMENTOS_TRAMITACAO, type ImpedimentoTramitacao } from './regras-documento.ts';

export {
  IMPEDIMENTOS_TRAMITACAO,
  type ImpedimentoTramitacao,
  impedimentoTramitacao,
} from './regras-documento.ts';

/**
 * Contracts and pure rules of forwarding (tramitação), the movement history, bulk forwarding and re-forwarding
 * (reencaminhamento): spec §2 to §9, DOMAIN.md "Flows". The postal box's are in caixa-postal.ts.
 */

// ---------------------------------------------------------------------------------------------------------------
// Flows and steps

export const TIPOS_PASSO = ['ENCAMINHAR', 'DEVOLVER', 'ARQUIVAR', 'DESARQUIVAR', 'CONCLUIR'] as const;
export type TipoPasso = (typeof TIPOS_PASSO)[number];

/** Where a step may send to: listed units, the sender's parent, any active unit, or an archive unit. */
export const DESTINOS_PASSO = ['LISTADAS', 'PAI', 'QUALQUER', 'ARQUIVO'] as const;
export type DestinoPasso = (typeof DESTINOS_PASSO)[number];

export const passoSchema = z.object({
  id: z.number().int(),
  descricao: z.string(),
  tipo: z.enum(TIPOS_PASSO),
  ordem: z.number().int(),
  /** The step's default deadline in business days (null: none), preselected by the forwarding form. */
  prazoDiasUteis: z.number().int().nullable(),
});
export type Passo = z.infer<typeof passoSchema>;

/**
 * GET documentos/{id}/fluxos (and GET reencaminhamento/documento/{id}/fluxos): every active flow of the document's
 * type, the generic 'Tramitação livre' included, sorted by descricao; `passos` holds only the steps the unit may take
 * now (empty when it may take none: not held, not received, joined...).
 */
export const fluxoSchema = z.object({
  id: z.number().int(),
  descricao: z.string(),
  passos: z.array(passoSchema),
});
export type Fluxo = z.infer<typeof fluxoSchema>;

/** GET documentos/{id}/fluxos/{idFluxo}/destinos and .../consistencia take the step as ?idPasso=. */
export const consultaPassoSchema = z.object({ idPasso: z.coerce.number().int().positive() });

/** One allowed destination of a step: GET documentos/{id}/fluxos/{idFluxo}/destinos answers a list, by nome. */
export const destinoSchema = unidadeRefSchema;
export type Destino = z.infer<typeof destinoSchema>;

/**
 * GET documentos/{id}/fluxos/{idFluxo}/consistencia (spec §3 'Validation result'): a map from kind to messages.
 * Any ERRO blocks the sending; ALERTA messages are shown for the user to confirm.
 */
export const consistenciaSchema = z.object({ ERRO: z.array(z.string()), ALERTA: z.array(z.string()) });
export type Consistencia = z.infer<typeof consistenciaSchema>;

/** What the consistency rules look at (the server reads it from the document and the caller's unit). */
export interface SituacaoConsistencia {
  impedimento: ImpedimentoTramitacao | null;
  /** The chosen step is among those the unit may take now (false adds the step's ERRO). */
  passoPermitido: boolean;
  temAssunto: boolean;
  quantidadePecas: number;
  urgente: boolean;
  /** A despacho preparatório saved by the caller's unit. */
  temDespachoPreparatorio: boolean;
}

/** The consistency answer of a document for a step. */
export function avaliarConsistencia(s: SituacaoConsistencia): Consistencia {
  const ERRO: string[] = [];
  const ALERTA: string[] = [];
  if (s.impedimento !== null) ERRO.push(IMPEDIMENTOS_TRAMITACAO[s.impedimento]);
  else if (!s.passoPermitido) ERRO.push(MENSAGENS.tramitacao.passoNaoPermitido);
  if (!s.temAssunto) ERRO.push(MENSAGENS.tramitacao.semAssunto);
  if (s.quantidadePecas === 0) ALERTA.push(MENSAGENS.tramitacao.semPecas);
  if (s.urgente) ALERTA.push(MENSAGENS.tramitacao.urgente);
  if (s.temDespachoPreparatorio) ALERTA.push(MENSAGENS.tramitacao.despachoPreparatorioSalvo);
  return { ERRO, ALERTA };
}

/**
 * Whether a step of a flow may be taken now by the unit holding the document (the caller already knows the unit
 * holds it and received it): `origens` (passo_unidade_origem) restricts the step to those units when not empty;
 * an archived document (2001 = 2) may only be unarchived, and only an archived one may be.
 */
export function passoDisponivel(
  passo: { tipo: TipoPasso; origens: readonly number[] },
  contexto: { idUnidade: number; estadoProcessamento: number },
): boolean {
  if (passo.origens.length > 0 && !passo.origens.includes(contexto.idUnidade)) return false;
  const arquivado = contexto.estadoProcessamento === 2;
  if (passo.tipo === 'DESARQUIVAR') return arquivado;
  return !arquivado;
}

/** estado 2001 after a sending with a step of the given kind (the first sending ends the opening: 6 becomes 1). */
export function estadoAposEnvio(tipoPasso: TipoPasso, estadoProcessamento: number): number {
  if (tipoPasso === 'ARQUIVAR') return 2;
  if (tipoPasso === 'DESARQUIVAR') return 1;
  if (tipoPasso === 'CONCLUIR') return 3;
  return estadoProcessamento === 6 ? 1 : estadoProcessamento;
}

/** Spec §4 and §9: a type 571 document EM_CRIACAO without files asks for confirmation before forwarding. */
export const ID_TIPO_CONFIRMA_SEM_PECAS = 571;
export function pedeConfirmacaoSemPecas(
  documento: { idTipoDocumento: number; situacao: string },
  quantidadePecas: number,
): boolean {
  return (
    documento.idTipoDocumento === ID_TIPO_CONFIRMA_SEM_PECAS &&
    documento.situacao === 'EM_CRIACAO' &&
    quantidadePecas === 0
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Sending

/** Spec §9: the default tipo de despacho. Any single capital letter is stored as sent. */
export const TIPO_DESPACHO_PADRAO = 'I';
export const TAMANHO_MAXIMO_DESPACHO = 10_000;

const textoOpcional = z.preprocess(
  (valor) => (typeof valor === 'string' && valor.trim() === '' ? null : valor),
  z
    .string()
    .trim()
    .max(TAMANHO_MAXIMO_DESPACHO, `Informe no máximo ${TAMANHO_MAXIMO_DESPACHO} caracteres`)
    .nullable()
    .optional(),
);
const idPositivo = (mensagem: string) => z.coerce.number({ error: mensagem }).int().positive({ message: mensagem });
const idOpcional = z.preprocess(
  (valor) => (valor === '' || valor === undefined ? null : valor),
  z.coerce.number().int().positive().nullable(),
);

const camposEnvio = {
  idPasso: idPositivo(MENSAGENS.tramitacao.informePasso),
  idDestino: idPositivo(MENSAGENS.tramitacao.informeDestino),
  /** Absent: the despacho saved for the caller's unit (PATCH) is used; null or empty: none. */
  despacho: textoOpcional,
  tipoDespacho: z
    .string()
    .trim()
    .regex(/^[A-Z]$/, 'Tipo de despacho inválido')
    .default(TIPO_DESPACHO_PADRAO),
  nivelAcesso: z.enum(NIVEIS_ACESSO).default(NIVEL_ACESSO_PADRAO),
  idHipoteseLegal: idOpcional.default(null),
  prazo: prazoEnvioSchema,
  retornoProgramado: retornoProgramadoSchema,
};

/** The rules of a sending that need no database; answers the first broken rule's message or null. */
export function validarEnvio(envio: {
  nivelAcesso: NivelAcesso;
  idHipoteseLegal: number | null;
  despacho?: string | null;
  tipoPasso?: TipoPasso;
}): string | null {
  if (exigeHipoteseLegal(envio.nivelAcesso) && envio.idHipoteseLegal === null) {
    return MENSAGENS.arquivos.hipoteseObrigatoria;
  }
  if (envio.tipoPasso === 'DESARQUIVAR' && !envio.despacho?.trim()) return MENSAGENS.tramitacao.motivoDesarquivamento;
  return null;
}

const refinarHipotese = (envio: { nivelAcesso: NivelAcesso; idHipoteseLegal: number | null }, ctx: z.RefinementCtx) => {
  const erro = validarEnvio(envio);
  if (erro) ctx.addIssue({ code: 'custom', message: erro, path: ['idHipoteseLegal'] });
};

/**
 * POST documentos/{id}/tramitacoes (spec §3 'Forwarding parameters'). The hipótese legal is required for R and S;
 * DESARQUIVAR requires the despacho (it is the reason recorded in the desarquivamento).
 */
export const tramitarSchema = z
  .object({ ...camposEnvio, despachoPreparatorio: textoOpcional })
  .superRefine(refinarHipotese);
export type Tramitar = z.infer<typeof tramitarSchema>;
export type TramitarEntrada = z.input<typeof tramitarSchema>;

/** PATCH documentos/{id}/tramitacoes: saves the despacho and/or the despacho preparatório of the caller's unit. */
export const salvarDespachoSchema = z
  .object({ despacho: textoOpcional, despachoPreparatorio: textoOpcional })
  .refine((s) => s.despacho !== undefined || s.despachoPreparatorio !== undefined, {
    message: 'Informe o despacho ou o despacho preparatório',
  });
export type SalvarDespacho = z.infer<typeof salvarDespachoSchema>;

/** PATCH documentos/{id}/tramitacoes and GET .../tramitacoes/despacho: the saved draft (nulls when none). */
export const rascunhoDespachoSchema = z.object({
  despacho: z.string().nullable(),
  despachoPreparatorio: z.string().nullable(),
});
export type RascunhoDespacho = z.infer<typeof rascunhoDespachoSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Movement history

/**
 * One tramitação: GET documentos/{id}/tramitacoes (in order of sequencia), GET .../ultima-tramitacao and the answer of
 * a sending. `despacho` is null for a restricted (R/S) movement unless the caller has VISUALIZACAO_IRRESTRITA_PECAS or
 * belongs to its origin or destination unit; `descricaoHipoteseLegal` is always sent for R/S so the web can show
 * 'RESTRITO - Motivo: ' + descricao. `despachoPreparatorio` follows the same rule.
 * `dias`: whole calendar days (America/Sao_Paulo) from dtDespacho to dtRecebimento, or to now while not received.
 */
export const tramitacaoSchema = z.object({
  id: z.number().int(),
  sequencia: z.number().int(),
  idPasso: z.number().int().nullable(),
  passo: z.string().nullable(),
  tipoPasso: z.enum(TIPOS_PASSO).nullable(),
  fluxo: z.string().nullable(),
  unidadeOrigem: unidadeRefSchema,
  unidadeDestino: unidadeRefSchema,
  remetente: z.string(),
  recebedor: z.string().nullable(),
  despacho: z.string().nullable(),
  despachoPreparatorio: z.string().nullable(),
  /** True when the despacho exists but is hidden from the caller by its access level. */
  despachoOculto: z.boolean(),
  tipoDespacho: z.string(),
  nivelAcesso: z.enum(NIVEIS_ACESSO),
  idHipoteseLegal: z.number().int().nullable(),
  descricaoHipoteseLegal: z.string().nullable(),
  dtDespacho: z.string(),
  dtRecebimento: z.string().nullable(),
  dias: z.number().int(),
  reencaminhamento: z.boolean(),
  /** Set on the movement of a joined child: the parent's tramitação it moved with. */
  idTramitacaoPrincipal: z.number().int().nullable(),
  /** The deadline set for the destination (YYYY-MM-DD, as changed since), and whether the step or the sender set it. */
  prazo: z.string().nullable(),
  origemPrazo: z.enum(['PASSO', 'REMETENTE']).nullable(),
  /** The last change of the deadline by the holding unit (PATCH documentos/{id}/prazo): who and when. */
  prazoAlterado: z.object({ em: z.string(), usuario: z.string() }).nullable(),
  /** The date the document must be back at the sending unit (YYYY-MM-DD). */
  retornoProgramado: z.string().nullable(),
  /** The recall of this sending before its receipt; the reason is hidden as the despacho is. */
  cancelamento: z.object({ em: z.string(), usuario: z.string(), motivo: z.string().nullable() }).nullable(),
});
export type Tramitacao = z.infer<typeof tramitacaoSchema>;

/** Whole calendar days of a movement: until its receipt, or until now while pending. */
export function calcularDias(
  dtDespacho: Date | string,
  dtRecebimento: Date | string | null,
  agora = new Date(),
): number {
  return calcularPrazo(dtDespacho, dtRecebimento === null ? agora : new Date(dtRecebimento)) ?? 0;
}

/** A restricted despacho is shown to unrestricted readers and to the units on both ends of the movement. */
export function podeVerDespacho(
  tramitacao: { nivelAcesso: NivelAcesso; idUnidadeOrigem: number; idUnidadeDestino: number },
  leitor: { irrestrito: boolean; lotacoes: readonly number[] } | null,
): boolean {
  if (tramitacao.nivelAcesso === 'P') return true;
  if (!leitor) return false;
  if (leitor.irrestrito) return true;
  return leitor.lotacoes.includes(tramitacao.idUnidadeOrigem) || leitor.lotacoes.includes(tramitacao.idUnidadeDestino);
}

// ---------------------------------------------------------------------------------------------------------------
// Bulk forwarding

export const LOTE_MAXIMO = 100;

/**
 * POST tramitacoes/lote: one step, destination and despacho for several documents. The step is taken in each
 * document's type as the step with the same flow description, step description and kind (so 'Tramitação livre' >
 * 'Encaminhar' works for documents of different types).
 */
export const tramitarLoteSchema = z
  .object({
    idsDocumentos: z
      .array(z.number().int().positive())
      .min(1, 'Selecione ao menos um documento')
      .max(LOTE_MAXIMO, `Selecione no máximo ${LOTE_MAXIMO} documentos`),
    ...camposEnvio,
  })
  .superRefine(refinarHipotese);
export type TramitarLote = z.infer<typeof tramitarLoteSchema>;
export type TramitarLoteEntrada = z.input<typeof tramitarLoteSchema>;

/** The outcome of one document of a bulk forwarding; numero is null for an unknown (or hidden) document. */
export const resultadoLoteSchema = z.object({
  idDocumento: z.number().int(),
  numero: z.string().nullable(),
  tramitado: z.boolean(),
  erro: z.string().nullable(),
});
export type ResultadoLote = z.infer<typeof resultadoLoteSchema>;

/** POST recebimentos/lote: documents waiting in the caller's current unit, each received by the single-receipt rules. */
export const receberLoteSchema = z.object({
  idsDocumentos: z
    .array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER))
    .min(1, 'Selecione ao menos um documento')
    .max(LOTE_MAXIMO, `Selecione no máximo ${LOTE_MAXIMO} documentos`),
});
export type ReceberLote = z.infer<typeof receberLoteSchema>;

/** The outcome of one document of a bulk receipt; numero is null for an unknown (or hidden) document. */
export const resultadoRecebimentoLoteSchema = z.object({
  idDocumento: z.number().int(),
  numero: z.string().nullable(),
  recebido: z.boolean(),
  erro: z.string().nullable(),
});
export type ResultadoRecebimentoLote = z.infer<typeof resultadoRecebimentoLoteSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Re-forwarding (permission REENCAMINHAMENTO)

const preenchido = (valor: unknown) => valor !== undefined && valor !== null && String(valor).trim() !== '';

/** GET reencaminhamento/unidades/{id}/caixa-postal: the number is optional, pagination as the box. */
export const filtrosReencaminhamentoSchema = z.object({
  numeroDocumento: z.string().trim().max(40).optional(),
  ...paginacaoSchema.shape,
});

/** Spec §5 'Re-forwarding search': a unit or a document number. */
export function validarFiltrosReencaminhamento(filtros: {
  idUnidade?: number | null;
  numeroDocumento?: string | null;
}): string | null {
  if (!preenchido(filtros.idUnidade) && !preenchido(filtros.numeroDocumento)) {
    return MENSAGENS.reencaminhamento.filtroObrigatorio;
  }
  return null;
}

/**
 * POST reencaminhamento/documento/{id}/tramitacoes (spec §7): step, destination and despacho. A document still
 * waiting in the unit's box is received in its name and sent in the same transaction. `idUnidade`, optional, is the
 * unit the administrator acts for (the box the wizard listed): when the document is no longer pending to or held by
 * it, the request is refused (409) instead of acting for another unit.
 */
export const reencaminharSchema = z.object({
  idPasso: camposEnvio.idPasso,
  idDestino: camposEnvio.idDestino,
  despacho: textoOpcional,
  idUnidade: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  prazo: camposEnvio.prazo,
  retornoProgramado: camposEnvio.retornoProgramado,
});
export type Reencaminhar = z.infer<typeof reencaminharSchema>;
