import type { Banco } from '../../db/connection.ts';
import { agendarPeriodicamente } from '../../platform/agendamento.ts';
import { agendarSincronizacaoDevida } from './service.ts';

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
