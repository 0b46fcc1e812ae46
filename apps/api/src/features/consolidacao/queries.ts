import { sql } from 'kysely';
import type { Banco } from '../../db/connection.ts';

/** When a finished consolidation stops being served: retention counts from its end, not from the request. */
const fimRetencao = (retencaoHoras: number) =>
  sql<Date | null>`CASE WHEN c.estado IN ('CONCLUIDA', 'ERRO')
    THEN coalesce(c.concluido_em, c.criado_em) + make_interval(hours => ${retencaoHoras}::int) END`;

/**
 * Expired: swept already, or past its retention and waiting for the next sweep (answered as expired at once, so the
 * answer does not depend on when the sweep last ran).
 */
const expiradaSql = (retencaoHoras: number) =>
  sql<boolean>`(c.expirada_em IS NOT NULL OR coalesce(${fimRetencao(retencaoHoras)} <= now(), false))`;

export function selecionarConsolidacoes(db: Banco, retencaoHoras: number) {
  return db
    .selectFrom('consolidacao as c')
    .innerJoin('documento as d', 'd.id', 'c.idDocumento')
    .leftJoin('arquivo as a', 'a.sha256', 'c.sha256')
    .select([
      'c.uuid',
      'c.idDocumento',
      'c.idUsuario',
      'd.numero',
      'c.tipo',
      'c.estado',
      'c.idsPecas',
      'c.paginas',
      'a.tamanho',
      'c.erro',
      'c.criadoEm',
      'c.concluidoEm',
      'c.restrita',
    ])
    .select([
      expiradaSql(retencaoHoras).as('expirada'),
      sql<Date | null>`coalesce(c.expirada_em, ${fimRetencao(retencaoHoras)})`.as('expiraEm'),
    ]);
}

export type LinhaConsolidacao = Awaited<ReturnType<ReturnType<typeof selecionarConsolidacoes>['execute']>>[number];

/** Bytes the stored consolidations take: the file of a finished one, the estimate of an unfinished one. */
export async function bytesGuardados(db: Banco): Promise<number> {
  const { rows } = await sql<{ bytes: number }>`
    SELECT coalesce(sum(CASE c.estado WHEN 'CONCLUIDA' THEN coalesce(a.tamanho, 0)
                                      WHEN 'ERRO' THEN 0
                                      ELSE c.tamanho_estimado END), 0)::bigint AS bytes
    FROM consolidacao c LEFT JOIN arquivo a ON a.sha256 = c.sha256
    WHERE c.expirada_em IS NULL`.execute(db);
  return Number(rows[0]?.bytes ?? 0);
}

/**
 * Unfinished consolidations of this requester: the user's (idUsuario), or the anonymous ones asked from this IP
 * (`ip_solicitante`; rows from before migration 0019 got it from their audit row).
 */
export async function contarEmAndamento(db: Banco, idUsuario: number | null, ip: string): Promise<number> {
  let consulta = db
    .selectFrom('consolidacao as c')
    .select((eb) => eb.fn.countAll<number>().as('quantidade'))
    .where('c.estado', 'in', ['PENDENTE', 'PROCESSANDO']);
  consulta =
    idUsuario !== null
      ? consulta.where('c.idUsuario', '=', idUsuario)
      : consulta.where('c.idUsuario', 'is', null).where('c.ipSolicitante', '=', ip);
  const { quantidade } = await consulta.executeTakeFirstOrThrow();
  return Number(quantidade);
}

/**
 * One request decides at a time (in every process): two identical ones cannot both start a build, and two new ones
 * cannot both fit in the last free space of the budget. Held until the transaction ends.
 */
