import { type RawBuilder, sql } from 'kysely';
import type { Banco } from '../../db/connection.ts';
import { lotacoesDoUsuario } from '../../db/consultas-comuns.ts';
import { FUSO, fimDoDia, inicioDoDia, visivelNaCaixa } from '../../db/expressoes.ts';

// Issue 22, the Painel: counts only, never a summary, a dispatch or a name of a document (docs/domain.md, "Painel").
// Each aggregate is about one unit (`idUnidade`) or, with null, the whole institution.

export interface Periodo {
  /** Days 'YYYY-MM-DD' of the calendar of Brasília, both included. */
  inicio: string;
  fim: string;
}

/** `coluna` = the unit, or nothing for the institution. */
const daUnidade = (coluna: RawBuilder<unknown>, idUnidade: number | null) =>
  idUnidade === null ? sql`` : sql`${coluna} = ${idUnidade} AND`;

/**
 * Receipts by the unit and sendings from it per week: every week overlapping the period, zeros included. Principal
 * tramitações only (joined documents travel inside their principal, as in the box and the malote); a cancelled
 * sending never counts (nor is it ever received).
 */
export async function movimento(db: Banco, idUnidade: number | null, periodo: Periodo) {
  const desde = inicioDoDia(periodo.inicio);
  const ate = fimDoDia(periodo.fim);
  // The weeks' first instants (Monday 00:00 in Brasília) once, and each row placed among them by width_bucket: a
  // binary search, much cheaper per row than converting every instant to the time zone. One aggregate over the weeks,
  // the receipts and the sendings (a join of the weeks to two grouped subqueries is estimated at millions of rows,
  // which turns on JIT: 1.6 s of compilation on the bench for 53 weeks).
  const { rows } = await sql<{ inicio: string; recebidos: number; enviados: number }>`
    WITH semanas AS (
      SELECT array_agg(s::date ORDER BY s) AS dias, array_agg(s::date::timestamp AT TIME ZONE ${FUSO} ORDER BY s) AS inicios
      FROM generate_series(date_trunc('week', ${periodo.inicio}::date), ${periodo.fim}::date, interval '7 days') s
    )
    SELECT to_char(w.dias[g.semana], 'YYYY-MM-DD') AS inicio, g.recebidos, g.enviados
    FROM semanas w, LATERAL (
      SELECT m.semana, sum(m.recebidos)::int AS recebidos, sum(m.enviados)::int AS enviados
      FROM (
        SELECT generate_series(1, cardinality(w.dias)) AS semana, 0 AS recebidos, 0 AS enviados
        UNION ALL
        SELECT width_bucket(t.dt_recebimento, w.inicios), 1, 0
        FROM tramitacao t
        WHERE ${daUnidade(sql`t.id_unidade_destino`, idUnidade)} t.id_tramitacao_principal IS NULL
          AND t.dt_recebimento >= ${desde} AND t.dt_recebimento < ${ate}
        UNION ALL
        SELECT width_bucket(t.dt_despacho, w.inicios), 0, 1
        FROM tramitacao t
        WHERE ${daUnidade(sql`t.id_unidade_origem`, idUnidade)} t.id_tramitacao_principal IS NULL
          AND t.dt_cancelamento IS NULL AND t.dt_despacho >= ${desde} AND t.dt_despacho < ${ate}
      ) m
      GROUP BY m.semana
    ) g
    ORDER BY g.semana`.execute(db);
  return rows;
}

/**
 * The stays that ended in the period, per document type: a sending from the unit (principal, not cancelled) whose
 * `dt_recebimento_origem` (the unit's receipt of the document, kept by migration 0025's trigger) is known; its length
 * in days with decimals. Median and 90th percentile by percentile_cont; the types with most stays first.
 */
