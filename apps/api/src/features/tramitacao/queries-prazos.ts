import type { OrigemPrazo } from '@tramite/shared';
import { sql } from 'kysely';
import type { Banco } from '../../db/connection.ts';
import { retornoCumprido } from '../../db/expressoes.ts';

// Deadlines and scheduled returns of tramitações: the rule that a return was met, and their changes.

const COLUNAS_PRAZO = [
  'id',
  'sequencia',
  'idUnidadeOrigem',
  'idUnidadeDestino',
  'dtRecebimento',
  'prazo',
  'origemPrazo',
  'retornoProgramado',
] as const;

/** The document's last live (not recalled) tramitação, whose deadline is the document's. */
export function buscarUltimaTramitacaoViva(db: Banco, idDocumento: number) {
  return db
    .selectFrom('tramitacao')
    .select(COLUNAS_PRAZO)
    .where('idDocumento', '=', idDocumento)
    .where('dtCancelamento', 'is', null)
    .orderBy('sequencia', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The unit's latest live sending of the document with a scheduled return that has not been met. */
export function buscarRetornoAguardado(db: Banco, idDocumento: number, idUnidade: number) {
  return db
    .selectFrom('tramitacao as t')
    .select(COLUNAS_PRAZO.map((c) => `t.${c}` as const))
    .where('t.idDocumento', '=', idDocumento)
    .where('t.idUnidadeOrigem', '=', idUnidade)
    .where('t.dtCancelamento', 'is', null)
    .where('t.idTramitacaoPrincipal', 'is', null)
    .where('t.retornoProgramado', 'is not', null)
    .where(sql<boolean>`NOT ${retornoCumprido('t')}`)
    .orderBy('t.sequencia', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function gravarPrazo(
  db: Banco,
  idDocumento: number,
  idTramitacao: number,
  prazo: string | null,
  origemPrazo: OrigemPrazo | null,
): Promise<void> {
  await db.updateTable('tramitacao').set({ prazo, origemPrazo }).where('id', '=', idTramitacao).execute();
  await db
    .updateTable('documento')
    .set({ prazo, dataUltimaAlteracao: sql`now()` })
    .where('id', '=', idDocumento)
    .execute();
}

export async function gravarRetornoProgramado(db: Banco, idTramitacao: number, data: string | null): Promise<void> {
  await db.updateTable('tramitacao').set({ retornoProgramado: data }).where('id', '=', idTramitacao).execute();
}

export async function inserirAlteracaoPrazo(
  db: Banco,
  a: {
    idDocumento: number;
    idTramitacao: number;
    tipo: 'PRAZO' | 'RETORNO_PROGRAMADO';
    anterior: string | null;
    novo: string | null;
    motivo: string;
    idUsuario: number;
    idUnidade: number;
  },
): Promise<void> {
  await db.insertInto('prazoAlteracao').values(a).execute();
}
