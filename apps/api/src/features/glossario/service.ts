import { type ItemGlossario, MENSAGENS } from '@tramite/shared';
import type { Banco } from '../../db/connection.ts';
import { type AutorAuditoria, type EntidadeAuditoria, registrarAuditoria } from '../../platform/auditoria.ts';
import { campoInvalido, conflito, naoEncontrado } from '../../platform/erros.ts';
import { validarAssuntoDoTipo } from '../assuntos/service.ts';
import * as queries from './queries.ts';

const ENTIDADE: EntidadeAuditoria = 'item_glossario';

export function listarItens(db: Banco): Promise<ItemGlossario[]> {
  return queries.listarItens(db);
}

/** The subject must be linked to the type and assignable: 'Este assunto é inválido para este tipo de documento'. */
async function validarAssunto(trx: Banco, item: queries.ValoresItem): Promise<void> {
  if (!(await validarAssuntoDoTipo(trx, item.idTipoDocumento, item.idAssunto))) {
    throw campoInvalido(MENSAGENS.autuacao.assuntoInvalido, 'idAssunto');
  }
}

/** The same description twice for one type and subject is refused (409); the type's row lock makes it race-safe. */
async function recusarIgual(trx: Banco, valores: queries.ValoresItem, excetoId: number | null): Promise<void> {
  await queries.travarTipo(trx, valores.idTipoDocumento);
  if (await queries.existeItemIgual(trx, valores, excetoId)) {
    throw conflito(MENSAGENS.lookups.itemVocabularioDuplicado);
  }
}

/** `valores` as parsed by salvarItemGlossarioSchema. */
export function incluirItem(db: Banco, valores: queries.ValoresItem, autor: AutorAuditoria): Promise<ItemGlossario> {
  return db.transaction().execute(async (trx) => {
    await validarAssunto(trx, valores);
    await recusarIgual(trx, valores, null);
    const id = await queries.inserirItem(trx, valores);
    const depois = (await queries.buscarItem(trx, id)) as ItemGlossario;
    await registrarAuditoria(trx, { ...autorAuditoria(autor), acao: 'INCLUIR_ITEM_GLOSSARIO', idEntidade: id, depois });
    return depois;
  });
}

export function alterarItem(
  db: Banco,
  id: number,
  valores: queries.ValoresItem,
  autor: AutorAuditoria,
): Promise<ItemGlossario> {
  return db.transaction().execute(async (trx) => {
    if (!(await queries.travarItem(trx, id))) throw naoEncontrado(MENSAGENS.lookups.itemVocabularioNaoEncontrado);
    await validarAssunto(trx, valores);
    await recusarIgual(trx, valores, id);
    const antes = await queries.buscarItem(trx, id);
    await queries.alterarItem(trx, id, valores);
    const depois = (await queries.buscarItem(trx, id)) as ItemGlossario;
    await registrarAuditoria(trx, {
      ...autorAuditoria(autor),
      acao: 'ALTERAR_ITEM_GLOSSARIO',
      idEntidade: id,
      antes,
      depois,
    });
    return depois;
  });
}

export function excluirItem(db: Banco, id: number, autor: AutorAuditoria): Promise<void> {
  return db.transaction().execute(async (trx) => {
    if (!(await queries.travarItem(trx, id))) throw naoEncontrado(MENSAGENS.lookups.itemVocabularioNaoEncontrado);
    const antes = await queries.buscarItem(trx, id);
    await queries.excluirItem(trx, id);
    await registrarAuditoria(trx, { ...autorAuditoria(autor), acao: 'EXCLUIR_ITEM_GLOSSARIO', idEntidade: id, antes });
  });
}

function autorAuditoria(autor: AutorAuditoria) {
  return { idUsuario: autor.idUsuario, ip: autor.ip, entidade: ENTIDADE };
}
