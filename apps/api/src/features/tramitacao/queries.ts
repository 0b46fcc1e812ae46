import type { SituacaoDocumento } from '@tramite/shared';
import { sql } from 'kysely';
import type { Banco } from '../../db/connection.ts';

// The feature's SQL, by area: this file has the document and the receipt; the others are re-exported from here so
// the services keep one `queries` namespace.
export * from './queries-agregados.ts';
export * from './queries-caixa-postal.ts';
export * from './queries-envio.ts';
export * from './queries-fluxos.ts';
export * from './queries-historico.ts';

const COLUNAS_DOCUMENTO = [
  'id',
  'numero',
  'situacao',
  'idTipoDocumento',
  'idAssunto',
  'urgente',
  'idUnidadeCriadora',
  'idUnidadeAtual',
  'estadoProcessamento',
  'estadoVisibilidadeCaixa',
  'idDocumentoAgregador',
  'dataEnvio',
  'prazo',
] as const;

/**
 * Locks the document for a receipt or a sending: a concurrent receive or send of it waits until this one ends. FOR NO
 * KEY UPDATE, like every lock of a document: a row that only refers to it (the page's reading, a peça) takes a key
 * share lock for its foreign key, and must not wait for the receipt, which writes the same reading (a deadlock).
 */
export function bloquearDocumento(db: Banco, idDocumento: number) {
  return db
    .selectFrom('documento')
    .select(COLUNAS_DOCUMENTO)
    .where('id', '=', idDocumento)
    .forNoKeyUpdate()
    .executeTakeFirst();
}

/** What the forwarding rules read of a document, without locking it (the screens' lookups). */
export function lerDocumento(db: Banco, idDocumento: number) {
  return db.selectFrom('documento').select(COLUNAS_DOCUMENTO).where('id', '=', idDocumento).executeTakeFirst();
}
export type DocumentoTramitacao = NonNullable<Awaited<ReturnType<typeof lerDocumento>>>;

/** The tramitação that ends the document's history (its highest sequencia), as a subquery. */
function ultimaSequencia(db: Banco, idDocumento: number) {
  return db
    .selectFrom('tramitacao')
    .select((eb) => eb.fn.max('sequencia').as('ultima'))
    .where('idDocumento', '=', idDocumento);
}

const COLUNAS_RECEBIMENTO = [
  'id',
  'sequencia',
  'idUnidadeOrigem',
  'idUnidadeDestino',
  'dtRecebimento',
  'dtCancelamento',
] as const;

/**
 * Marks the document's last tramitação as received by the unit, only if it is still pending and addressed to that
 * unit: of two concurrent receipts, the second finds nothing to update.
 */
export function marcarRecebida(db: Banco, idDocumento: number, idUnidade: number, idUsuario: number) {
  return db
    .updateTable('tramitacao')
    .set({ dtRecebimento: sql`now()`, idUsuarioRecebedor: idUsuario })
    .where('idDocumento', '=', idDocumento)
    .where('idUnidadeDestino', '=', idUnidade)
    .where('dtRecebimento', 'is', null)
    .where('dtCancelamento', 'is', null)
    .where('sequencia', '=', ultimaSequencia(db, idDocumento))
    .returning(COLUNAS_RECEBIMENTO)
    .executeTakeFirst();
}

/** Re-forwarding: an administrator receives the pending last tramitação in the name of its destination unit. */
export function marcarRecebidaEmNome(db: Banco, idDocumento: number, idUsuario: number) {
  return db
    .updateTable('tramitacao')
    .set({ dtRecebimento: sql`now()`, idUsuarioRecebedor: idUsuario, reencaminhamento: true })
    .where('idDocumento', '=', idDocumento)
    .where('dtRecebimento', 'is', null)
    .where('dtCancelamento', 'is', null)
    .where('sequencia', '=', ultimaSequencia(db, idDocumento))
    .returning(COLUNAS_RECEBIMENTO)
    .executeTakeFirst();
}

export function buscarUltimaTramitacao(db: Banco, idDocumento: number) {
  return db
    .selectFrom('tramitacao')
    .select(COLUNAS_RECEBIMENTO)
    .where('idDocumento', '=', idDocumento)
    .orderBy('sequencia', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function registrarRecebimento(
  db: Banco,
  idDocumento: number,
  idUnidade: number,
  situacao: Extract<SituacaoDocumento, 'RECEBIDO' | 'T'> = 'RECEBIDO',
) {
  return db
    .updateTable('documento')
    .set({ situacao, idUnidadeAtual: idUnidade, dataUltimaAlteracao: sql`now()` })
    .where('id', '=', idDocumento)
    .returning(['situacao', 'idUnidadeAtual'])
    .executeTakeFirstOrThrow();
}
