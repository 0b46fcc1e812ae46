import { z } from 'zod';
import { type Calendario, dataValida, diferencaEmDias } from './calendario.ts';
import { dataIsoSchema } from './calendario-administracao.ts';
import { MENSAGENS } from './mensagens.ts';
import { ORIGENS_PRAZO, type OrigemPrazo } from './regras-documento.ts';

export { ORIGENS_PRAZO, type OrigemPrazo, rotuloOrigemPrazo } from './regras-documento.ts';

/**
 * Deadlines set when forwarding and their changes (issue 20, docs/domain.md "Prazos"): the sender gives the
 * destination a deadline (a date or N business days; absent, the step's default), and may schedule the document's
 * return to the sending unit. Pure rules shared by the forms and the server, which checks them again in the
 * sending's transaction against the institution's calendar.
 */

/** A deadline or scheduled return is at most this many days ahead; N business days go from 1 to this. */
export const PRAZO_MAXIMO_DIAS = 365;
export const TAMANHO_MAXIMO_MOTIVO_PRAZO = 500;

/** Steps that end the document's course carry neither a deadline nor a scheduled return. */
export const TIPOS_PASSO_SEM_PRAZO: readonly string[] = ['ARQUIVAR', 'CONCLUIR'];

/** DD/MM/YYYY of a YYYY-MM-DD date, for messages. */
export function dataBr(data: string): string {
  const [ano, mes, dia] = data.split('-');
  return `${dia}/${mes}/${ano}`;
}

/**
 * The deadline of a sending, as the API takes it: absent → the step's default (if any); null → no deadline;
 * `{ data }` → that date; `{ diasUteis }` → N business days after today (the first day left out).
 */
export const prazoEnvioSchema = z
  .object({
    data: dataIsoSchema.optional(),
    diasUteis: z
      .number({ error: MENSAGENS.prazos.diasUteisInvalidos })
      .int(MENSAGENS.prazos.diasUteisInvalidos)
      .min(1, MENSAGENS.prazos.diasUteisInvalidos)
      .max(PRAZO_MAXIMO_DIAS, MENSAGENS.prazos.diasUteisInvalidos)
      .optional(),
  })
  .strict()
  .refine((p) => (p.data === undefined) !== (p.diasUteis === undefined), {
    message: MENSAGENS.prazos.dataOuDiasUteis,
  })
  .transform((p): { data: string } | { diasUteis: number } =>
    p.data !== undefined ? { data: p.data } : { diasUteis: p.diasUteis as number },
  )
  .nullable()
  .optional()
  .describe(
    'Prazo para o destino: ausente usa o padrão do passo; null, sem prazo; { "data": "AAAA-MM-DD" } ou { "diasUteis": N } (1 a 365)',
  );
export type PrazoEnvio = z.infer<typeof prazoEnvioSchema>;

export const retornoProgramadoSchema = dataIsoSchema
  .nullable()
  .optional()
  .describe('Data (AAAA-MM-DD) em que o documento deve voltar à unidade remetente; ausente ou null, nenhuma');

/** Which date is checked: the messages differ. */
type TipoData = 'PRAZO' | 'RETORNO';

const MENSAGENS_DATA = {
  PRAZO: {
    invalida: MENSAGENS.prazos.dataInvalida,
    passado: MENSAGENS.prazos.noPassado,
    distante: MENSAGENS.prazos.muitoDistante,
    naoUtil: MENSAGENS.prazos.diaNaoUtil,
  },
  RETORNO: {
    invalida: MENSAGENS.prazos.retornoInvalido,
    passado: MENSAGENS.prazos.retornoNoPassado,
    distante: MENSAGENS.prazos.retornoMuitoDistante,
    naoUtil: MENSAGENS.prazos.retornoDiaNaoUtil,
  },
} as const;

/**
 * Why a deadline (or scheduled return) date is not acceptable, or null: a real date, not before today (Brasília), at
 * most 365 days ahead, on a business day. Without a calendar (the browser's still loading) the last rule waits.
 */
export function validarDataPrazo(
  data: string,
  hoje: string,
  calendario: Calendario | null,
  tipo: TipoData = 'PRAZO',
): string | null {
  const m = MENSAGENS_DATA[tipo];
  if (!dataValida(data)) return m.invalida;
  if (data < hoje) return m.passado;
  if (diferencaEmDias(hoje, data) > PRAZO_MAXIMO_DIAS) return m.distante;
  const motivo = calendario?.motivoNaoUtil(data) ?? null;
  if (motivo !== null) return m.naoUtil(dataBr(data), motivo);
  return null;
}

