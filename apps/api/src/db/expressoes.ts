import { sql } from 'kysely';

/** The institution's time zone: dates typed by users and printed dates are days of its calendar. */
export const FUSO = 'America/Sao_Paulo';

/** Whole days of the institution's calendar: [start 00:00, day after the end 00:00) in America/Sao_Paulo. */
export const inicioDoDia = (dia: string) => sql<Date>`(${dia}::date)::timestamp AT TIME ZONE ${FUSO}`;
export const fimDoDia = (dia: string) => sql<Date>`(${dia}::date + 1)::timestamp AT TIME ZONE ${FUSO}`;

/**
 * A tramitação's origin and destination units, for a query over `tramitacao as t` joined to `unidade as uo` (origin)
 * and `unidade as ud` (destination): the history, a document's last movement, the followers' list.
 */
export const COLUNAS_ORIGEM_DESTINO = [
  't.idUnidadeOrigem',
  'uo.sigla as origemSigla',
  'uo.nome as origemNome',
  't.idUnidadeDestino',
  'ud.sigla as destinoSigla',
  'ud.nome as destinoNome',
] as const;
