import { type SelectQueryBuilder, sql } from 'kysely';
import type { Banco } from '../../db/connection.ts';
import { FUSO } from '../../db/expressoes.ts';
import { juncaoSobre, juntarOrigemDestino } from '../../db/juncoes.ts';
import type { Database } from '../../db/schema.ts';

const COLUNAS_UNIDADE = ['unidade.id', 'unidade.sigla', 'unidade.nome', 'unidade.codigo', 'unidade.ativa'] as const;

/** 'DD/MM/YYYY HH:mm:ss' in the institution's time zone, made by the database (no Date per row in JS). */
const dataHoraBr = (coluna: string) =>
  sql<string>`to_char(${sql.ref(coluna)} AT TIME ZONE ${FUSO}, 'DD/MM/YYYY HH24:MI:SS')`;

/** The keyset position of a row: the timestamp as text keeps its microseconds (a JS Date would drop them). */
export interface Posicao {
  quando: string;
  id: number;
}

/**
 * Units a report may cover: the user's lotações, every active unit and, for the desarquivados report, also the
 * (possibly inactive) units that ever recorded a desarquivamento. By name in pt-BR order.
 */
export function listarUnidadesRelatorio(db: Banco, idUsuario: number, comDesarquivamentos: boolean) {
  return db
    .selectFrom('unidade')
    .select(COLUNAS_UNIDADE)
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('lotacao')
            .select('lotacao.idUnidade')
            .whereRef('lotacao.idUnidade', '=', 'unidade.id')
            .where('lotacao.idUsuario', '=', idUsuario),
        )
        .as('lotacao'),
    )
    .where((eb) =>
      eb.or([
        eb('unidade.ativa', '=', true),
        eb.exists(
          eb
            .selectFrom('lotacao')
            .select('lotacao.idUnidade')
            .whereRef('lotacao.idUnidade', '=', 'unidade.id')
            .where('lotacao.idUsuario', '=', idUsuario),
        ),
        ...(comDesarquivamentos
          ? [
              eb.exists(
                eb
                  .selectFrom('desarquivamento')
                  .select('desarquivamento.id')
                  .whereRef('desarquivamento.idUnidade', '=', 'unidade.id'),
              ),
            ]
          : []),
      ]),
    )
    .orderBy(sql`unidade.nome COLLATE pt_br`)
    .orderBy('unidade.id')
    .execute();
}

/**
 * A bound typed in the institution's time zone as an instant. `fim` is exclusive: the caller passes the instant
 * just after the last one covered.
 */
export async function instantesDoPeriodo(
  db: Banco,
  inicio: string,
  fim: string,
  fimComSegundos: boolean,
): Promise<{ inicio: Date; fim: Date }> {
  const passo = fimComSegundos ? '1 second' : '1 minute';
  const { rows } = await sql<{ inicio: Date; fim: Date }>`
    SELECT (${inicio}::timestamp AT TIME ZONE ${FUSO}) AS inicio,
           ((${fim}::timestamp + ${passo}::interval) AT TIME ZONE ${FUSO}) AS fim`.execute(db);
  const linha = rows[0];
  if (!linha) throw new Error('período não calculado');
  return linha;
}

export interface Periodo {
  inicio: Date;
  fim: Date;
}

/**
 * The malote's plan: how many principal movements each (origin, destination) pair sent in the period, with the
 * names to print. Destinations (and origins within them) by name. Joined children's movements travel inside their
 * parent and are left out.
 */
export function resumoMalote(db: Banco, idsOrigens: readonly number[], periodo: Periodo) {
  return db
    .selectFrom('tramitacao as t')
    .$call(juntarOrigemDestino)
    .select([
      't.idUnidadeDestino as idDestino',
      'ud.sigla as siglaDestino',
      'ud.nome as nomeDestino',
      't.idUnidadeOrigem as idOrigem',
      'uo.sigla as siglaOrigem',
      'uo.nome as nomeOrigem',
    ])
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('t.idUnidadeOrigem', 'in', idsOrigens)
    .where('t.idTramitacaoPrincipal', 'is', null)
    .where('t.dtDespacho', '>=', periodo.inicio)
    .where('t.dtDespacho', '<', periodo.fim)
    .groupBy(['t.idUnidadeDestino', 'ud.sigla', 'ud.nome', 't.idUnidadeOrigem', 'uo.sigla', 'uo.nome'])
    .orderBy(sql`ud.nome COLLATE pt_br`)
    .orderBy('t.idUnidadeDestino')
    .orderBy(sql`uo.nome COLLATE pt_br`)
    .orderBy('t.idUnidadeOrigem')
    .execute();
}
export type ParMalote = Awaited<ReturnType<typeof resumoMalote>>[number];

/** A report line's document `d`: its type (`tipo`) and subject (`assunto`), and what the line prints of them. */
const juntarTipoAssunto = juncaoSobre<{ d: Database['documento'] }>()((consulta) =>
  consulta
    .innerJoin('tipoDocumento as tipo', 'tipo.id', 'd.idTipoDocumento')
    .leftJoin('assunto', 'assunto.id', 'd.idAssunto'),
);
const COLUNAS_DOCUMENTO = [
  'd.numero',
  'tipo.descricao as tipo',
  'd.resumoAssunto',
  'assunto.descricao as assunto',
] as const;

