import { sql } from 'kysely';
import type { Banco } from '../../db/connection.ts';
import { lotacoesDoUsuario } from '../../db/consultas-comuns.ts';

const COLUNAS_UNIDADE = ['unidade.id', 'unidade.sigla', 'unidade.nome', 'unidade.codigo', 'unidade.ativa'] as const;

export function listarUnidades(db: Banco, somenteAtivas: boolean) {
  let consulta = db.selectFrom('unidade').select(COLUNAS_UNIDADE);
  if (somenteAtivas) consulta = consulta.where('ativa', '=', true);
  return consulta.orderBy(sql`unidade.nome COLLATE pt_br`).orderBy('unidade.id').execute();
}

/** The units the user is lotado in: the postal boxes the user may open. */
export function listarLotacoes(db: Banco, idUsuario: number) {
  return lotacoesDoUsuario(db, idUsuario).select(COLUNAS_UNIDADE).orderBy('unidade.id').execute();
}

/** Users with a lotação in any of the units, once each, by name. */
export function listarUsuariosLotados(db: Banco, idsUnidades: readonly number[]) {
  return db
    .selectFrom('usuario')
    .select(['usuario.id', 'usuario.nome', 'usuario.matriculaSiape', 'usuario.cpf', 'usuario.ativo'])
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('lotacao')
          .select('lotacao.idUnidade')
          .whereRef('lotacao.idUsuario', '=', 'usuario.id')
          .where('lotacao.idUnidade', 'in', idsUnidades),
      ),
    )
    .orderBy(sql`usuario.nome COLLATE pt_br`)
    .orderBy('usuario.id')
    .execute();
}
