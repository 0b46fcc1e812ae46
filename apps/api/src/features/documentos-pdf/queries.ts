import type { Banco } from '../../db/connection.ts';
import { consultaDocumento } from '../documentos/queries.ts';

/** Everything the cover and the receipt print about one document, and what decides who may get them. */
export function buscarDadosDocumento(db: Banco, idDocumento: number) {
  return consultaDocumento(db)
    .innerJoin('unidade as uc', 'uc.id', 'd.idUnidadeCriadora')
    .innerJoin('usuario as u', 'u.id', 'd.idUsuarioCriador')
    .select(['d.codigoVerificacao', 'uc.sigla as criadoraSigla', 'uc.nome as criadoraNome', 'u.nome as criadorNome'])
    .where('d.id', '=', idDocumento)
    .executeTakeFirst();
}
export type DadosDocumentoPdf = NonNullable<Awaited<ReturnType<typeof buscarDadosDocumento>>>;

/** The public data behind a verification code (unique index of migration 0007). */
export function buscarPorCodigo(db: Banco, codigo: string) {
  return consultaDocumento(db)
    .select('d.codigoVerificacao')
    .where('d.codigoVerificacao', '=', codigo)
    .executeTakeFirst();
}

export async function nomeUsuario(db: Banco, idUsuario: number): Promise<string> {
  const linha = await db.selectFrom('usuario').select('nome').where('id', '=', idUsuario).executeTakeFirstOrThrow();
  return linha.nome;
}