export async function permanencia(db: Banco, idUnidade: number | null, periodo: Periodo) {
  const { rows } = await sql<{
    idTipoDocumento: number;
    tipo: string;
    permanencias: number;
    medianaDias: number;
    percentil90Dias: number;
  }>`
    SELECT p.id_tipo_documento, tp.descricao AS tipo, p.permanencias,
      round(p.percentis[1]::numeric, 2)::float8 AS mediana_dias, round(p.percentis[2]::numeric, 2)::float8 AS percentil90_dias
    FROM (
      -- Both percentiles from one sort of each type's stays.
      SELECT d.id_tipo_documento, count(*)::int AS permanencias,
        percentile_cont(ARRAY[0.5, 0.9]) WITHIN GROUP (ORDER BY s.dias) AS percentis
      FROM (
        SELECT t.id_documento, extract(epoch FROM t.dt_despacho - t.dt_recebimento_origem) / 86400 AS dias
        FROM tramitacao t
        WHERE ${daUnidade(sql`t.id_unidade_origem`, idUnidade)} t.id_tramitacao_principal IS NULL
          AND t.dt_cancelamento IS NULL AND t.dt_recebimento_origem IS NOT NULL
          AND t.dt_despacho >= ${inicioDoDia(periodo.inicio)} AND t.dt_despacho < ${fimDoDia(periodo.fim)}
      ) s
      JOIN documento d ON d.id = s.id_documento
      GROUP BY d.id_tipo_documento
    ) p
    JOIN tipo_documento tp ON tp.id = p.id_tipo_documento
    ORDER BY p.permanencias DESC, tp.descricao COLLATE pt_br, p.id_tipo_documento`.execute(db);
  return rows;
}

/**
 * What units hold now (documento_painel_posse_idx): received (RECEBIDO, or T by re-forwarding), not joined into
 * another, shown in the box, with `recebido_em`, the receipt that brought it to the unit (`data_recebimento_unidade`;
 * a document never received, only possible in data written by hand, counts from its creation).
 */
function emPosse(idUnidade: number | null) {
  return sql`
    SELECT d.id_unidade_atual, d.id_assunto, coalesce(d.data_recebimento_unidade, d.data_criacao) AS recebido_em
    FROM documento d
    WHERE ${daUnidade(sql`d.id_unidade_atual`, idUnidade)} d.situacao IN ('RECEBIDO', 'T')
      AND d.id_documento_agregador IS NULL AND ${visivelNaCaixa}`;
}

/** The day `dias` days before `hoje`, 'YYYY-MM-DD'. */
const diaAntes = (hoje: string, dias: number) =>
  new Date(Date.parse(hoje) - dias * 86_400_000).toISOString().slice(0, 10);

/**
 * Held for at least `dias` whole days of Brasília on `hoje`: received before the start of the day `dias - 1` days
 * before today (an instant compared with one limit, not each row converted to the time zone).
 */
const idadeAoMenos = (recebidoEm: RawBuilder<unknown>, hoje: string, dias: number) =>
  sql`${recebidoEm} < ${inicioDoDia(diaAntes(hoje, dias - 1))}`;

/** How many held documents fall in each age band (`minimo`..`maximo` whole days, `maximo` null: no limit). */
export async function idade(
  db: Banco,
  idUnidade: number | null,
  hoje: string,
  faixas: readonly { minimo: number; maximo: number | null }[],
): Promise<number[]> {
  const contagens = faixas.map((f, i) => {
    const condicoes = [];
    if (f.minimo > 0) condicoes.push(idadeAoMenos(sql`p.recebido_em`, hoje, f.minimo));
    if (f.maximo !== null) condicoes.push(sql`NOT ${idadeAoMenos(sql`p.recebido_em`, hoje, f.maximo + 1)}`);
    const filtro = condicoes.length > 0 ? sql`FILTER (WHERE ${sql.join(condicoes, sql` AND `)})` : sql``;
    return sql`(count(*) ${filtro})::int AS ${sql.ref(`f${i}`)}`;
  });
  const { rows } = await sql<Record<string, number>>`
    SELECT ${sql.join(contagens)} FROM (${emPosse(idUnidade)}) p`.execute(db);
  return faixas.map((_, i) => rows[0]?.[`f${i}`] ?? 0);
}