export async function bloquearSolicitacoes(trx: Banco): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended('consolidacao:solicitar', 0))`.execute(trx);
}

/** A stored, unexpired, not failed consolidation of the same peças and class; restricted ones only of `idUsuario`. */
export function buscarIdentica(
  db: Banco,
  pedido: { idDocumento: number; idsPecas: number[]; restrita: boolean; idUsuario: number | null },
  retencaoHoras: number,
) {
  let identica = db
    .selectFrom('consolidacao as c')
    .select('c.uuid')
    .where('c.idDocumento', '=', pedido.idDocumento)
    .where('c.tipo', '=', 'PDF')
    .where('c.estado', '!=', 'ERRO')
    .where('c.expiradaEm', 'is', null)
    .where(sql<boolean>`NOT ${expiradaSql(retencaoHoras)}`)
    .where(sql<boolean>`c.ids_pecas = ${pedido.idsPecas}::bigint[]`)
    .where('c.restrita', '=', pedido.restrita);
  if (pedido.restrita && pedido.idUsuario !== null) identica = identica.where('c.idUsuario', '=', pedido.idUsuario);
  return identica.orderBy('c.criadoEm', 'desc').limit(1).executeTakeFirst();
}

export async function inserirConsolidacao(
  db: Banco,
  dados: {
    uuid: string;
    idUsuario: number | null;
    idDocumento: number;
    idsPecas: number[];
    restrita: boolean;
    tamanhoEstimado: number;
    ipSolicitante: string;
  },
): Promise<void> {
  await db
    .insertInto('consolidacao')
    .values({ ...dados, tipo: 'PDF' })
    .execute();
}

// ---------------------------------------------------------------------------------------------------------------
// The job

/** The consolidation and what its cover prints. */
export function buscarParaMontagem(db: Banco, uuid: string) {
  return db
    .selectFrom('consolidacao as c')
    .innerJoin('documento as d', 'd.id', 'c.idDocumento')
    .innerJoin('tipoDocumento as t', 't.id', 'd.idTipoDocumento')
    .select(['c.estado', 'c.idsPecas', 'd.numero', 'd.resumoAssunto', 't.descricao as tipo'])
    .where('c.uuid', '=', uuid)
    .executeTakeFirst();
}

export async function marcarProcessando(db: Banco, uuid: string): Promise<void> {
  await db.updateTable('consolidacao').set({ estado: 'PROCESSANDO' }).where('uuid', '=', uuid).execute();
}

export async function marcarConcluida(
  db: Banco,
  uuid: string,
  resultado: { sha256: string; paginas: number },
): Promise<void> {
  await db
    .updateTable('consolidacao')
    .set({
      estado: 'CONCLUIDA',
      sha256: resultado.sha256,
      paginas: resultado.paginas,
      erro: null,
      concluidoEm: sql`now()`,
    })
    .where('uuid', '=', uuid)
    .execute();
}

/** Only an unfinished one: a finished consolidation keeps its state. */
export async function marcarErro(db: Banco, uuid: string, mensagem: string): Promise<void> {
  await db
    .updateTable('consolidacao')
    .set({ estado: 'ERRO', erro: mensagem, concluidoEm: sql`now()` })
    .where('uuid', '=', uuid)
    .where('estado', 'in', ['PENDENTE', 'PROCESSANDO'])
    .execute();
}

// ---------------------------------------------------------------------------------------------------------------
// Retention

/** A batch of finished consolidations past their retention, not yet expired. */
export function listarVencidas(db: Banco, retencaoHoras: number, limite: number) {
  return db
    .selectFrom('consolidacao')
    .select(['uuid', 'sha256'])
    .where('expiradaEm', 'is', null)
    .where('estado', 'in', ['CONCLUIDA', 'ERRO'])
    .where(sql<boolean>`coalesce(concluido_em, criado_em) <= now() - make_interval(hours => ${retencaoHoras}::int)`)
    .limit(limite)
    .execute();
}

/** Marks them expired and drops their file reference; answers how many this call expired (not another process). */
export async function marcarExpiradas(db: Banco, uuids: string[]): Promise<number> {
  const marcadas = await db
    .updateTable('consolidacao')
    .set({ expiradaEm: sql`now()`, sha256: null })
    .where('uuid', 'in', uuids)
    .where('expiradaEm', 'is', null)
    .executeTakeFirst();
  return Number(marcadas.numUpdatedRows);
}

/** Deletes the tombstones expired more than `dias` ago; answers how many. */
export async function apagarLapides(db: Banco, dias: number): Promise<number> {
  const apagadas = await db
    .deleteFrom('consolidacao')
    .where('expiradaEm', '<', sql<Date>`now() - make_interval(days => ${dias}::int)`)
    .executeTakeFirst();
  return Number(apagadas.numDeletedRows);
}
