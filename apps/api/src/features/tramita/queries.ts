import type { Insertable, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Banco } from '../../db/connection.ts';
import type { TramitaConfiguracaoTable } from '../../db/schema.ts';

export type LinhaConfiguracao = Selectable<TramitaConfiguracaoTable>;

/** The configuration row (absent before the first save), with the name of who saved it last. */
export function buscarConfiguracao(db: Banco) {
  return db
    .selectFrom('tramitaConfiguracao as c')
    .innerJoin('usuario as u', 'u.id', 'c.idUsuario')
    .selectAll('c')
    .select('u.nome as atualizadoPor')
    .where('c.id', '=', 1)
    .executeTakeFirst();
}

/** The configuration row locked until the transaction ends: saves, uploads and syncs go one at a time. */
export function travarConfiguracao(db: Banco): Promise<LinhaConfiguracao | undefined> {
  return db.selectFrom('tramitaConfiguracao').selectAll().where('id', '=', 1).forUpdate().executeTakeFirst();
}

export type ValoresConfiguracao = Omit<Insertable<TramitaConfiguracaoTable>, 'id' | 'sincronizadaEm'>;

/** Inserts the row or replaces its fields (the lists' sync time is kept). */
export async function gravarConfiguracao(db: Banco, valores: ValoresConfiguracao): Promise<void> {
  await db
    .insertInto('tramitaConfiguracao')
    .values({ id: 1, ...valores })
    .onConflict((oc) => oc.column('id').doUpdateSet(valores))
    .execute();
}

export async function gravarResumoCertificado(
  db: Banco,
  resumo: {
    certificadoImpressao: string;
    certificadoTitular: string;
    certificadoEmissor: string;
    certificadoValidoDe: Date;
    certificadoValidoAte: Date;
  },
  idUsuario: number,
): Promise<void> {
  await db
    .updateTable('tramitaConfiguracao')
    .set({ ...resumo, idUsuario, atualizadoEm: sql`now()` })
    .where('id', '=', 1)
    .execute();
}

/** Active units, types and cached species among the ids the configuration names (to say which do not exist). */
export async function referenciasExistentes(
  db: Banco,
  ids: { unidades: number[]; tipos: number[]; especies: number[] },
) {
  const [unidades, tipos, especies] = await Promise.all([
    ids.unidades.length === 0
      ? []
      : db.selectFrom('unidade').select('id').where('id', 'in', ids.unidades).where('ativa', '=', true).execute(),
    ids.tipos.length === 0
      ? []
      : db
          .selectFrom('tipoDocumento')
          .select(['id', 'processo'])
          .where('id', 'in', ids.tipos)
          .where('ativo', '=', true)
          .execute(),
    ids.especies.length === 0
      ? []
      : db.selectFrom('tramitaEspecie').select('codigo').where('codigo', 'in', ids.especies).execute(),
  ]);
  return { unidades, tipos, especies };
}

