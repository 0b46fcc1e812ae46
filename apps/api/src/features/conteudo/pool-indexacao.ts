import { fileURLToPath } from 'node:url';
import type { Config } from '../../config.ts';
import { type OpcoesPool, PoolTrabalhadores } from '../../platform/pool-trabalhadores.ts';
import type { tarefasConteudo } from './extracao.ts';

export type PoolIndexacao = PoolTrabalhadores<typeof tarefasConteudo>;

/**
 * The indexing's own pool (issue 21): worker processes at low priority running trabalhador-indexacao.ts, each
 * reading one page at a time under the memory cap, a page past `tempoPaginaMs` killed. Apart from the heavy-tasks
 * pool, so that a long OCR never delays a PDF or a report a user waits for.
 */
export function criarPoolIndexacao(config: Config['indexacao'], aoOcorrer?: OpcoesPool['aoOcorrer']): PoolIndexacao {
  return new PoolTrabalhadores({
    modulo: fileURLToPath(new URL('../../trabalhador-indexacao.ts', import.meta.url)),
    quantidade: config.trabalhadores,
    memoriaMb: config.memoriaMb,
    tempoLimiteMs: config.tempoPaginaMs,
    // The indexer asks one page per worker at a time; a few more may wait.
    filaMaxima: config.trabalhadores * 4,
    aoOcorrer,
  });
}
