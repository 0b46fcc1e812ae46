import { agendarPeriodicamente } from '../../platform/agendamento.ts';
import * as pecas from '../pecas/service.ts';
import * as queries from './queries.ts';
import type { DependenciasConsolidacao } from './service.ts';

/** A tombstone (the row of an expired consolidation) is kept this long, so its uuid answers "expired", not "unknown". */
export const DIAS_LAPIDE_CONSOLIDACAO = 30;
const LOTE = 200;

export interface ResultadoExpiracao {
  /** Consolidations whose PDF was deleted in this pass. */
  expiradas: number;
  /** Tombstones deleted in this pass. */
  esquecidas: number;
}

/**
 * Issue 17, retention: finished consolidations (CONCLUIDA or ERRO) older than `retencaoHoras` since they ended are
 * marked expired and lose their file reference; the stored content is then deleted (row of `arquivo` and file) by the
 * peças feature's own rule, only when no other row (an upload, a signed file, another consolidation) still refers to
 * it, under the content's lock. Unfinished ones are left to their job. Several processes may sweep at once: a row is
 * expired by one of them only, and deleting a content twice is harmless. A process killed between the two steps
 * leaves an `arquivo` row nothing refers to (the bytes stay until that content is uploaded and deleted again).
 */
export async function expirarConsolidacoes(
  deps: DependenciasConsolidacao,
  opcoes: { retencaoHoras: number },
): Promise<ResultadoExpiracao> {
  const { db } = deps;
  let expiradas = 0;
  for (;;) {
    const lote = await queries.listarVencidas(db, opcoes.retencaoHoras, LOTE);
    if (lote.length === 0) break;
    expiradas += await queries.marcarExpiradas(
      db,
      lote.map((linha) => linha.uuid),
    );
    const conteudos = new Set(lote.flatMap((linha) => (linha.sha256 ? [linha.sha256] : [])));
    for (const sha256 of conteudos) await pecas.limparConteudoSemUso(deps, sha256);
    if (lote.length < LOTE) break;
  }
  const esquecidas = await queries.apagarLapides(db, DIAS_LAPIDE_CONSOLIDACAO);
  return { expiradas, esquecidas };
}

/** Runs the sweep now and then every `intervaloMs`; answers a function that stops it (waiting for a pass). */
export function agendarExpiracao(
  deps: DependenciasConsolidacao,
  opcoes: { retencaoHoras: number; intervaloMs?: number },
  aoTerminar: (erro: unknown, resultado?: ResultadoExpiracao) => void,
): () => Promise<void> {
  // Expired ones are answered as expired at once; the sweep only frees their disk, so a quarter of an hour is enough.
  return agendarPeriodicamente(() => expirarConsolidacoes(deps, opcoes), opcoes.intervaloMs ?? 15 * 60_000, aoTerminar);
}
