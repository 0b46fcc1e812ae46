import { type AlterarTipoDocumento, type ConsultaTiposDocumento, MENSAGENS, type TipoDocumento } from '@tramite/shared';
import type { Banco } from '../../db/connection.ts';
import { type AutorAuditoria, registrarAuditoria } from '../../platform/auditoria.ts';
import { naoEncontrado } from '../../platform/erros.ts';
import * as queries from './queries.ts';

type Opcoes = { [K in keyof ConsultaTiposDocumento]-?: boolean };

/**
 * GET tipos-documentos. Without options: the types the caller may open documents of (active, with an active
 * fluxo) when logged in, every active type for the anonymous public search. todosTipos drops the fluxo condition,
 * paraInclusaoEmVocabularioControlado asks for types with an assignable subject, incluirInativos drops the
 * "active" condition. Sorted by description, case- and accent-insensitively (pt-BR collation).
 */
export function listarTiposDocumento(db: Banco, opcoes: Opcoes, logado: boolean): Promise<TipoDocumento[]> {
  let criterio: queries.CriterioTipos = logado ? 'AUTORIZADOS' : 'TODOS';
  if (opcoes.todosTipos) criterio = 'TODOS';
  if (opcoes.paraInclusaoEmVocabularioControlado) criterio = 'VOCABULARIO';
  if (opcoes.paraPecas) criterio = 'PECAS';
  return queries.listarTipos(db, { criterio, incluirInativos: opcoes.incluirInativos });
}

/** PATCH tipos-documentos/{id}: changes the given properties and audits before and after, in one transaction. */
export function alterarTipoDocumento(
  db: Banco,
  id: number,
  alteracao: AlterarTipoDocumento,
  autor: AutorAuditoria,
): Promise<TipoDocumento> {
  return db.transaction().execute(async (trx) => {
    const antes = await queries.buscarTipoParaAlterar(trx, id);
    if (!antes) throw naoEncontrado(MENSAGENS.lookups.tipoDocumentoNaoEncontrado);
    const mudancas = Object.fromEntries(
      Object.entries(alteracao).filter(
        ([campo, valor]) => valor !== undefined && antes[campo as keyof TipoDocumento] !== valor,
      ),
    ) as AlterarTipoDocumento;
    if (Object.keys(mudancas).length === 0) return antes;
    const depois = await queries.alterarTipo(trx, id, mudancas);
    await registrarAuditoria(trx, {
      ...autor,
      acao: 'ALTERAR_TIPO_DOCUMENTO',
      entidade: 'tipo_documento',
      idEntidade: id,
      antes,
      depois,
    });
    return depois;
  });
}

/** 404 'Tipo de documento não encontrado' for an unknown id. */
export async function exigirTipoDocumento(db: Banco, id: number): Promise<void> {
  if (!(await queries.tipoExiste(db, id))) throw naoEncontrado(MENSAGENS.lookups.tipoDocumentoNaoEncontrado);
}
