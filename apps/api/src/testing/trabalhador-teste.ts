import { atenderTarefas } from '../platform/trabalhador.ts';

/** Tasks that misbehave on purpose, for the pool's own tests (pool-trabalhadores.test.ts). */
export const tarefasTeste = {
  eco: async (entrada: { valor: unknown }) => ({ valor: entrada.valor, pid: process.pid }),
  /** Busy synchronous loop: only a kill from outside ends it. */
  girar: async (_entrada: Record<string, never>) => {
    for (;;) {
      // spin
    }
  },
  /** Allocates buffers (off the V8 heap, as a decompression bomb does) until it is killed. */
  alocar: async (_entrada: Record<string, never>) => {
    const blocos: Buffer[] = [];
    for (;;) blocos.push(Buffer.alloc(16 * 1024 * 1024, 1));
  },
  falhar: async (entrada: { mensagem: string }) => {
    const erro = new Error(entrada.mensagem);
    erro.name = 'ErroDeTeste';
    throw erro;
  },
  /** Asks the parent for numbers until it answers null, and sums them. */
  somarPedidos: async (_entrada: Record<string, never>, contexto: { pedir(c: unknown): Promise<unknown> }) => {
    let soma = 0;
    for (;;) {
      const valor = (await contexto.pedir('proximo')) as number | null;
      if (valor === null) return soma;
      soma += valor;
    }
  },
  esperar: async (entrada: { ms: number }) => {
    await new Promise((resolve) => setTimeout(resolve, entrada.ms));
    return process.pid;
  },
};

if (process.env.TRAMITE_TRABALHADOR === '1') atenderTarefas(tarefasTeste);
