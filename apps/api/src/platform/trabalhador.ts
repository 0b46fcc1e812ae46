/** The worker side of the pool (pool-trabalhadores.ts): runs one job at a time for the server process. */

export interface ContextoTarefa {
  /** Asks the server process for something (e.g. the next batch of rows) and waits for its answer. */
  pedir(conteudo: unknown): Promise<unknown>;
}

export type MensagemDoPai =
  | { tipo: 'executar'; id: number; nome: string; entrada: unknown }
  | { tipo: 'resposta'; id: number; idPedido: number; valor?: unknown; erro?: string };

export type MensagemDoTrabalhador =
  | { tipo: 'pronto' }
  | { tipo: 'concluido'; id: number; saida: unknown }
  | { tipo: 'falhou'; id: number; erro: { nome: string; mensagem: string } }
  | { tipo: 'pedido'; id: number; idPedido: number; conteudo: unknown };

// biome-ignore lint/suspicious/noExplicitAny: each task has its own input type.
type Tarefa = (entrada: any, contexto: ContextoTarefa) => Promise<unknown>;

/** Serves the registry's tasks over the IPC channel; exits when the server process goes away. */
export function atenderTarefas(tarefas: Record<string, Tarefa>): void {
  const enviar = (mensagem: MensagemDoTrabalhador) => process.send?.(mensagem);
  const pendentes = new Map<number, { resolve: (valor: unknown) => void; reject: (erro: Error) => void }>();
  let proximoPedido = 1;

  process.on('message', (mensagem: MensagemDoPai) => {
    if (mensagem.tipo === 'resposta') {
      const pendente = pendentes.get(mensagem.idPedido);
      pendentes.delete(mensagem.idPedido);
      if (mensagem.erro !== undefined) pendente?.reject(new Error(mensagem.erro));
      else pendente?.resolve(mensagem.valor);
      return;
    }
    const { id, nome, entrada } = mensagem;
    const tarefa = tarefas[nome];
    const contexto: ContextoTarefa = {
      pedir: (conteudo) =>
        new Promise((resolve, reject) => {
          const idPedido = proximoPedido++;
          pendentes.set(idPedido, { resolve, reject });
          enviar({ tipo: 'pedido', id, idPedido, conteudo });
        }),
    };
    const execucao = tarefa ? tarefa(entrada, contexto) : Promise.reject(new Error(`tarefa desconhecida: ${nome}`));
    execucao.then(
      (saida) => enviar({ tipo: 'concluido', id, saida }),
      (erro: unknown) => {
        const { name, message } = erro instanceof Error ? erro : new Error(String(erro));
        enviar({ tipo: 'falhou', id, erro: { nome: name, mensagem: message } });
      },
    );
  });
  process.on('disconnect', () => process.exit(0));
  enviar({ tipo: 'pronto' });
}
