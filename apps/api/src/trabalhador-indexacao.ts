import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';
import { tarefasConteudo } from './features/conteudo/extracao.ts';
import { atenderTarefas } from './platform/trabalhador.ts';

// A worker process of the indexing pool (features/conteudo/pool-indexacao.ts): reads the text of the peças' files.
// At the lowest priority, so the OCR yields the CPU to the requests. On Linux the nice value is per thread: set it
// on the threads already running too (threads started later, the OCR's among them, inherit it).
const PRIORIDADE_MINIMA = 19;
function baixarPrioridade(id?: number): void {
  try {
    if (id === undefined) setPriority(PRIORIDADE_MINIMA);
    else setPriority(id, PRIORIDADE_MINIMA);
  } catch {
    // Not allowed, or the thread is gone: it runs at the normal priority.
  }
}
baixarPrioridade();
try {
  for (const tarefa of readdirSync('/proc/self/task')) baixarPrioridade(Number(tarefa));
} catch {
  // Not Linux: the process' own priority is set above.
}
atenderTarefas(tarefasConteudo);
