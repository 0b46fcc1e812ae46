import { atenderTarefas } from './platform/trabalhador.ts';
import { tarefasPesadas } from './tarefas-pesadas.ts';

// A worker process of the pool (platform/pool-trabalhadores.ts): runs the heavy tasks the server sends it.
atenderTarefas(tarefasPesadas);
