import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { MENSAGENS } from '@tramite/shared';
import type { ContextoTarefa, MensagemDoPai, MensagemDoTrabalhador } from './trabalhador.ts';

/**
 * Why a job of the pool failed: it ran past its time, past the memory cap, the pool was full or closing, the
 * process died, or the task itself threw (`erro`, with the original error's name and message).
 */
export type MotivoFalhaTrabalho = 'tempo' | 'memoria' | 'ocupado' | 'encerrado' | 'interrompido' | 'erro';

export class ErroTrabalho extends Error {
  constructor(
    readonly motivo: MotivoFalhaTrabalho,
    mensagem: string,
    /** For `erro`: the name of the error class thrown in the worker (e.g. 'PdfNaoAssinavel'). */
    readonly nomeOriginal: string | null = null,
  ) {
    super(mensagem);
    this.name = 'ErroTrabalho';
  }
}

// biome-ignore lint/suspicious/noExplicitAny: a task's input and output types are each task's own.
type Tarefa = (entrada: any, contexto: ContextoTarefa) => Promise<unknown>;
export type RegistroTarefas = Record<string, Tarefa>;

export interface OpcoesPool {
  /** The module the worker processes run (it calls `atenderTarefas` with the registry). */
  modulo: string;
  /** Worker processes at most (each runs one job at a time). */
  quantidade: number;
  /** Memory cap of each worker (resident set), in MiB: past it the worker is killed and its job fails. */
  memoriaMb: number;
  /** Default time limit of a job, in milliseconds: past it the worker is killed and its job fails. */
  tempoLimiteMs: number;
  /** Jobs waiting for a worker at most; past it a new job fails at once with `ocupado`. */
  filaMaxima: number;
  /** A worker idle this long exits, so an idle server holds no worker memory. */
  ociosoMs?: number;
  /** Told when a worker is killed or dies (for the log). */
  aoOcorrer?: (evento: { tipo: 'morto' | 'falhou'; motivo: string; tarefa: string | null; detalhe?: string }) => void;
}

export interface OpcoesExecucao {
  /** This job's own time limit, in milliseconds. */
  tempoLimiteMs?: number;
  /** Answers the worker's requests during the job (e.g. the next batch of rows of a report). */
  atender?: (pedido: unknown) => Promise<unknown>;
}

/** What a feature needs of the pool: to run its own tasks (the pool of all tasks is one). */
export interface ExecutorTarefas<R extends RegistroTarefas> {
  executar<N extends keyof R & string>(
    nome: N,
    entrada: Parameters<R[N]>[0],
    opcoes?: OpcoesExecucao,
  ): Promise<Awaited<ReturnType<R[N]>>>;
}

interface Trabalho {
  nome: string;
  entrada: unknown;
  opcoes: OpcoesExecucao;
  resolver: (valor: unknown) => void;
  rejeitar: (erro: ErroTrabalho) => void;
}

const INTERVALO_VIGIA_MS = 50;
const OCIOSO_PADRAO_MS = 60_000;
const TAMANHO_PAGINA = 4096;

/** The tsx loader, by absolute URL: workers of a TypeScript module load it whatever the current directory is. */
export function carregadorTypeScript(): string {
  return pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
}

/** Resident set size of a process, in bytes, from /proc (Linux); null where it cannot be read. */
function memoriaResidente(pid: number): number | null {
  try {
    const campos = readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ');
    return Number(campos[1]) * TAMANHO_PAGINA;
  } catch {
    return null;
  }
}

class Trabalhador {
  readonly processo: ChildProcess;
  readonly pronto: Promise<void>;
  atual: { id: number; trabalho: Trabalho; vigia: NodeJS.Timeout; prazo: NodeJS.Timeout } | null = null;
  motivoMorte: MotivoFalhaTrabalho | null = null;
  ocioso: NodeJS.Timeout | null = null;
  /** The end of the worker's stderr (a V8 out-of-memory report, a crash), for the log. */
  ultimaSaidaErro = '';

  constructor(opcoes: OpcoesPool) {
    const argumentos = [`--max-old-space-size=${Math.max(64, Math.floor(opcoes.memoriaMb * 0.75))}`];
    if (opcoes.modulo.endsWith('.ts')) argumentos.unshift('--import', carregadorTypeScript());
    this.processo = fork(opcoes.modulo, [], {
      execArgv: argumentos,
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      env: { ...process.env, TRAMITE_TRABALHADOR: '1' },
    });
    this.processo.stderr?.on('data', (parte: Buffer) => {
      this.ultimaSaidaErro = (this.ultimaSaidaErro + parte.toString('utf8')).slice(-2000);
    });
    this.pronto = new Promise((resolve, reject) => {
      const aoMensagem = (mensagem: MensagemDoTrabalhador) => {
        if (mensagem.tipo !== 'pronto') return;
        this.processo.off('message', aoMensagem);
        resolve();
      };
      this.processo.on('message', aoMensagem);
      this.processo.once('exit', () => reject(new Error(`o trabalhador terminou ao iniciar: ${this.ultimaSaidaErro}`)));
    });
    this.pronto.catch(() => {});
  }

