import type { Banco } from '../../db/connection.ts';
import { agendarPeriodicamente } from '../../platform/agendamento.ts';
import { consultarPendencias } from './recebimento.ts';
import { agendarSincronizacaoDevida, type DependenciasTramita } from './service.ts';

/**
 * Every API process looks once an hour whether the PEN's lists are a day old; the configuration row's lock makes one
 * of them enqueue the sync. Answers a function that stops it (waiting for a pass).
 */
export function agendarSincronizacaoTramita(
  db: Banco,
  aoTerminar: (erro: unknown, resultado?: { agendada: boolean }) => void,
  intervaloMs = 60 * 60_000,
): () => Promise<void> {
  return agendarPeriodicamente(() => agendarSincronizacaoDevida(db), intervaloMs, aoTerminar);
}

/**
 * Every API process, at start and then every 10 s (the shortest interval the configuration allows), offers to
 * consult the pending trâmites (design §4.1); the pass asks the barramento only when the configuration is active and
 * its `intervalo_consulta_segundos` has passed since the last consultation, in the one process holding the advisory
 * lock. Answers a function that stops it (waiting for a pass).
 */
export function agendarConsultaPendenciasTramita(
  deps: DependenciasTramita,
  aoTerminar: (erro: unknown, resultado?: { consultada: boolean; enfileiradas: number }) => void,
  intervaloMs = 10_000,
): () => Promise<void> {
  return agendarPeriodicamente(() => consultarPendencias(deps), intervaloMs, aoTerminar);
}
