import { sql } from 'kysely';
import type { Banco } from '../../db/connection.ts';
import { consultaAssuntoAtribuivel, existe } from '../../db/consultas-comuns.ts';

const COLUNAS = ['assunto.id', 'assunto.codigo', 'assunto.descricao', 'assunto.atribuivel'] as const;

/** Active subjects, all of them or those linked to one document type, in classification-code order. */
export function listarAssuntos(db: Banco, idTipoDocumento?: number) {
  let consulta = db.selectFrom('assunto').select(COLUNAS).where('assunto.ativo', '=', true);
  if (idTipoDocumento !== undefined) {
    consulta = consulta
      .innerJoin('tipoDocumentoAssunto as vinculo', 'vinculo.idAssunto', 'assunto.id')
      .where('vinculo.idTipoDocumento', '=', idTipoDocumento);
  }
  return consulta.orderBy(sql`assunto.codigo COLLATE "C"`).orderBy('assunto.id').execute();
}

export function buscarAssunto(db: Banco, id: number) {
  return db.selectFrom('assunto').select(COLUNAS).where('id', '=', id).executeTakeFirst();
}

/**
 * The subject is linked to the type, active and assignable. The link row is locked (FOR SHARE) so that, inside a
 * caller's transaction, it cannot disappear before the caller commits.
 */
export function assuntoAtribuivelAoTipo(db: Banco, idTipoDocumento: number, idAssunto: number) {
  return existe(consultaAssuntoAtribuivel(db, idTipoDocumento, idAssunto).forShare('vinculo'));
}
