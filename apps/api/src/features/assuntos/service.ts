import { type Assunto, MENSAGENS } from '@tramite/shared';
import type { Banco } from '../../db/connection.ts';
import { naoEncontrado } from '../../platform/erros.ts';
import { exigirTipoDocumento } from '../tipos-documentos/service.ts';
import * as queries from './queries.ts';

/** Active subjects (with atribuivel), all or those of a document type; an unknown type is a 404. */
export async function listarAssuntos(db: Banco, idTipoDocumento?: number): Promise<Assunto[]> {
  if (idTipoDocumento !== undefined) await exigirTipoDocumento(db, idTipoDocumento);
  return queries.listarAssuntos(db, idTipoDocumento);
}

/** Any subject by id, inactive ones included: documents opened long ago still point to them. */
export async function buscarAssunto(db: Banco, id: number): Promise<Assunto> {
  const assunto = await queries.buscarAssunto(db, id);
  if (!assunto) throw naoEncontrado(MENSAGENS.autuacao.erroEncontrarAssunto);
  return assunto;
}

/**
 * 'Este assunto é inválido para este tipo de documento' unless the subject is active, assignable and linked to the
 * type. Call it with the transaction that writes the choice.
 */
export async function validarAssuntoDoTipo(db: Banco, idTipoDocumento: number, idAssunto: number): Promise<boolean> {
  return queries.assuntoAtribuivelAoTipo(db, idTipoDocumento, idAssunto);
}
