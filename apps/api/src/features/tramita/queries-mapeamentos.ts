import type { Insertable } from 'kysely';
import { sql } from 'kysely';
import type { Banco } from '../../db/connection.ts';
import type { TramitaLimiteDestinoTable, TramitaUnidadeEstruturaTable } from '../../db/schema.ts';

// Step 4 (docs/tramita-govbr-desenho.md §1, 0028): the mappings' tables.

export function listarUnidadesMapeadas(db: Banco) {
  return db
    .selectFrom('tramitaUnidadeEstrutura as m')
    .innerJoin('unidade as u', 'u.id', 'm.idUnidade')
    .select([
      'm.idUnidade',
      'u.sigla as siglaUnidade',
      'u.nome as nomeUnidade',
      'm.numeroEstrutura',
      'm.nome',
      'm.sigla',
      'm.hierarquia',
      'm.envia',
      'm.recebe',
    ])
    .orderBy('u.sigla')
    .orderBy('m.idUnidade')
    .execute();
}

export function listarEspeciesEnvio(db: Banco) {
  return db
    .selectFrom('tramitaEspecieEnvio as m')
    .innerJoin('tipoDocumento as t', 't.id', 'm.idTipoDocumento')
    .innerJoin('tramitaEspecie as e', 'e.codigo', 'm.codigoEspecie')
    .select([
      'm.idTipoDocumento',
      't.descricao as tipoDocumento',
      'm.codigoEspecie',
      'e.nome as especie',
      'e.ativa as especieAtiva',
    ])
    .orderBy('t.descricao')
    .orderBy('m.idTipoDocumento')
    .execute();
}

export function listarEspeciesRecebimento(db: Banco) {
  return db
    .selectFrom('tramitaEspecieRecebimento as m')
    .innerJoin('tipoDocumento as t', 't.id', 'm.idTipoDocumento')
    .innerJoin('tramitaEspecie as e', 'e.codigo', 'm.codigoEspecie')
    .select([
      'm.codigoEspecie',
      'e.nome as especie',
      'e.ativa as especieAtiva',
      'm.idTipoDocumento',
      't.descricao as tipoDocumento',
    ])
    .orderBy('e.nome')
    .orderBy('m.codigoEspecie')
    .execute();
}

export function listarHipotesesEnvio(db: Banco) {
  return db
    .selectFrom('tramitaHipoteseEnvio as m')
    .innerJoin('hipoteseLegal as h', 'h.id', 'm.idHipoteseLegal')
    .innerJoin('tramitaHipotese as p', 'p.identificacao', 'm.identificacaoPen')
    .select([
      'm.idHipoteseLegal',
      'h.descricao as hipoteseLegal',
      'm.identificacaoPen',
      'p.nome as hipotesePen',
      'p.ativa as hipotesePenAtiva',
    ])
    .orderBy('h.descricao')
    .orderBy('m.idHipoteseLegal')
    .execute();
}

export function listarHipotesesRecebimento(db: Banco) {
  return db
    .selectFrom('tramitaHipoteseRecebimento as m')
    .innerJoin('hipoteseLegal as h', 'h.id', 'm.idHipoteseLegal')
    .innerJoin('tramitaHipotese as p', 'p.identificacao', 'm.identificacaoPen')
    .select([
      'm.identificacaoPen',
      'p.nome as hipotesePen',
      'p.ativa as hipotesePenAtiva',
      'm.idHipoteseLegal',
      'h.descricao as hipoteseLegal',
    ])
    .orderBy('p.nome')
    .orderBy('m.identificacaoPen')
    .execute();
}

export function listarLimites(db: Banco) {
  return db
    .selectFrom('tramitaLimiteDestino as l')
    .innerJoin('tramitaRepositorio as r', 'r.id', 'l.idRepositorio')
    .select([
      'l.id',
      'l.idRepositorio',
      'r.nome as repositorio',
      'l.numeroEstrutura',
      'l.nomeEstrutura',
      'l.tamanhoMaximoMb',
      'l.extensoesRecusadas',
      'l.observacao',
    ])
    .orderBy('r.nome')
    .orderBy('l.numeroEstrutura', (ob) => ob.nullsFirst())
    .orderBy('l.id')
    .execute();
}

