import type { Banco } from '../../db/connection.ts';
import { agendarPeriodicamente } from '../../platform/agendamento.ts';
import { reservarResumosDoDia } from './service.ts';

/**
 * Every API process looks for due digests every minute (the finest time a user can choose); the reservation makes
 * each (user, day) go to one process only. Answers a function that stops it (waiting for a pass).
 */
export function agendarResumoDiario(
  db: Banco,
  aoTerminar: (erro: unknown, resultado?: { reservados: number }) => void,
  intervaloMs = 60_000,
): () => Promise<void> {
  return agendarPeriodicamente(() => reservarResumosDoDia(db), intervaloMs, aoTerminar);
}