/** The ten subjects with most held documents (none: left out), then by name. */
export async function assuntos(db: Banco, idUnidade: number | null) {
  const { rows } = await sql<{ idAssunto: number; assunto: string; documentos: number }>`
    SELECT a.id AS id_assunto, a.descricao AS assunto, p.documentos
    FROM (
      SELECT p.id_assunto, count(*)::int AS documentos FROM (${emPosse(idUnidade)}) p
      WHERE p.id_assunto IS NOT NULL GROUP BY p.id_assunto
    ) p
    JOIN assunto a ON a.id = p.id_assunto
    ORDER BY p.documentos DESC, a.descricao COLLATE pt_br, a.id
    LIMIT 10`.execute(db);
  return rows;
}

/** The ten units holding the oldest documents: the oldest's age, how many over `acimaDe` days, how many in all. */
export async function unidadesAntigas(db: Banco, hoje: string, acimaDe: number) {
  const { rows } = await sql<{
    idUnidade: number;
    sigla: string;
    nome: string;
    maisAntigoDias: number;
    acimaDe90Dias: number;
    documentos: number;
  }>`
    SELECT u.id AS id_unidade, u.sigla, u.nome,
      greatest(0, ${hoje}::date - (p.mais_antigo AT TIME ZONE ${FUSO})::date) AS mais_antigo_dias,
      p.acima_de90_dias, p.documentos
    FROM (
      SELECT p.id_unidade_atual, min(p.recebido_em) AS mais_antigo,
        (count(*) FILTER (WHERE ${idadeAoMenos(sql`p.recebido_em`, hoje, acimaDe + 1)}))::int AS acima_de90_dias,
        count(*)::int AS documentos
      FROM (${emPosse(null)}) p
      GROUP BY p.id_unidade_atual
    ) p
    JOIN unidade u ON u.id = p.id_unidade_atual
    ORDER BY p.mais_antigo, p.documentos DESC, u.sigla
    LIMIT 10`.execute(db);
  return rows;
}

/** The units whose painel the user opens: their lotações, or (institutional) every active unit and their lotações. */
export function unidadesDoPainel(db: Banco, idUsuario: number, institucional: boolean) {
  if (!institucional)
    return lotacoesDoUsuario(db, idUsuario).select(['unidade.id', 'unidade.sigla', 'unidade.nome']).execute();
  return db
    .selectFrom('unidade as u')
    .select(['u.id', 'u.sigla', 'u.nome'])
    .where((eb) =>
      eb.or([
        eb('u.ativa', '=', true),
        eb.exists(
          eb
            .selectFrom('lotacao as l')
            .select(sql`1`.as('um'))
            .whereRef('l.idUnidade', '=', 'u.id')
            .where('l.idUsuario', '=', idUsuario),
        ),
      ]),
    )
    .orderBy(sql`u.nome COLLATE pt_br`)
    .orderBy('u.id')
    .execute();
}

/**
 * The user's last audited actions on documents (auditoria_usuario_documento_idx), newest first, one per document, at
 * most `limite` documents among the user's last 200 such actions (enough for ten documents in any real use, and
 * bounded). Only the actions of `acoes` (the ones the home page names).
 */
export async function recentes(db: Banco, idUsuario: number, acoes: readonly string[], limite: number) {
  const { rows } = await sql<{ idDocumento: number; numero: string; tipoDescricao: string; acao: string; em: Date }>`
    SELECT d.id AS id_documento, d.numero, tp.descricao AS tipo_descricao, r.acao, r.em
    FROM (
      SELECT DISTINCT ON (a.id_entidade) a.id_entidade, a.acao, a.em
      FROM (
        SELECT a.id_entidade, a.acao, a.em, a.id FROM auditoria a
        WHERE a.id_usuario = ${idUsuario} AND a.entidade = 'documento' AND a.acao = ANY(${`{${acoes.join(',')}}`}::text[])
        ORDER BY a.em DESC
        LIMIT 200
      ) a
      WHERE a.id_entidade ~ '^[0-9]{1,15}$'
      ORDER BY a.id_entidade, a.em DESC, a.id DESC
    ) r
    JOIN documento d ON d.id = r.id_entidade::bigint
    JOIN tipo_documento tp ON tp.id = d.id_tipo_documento
    ORDER BY r.em DESC, d.id DESC
    LIMIT ${limite}`.execute(db);
  return rows;
}