/**
 * The batch of a report's rows in the period after `apos`, in (instant, id) order: keyset on the two columns (given
 * as in SQL), each row with its position and its instant printed.
 */
function loteNoPeriodo<DB, TB extends keyof DB, O>(
  consulta: SelectQueryBuilder<DB, TB, O>,
  colunas: { quando: string; id: string },
  periodo: Periodo,
  apos: Posicao | null,
  limite: number,
) {
  const quando = sql.ref(colunas.quando);
  const id = sql.ref(colunas.id);
  return consulta
    .select([sql<string>`${quando}::text`.as('posicao'), dataHoraBr(colunas.quando).as('quando')])
    .where(sql<boolean>`${quando} >= ${periodo.inicio}`)
    .where(sql<boolean>`${quando} < ${periodo.fim}`)
    .$if(apos !== null, (q) =>
      q.where(sql<boolean>`(${quando}, ${id}) > (${apos?.quando}::timestamptz, ${apos?.id}::bigint)`),
    )
    .orderBy(quando)
    .orderBy(id)
    .limit(limite);
}

/**
 * The next batch of one (origin, destination) pair in dispatch order, after `apos` (keyset: an index range read on
 * tramitacao_malote_idx, never an OFFSET).
 */
export function loteMalote(
  db: Banco,
  par: { idOrigem: number; idDestino: number },
  periodo: Periodo,
  apos: Posicao | null,
  limite: number,
) {
  const consulta = db
    .selectFrom('tramitacao as t')
    .innerJoin('documento as d', 'd.id', 't.idDocumento')
    .$call(juntarTipoAssunto)
    .innerJoin('usuario as remetente', 'remetente.id', 't.idUsuarioRemetente')
    .leftJoin('passo', 'passo.id', 't.idPasso')
    .leftJoin('fluxo', 'fluxo.id', 't.idFluxo')
    .select([
      't.id',
      ...COLUNAS_DOCUMENTO,
      'remetente.nome as remetente',
      'passo.descricao as passo',
      'fluxo.descricao as fluxo',
      't.tipoDespacho',
      't.reencaminhamento',
    ])
    .where('t.idUnidadeOrigem', '=', par.idOrigem)
    .where('t.idUnidadeDestino', '=', par.idDestino)
    .where('t.idTramitacaoPrincipal', 'is', null);
  return loteNoPeriodo(consulta, { quando: 't.dt_despacho', id: 't.id' }, periodo, apos, limite).execute();
}
export type LinhaMalote = Awaited<ReturnType<typeof loteMalote>>[number];

/** Desarquivamentos per chosen unit in the period (units without any are listed too, with zero). By name. */
export function resumoDesarquivados(db: Banco, idsUnidades: readonly number[], periodo: Periodo) {
  return db
    .selectFrom('unidade')
    .select(['unidade.id', 'unidade.sigla', 'unidade.nome'])
    .select((eb) =>
      eb
        .selectFrom('desarquivamento as x')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('x.idUnidade', '=', 'unidade.id')
        .where('x.em', '>=', periodo.inicio)
        .where('x.em', '<', periodo.fim)
        // A recalled DESARQUIVAR sending undid its desarquivamento (the row is kept, as the tramitação is).
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('tramitacao as tc')
                .select('tc.id')
                .whereRef('tc.id', '=', 'x.idTramitacao')
                .where('tc.dtCancelamento', 'is not', null),
            ),
          ),
        )
        .as('total'),
    )
    .where('unidade.id', 'in', idsUnidades)
    .orderBy(sql`unidade.nome COLLATE pt_br`)
    .orderBy('unidade.id')
    .execute();
}

/**
 * The next batch of a unit's desarquivamentos in time order, after `apos` (keyset on (em, id)), with the access level
 * and ends of the DESARQUIVAR movement whose despacho is the reason (null for a desarquivamento without one): the
 * service decides from them whether the reader may see the reason.
 */
export function loteDesarquivados(
  db: Banco,
  idUnidade: number,
  periodo: Periodo,
  apos: Posicao | null,
  limite: number,
) {
  const consulta = db
    .selectFrom('desarquivamento as x')
    .innerJoin('documento as d', 'd.id', 'x.idDocumento')
    .$call(juntarTipoAssunto)
    .innerJoin('usuario as u', 'u.id', 'x.idUsuario')
    .leftJoin('tramitacao as t', 't.id', 'x.idTramitacao')
    .leftJoin('hipoteseLegal as h', 'h.id', 't.idHipoteseLegal')
    .select(['x.id', ...COLUNAS_DOCUMENTO])
    .select(['u.nome as usuario', 'x.motivo'])
    .select(['t.nivelAcesso', 't.idUnidadeOrigem', 't.idUnidadeDestino', 'h.descricao as descricaoHipoteseLegal'])
    .where('x.idUnidade', '=', idUnidade)
    // Not one whose DESARQUIVAR sending was recalled (no movement at all: a desarquivamento of old data, kept).
    .where('t.dtCancelamento', 'is', null);
  return loteNoPeriodo(consulta, { quando: 'x.em', id: 'x.id' }, periodo, apos, limite).execute();
}
export type LinhaDesarquivado = Awaited<ReturnType<typeof loteDesarquivados>>[number];