export interface PedidoPrazo {
  /** As the API received it: undefined = absent (step's default). */
  prazo?: PrazoEnvio;
  retornoProgramado?: string | null;
}

export interface PrazoResolvido {
  prazo: string | null;
  origemPrazo: OrigemPrazo | null;
  retornoProgramado: string | null;
}

export type ResultadoPrazo = { ok: PrazoResolvido } | { erro: string; campo: 'prazo' | 'retornoProgramado' };

/**
 * The deadline and scheduled return a sending stores, or the first broken rule. The step's default is N business
 * days from today; ARQUIVAR and CONCLUIR steps take none (an explicit one is refused, a default ignored).
 */
export function resolverPrazoEnvio(
  pedido: PedidoPrazo,
  passo: { tipo: string; prazoDiasUteis: number | null },
  hoje: string,
  calendario: Calendario,
): ResultadoPrazo {
  const semPrazo = TIPOS_PASSO_SEM_PRAZO.includes(passo.tipo);
  if (semPrazo) {
    if (pedido.prazo) return { erro: MENSAGENS.prazos.passoSemPrazo, campo: 'prazo' };
    if (pedido.retornoProgramado) return { erro: MENSAGENS.prazos.passoSemPrazo, campo: 'retornoProgramado' };
    return { ok: { prazo: null, origemPrazo: null, retornoProgramado: null } };
  }
  let prazo: string | null = null;
  let origemPrazo: OrigemPrazo | null = null;
  if (pedido.prazo === undefined) {
    if (passo.prazoDiasUteis !== null) {
      prazo = calendario.somarDiasUteis(hoje, passo.prazoDiasUteis);
      origemPrazo = 'PASSO';
    }
  } else if (pedido.prazo !== null) {
    if ('diasUteis' in pedido.prazo) {
      const n = pedido.prazo.diasUteis;
      if (!Number.isInteger(n) || n < 1 || n > PRAZO_MAXIMO_DIAS) {
        return { erro: MENSAGENS.prazos.diasUteisInvalidos, campo: 'prazo' };
      }
      prazo = calendario.somarDiasUteis(hoje, n);
    } else {
      const erro = validarDataPrazo(pedido.prazo.data, hoje, calendario);
      if (erro) return { erro, campo: 'prazo' };
      prazo = pedido.prazo.data;
    }
    origemPrazo = 'REMETENTE';
  }
  const retornoProgramado = pedido.retornoProgramado ?? null;
  if (retornoProgramado !== null) {
    const erro = validarRetornoProgramado(retornoProgramado, prazo, hoje, calendario);
    if (erro) return { erro, campo: 'retornoProgramado' };
  }
  return { ok: { prazo, origemPrazo, retornoProgramado } };
}

/** A scheduled return follows the date rules and is not before the deadline it goes with. */
export function validarRetornoProgramado(
  data: string,
  prazo: string | null,
  hoje: string,
  calendario: Calendario | null,
): string | null {
  const erro = validarDataPrazo(data, hoje, calendario, 'RETORNO');
  if (erro) return erro;
  if (prazo !== null && data < prazo) return MENSAGENS.prazos.retornoAntesDoPrazo;
  return null;
}

const motivoSchema = z
  .string({ error: MENSAGENS.prazos.motivoObrigatorio })
  .trim()
  .min(1, MENSAGENS.prazos.motivoObrigatorio)
  .max(TAMANHO_MAXIMO_MOTIVO_PRAZO, MENSAGENS.prazos.motivoLongo);

/** PATCH documentos/{id}/prazo: the new deadline of the unit holding the document (null removes it), and why. */
export const alterarPrazoSchema = z.object({
  prazo: dataIsoSchema.nullable().describe('Novo prazo (AAAA-MM-DD) ou null para retirá-lo'),
  motivo: motivoSchema,
});
export type AlterarPrazo = z.infer<typeof alterarPrazoSchema>;

/** PATCH documentos/{id}/retorno-programado: the new scheduled return (null removes it), and why. */
export const alterarRetornoProgramadoSchema = z.object({
  data: dataIsoSchema.nullable().describe('Novo retorno programado (AAAA-MM-DD) ou null para retirá-lo'),
  motivo: motivoSchema,
});
export type AlterarRetornoProgramado = z.infer<typeof alterarRetornoProgramadoSchema>;

/** The answer of both changes: the tramitação changed and its deadline and scheduled return as they now stand. */
export const prazoAlteradoSchema = z.object({
  idTramitacao: z.number().int(),
  prazo: z.string().nullable(),
  origemPrazo: z.enum(ORIGENS_PRAZO).nullable(),
  retornoProgramado: z.string().nullable(),
});
export type PrazoAlterado = z.infer<typeof prazoAlteradoSchema>;
