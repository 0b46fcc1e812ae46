import type { AlterarTipoDocumento, TipoDocumento } from '@tramite/shared';
import { sql } from 'kysely';
import type { Banco } from '../../db/connection.ts';

const COLUNAS = [
  'tipoDocumento.id',
  'tipoDocumento.descricao',
  'tipoDocumento.ativo',
  'tipoDocumento.geraCapa',
  'tipoDocumento.notificaInteressadoTramitacao',
  'tipoDocumento.integrado',
  'tipoDocumento.urlDocumentacao',
  'tipoDocumento.consideradoProcessoNaAnexacao',
  'tipoDocumento.observacao',
] as const;

/**
 * AUTORIZADOS: types with an active fluxo (one of their own, or a generic fluxo without a type); VOCABULARIO:
 * types with an active, assignable subject; TODOS: no condition.
 */
/** PECAS (issue 24): the types a peça may have, those that are not a process. */
export type CriterioTipos = 'AUTORIZADOS' | 'VOCABULARIO' | 'TODOS' | 'PECAS';

export function listarTipos(
  db: Banco,
  filtro: { criterio: CriterioTipos; incluirInativos: boolean },
): Promise<TipoDocumento[]> {
  let consulta = db.selectFrom('tipoDocumento').select(COLUNAS);
  if (!filtro.incluirInativos) consulta = consulta.where('tipoDocumento.ativo', '=', true);
  if (filtro.criterio === 'PECAS') consulta = consulta.where('tipoDocumento.processo', '=', false);
  if (filtro.criterio === 'AUTORIZADOS') {
    consulta = consulta.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('fluxo')
          .select('fluxo.id')
          .where('fluxo.ativo', '=', true)
          .where((eb) =>
            eb.or([
              eb('fluxo.idTipoDocumento', '=', eb.ref('tipoDocumento.id')),
              eb('fluxo.idTipoDocumento', 'is', null),
            ]),
          ),
      ),
    );
  }
  if (filtro.criterio === 'VOCABULARIO') {
    consulta = consulta.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('tipoDocumentoAssunto as vinculo')
          .innerJoin('assunto', 'assunto.id', 'vinculo.idAssunto')
          .select('assunto.id')
          .whereRef('vinculo.idTipoDocumento', '=', 'tipoDocumento.id')
          .where('assunto.ativo', '=', true)
          .where('assunto.atribuivel', '=', true),
      ),
    );
  }
  return consulta.orderBy(sql`tipo_documento.descricao COLLATE pt_br`).orderBy('tipoDocumento.id').execute();
}

/** The row locked for the change, so that concurrent changes apply one after the other. */
export function buscarTipoParaAlterar(db: Banco, id: number): Promise<TipoDocumento | undefined> {
  return db.selectFrom('tipoDocumento').select(COLUNAS).where('id', '=', id).forUpdate().executeTakeFirst();
}

export function alterarTipo(db: Banco, id: number, valores: AlterarTipoDocumento): Promise<TipoDocumento> {
  return db.updateTable('tipoDocumento').set(valores).where('id', '=', id).returning(COLUNAS).executeTakeFirstOrThrow();
}

export async function tipoExiste(db: Banco, id: number): Promise<boolean> {
  const linha = await db.selectFrom('tipoDocumento').select('id').where('id', '=', id).executeTakeFirst();
  return linha !== undefined;
}
