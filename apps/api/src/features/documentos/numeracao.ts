import { type FormatoNup, formatarNup, somenteDigitosNup } from '@tramite/shared';
import type { Banco } from '../../db/connection.ts';
import * as queries from './queries.ts';

/** The protocol year follows the institution's clock, not UTC: a document opened on 31/12 at 22:00 is of that year. */
export function anoProtocolo(agora: Date = new Date()): number {
  return Number(new Intl.DateTimeFormat('en-US', { timeZone: 'America/Sao_Paulo', year: 'numeric' }).format(agora));
}

/**
 * Takes the next NUP of a protocol unit for the year. Must run inside the opening's transaction: the counter row
 * stays locked until it commits, so concurrent openings queue, and a rollback gives the number back (no gaps).
 */
export async function proximoNup(
  trx: Banco,
  codigoUnidade: number,
  formato: FormatoNup,
  agora: Date = new Date(),
): Promise<{ numero: string; numeroDigitos: string; sequencial: number; ano: number }> {
  const ano = anoProtocolo(agora);
  const ultimo = await queries.incrementarSequenciaNup(trx, codigoUnidade, ano);
  const numero = formatarNup({ codigoUnidade, sequencial: ultimo, ano }, formato);
  return { numero, numeroDigitos: somenteDigitosNup(numero), sequencial: ultimo, ano };
}
