import type { Insertable, Selectable, Updateable } from 'kysely';
import { sql } from 'kysely';
import type { Banco } from '../../db/connection.ts';
import type {
  Database,
  EtapaTramiteExterno,
  TramiteExternoComponenteTable,
  TramiteExternoTable,
} from '../../db/schema.ts';

// The trâmites received through the Tramita GOV.BR (migration 0030; design §4).

export type LinhaTramiteExterno = Selectable<TramiteExternoTable>;
export type LinhaComponente = Selectable<TramiteExternoComponenteTable>;

/** Where a trâmite no longer has anything to do. */
export const ETAPAS_FINAIS: readonly EtapaTramiteExterno[] = ['CONCLUIDO', 'RECUSADO', 'CANCELADO', 'FALHOU'];

export function buscarTramitePorIdt(db: Banco, idt: number) {
  return db.selectFrom('tramiteExterno').selectAll().where('idt', '=', idt).executeTakeFirst();
}

export function travarTramite(db: Banco, id: number) {
  return db.selectFrom('tramiteExterno').selectAll().where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
}

/**
 * A pending trâmite seen in the consultation: a receiving one (2–4) is created at METADADOS if new; any known one gets
 * the barramento's state. Answers the row, locked until the transaction ends (undefined: not ours to handle).
 */
export async function registrarPendencia(db: Banco, idt: number, situacao: number, receber: boolean) {
  if (receber) {
    return db
      .insertInto('tramiteExterno')
      .values({ sentido: 'R', idt, situacaoBarramento: situacao, etapa: 'METADADOS' })
      .onConflict((oc) => oc.column('idt').doUpdateSet({ situacaoBarramento: situacao, atualizadoEm: sql`now()` }))
      .returning(['id', 'sentido', 'etapa'])
      .executeTakeFirstOrThrow();
  }
  return db
    .updateTable('tramiteExterno')
    .set({ situacaoBarramento: situacao, atualizadoEm: sql`now()` })
    .where('idt', '=', idt)
    .returning(['id', 'sentido', 'etapa'])
    .executeTakeFirst();
}

/** Whether a job of `tipo` for this IDT is waiting or running (the caller holds the trâmite's row lock). */
export async function haTarefaViva(db: Banco, tipo: string, idt: number): Promise<boolean> {
  const linha = await db
    .selectFrom('job')
    .select('id')
    .where('tipo', '=', tipo)
    .where(sql<boolean>`tipo LIKE 'tramita.%'`)
    .where(sql<boolean>`payload->>'idt' = ${String(idt)}`)
    .where('estado', 'in', ['PENDENTE', 'EXECUTANDO'])
    .executeTakeFirst();
  return linha !== undefined;
}

export async function marcarConsulta(db: Banco, erro: string | null): Promise<void> {
  await db
    .updateTable('tramitaConfiguracao')
    .set({ consultadaEm: sql`now()`, erroConsulta: erro?.slice(0, 2000) ?? null })
    .where('id', '=', 1)
    .execute();
}

export async function atualizarTramite(db: Banco, id: number, valores: Updateable<TramiteExternoTable>) {
  await db
    .updateTable('tramiteExterno')
    .set({ ...valores, atualizadoEm: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function inserirComponentes(db: Banco, componentes: Insertable<TramiteExternoComponenteTable>[]) {
  if (componentes.length === 0) return;
  await db
    .insertInto('tramiteExternoComponente')
    .values(componentes)
    .onConflict((oc) => oc.columns(['idTramiteExterno', 'ordemDocumento', 'ordem']).doNothing())
    .execute();
}

export function listarComponentes(db: Banco, idTramite: number) {
  return db
    .selectFrom('tramiteExternoComponente')
    .selectAll()
    .where('idTramiteExterno', '=', idTramite)
    .orderBy('ordemDocumento')
    .orderBy('ordem')
    .execute();
}

export async function atualizarComponente(db: Banco, id: number, valores: Updateable<TramiteExternoComponenteTable>) {
  await db.updateTable('tramiteExternoComponente').set(valores).where('id', '=', id).execute();
}

/** The configured unit a structure is mapped to, with whether it receives. */
export function unidadeMapeada(db: Banco, numeroEstrutura: number) {
  return db
    .selectFrom('tramitaUnidadeEstrutura as m')
    .innerJoin('unidade as u', 'u.id', 'm.idUnidade')
    .select(['m.idUnidade', 'm.recebe', 'u.ativa'])
    .where('m.numeroEstrutura', '=', numeroEstrutura)
    .executeTakeFirst();
}

export async function mapaEspeciesRecebimento(db: Banco): Promise<Map<number, number>> {
  const linhas = await db
    .selectFrom('tramitaEspecieRecebimento')
    .select(['codigoEspecie', 'idTipoDocumento'])
    .execute();
  return new Map(linhas.map((l) => [l.codigoEspecie, l.idTipoDocumento]));
}

export async function mapaHipotesesRecebimento(db: Banco): Promise<Map<number, number>> {
  const linhas = await db
    .selectFrom('tramitaHipoteseRecebimento')
    .select(['identificacaoPen', 'idHipoteseLegal'])
    .execute();
  return new Map(linhas.map((l) => [l.identificacaoPen, l.idHipoteseLegal]));
}

export async function numeroExiste(db: Banco, numero: string, numeroDigitos: string): Promise<boolean> {
  const linha = await db
    .selectFrom('documento')
    .select('id')
    .where((eb) => eb.or([eb('numero', '=', numero), eb('numeroDigitos', '=', numeroDigitos)]))
    .executeTakeFirst();
  return linha !== undefined;
}

export async function descricoesTipos(db: Banco, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const linhas = await db.selectFrom('tipoDocumento').select(['id', 'descricao']).where('id', 'in', ids).execute();
  return new Map(linhas.map((l) => [l.id, l.descricao]));
}

export async function inserirHistorico(db: Banco, itens: Insertable<Database['historicoExterno']>[]) {
  if (itens.length === 0) return;
  await db.insertInto('historicoExterno').values(itens).execute();
}

/**
 * Takes (or renews, with `renovar`) the lease of the job working on a trâmite for `segundos`: false when another
 * run holds a lease not yet expired.
 */
export async function reservarTramite(db: Banco, id: number, segundos: number, renovar = false): Promise<boolean> {
  let consulta = db
    .updateTable('tramiteExterno')
    .set({ reservadoAte: sql`now() + make_interval(secs => ${segundos})` })
    .where('id', '=', id);
  if (!renovar) {
    consulta = consulta.where((eb) =>
      eb.or([eb('reservadoAte', 'is', null), eb('reservadoAte', '<', sql<Date>`now()`)]),
    );
  }
  const linha = await consulta.returning('id').executeTakeFirst();
  return linha !== undefined;
}

export async function liberarTramite(db: Banco, id: number): Promise<void> {
  await db.updateTable('tramiteExterno').set({ reservadoAte: null }).where('id', '=', id).execute();
}
