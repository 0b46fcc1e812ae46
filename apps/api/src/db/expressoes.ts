import { type RawBuilder, sql } from 'kysely';

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

/** What a tramitação `t` shows in a summary (joined by `juntarOrigemDestinoPasso`): the document's last movement. */
export const COLUNAS_RESUMO_TRAMITACAO = [
  ...COLUNAS_ORIGEM_DESTINO,
  'p.descricao as passo',
  't.dtDespacho',
  't.dtRecebimento',
] as const;

/** A document `d`'s situation and processing state, from which the lists and its screen show what it is doing. */
export const COLUNAS_ESTADO_DOCUMENTO = [
  'd.situacao',
  'd.estadoProcessamento',
  'd.estadoOrigem',
  'd.estadoTamanho',
  'd.estadoVisibilidadeCaixa',
] as const;

/** Documents shown in postal boxes (spec §4: estado 32007 absent or 1), for a query over `documento as d`. */
export const visivelNaCaixa = sql<boolean>`(d.estado_visibilidade_caixa IS NULL OR d.estado_visibilidade_caixa = 1)`;

/**
 * The rule of a scheduled return (issue 20), written once for every screen and job that needs it: the return of the
 * tramitação `alias` (a `tramitacao` row in the outer query) is met when a later live tramitação of the same document
 * was sent TO the unit that scheduled it. Use as `NOT ${retornoCumprido('t')}` for the returns still awaited.
 */
export function retornoCumprido(alias: string): RawBuilder<boolean> {
  const t = sql.ref(alias);
  return sql<boolean>`EXISTS (
    SELECT 1 FROM tramitacao volta
    WHERE volta.id_documento = ${t}.id_documento AND volta.sequencia > ${t}.sequencia
      AND volta.id_unidade_destino = ${t}.id_unidade_origem AND volta.dt_cancelamento IS NULL)`;
}
