import type { Banco } from '../../db/connection.ts';

export async function nomeUsuario(db: Banco, idUsuario: number): Promise<string> {
  const linha = await db.selectFrom('usuario').select('nome').where('id', '=', idUsuario).executeTakeFirstOrThrow();
  return linha.nome;
}