  matar(motivo: MotivoFalhaTrabalho): void {
    this.motivoMorte ??= motivo;
    this.processo.kill('SIGKILL');
  }

  enviar(mensagem: MensagemDoPai): void {
    if (this.processo.connected) this.processo.send(mensagem);
  }
}

/**
 * A bounded pool of worker processes for CPU- or memory-heavy work (PDF parsing, building, stamping, signing, image
 * decoding, report rendering), so that it never runs on the server's event loop. Each worker is a child process
 * with its own heap limit, watched from here: a job past its time limit or a worker past the memory cap is killed
 * (SIGKILL works even when the worker is stuck in synchronous code) and that job alone fails with a clear message;
 * the worker is replaced on the next job. Jobs beyond the workers wait in a bounded queue.
 */
export class PoolTrabalhadores<R extends RegistroTarefas> implements ExecutorTarefas<R> {
  private readonly livres: Trabalhador[] = [];
  private readonly todos = new Set<Trabalhador>();
  private readonly fila: Trabalho[] = [];
  private proximoId = 1;
  private fechado = false;

  constructor(private readonly opcoes: OpcoesPool) {}

  /** Runs the task `nome` in a worker; rejects with ErroTrabalho. Inputs and outputs go by structured clone. */
  executar<N extends keyof R & string>(
    nome: N,
    entrada: Parameters<R[N]>[0],
    opcoes: OpcoesExecucao = {},
  ): Promise<Awaited<ReturnType<R[N]>>> {
    if (this.fechado) return Promise.reject(new ErroTrabalho('encerrado', MENSAGENS.trabalho.encerrado));
    return new Promise((resolver, rejeitar) => {
      const trabalho: Trabalho = {
        nome,
        entrada,
        opcoes,
        resolver: resolver as (valor: unknown) => void,
        rejeitar,
      };
      const livre = this.livres.pop();
      if (livre) return this.iniciar(livre, trabalho);
      if (this.todos.size < this.opcoes.quantidade) return this.iniciar(this.criar(), trabalho);
      if (this.fila.length >= this.opcoes.filaMaxima) {
        return rejeitar(new ErroTrabalho('ocupado', MENSAGENS.trabalho.ocupado));
      }
      this.fila.push(trabalho);
    });
  }

  /** Workers alive, busy, and jobs waiting. */
  situacao(): { trabalhadores: number; ocupados: number; naFila: number } {
    const ocupados = [...this.todos].filter((t) => t.atual !== null).length;
    return { trabalhadores: this.todos.size, ocupados, naFila: this.fila.length };
  }

  /** Process ids of the live workers (tests and the bench measure their memory). */
  pids(): number[] {
    return [...this.todos].flatMap((t) => (t.processo.pid === undefined ? [] : [t.processo.pid]));
  }

  /** Fails the waiting jobs, kills the workers (a running job fails with `encerrado`) and waits for them to exit. */
  async fechar(): Promise<void> {
    this.fechado = true;
    for (const trabalho of this.fila.splice(0)) {
      trabalho.rejeitar(new ErroTrabalho('encerrado', MENSAGENS.trabalho.encerrado));
    }
    const saidas = [...this.todos].map(
      (trabalhador) =>
        new Promise<void>((resolve) => {
          if (trabalhador.processo.exitCode !== null || trabalhador.processo.signalCode !== null) return resolve();
          trabalhador.processo.once('exit', () => resolve());
          trabalhador.matar('encerrado');
        }),
    );
    await Promise.all(saidas);
  }

  private criar(): Trabalhador {
    const trabalhador = new Trabalhador(this.opcoes);
    this.todos.add(trabalhador);
    trabalhador.processo.on('message', (mensagem: MensagemDoTrabalhador) => this.aoMensagem(trabalhador, mensagem));
    trabalhador.processo.once('exit', (codigo, sinal) => this.aoSair(trabalhador, codigo, sinal));
    trabalhador.processo.on('error', () => trabalhador.matar('interrompido'));
    return trabalhador;
  }

