import { type RawBuilder, sql } from 'kysely';
import type { Banco } from '../../db/connection.ts';
import { retornoCumprido, visivelNaCaixa } from '../../db/expressoes.ts';

// The daily digest: reserving each user's day, what the digest says, and the home page's counts.

const retornoDeTCumprido = retornoCumprido('t');

/**
 * Reserves today's digest of every active user with an e-mail whose chosen time has come and who has none for today
 * yet, and enqueues one job (`tipoTarefa`) per reserved user, in one statement. The row's insertion is the
 * reservation: with ON CONFLICT DO NOTHING, of several processes passing at once each (user, day) goes to exactly
 * one, whose statement alone enqueues its job. Answers the reserved users.
 */
export async function reservarResumos(
  db: Banco,
  momento: { dia: string; hora: string; agora: Date },
  tipoTarefa: string,
): Promise<number[]> {
  const { rows } = await sql<{ idUsuario: number }>`
    WITH reservados AS (
      INSERT INTO resumo_diario_envio (id_usuario, dia, reservado_em)
      SELECT u.id, ${momento.dia}::date, ${momento.agora}::timestamptz
      FROM usuario u
      WHERE u.ativo AND u.resumo_diario_horario IS NOT NULL AND u.resumo_diario_horario <= ${momento.hora}
        AND u.email IS NOT NULL AND btrim(u.email) <> ''
        AND NOT EXISTS (SELECT 1 FROM resumo_diario_envio e WHERE e.id_usuario = u.id AND e.dia = ${momento.dia}::date)
      ORDER BY u.id
      ON CONFLICT DO NOTHING
      RETURNING id_usuario
    ), tarefas AS (
      INSERT INTO job (tipo, payload, max_tentativas)
      SELECT ${tipoTarefa}, jsonb_build_object('idUsuario', r.id_usuario, 'dia', ${momento.dia}::text), 5
      FROM reservados r
    )
    SELECT id_usuario FROM reservados ORDER BY id_usuario`.execute(db);
  return rows.map((linha) => linha.idUsuario);
}

/**
 * The reserved digest, locked until the transaction ends (so a job run twice sends it once), with the instant the
 * previous one was reserved (its window's end) and the user's current address and choice.
 */
export function travarResumo(trx: Banco, idUsuario: number, dia: string) {
  return trx
    .selectFrom('resumoDiarioEnvio as r')
    .innerJoin('usuario as u', 'u.id', 'r.idUsuario')
    .select([
      'r.reservadoEm',
      'r.enviadoEm',
      'u.nome',
      'u.email',
      'u.ativo',
      'u.resumoDiarioHorario',
      (eb) =>
        eb
          .selectFrom('resumoDiarioEnvio as anterior')
          .select(sql<Date | null>`max(anterior.reservado_em)`.as('m'))
          .whereRef('anterior.idUsuario', '=', 'r.idUsuario')
          .where('anterior.dia', '<', dia)
          .as('anteriorEm'),
    ])
    .where('r.idUsuario', '=', idUsuario)
    .where('r.dia', '=', dia)
    .forUpdate('r')
    .executeTakeFirst();
}

export async function marcarEnviado(trx: Banco, idUsuario: number, dia: string): Promise<void> {
  await trx
    .updateTable('resumoDiarioEnvio')
    .set({ enviadoEm: sql`now()` })
    .where('idUsuario', '=', idUsuario)
    .where('dia', '=', dia)
    .execute();
}

export function listarUnidadesDoUsuario(db: Banco, idUsuario: number) {
  return db
    .selectFrom('lotacao as l')
    .innerJoin('unidade as u', 'u.id', 'l.idUnidade')
    .select(['u.id', 'u.sigla'])
    .where('l.idUsuario', '=', idUsuario)
    .orderBy('u.sigla')
    .execute();
}

export interface ItemResumo {
  idDocumento: number;
  numero: string;
  tipo: string;
  /** The unit of the user's it concerns (the box it is in; the unit that scheduled the return). */
  siglaUnidade: string;
  /** Arrivals: the sending unit. Returns: where the document is now. Deadlines: null. */
  siglaOutra: string | null;
  /** Arrivals: when it was sent. Deadlines: the deadline. Returns: the scheduled date. */
  data: Date | string;
  /** How many rows the whole section has (each row repeats it). */
  total: number;
}

