import type { ItemGlossario } from '@tramite/shared';
import { sql } from 'kysely';
import type { Banco } from '../../db/connection.ts';

export interface ValoresItem {
  idTipoDocumento: number;
  idAssunto: number;
  descricao: string;
  detalhamento: string | null;
}

function selecionarItens(db: Banco) {
  return db
    .selectFrom('itemGlossario as item')
    .innerJoin('tipoDocumento', 'tipoDocumento.id', 'item.idTipoDocumento')
    .innerJoin('assunto', 'assunto.id', 'item.idAssunto')
    .select([
      'item.id as idItemGlossario',
      'item.idTipoDocumento',
      'item.idAssunto',
      'item.descricao',
      'item.detalhamento',
      'assunto.descricao as descricaoAssunto',
      'assunto.codigo as codigoAssunto',
      'tipoDocumento.descricao as tipoDocumento',
    ]);
}

/** Sorted by description, case- and accent-insensitively (pt-BR collation). */
export function listarItens(db: Banco): Promise<ItemGlossario[]> {
  return selecionarItens(db).orderBy(sql`item.descricao COLLATE pt_br`).orderBy('item.id').execute();
}

export function buscarItem(db: Banco, id: number): Promise<ItemGlossario | undefined> {
  return selecionarItens(db).where('item.id', '=', id).executeTakeFirst();
}

/** Locks the item for a change or a deletion, so concurrent ones apply one after the other. */
export async function travarItem(db: Banco, id: number): Promise<boolean> {
  const linha = await db.selectFrom('itemGlossario').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
  return linha !== undefined;
}

export async function inserirItem(db: Banco, valores: ValoresItem): Promise<number> {
  const { id } = await db.insertInto('itemGlossario').values(valores).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function alterarItem(db: Banco, id: number, valores: ValoresItem): Promise<void> {
  await db
    .updateTable('itemGlossario')
    .set({ ...valores, atualizadoEm: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

export async function excluirItem(db: Banco, id: number): Promise<void> {
  await db.deleteFrom('itemGlossario').where('id', '=', id).execute();
}

/**
 * Whether another item (not `excetoId`) has the same type, subject and description (case and surrounding spaces
 * ignored). The caller holds the type's row lock (travarTipo), so two requests cannot both find none.
 */
export async function existeItemIgual(db: Banco, valores: ValoresItem, excetoId: number | null): Promise<boolean> {
  let consulta = db
    .selectFrom('itemGlossario')
    .select('id')
    .where('idTipoDocumento', '=', valores.idTipoDocumento)
    .where('idAssunto', '=', valores.idAssunto)
    .where(sql<boolean>`lower(btrim(descricao)) = lower(btrim(${valores.descricao}))`);
  if (excetoId !== null) consulta = consulta.where('id', '!=', excetoId);
  return (await consulta.executeTakeFirst()) !== undefined;
}

/** Locks the document type's row: the items of one type are written one request at a time. */
export async function travarTipo(db: Banco, idTipoDocumento: number): Promise<void> {
  await db.selectFrom('tipoDocumento').select('id').where('id', '=', idTipoDocumento).forUpdate().execute();
}
