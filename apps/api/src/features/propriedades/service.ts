import type { HipoteseLegal } from '@tramite/shared';
import type { Banco } from '../../db/connection.ts';
import * as queries from './queries.ts';

/** Active legal grounds for restricting access (LAI), by description. */
export function listarHipotesesLegais(db: Banco): Promise<HipoteseLegal[]> {
  return queries.listarHipotesesLegais(db);
}
