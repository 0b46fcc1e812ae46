import type { SituacaoDocumento, TipoAgregacao } from '@tramite/shared';
import { sql } from 'kysely';
import type { Banco } from '../../db/connection.ts';

/** What the joining rules read of a document (parent or child), with its type's joining flags. */
function selecionarDocumento(db: Banco) {
  return db
    .selectFrom('documento as d')
    .innerJoin('tipoDocumento as t', 't.id', 'd.idTipoDocumento')
    .select([
      'd.id',
      'd.numero',
      'd.situacao',
      'd.idUnidadeCriadora',
      'd.idUnidadeAtual',
      'd.estadoProcessamento',
      'd.dataValidade',
      'd.idDocumentoAgregador',
      't.processo',
      't.consideradoProcessoNaAnexacao',
    ]);
}

export function lerDocumento(db: Banco, id: number) {
  return selecionarDocumento(db).where('d.id', '=', id).executeTakeFirst();
}
export type DocumentoJuntada = NonNullable<Awaited<ReturnType<typeof lerDocumento>>>;

/** Locks the rows of both documents, always in id order, so two joins over the same pair cannot deadlock. */
export async function bloquearDocumentos(db: Banco, ids: number[]): Promise<void> {
  await db.selectFrom('documento').select('id').where('id', 'in', ids).orderBy('id').forNoKeyUpdate().execute();
}

/** The documents this one is joined into, from its parent up to the root. */
export async function ancestrais(db: Banco, idDocumento: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    WITH RECURSIVE acima AS (
      SELECT id_documento_agregador AS id, 1 AS nivel FROM documento WHERE id = ${idDocumento}
      UNION ALL
      SELECT d.id_documento_agregador, a.nivel + 1 FROM documento d JOIN acima a ON d.id = a.id
      WHERE a.nivel < 100
    )
    SELECT id FROM acima WHERE id IS NOT NULL`.execute(db);
  return rows.map((r) => Number(r.id));
}

/**
 * The documents whose number contains these digits and that may be joined into `idAgregador`: held and received
 * by the unit, in progress (2001 = 1), already sent once (dataValidade), not joined (E), neither the document itself
 * nor one of the documents it is joined into.
 */
export async function buscarCandidatos(db: Banco, idAgregador: number, idUnidade: number, digitos: string) {
  const acima = await ancestrais(db, idAgregador);
  return db
    .selectFrom('documento as d')
    .innerJoin('tipoDocumento as t', 't.id', 'd.idTipoDocumento')
    .innerJoin('unidade as u', 'u.id', 'd.idUnidadeAtual')
    .select(['d.id', 'd.numero', 't.descricao as tipo', 'd.resumoAssunto', 'u.sigla as unidadeAtual'])
    .where('d.numeroDigitos', 'like', `%${digitos}%`)
    .where('d.idUnidadeAtual', '=', idUnidade)
    .where('d.situacao', 'in', ['RECEBIDO', 'T'])
    .where('d.estadoProcessamento', '=', 1)
    .where('d.dataValidade', 'is not', null)
    .where('d.idDocumentoAgregador', 'is', null)
    .where('d.id', 'not in', [idAgregador, ...acima])
    .orderBy('d.numero')
    .limit(50)
    .execute();
}

export function inserirAgregacao(
  db: Banco,
  dados: {
    idAgregador: number;
    idDocumento: number;
    tipo: TipoAgregacao;
    situacaoAnterior: SituacaoDocumento;
    idUsuario: number;
  },
) {
  return db
    .insertInto('agregacao')
    .values({
      idDocumentoAgregador: dados.idAgregador,
      idDocumento: dados.idDocumento,
      tipoAgregacao: dados.tipo,
      situacaoAnterior: dados.situacaoAnterior,
      idUsuarioJuntada: dados.idUsuario,
      idUsuarioDesjuntada: null,
      desjuntadoEm: null,
    })
    .returning(['id', 'juntadoEm'])
    .executeTakeFirstOrThrow();
}

export function marcarJuntado(db: Banco, idDocumento: number, idAgregador: number) {
  return db
    .updateTable('documento')
    .set({ idDocumentoAgregador: idAgregador, situacao: 'E', dataUltimaAlteracao: sql`now()` })
    .where('id', '=', idDocumento)
    .where('idDocumentoAgregador', 'is', null)
    .returning(['id'])
    .executeTakeFirst();
}

/** A join (open or closed) of a child into this parent. */
export function buscarAgregacao(db: Banco, idAgregacao: number, idAgregador: number) {
  return db
    .selectFrom('agregacao')
    .select('idDocumento')
    .where('id', '=', idAgregacao)
    .where('idDocumentoAgregador', '=', idAgregador)
    .executeTakeFirst();
}

/** The open join of a child into a parent, locked. */
export function bloquearAgregacaoAtiva(db: Banco, idAgregacao: number, idAgregador: number) {
  return db
    .selectFrom('agregacao')
    .select(['id', 'idDocumento', 'tipoAgregacao', 'situacaoAnterior'])
    .where('id', '=', idAgregacao)
    .where('idDocumentoAgregador', '=', idAgregador)
    .where('desjuntadoEm', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

export function encerrarAgregacao(db: Banco, idAgregacao: number, idUsuario: number) {
  return db
    .updateTable('agregacao')
    .set({ idUsuarioDesjuntada: idUsuario, desjuntadoEm: sql`now()` })
    .where('id', '=', idAgregacao)
    .where('desjuntadoEm', 'is', null)
    .returning(['id', 'desjuntadoEm'])
    .executeTakeFirst();
}

/** The child keeps the unit it is in now (its parent's), with the situation it had before the join. */
export function liberarJuntado(db: Banco, idDocumento: number, situacao: SituacaoDocumento) {
  return db
    .updateTable('documento')
    .set({ idDocumentoAgregador: null, situacao, dataUltimaAlteracao: sql`now()` })
    .where('id', '=', idDocumento)
    .returning(['id', 'situacao', 'idUnidadeAtual'])
    .executeTakeFirstOrThrow();
}

/** The open joins of documents into this one, oldest first. */
export function listarAgregados(db: Banco, idAgregador: number) {
  return db
    .selectFrom('agregacao as ag')
    .innerJoin('documento as d', 'd.id', 'ag.idDocumento')
    .innerJoin('tipoDocumento as t', 't.id', 'd.idTipoDocumento')
    .innerJoin('usuario as u', 'u.id', 'ag.idUsuarioJuntada')
    .select([
      'ag.id as idAgregado',
      'd.id as idDocumento',
      'd.numero',
      't.descricao as tipo',
      'ag.tipoAgregacao',
      'ag.juntadoEm',
      'u.nome as juntadoPor',
    ])
    .where('ag.idDocumentoAgregador', '=', idAgregador)
    .where('ag.desjuntadoEm', 'is', null)
    .orderBy('ag.juntadoEm')
    .orderBy('ag.id')
    .execute();
}

/** The open join of this document into its parent. */
export function buscarAgregador(db: Banco, idDocumento: number) {
  return db
    .selectFrom('agregacao as ag')
    .innerJoin('documento as p', 'p.id', 'ag.idDocumentoAgregador')
    .select(['ag.id as idAgregado', 'p.id as idDocumento', 'p.numero', 'ag.tipoAgregacao'])
    .where('ag.idDocumento', '=', idDocumento)
    .where('ag.desjuntadoEm', 'is', null)
    .executeTakeFirst();
}