/** The choices of the screen: peça types (not processes), active hypotheses, the PEN's cached hypotheses. */
export async function listarOpcoes(db: Banco) {
  const [tiposDocumento, hipotesesLegais, hipotesesPen] = await Promise.all([
    db
      .selectFrom('tipoDocumento')
      .select(['id', 'descricao'])
      .where('ativo', '=', true)
      .where('processo', '=', false)
      .orderBy('descricao')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('hipoteseLegal')
      .select(['id', 'descricao'])
      .where('ativa', '=', true)
      .orderBy('descricao')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('tramitaHipotese')
      .select(['identificacao', 'nome', 'ativa'])
      .orderBy('nome')
      .orderBy('identificacao')
      .execute(),
  ]);
  return { tiposDocumento, hipotesesLegais, hipotesesPen };
}

export function buscarUnidadeAtiva(db: Banco, id: number) {
  return db
    .selectFrom('unidade')
    .select(['id', 'sigla', 'nome'])
    .where('id', '=', id)
    .where('ativa', '=', true)
    .executeTakeFirst();
}

export function buscarTipoAtivo(db: Banco, id: number) {
  return db
    .selectFrom('tipoDocumento')
    .select(['id', 'descricao', 'processo'])
    .where('id', '=', id)
    .where('ativo', '=', true)
    .executeTakeFirst();
}

export function buscarHipoteseLegalAtiva(db: Banco, id: number) {
  return db
    .selectFrom('hipoteseLegal')
    .select(['id', 'descricao'])
    .where('id', '=', id)
    .where('ativa', '=', true)
    .executeTakeFirst();
}

export function buscarEspecie(db: Banco, codigo: number) {
  return db
    .selectFrom('tramitaEspecie')
    .select(['codigo', 'nome', 'ativa'])
    .where('codigo', '=', codigo)
    .executeTakeFirst();
}

export function buscarHipotesePen(db: Banco, identificacao: number) {
  return db
    .selectFrom('tramitaHipotese')
    .select(['identificacao', 'nome', 'ativa'])
    .where('identificacao', '=', identificacao)
    .executeTakeFirst();
}

export function buscarRepositorio(db: Banco, id: number) {
  return db.selectFrom('tramitaRepositorio').select(['id', 'nome', 'ativo']).where('id', '=', id).executeTakeFirst();
}

// Units ↔ structures.

export function travarUnidadeMapeada(db: Banco, idUnidade: number) {
  return db
    .selectFrom('tramitaUnidadeEstrutura')
    .select(['idUnidade', 'numeroEstrutura', 'nome', 'sigla', 'hierarquia', 'envia', 'recebe'])
    .where('idUnidade', '=', idUnidade)
    .forUpdate()
    .executeTakeFirst();
}

/** The unit another mapping gives this structure to, if any. */
export function unidadeDaEstrutura(db: Banco, numeroEstrutura: number) {
  return db
    .selectFrom('tramitaUnidadeEstrutura as m')
    .innerJoin('unidade as u', 'u.id', 'm.idUnidade')
    .select(['m.idUnidade', 'u.sigla'])
    .where('m.numeroEstrutura', '=', numeroEstrutura)
    .executeTakeFirst();
}

export type ValoresUnidadeEstrutura = Omit<Insertable<TramitaUnidadeEstruturaTable>, 'idUnidade'>;

export async function gravarUnidadeEstrutura(db: Banco, idUnidade: number, valores: ValoresUnidadeEstrutura) {
  await db
    .insertInto('tramitaUnidadeEstrutura')
    .values({ idUnidade, ...valores })
    .onConflict((oc) => oc.column('idUnidade').doUpdateSet(valores))
    .execute();
}

export async function removerUnidadeEstrutura(db: Banco, idUnidade: number) {
  await db.deleteFrom('tramitaUnidadeEstrutura').where('idUnidade', '=', idUnidade).execute();
}

// Types ↔ species, hypotheses ↔ PEN hypotheses: one row per key, replaced whole.

export function travarEspecieEnvio(db: Banco, idTipoDocumento: number) {
  return db
    .selectFrom('tramitaEspecieEnvio')
    .selectAll()
    .where('idTipoDocumento', '=', idTipoDocumento)
    .forUpdate()
    .executeTakeFirst();
}

export async function gravarEspecieEnvio(db: Banco, idTipoDocumento: number, codigoEspecie: number) {
  await db
    .insertInto('tramitaEspecieEnvio')
    .values({ idTipoDocumento, codigoEspecie })
    .onConflict((oc) => oc.column('idTipoDocumento').doUpdateSet({ codigoEspecie }))
    .execute();
}

export async function removerEspecieEnvio(db: Banco, idTipoDocumento: number) {
  await db.deleteFrom('tramitaEspecieEnvio').where('idTipoDocumento', '=', idTipoDocumento).execute();
}