/** How many rows of each cached list are active and inactive. */
export async function contarListas(db: Banco) {
  const contar = (tabela: 'tramitaEspecie' | 'tramitaHipotese', coluna: 'ativa') =>
    db
      .selectFrom(tabela)
      .select((eb) => [
        eb.fn.countAll<number>().filterWhere(coluna, '=', true).as('ativas'),
        eb.fn.countAll<number>().filterWhere(coluna, '=', false).as('inativas'),
      ])
      .executeTakeFirstOrThrow();
  const [especies, hipoteses, repositorios] = await Promise.all([
    contar('tramitaEspecie', 'ativa'),
    contar('tramitaHipotese', 'ativa'),
    db
      .selectFrom('tramitaRepositorio')
      .select((eb) => [
        eb.fn.countAll<number>().filterWhere('ativo', '=', true).as('ativas'),
        eb.fn.countAll<number>().filterWhere('ativo', '=', false).as('inativas'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return { especies, hipoteses, repositorios };
}

export function listarRepositorios(db: Banco) {
  return db.selectFrom('tramitaRepositorio').select(['id', 'nome', 'ativo']).orderBy('nome').orderBy('id').execute();
}

export function listarEspecies(db: Banco) {
  return db
    .selectFrom('tramitaEspecie')
    .select(['codigo', 'nome', 'ativa'])
    .orderBy('nome')
    .orderBy('codigo')
    .execute();
}

export function listarTiposDocumentoAtivos(db: Banco) {
  return db
    .selectFrom('tipoDocumento')
    .select(['id', 'descricao', 'processo'])
    .where('ativo', '=', true)
    .orderBy('descricao')
    .orderBy('id')
    .execute();
}

/** What the cache holds now, by key, to tell new and deactivated rows apart. */
export async function situacaoListas(db: Banco) {
  const [especies, hipoteses, repositorios] = await Promise.all([
    db.selectFrom('tramitaEspecie').select(['codigo as chave', 'ativa']).execute(),
    db.selectFrom('tramitaHipotese').select(['identificacao as chave', 'ativa']).execute(),
    db.selectFrom('tramitaRepositorio').select(['id as chave', 'ativo as ativa']).execute(),
  ]);
  const mapa = (linhas: { chave: number; ativa: boolean }[]) => new Map(linhas.map((l) => [l.chave, l.ativa]));
  return { especies: mapa(especies), hipoteses: mapa(hipoteses), repositorios: mapa(repositorios) };
}

/** Writes the species the PEN lists (active) and marks every other one inactive; never deletes. */
export async function gravarEspecies(db: Banco, especies: { codigo: number; nome: string }[], agora: Date) {
  if (especies.length > 0) {
    await db
      .insertInto('tramitaEspecie')
      .values(especies.map((e) => ({ ...e, ativa: true, sincronizadaEm: agora })))
      .onConflict((oc) =>
        oc.column('codigo').doUpdateSet((eb) => ({
          nome: eb.ref('excluded.nome'),
          ativa: true,
          sincronizadaEm: agora,
        })),
      )
      .execute();
  }
  await db
    .updateTable('tramitaEspecie')
    .set({ ativa: false, sincronizadaEm: agora })
    .where('ativa', '=', true)
    .$if(especies.length > 0, (q) =>
      q.where(
        'codigo',
        'not in',
        especies.map((e) => e.codigo),
      ),
    )
    .execute();
}

/** Writes the hypotheses the PEN lists (each active or not) and marks the ones it no longer lists inactive. */
export async function gravarHipoteses(
  db: Banco,
  hipoteses: { identificacao: number; nome: string; baseLegal: string | null; ativa: boolean }[],
  agora: Date,
) {
  if (hipoteses.length > 0) {
    await db
      .insertInto('tramitaHipotese')
      .values(hipoteses.map((h) => ({ ...h, sincronizadaEm: agora })))
      .onConflict((oc) =>
        oc.column('identificacao').doUpdateSet((eb) => ({
          nome: eb.ref('excluded.nome'),
          baseLegal: eb.ref('excluded.baseLegal'),
          ativa: eb.ref('excluded.ativa'),
          sincronizadaEm: agora,
        })),
      )
      .execute();
  }
  await db
    .updateTable('tramitaHipotese')
    .set({ ativa: false, sincronizadaEm: agora })
    .where('ativa', '=', true)
    .$if(hipoteses.length > 0, (q) =>
      q.where(
        'identificacao',
        'not in',
        hipoteses.map((h) => h.identificacao),
      ),
    )
    .execute();
}

/** Writes the repositories the PEN lists and marks the ones it no longer lists inactive. */
export async function gravarRepositorios(db: Banco, repositorios: { id: number; nome: string; ativo: boolean }[]) {
  if (repositorios.length > 0) {
    await db
      .insertInto('tramitaRepositorio')
      .values(repositorios)
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({ nome: eb.ref('excluded.nome'), ativo: eb.ref('excluded.ativo') })),
      )
      .execute();
  }
  await db
    .updateTable('tramitaRepositorio')
    .set({ ativo: false })
    .where('ativo', '=', true)
    .$if(repositorios.length > 0, (q) =>
      q.where(
        'id',
        'not in',
        repositorios.map((r) => r.id),
      ),
    )
    .execute();
}

export async function marcarSincronizada(db: Banco, agora: Date): Promise<void> {
  await db.updateTable('tramitaConfiguracao').set({ sincronizadaEm: agora }).where('id', '=', 1).execute();
}

/**
 * Whether the daily sync is due: the configuration is active, its lists are a day old (or were never synced) and
 * no sync job is waiting or running. Ask it after `travarConfiguracao`, in a statement of its own: it then sees the
 * job another process enqueued while this one waited for the lock.
 */
export async function sincronizacaoDiariaDevida(db: Banco, tipoTarefa: string): Promise<boolean> {
  const linha = await db
    .selectFrom('tramitaConfiguracao')
    .select('id')
    .where('id', '=', 1)
    .where('ativo', '=', true)
    .where((eb) =>
      eb.or([eb('sincronizadaEm', 'is', null), eb('sincronizadaEm', '<', sql<Date>`now() - interval '1 day'`)]),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('job')
            .select('id')
            .where('tipo', '=', tipoTarefa)
            .where('estado', 'in', ['PENDENTE', 'EXECUTANDO']),
        ),
      ),
    )
    .executeTakeFirst();
  return linha !== undefined;
}

/** What every signed-in user may know: whether the feature is on, and in which environment. */
export function buscarEstado(db: Banco) {
  return db.selectFrom('tramitaConfiguracao').select(['ativo', 'ambiente']).where('id', '=', 1).executeTakeFirst();
}
