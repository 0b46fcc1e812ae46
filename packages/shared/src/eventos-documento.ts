import { z } from 'zod';
import { unidadeRefSchema } from './documentos.ts';

/**
 * GET documentos/{id}/eventos (issue 20): what happened to a document besides its tramitações, in time order, so
 * the history shows one timeline. Free text (reasons, notes) follows the despacho's rule: an anonymous caller, or
 * one who could not see a restricted despacho of the movement in force at the event, gets null and `textoOculto`.
 */

export const TIPOS_EVENTO_DOCUMENTO = [
  'PRAZO_ALTERADO',
  'RETORNO_ALTERADO',
  'CIENCIA',
  'SOBRESTAMENTO',
  'LEVANTAMENTO',
  'ENVIO_CANCELADO',
  // Issue 24: a process received from another body through the Tramita GOV.BR (the origin and the NRE as text).
  'TRAMITE_EXTERNO_RECEBIDO',
] as const;
export type TipoEventoDocumento = (typeof TIPOS_EVENTO_DOCUMENTO)[number];

export const eventoDocumentoSchema = z.object({
  tipo: z.enum(TIPOS_EVENTO_DOCUMENTO),
  em: z.string(),
  /** Who did it; null for a lifting by its date. */
  usuario: z.string().nullable(),
  unidade: unidadeRefSchema.nullable(),
  /** The reason (deadline change, suspension, lifting, recall) or the note (ciência). */
  texto: z.string().nullable(),
  textoOculto: z.boolean(),
  /** PRAZO_ALTERADO / RETORNO_ALTERADO: the dates before and after (YYYY-MM-DD, null: none). */
  anterior: z.string().nullable(),
  novo: z.string().nullable(),
  /** SOBRESTAMENTO: the date it lifts itself (YYYY-MM-DD), if any. */
  levantarEm: z.string().nullable(),
  /** ENVIO_CANCELADO (and deadline changes): the sequence of the tramitação concerned. */
  sequencia: z.number().int().nullable(),
  /** LEVANTAMENTO by its date, not by a person. */
  automatico: z.boolean(),
});
export type EventoDocumento = z.infer<typeof eventoDocumentoSchema>;

export const ROTULOS_EVENTO_DOCUMENTO: Record<TipoEventoDocumento, string> = {
  PRAZO_ALTERADO: 'Prazo alterado',
  RETORNO_ALTERADO: 'Retorno programado alterado',
  CIENCIA: 'Ciência',
  SOBRESTAMENTO: 'Sobrestamento',
  LEVANTAMENTO: 'Levantamento do sobrestamento',
  ENVIO_CANCELADO: 'Envio cancelado',
  TRAMITE_EXTERNO_RECEBIDO: 'Recebido pelo Tramita GOV.BR',
};

const dataBr = (data: string | null) => (data ? `${data.slice(8, 10)}/${data.slice(5, 7)}/${data.slice(0, 4)}` : null);

/** One line that says what the event was (without who and when, which the timeline shows beside it). */
export function descreverEvento(evento: EventoDocumento): string {
  const texto = evento.texto ?? (evento.textoOculto ? '(restrito)' : null);
  const complemento = (rotulo: string) => (texto ? ` — ${rotulo}: ${texto}` : '');
  switch (evento.tipo) {
    case 'PRAZO_ALTERADO':
    case 'RETORNO_ALTERADO':
      return (
        `${ROTULOS_EVENTO_DOCUMENTO[evento.tipo]}: de ${dataBr(evento.anterior) ?? 'sem data'} para ` +
        `${dataBr(evento.novo) ?? 'sem data'}${complemento('Motivo')}`
      );
    case 'CIENCIA':
      return `Ciência registrada${complemento('Observação')}`;
    case 'SOBRESTAMENTO': {
      const ate = evento.levantarEm ? ` até ${dataBr(evento.levantarEm)}` : '';
      return `Documento sobrestado${ate}${complemento('Motivo')}`;
    }
    case 'LEVANTAMENTO':
      return evento.automatico
        ? 'Sobrestamento levantado automaticamente na data prevista'
        : `Sobrestamento levantado${complemento('Motivo')}`;
    case 'ENVIO_CANCELADO':
      return `Envio ${evento.sequencia ?? ''} cancelado${complemento('Motivo')}`.replace('Envio  ', 'Envio ');
    case 'TRAMITE_EXTERNO_RECEBIDO':
      return `Processo recebido de outro órgão pelo Tramita GOV.BR${texto ? ` — ${texto}` : ''}`;
  }
}

/** An entry of the history's timeline: a tramitação (at its dtDespacho) or an event. */
export type ItemLinhaDoTempo<T> =
  | { tipo: 'TRAMITACAO'; em: string; tramitacao: T }
  | { tipo: 'EVENTO'; em: string; evento: EventoDocumento };

/**
 * Tramitações and events in one list by time; at the same instant a tramitação comes before the events it caused,
 * and each list keeps its own order.
 */
export function linhaDoTempo<T extends { dtDespacho: string }>(
  tramitacoes: readonly T[],
  eventos: readonly EventoDocumento[],
): ItemLinhaDoTempo<T>[] {
  const itens: ItemLinhaDoTempo<T>[] = [
    ...tramitacoes.map((tramitacao) => ({ tipo: 'TRAMITACAO' as const, em: tramitacao.dtDespacho, tramitacao })),
    ...eventos.map((evento) => ({ tipo: 'EVENTO' as const, em: evento.em, evento })),
  ];
  const ms = (iso: string) => new Date(iso).getTime();
  // Array.prototype.sort is stable: equal instants keep tramitações first, then the events in their order.
  return itens.sort((a, b) => ms(a.em) - ms(b.em));
}