  private iniciar(trabalhador: Trabalhador, trabalho: Trabalho): void {
    if (trabalhador.ocioso) clearTimeout(trabalhador.ocioso);
    trabalhador.ocioso = null;
    const id = this.proximoId++;
    const tempoLimiteMs = trabalho.opcoes.tempoLimiteMs ?? this.opcoes.tempoLimiteMs;
    const limiteBytes = this.opcoes.memoriaMb * 1024 * 1024;
    const pid = trabalhador.processo.pid;
    const vigia = setInterval(() => {
      const residente = pid === undefined ? null : memoriaResidente(pid);
      if (residente !== null && residente > limiteBytes) trabalhador.matar('memoria');
    }, INTERVALO_VIGIA_MS);
    const prazo = setTimeout(() => trabalhador.matar('tempo'), tempoLimiteMs);
    trabalhador.atual = { id, trabalho, vigia, prazo };
    trabalhador.pronto.then(
      () => trabalhador.enviar({ tipo: 'executar', id, nome: trabalho.nome, entrada: trabalho.entrada }),
      () => {},
    );
  }

  private concluir(trabalhador: Trabalhador): Trabalho | null {
    const atual = trabalhador.atual;
    if (!atual) return null;
    clearInterval(atual.vigia);
    clearTimeout(atual.prazo);
    trabalhador.atual = null;
    return atual.trabalho;
  }

  private liberar(trabalhador: Trabalhador): void {
    const proximo = this.fila.shift();
    if (proximo) {
      this.iniciar(trabalhador, proximo);
      return;
    }
    this.livres.push(trabalhador);
    trabalhador.ocioso = setTimeout(() => {
      const indice = this.livres.indexOf(trabalhador);
      if (indice >= 0) this.livres.splice(indice, 1);
      trabalhador.matar('encerrado');
    }, this.opcoes.ociosoMs ?? OCIOSO_PADRAO_MS);
    trabalhador.ocioso.unref();
  }

  private aoMensagem(trabalhador: Trabalhador, mensagem: MensagemDoTrabalhador): void {
    const atual = trabalhador.atual;
    if (!atual || !('id' in mensagem) || mensagem.id !== atual.id) return;
    if (mensagem.tipo === 'pedido') {
      const atender = atual.trabalho.opcoes.atender;
      const responder = (conteudo: { valor: unknown } | { erro: string }) =>
        trabalhador.atual?.id === mensagem.id &&
        trabalhador.enviar({ tipo: 'resposta', id: mensagem.id, idPedido: mensagem.idPedido, ...conteudo });
      if (!atender) return void responder({ erro: 'esta tarefa não aceita pedidos' });
      atender(mensagem.conteudo).then(
        (valor) => responder({ valor }),
        (erro: unknown) => {
          // The parent's side failed (e.g. the database): the job cannot go on.
          responder({ erro: erro instanceof Error ? erro.message : String(erro) });
        },
      );
      return;
    }
    const trabalho = this.concluir(trabalhador);
    if (!trabalho) return;
    if (mensagem.tipo === 'concluido') trabalho.resolver(mensagem.saida);
    else trabalho.rejeitar(new ErroTrabalho('erro', mensagem.erro.mensagem, mensagem.erro.nome));
    this.liberar(trabalhador);
  }

  private aoSair(trabalhador: Trabalhador, codigo: number | null, sinal: NodeJS.Signals | null): void {
    this.todos.delete(trabalhador);
    const indice = this.livres.indexOf(trabalhador);
    if (indice >= 0) this.livres.splice(indice, 1);
    if (trabalhador.ocioso) clearTimeout(trabalhador.ocioso);
    const trabalho = this.concluir(trabalhador);
    if (trabalho) {
      // V8 aborts a worker that reached its heap limit (SIGABRT, exit code 134): the memory cap too.
      const semMemoria =
        sinal === 'SIGABRT' || codigo === 134 || /heap out of memory/i.test(trabalhador.ultimaSaidaErro);
      const motivo = trabalhador.motivoMorte ?? (semMemoria ? 'memoria' : 'interrompido');
      trabalho.rejeitar(new ErroTrabalho(motivo, this.mensagem(motivo, trabalho)));
      this.opcoes.aoOcorrer?.({
        tipo: trabalhador.motivoMorte ? 'morto' : 'falhou',
        motivo,
        tarefa: trabalho.nome,
        detalhe: trabalhador.ultimaSaidaErro.slice(-500) || undefined,
      });
    }
    // A job waiting for a worker gets a new one.
    const proximo = this.fila.shift();
    if (proximo && !this.fechado) this.iniciar(this.criar(), proximo);
  }

  private mensagem(motivo: MotivoFalhaTrabalho, trabalho: Trabalho): string {
    switch (motivo) {
      case 'tempo':
        return MENSAGENS.trabalho.tempoEsgotado(
          Math.round((trabalho.opcoes.tempoLimiteMs ?? this.opcoes.tempoLimiteMs) / 1000),
        );
      case 'memoria':
        return MENSAGENS.trabalho.memoriaEsgotada;
      case 'encerrado':
        return MENSAGENS.trabalho.encerrado;
      default:
        return MENSAGENS.trabalho.interrompido;
    }
  }
}
