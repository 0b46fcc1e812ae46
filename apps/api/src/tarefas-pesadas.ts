import { fileURLToPath } from 'node:url';
import type { Config } from './config.ts';
import { tarefasConsolidacao } from './features/consolidacao/montagem.ts';
import { tarefasDocumentosPdf } from './features/documentos-pdf/service.ts';
import { tarefasRelatorios } from './features/relatorios/geracao.ts';
import { tarefasTramita } from './features/tramita/certificado.ts';
import { tarefasAssinatura } from './platform/assinatura-pdf.ts';
import { type OpcoesPool, PoolTrabalhadores } from './platform/pool-trabalhadores.ts';

/**
 * Every CPU- or memory-heavy task of the server, by name: what the worker processes run (trabalhador-pesado.ts).
 * Each feature declares its own tasks beside the code that does the work.
 */
export const tarefasPesadas = {
  ...tarefasConsolidacao,
  ...tarefasAssinatura,
  ...tarefasDocumentosPdf,
  ...tarefasRelatorios,
  ...tarefasTramita,
};

export type PoolTarefasPesadas = PoolTrabalhadores<typeof tarefasPesadas>;

/** The server's pool: worker processes running trabalhador-pesado.ts with the configured limits. */
export function criarPoolTarefasPesadas(
  config: Config['trabalhadores'],
  aoOcorrer?: OpcoesPool['aoOcorrer'],
): PoolTarefasPesadas {
  return new PoolTrabalhadores({
    modulo: fileURLToPath(new URL('./trabalhador-pesado.ts', import.meta.url)),
    quantidade: config.quantidade,
    memoriaMb: config.memoriaMb,
    tempoLimiteMs: config.tempoLimiteMs,
    filaMaxima: config.filaMaxima,
    aoOcorrer,
  });
}
