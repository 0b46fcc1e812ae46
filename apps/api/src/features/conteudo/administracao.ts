import type { AndamentoIndexacao } from '@tramite/shared';
import { MENSAGENS } from '@tramite/shared';
import type { Banco } from '../../db/connection.ts';
import { type AutorAuditoria, registrarAuditoria } from '../../platform/auditoria.ts';
import { naoEncontrado } from '../../platform/erros.ts';
import * as queries from './queries-indexacao.ts';

/** Unreadable files listed on the administration screen. */
const ILEGIVEIS_LISTADOS = 20;

/**
 * GET administracao/indexacao: files by state, pages read (by OCR, failed), pages per minute over the last ten
 * minutes, and the latest unreadable files with where one of their peças is (never a file name).
 */
export async function consultarAndamento(db: Banco): Promise<AndamentoIndexacao> {
  const [contagem, ilegiveis] = await Promise.all([
    queries.contarAndamento(db),
    queries.listarIlegiveis(db, ILEGIVEIS_LISTADOS),
  ]);
  return {
    arquivos: {
      concluidos: contagem.concluidos,
      naFila: contagem.naFila,
      emLeitura: contagem.emLeitura,
      ilegiveis: contagem.ilegiveis,
    },
    paginas: { lidas: contagem.lidas, porOcr: contagem.porOcr, comFalha: contagem.comFalha },
    paginasPorMinuto: Math.round((contagem.paginasDezMinutos / 10) * 10) / 10,
    ilegiveis,
    atualizadoEm: new Date().toISOString(),
  };
}

/**
 * POST administracao/indexacao/reindexacao (and `npm run reindexar`): every file, or those of one document, back to
 * the queue as new (their old text stays searchable until each page is read again); the running servers do the work.
 * `autor` null: the command line, audited with no user.
 */
export function reindexar(
  db: Banco,
  pedido: { idDocumento?: number },
  autor: AutorAuditoria | null,
): Promise<{ arquivos: number }> {
  return db.transaction().execute(async (trx) => {
    if (pedido.idDocumento !== undefined && !(await queries.documentoExiste(trx, pedido.idDocumento))) {
      throw naoEncontrado(MENSAGENS.autuacao.erroBuscarDadosDocumento);
    }
    const arquivos = await queries.reenfileirar(trx, pedido.idDocumento);
    await registrarAuditoria(trx, {
      idUsuario: autor?.idUsuario ?? null,
      ip: autor?.ip ?? null,
      acao: 'REINDEXAR_CONTEUDO',
      entidade: pedido.idDocumento === undefined ? 'arquivo_indexacao' : 'documento',
      idEntidade: pedido.idDocumento ?? null,
      depois: { arquivos },
    });
    return { arquivos };
  });
}

/** A refusal of `npm run reindexar` (an unknown document): printed as is. */
export class ErroReindexacao extends Error {
  constructor(mensagem: string) {
    super(mensagem);
    this.name = 'ErroReindexacao';
  }
}

/** `npm run reindexar [-- --documento <id ou NUP>]`: the same re-indexing, audited with no user. */
export async function reindexarPorComando(
  db: Banco,
  documento?: string,
): Promise<{ arquivos: number; numeroDocumento: string | null }> {
  if (documento === undefined) return { ...(await reindexar(db, {}, null)), numeroDocumento: null };
  const idDocumento = await queries.localizarDocumento(db, documento);
  if (idDocumento === undefined) throw new ErroReindexacao(`Nenhum documento com o número ou id ${documento}`);
  const { numero } = await db
    .selectFrom('documento')
    .select('numero')
    .where('id', '=', idDocumento)
    .executeTakeFirstOrThrow();
  return { ...(await reindexar(db, { idDocumento }, null)), numeroDocumento: numero };
}