export function travarEspecieRecebimento(db: Banco, codigoEspecie: number) {
  return db
    .selectFrom('tramitaEspecieRecebimento')
    .selectAll()
    .where('codigoEspecie', '=', codigoEspecie)
    .forUpdate()
    .executeTakeFirst();
}

export async function gravarEspecieRecebimento(db: Banco, codigoEspecie: number, idTipoDocumento: number) {
  await db
    .insertInto('tramitaEspecieRecebimento')
    .values({ codigoEspecie, idTipoDocumento })
    .onConflict((oc) => oc.column('codigoEspecie').doUpdateSet({ idTipoDocumento }))
    .execute();
}

export async function removerEspecieRecebimento(db: Banco, codigoEspecie: number) {
  await db.deleteFrom('tramitaEspecieRecebimento').where('codigoEspecie', '=', codigoEspecie).execute();
}

export function travarHipoteseEnvio(db: Banco, idHipoteseLegal: number) {
  return db
    .selectFrom('tramitaHipoteseEnvio')
    .selectAll()
    .where('idHipoteseLegal', '=', idHipoteseLegal)
    .forUpdate()
    .executeTakeFirst();
}

export async function gravarHipoteseEnvio(db: Banco, idHipoteseLegal: number, identificacaoPen: number) {
  await db
    .insertInto('tramitaHipoteseEnvio')
    .values({ idHipoteseLegal, identificacaoPen })
    .onConflict((oc) => oc.column('idHipoteseLegal').doUpdateSet({ identificacaoPen }))
    .execute();
}

export async function removerHipoteseEnvio(db: Banco, idHipoteseLegal: number) {
  await db.deleteFrom('tramitaHipoteseEnvio').where('idHipoteseLegal', '=', idHipoteseLegal).execute();
}

export function travarHipoteseRecebimento(db: Banco, identificacaoPen: number) {
  return db
    .selectFrom('tramitaHipoteseRecebimento')
    .selectAll()
    .where('identificacaoPen', '=', identificacaoPen)
    .forUpdate()
    .executeTakeFirst();
}

export async function gravarHipoteseRecebimento(db: Banco, identificacaoPen: number, idHipoteseLegal: number) {
  await db
    .insertInto('tramitaHipoteseRecebimento')
    .values({ identificacaoPen, idHipoteseLegal })
    .onConflict((oc) => oc.column('identificacaoPen').doUpdateSet({ idHipoteseLegal }))
    .execute();
}

export async function removerHipoteseRecebimento(db: Banco, identificacaoPen: number) {
  await db.deleteFrom('tramitaHipoteseRecebimento').where('identificacaoPen', '=', identificacaoPen).execute();
}

// Destinations' limits.

export function travarLimite(db: Banco, id: number) {
  return db
    .selectFrom('tramitaLimiteDestino')
    .select([
      'id',
      'idRepositorio',
      'numeroEstrutura',
      'nomeEstrutura',
      'tamanhoMaximoMb',
      'extensoesRecusadas',
      'observacao',
    ])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** The limit already kept for this destination (another row than `excetoId`). */
export function limiteDoDestino(db: Banco, idRepositorio: number, numeroEstrutura: number | null, excetoId?: number) {
  return db
    .selectFrom('tramitaLimiteDestino')
    .select('id')
    .where('idRepositorio', '=', idRepositorio)
    .where('numeroEstrutura', numeroEstrutura === null ? 'is' : '=', numeroEstrutura)
    .$if(excetoId !== undefined, (q) => q.where('id', '!=', excetoId as number))
    .executeTakeFirst();
}

/** Extensions are letters and digits only (the shared schema): an array literal needs no quoting. */
const literalExtensoes = (extensoes: readonly string[] = []) => sql<string[]>`${`{${extensoes.join(',')}}`}::text[]`;

export type ValoresLimite = Omit<Insertable<TramitaLimiteDestinoTable>, 'id'>;

export async function inserirLimite(db: Banco, valores: ValoresLimite): Promise<number> {
  const { id } = await db
    .insertInto('tramitaLimiteDestino')
    .values({ ...valores, extensoesRecusadas: literalExtensoes(valores.extensoesRecusadas) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function alterarLimite(db: Banco, id: number, valores: ValoresLimite) {
  await db
    .updateTable('tramitaLimiteDestino')
    .set({ ...valores, extensoesRecusadas: literalExtensoes(valores.extensoesRecusadas) })
    .where('id', '=', id)
    .execute();
}

export async function removerLimite(db: Banco, id: number) {
  await db.deleteFrom('tramitaLimiteDestino').where('id', '=', id).execute();
}