const arrayUnidades = (ids: number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

// Names looked up after the rows are chosen (few rows, and a shorter plan than joining every table).
const tipo = sql`(SELECT tp.descricao FROM tipo_documento tp WHERE tp.id = d.id_tipo_documento) AS tipo`;
const sigla = (id: RawBuilder<unknown>) => sql`(SELECT u.sigla FROM unidade u WHERE u.id = ${id})`;

/** Live sendings to the units within (desde, ate], newest first, at most `limite`. */
export async function listarChegadas(
  db: Banco,
  c: { unidades: number[]; desde: Date; ate: Date; limite: number },
): Promise<ItemResumo[]> {
  const { rows } = await sql<ItemResumo>`
    SELECT c.id_documento, d.numero, ${tipo}, ${sigla(sql`c.id_unidade_destino`)} AS sigla_unidade,
      ${sigla(sql`c.id_unidade_origem`)} AS sigla_outra, c.dt_despacho AS data, c.total
    FROM (
      SELECT t.id, t.id_documento, t.id_unidade_destino, t.id_unidade_origem, t.dt_despacho,
        (count(*) OVER ())::int AS total
      FROM tramitacao t JOIN documento d ON d.id = t.id_documento
      WHERE t.id_unidade_destino = ANY(${arrayUnidades(c.unidades)})
        AND t.dt_despacho > ${c.desde} AND t.dt_despacho <= ${c.ate}
        AND t.dt_cancelamento IS NULL AND t.id_tramitacao_principal IS NULL AND ${visivelNaCaixa}
      ORDER BY t.dt_despacho DESC, t.id DESC
      LIMIT ${c.limite}
    ) c
    JOIN documento d ON d.id = c.id_documento
    ORDER BY c.dt_despacho DESC, c.id DESC`.execute(db);
  return rows;
}

/**
 * The rows of the units' boxes (waiting to be received, or held) whose deadline is on or before `hoje`, as the box's
 * filter by a deadline's state reads them: a pending row's deadline is its tramitação's (the document's last live
 * one, so the same as documento.prazo), a held row's is documento.prazo; each part from its index by unit and
 * deadline (migration 0023).
 */
function caixaComPrazoAte(unidades: RawBuilder<unknown>, hoje: string) {
  return sql`
    (SELECT d.id, t.prazo, t.id_unidade_destino AS id_unidade
    FROM tramitacao t JOIN documento d ON d.id = t.id_documento
    WHERE t.id_unidade_destino = ANY(${unidades}) AND t.dt_recebimento IS NULL AND t.dt_cancelamento IS NULL
      AND t.id_tramitacao_principal IS NULL AND d.situacao = 'ENVIADO' AND ${visivelNaCaixa}
      AND t.prazo <= ${hoje}::date)
    UNION ALL
    (SELECT d.id, d.prazo, d.id_unidade_atual
    FROM documento d
    WHERE d.id_unidade_atual = ANY(${unidades}) AND d.situacao IN ('RECEBIDO', 'T') AND ${visivelNaCaixa}
      AND d.prazo <= ${hoje}::date)`;
}

/** Deadlines due today (`venceHoje`) or past, oldest deadline first, at most `limite` of each. */
export async function listarPrazos(
  db: Banco,
  c: { unidades: number[]; hoje: string; limite: number },
): Promise<{ venceHoje: ItemResumo[]; vencidos: ItemResumo[] }> {
  const { rows } = await sql<ItemResumo & { venceHoje: boolean }>`
    SELECT c.id AS id_documento, d.numero, ${tipo}, ${sigla(sql`c.id_unidade`)} AS sigla_unidade,
      NULL AS sigla_outra, c.prazo AS data, c.vence_hoje, c.total
    FROM (
      SELECT c.*, c.prazo = ${c.hoje}::date AS vence_hoje,
        (count(*) OVER (PARTITION BY c.prazo = ${c.hoje}::date))::int AS total,
        row_number() OVER (PARTITION BY c.prazo = ${c.hoje}::date ORDER BY c.prazo, c.id) AS ordem
      FROM (${caixaComPrazoAte(arrayUnidades(c.unidades), c.hoje)}) c
    ) c
    JOIN documento d ON d.id = c.id
    WHERE c.ordem <= ${c.limite}
    ORDER BY c.prazo, c.id`.execute(db);
  return {
    venceHoje: rows.filter((linha) => linha.venceHoje),
    vencidos: rows.filter((linha) => !linha.venceHoje),
  };
}

/** The units' scheduled returns due on or before `hoje` and not met, oldest first, at most `limite`. */
export async function listarRetornos(
  db: Banco,
  c: { unidades: number[]; hoje: string; limite: number },
): Promise<ItemResumo[]> {
  const { rows } = await sql<ItemResumo>`
    SELECT c.id_documento, d.numero, ${tipo}, ${sigla(sql`c.id_unidade_origem`)} AS sigla_unidade,
      ${sigla(sql`d.id_unidade_atual`)} AS sigla_outra, c.retorno_programado AS data, c.total
    FROM (
      SELECT t.id, t.id_documento, t.id_unidade_origem, t.retorno_programado, (count(*) OVER ())::int AS total
      FROM tramitacao t
      WHERE t.id_unidade_origem = ANY(${arrayUnidades(c.unidades)})
        AND t.retorno_programado IS NOT NULL AND t.retorno_programado <= ${c.hoje}::date
        AND t.dt_cancelamento IS NULL AND t.id_tramitacao_principal IS NULL AND NOT ${retornoDeTCumprido}
      ORDER BY t.retorno_programado, t.id
      LIMIT ${c.limite}
    ) c
    JOIN documento d ON d.id = c.id_documento
    ORDER BY c.retorno_programado, c.id`.execute(db);
  return rows;
}

/** The home page's counts for one unit, in one statement. */
export async function contar(
  db: Banco,
  idUnidade: number,
  hoje: string,
): Promise<{ venceHoje: number; vencidos: number; retornosVencidos: number }> {
  const { rows } = await sql<{ venceHoje: number; vencidos: number; retornosVencidos: number }>`
    SELECT
      (count(*) FILTER (WHERE c.prazo = ${hoje}::date))::int AS vence_hoje,
      (count(*) FILTER (WHERE c.prazo < ${hoje}::date))::int AS vencidos,
      (SELECT count(*) FROM tramitacao t
        WHERE t.id_unidade_origem = ${idUnidade} AND t.retorno_programado IS NOT NULL
          AND t.retorno_programado <= ${hoje}::date AND t.dt_cancelamento IS NULL
          AND t.id_tramitacao_principal IS NULL AND NOT ${retornoDeTCumprido})::int AS retornos_vencidos
    FROM (${caixaComPrazoAte(arrayUnidades([idUnidade]), hoje)}) c`.execute(db);
  return rows[0] ?? { venceHoje: 0, vencidos: 0, retornosVencidos: 0 };
}
