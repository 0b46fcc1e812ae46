import type { DestinoPasso, TipoPasso } from '@tramite/shared';
import { type RawBuilder, sql } from 'kysely';
import type { Banco } from '../../db/connection.ts';

// Flows, steps and the destinations a step allows.

export interface PassoDoFluxo {
  id: number;
  idFluxo: number;
  descricao: string;
  tipo: TipoPasso;
  ordem: number;
  destino: DestinoPasso;
  /** The step's default deadline in business days (null: none). */
  prazoDiasUteis: number | null;
  /** passo_unidade_origem: units allowed to take the step (empty: any unit holding the document). */
  origens: number[];
}

export interface FluxoComPassos {
  id: number;
  descricao: string;
  passos: PassoDoFluxo[];
}

const passosComOrigens = sql`
  SELECT p.id, p.id_fluxo, p.descricao, p.tipo, p.ordem, p.destino, p.prazo_dias_uteis,
    coalesce((SELECT json_agg(o.id_unidade ORDER BY o.id_unidade) FROM passo_unidade_origem o WHERE o.id_passo = p.id),
      '[]'::json) AS origens
  FROM passo p`;

/** The active flows of a type and the generic ones (no type), by descricao, with their steps in order. */
export async function listarFluxos(db: Banco, idTipoDocumento: number): Promise<FluxoComPassos[]> {
  const fluxos = await db
    .selectFrom('fluxo')
    .select(['id', 'descricao'])
    .where('ativo', '=', true)
    .where((eb) => eb.or([eb('idTipoDocumento', '=', idTipoDocumento), eb('idTipoDocumento', 'is', null)]))
    .orderBy(sql`descricao COLLATE pt_br`)
    .orderBy('id')
    .execute();
  if (fluxos.length === 0) return [];
  const ids = fluxos.map((f) => f.id);
  const { rows } = await sql<PassoDoFluxo>`
    ${passosComOrigens}
    WHERE p.id_fluxo IN (${sql.join(ids)})
    ORDER BY p.ordem, p.id`.execute(db);
  return fluxos.map((f) => ({ ...f, passos: rows.filter((p) => p.idFluxo === f.id) }));
}

/** A step with its flow: the flow's type (null: generic), description and whether it is active. */
export async function buscarPasso(db: Banco, idPasso: number) {
  const { rows } = await sql<
    PassoDoFluxo & { fluxoDescricao: string; fluxoIdTipoDocumento: number | null; fluxoAtivo: boolean }
  >`
    SELECT x.*, f.descricao AS fluxo_descricao, f.id_tipo_documento AS fluxo_id_tipo_documento, f.ativo AS fluxo_ativo
    FROM (${passosComOrigens} WHERE p.id = ${idPasso}) x
    JOIN fluxo f ON f.id = x.id_fluxo`.execute(db);
  return rows[0];
}
export type PassoComFluxo = NonNullable<Awaited<ReturnType<typeof buscarPasso>>>;

/** The step of the type's active flows with the same flow description, step description and kind. */
export async function buscarPassoEquivalente(db: Banco, passo: PassoComFluxo, idTipoDocumento: number) {
  const linha = await db
    .selectFrom('passo as p')
    .innerJoin('fluxo as f', 'f.id', 'p.idFluxo')
    .select('p.id')
    .where('f.ativo', '=', true)
    .where('f.idTipoDocumento', '=', idTipoDocumento)
    .where('f.descricao', '=', passo.fluxoDescricao)
    .where('p.descricao', '=', passo.descricao)
    .where('p.tipo', '=', passo.tipo)
    .orderBy('p.id')
    .executeTakeFirst();
  return linha ? buscarPasso(db, linha.id) : undefined;
}

/** The unit that sent the document to this unit: origin of the last tramitação it received. */
function remetenteUltimoRecebimento(idDocumento: number, idUnidade: number): RawBuilder<number> {
  return sql<number>`(
    SELECT t.id_unidade_origem FROM tramitacao t
    WHERE t.id_documento = ${idDocumento} AND t.id_unidade_destino = ${idUnidade} AND t.dt_recebimento IS NOT NULL
    ORDER BY t.sequencia DESC LIMIT 1)`;
}

/**
 * The destinations a step allows to the unit holding the document, by nome: LISTADAS the listed units, PAI the
 * unit's parent, ARQUIVO the archive units, QUALQUER every active unit; a DEVOLVER step open to any unit returns to
 * whoever sent the document; an ARQUIVAR step only ever reaches archive units. Never the unit itself, never an
 * inactive unit.
 */
export function listarDestinos(
  db: Banco,
  passo: Pick<PassoDoFluxo, 'id' | 'tipo' | 'destino'>,
  idUnidade: number,
  idDocumento: number,
) {
  let consulta = db
    .selectFrom('unidade as u')
    .select(['u.id', 'u.sigla', 'u.nome'])
    .where('u.ativa', '=', true)
    .where('u.id', '<>', idUnidade);
  if (passo.destino === 'LISTADAS') {
    consulta = consulta.where('u.id', 'in', (eb) =>
      eb.selectFrom('passoDestino').select('passoDestino.idUnidade').where('passoDestino.idPasso', '=', passo.id),
    );
  } else if (passo.destino === 'PAI') {
    consulta = consulta.where('u.id', '=', (eb) =>
      eb.selectFrom('unidade as filha').select('filha.idUnidadePai').where('filha.id', '=', idUnidade),
    );
  } else if (passo.destino === 'ARQUIVO') {
    consulta = consulta.where('u.arquivo', '=', true);
  } else if (passo.tipo === 'DEVOLVER') {
    consulta = consulta.where('u.id', '=', remetenteUltimoRecebimento(idDocumento, idUnidade));
  }
  if (passo.tipo === 'ARQUIVAR') consulta = consulta.where('u.arquivo', '=', true);
  return consulta.orderBy(sql`u.nome COLLATE pt_br`).orderBy('u.id').execute();
}
