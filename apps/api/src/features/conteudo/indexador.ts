import { LIMITES_EXTRACAO, MENSAGENS } from '@tramite/shared';
import type { Banco } from '../../db/connection.ts';
import type { ArmazenamentoArquivos } from '../../platform/armazenamento.ts';
import { ErroTrabalho, type ExecutorTarefas } from '../../platform/pool-trabalhadores.ts';
import type { tarefasConteudo } from './extracao.ts';
import type { ArquivoReservado } from './queries-indexacao.ts';
import * as queries from './queries-indexacao.ts';

export interface OpcoesIndexador {
  /** Page extractions in flight at most (the indexing pool's workers). */
  trabalhadores: number;
  /** Pause between passes when there is nothing to do. */
  intervaloMs?: number;
  /** Time limit of opening a file (counting its pages); pages have the pool's own (tempoPaginaMs). */
  tempoAberturaMs?: number;
  /** How often a file being read renews its reservation. */
  renovacaoMs?: number;
}

export interface ResultadoPassagem {
  concluidos: number;
  ilegiveis: number;
  /** Files handed back (the pool busy or closing, an attempt that failed, a database error). */
  devolvidos: number;
}

type Aviso = (erro: unknown, contexto: { sha256?: string; mensagem: string }) => void;

const PADRAO = { intervaloMs: 2000, tempoAberturaMs: 60_000, renovacaoMs: 60_000 };

/** FIFO slots: a file being opened and the pages of every file in progress take turns for the workers. */
class Vagas {
  private livres: number;
  private readonly espera: (() => void)[] = [];

  constructor(total: number) {
    this.livres = Math.max(1, total);
  }

  obter(): Promise<void> {
    if (this.livres > 0) {
      this.livres--;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.espera.push(resolve));
  }

  liberar(): void {
    const proximo = this.espera.shift();
    if (proximo) proximo();
    else this.livres++;
  }
}

/** The run of a file must stop: `devolver` hands it back at once, `contar` says whether the attempt counts. */
class Interrupcao extends Error {
  constructor(
    readonly devolver: boolean,
    readonly contar: boolean,
    causa?: unknown,
  ) {
    super('leitura do arquivo interrompida', { cause: causa });
  }
}

const falhaDaPagina = (erro: ErroTrabalho): string | null => {
  if (erro.motivo === 'tempo') return MENSAGENS.conteudo.paginaTempoEsgotado;
  if (erro.motivo === 'memoria') return MENSAGENS.conteudo.paginaMemoriaEsgotada;
  if (erro.motivo === 'erro')
    return erro.nomeOriginal === 'ArquivoIlegivel' ? erro.message : MENSAGENS.conteudo.corrompido;
  return null;
};

/**
 * The background indexer of the peças' text (issue 21), one in every API process: every `intervaloMs`, while there
 * is work, it takes the newest queued file (FOR UPDATE SKIP LOCKED, so processes never take the same one), opens it
 * and extracts its pages one task per page in the indexing pool, keeping up to `trabalhadores` in flight, writing
 * each page as it finishes (a file's whole text is never in memory). Its state is the database's: a process that dies
 * leaves its file EXTRAINDO until the reservation lapses, and the next one resumes at the pages it lacks.
 */
export class Indexador {
  private readonly opcoes: Required<OpcoesIndexador>;
  private readonly vagas: Vagas;
  private temporizador: NodeJS.Timeout | null = null;
  private passagem: Promise<ResultadoPassagem> | null = null;
  private parando = false;

  constructor(
    private readonly db: Banco,
    private readonly armazenamento: ArmazenamentoArquivos,
    private readonly pool: ExecutorTarefas<typeof tarefasConteudo>,
    opcoes: OpcoesIndexador,
    private readonly avisar: Aviso = () => {},
  ) {
    this.opcoes = { ...PADRAO, ...opcoes };
    this.vagas = new Vagas(this.opcoes.trabalhadores);
  }

  iniciar(): void {
    if (this.temporizador) return;
    this.parando = false;
    const passar = () => {
      if (this.passagem || this.parando) return;
      this.executarPassagem().catch((erro) => this.avisar(erro, { mensagem: 'passagem do indexador falhou' }));
    };
    this.temporizador = setInterval(passar, this.opcoes.intervaloMs);
    this.temporizador.unref();
    setImmediate(passar).unref();
  }

  /** Takes no new file and waits for the pages in flight; call before the pool closes. */
  async parar(): Promise<void> {
    this.parando = true;
    if (this.temporizador) clearInterval(this.temporizador);
    this.temporizador = null;
    await this.passagem?.catch(() => {});
  }

  /** One pass: works until the queue is empty (or the indexer stops). Tests call it directly. */
  executarPassagem(): Promise<ResultadoPassagem> {
    if (this.passagem) return this.passagem;
    const passagem = this.trabalhar().finally(() => {
      this.passagem = null;
    });
    this.passagem = passagem;
    return passagem;
  }

  private async trabalhar(): Promise<ResultadoPassagem> {
    const resultado: ResultadoPassagem = { concluidos: 0, ilegiveis: 0, devolvidos: 0 };
    const ativos = new Set<Promise<void>>();
    while (!this.parando) {
      // A slot first: a new file waits its turn behind the pages already asked for, never more.
      await this.vagas.obter();
      let arquivo: ArquivoReservado | undefined;
      try {
        arquivo = this.parando ? undefined : await queries.reservarArquivo(this.db);
      } catch (erro) {
        this.vagas.liberar();
        this.avisar(erro, { mensagem: 'reserva de arquivo para indexação falhou' });
        break;
      }
      if (!arquivo) {
        this.vagas.liberar();
        if (ativos.size === 0 || this.parando) break;
        // Files are still being read: look again soon (a fresh upload), or when one of them ends.
        await Promise.race([esperar(this.opcoes.intervaloMs), ...ativos]);
        continue;
      }
      const reservado = arquivo;
      const trabalho = this.lerArquivo(reservado)
        .then((fim) => {
          resultado[fim]++;
        })
        .finally(() => ativos.delete(trabalho));
      ativos.add(trabalho);
    }
    await Promise.all(ativos);
    return resultado;
  }

  /** Reads one reserved file, holding one slot already (for opening it); answers how its run ended. */
  private async lerArquivo(r: ArquivoReservado): Promise<keyof ResultadoPassagem> {
    const renovacao = setInterval(() => {
      queries.renovarReserva(this.db, r).catch(() => {});
    }, this.opcoes.renovacaoMs);
    renovacao.unref();
    let vagaDaAbertura = true;
    const liberarAbertura = () => {
      if (!vagaDaAbertura) return;
      vagaDaAbertura = false;
      this.vagas.liberar();
    };
    try {
      if (r.tentativas > LIMITES_EXTRACAO.tentativasMaximas) {
        liberarAbertura();
        await queries.marcarIlegivel(this.db, r, MENSAGENS.conteudo.tentativasEsgotadas);
        return 'ilegiveis';
      }
      const caminho = this.armazenamento.caminho(r.sha256);
      let total: number;
      try {
        ({ paginas: total } = await this.pool.executar(
          'abrirArquivoConteudo',
          { caminho, tipoMime: r.tipoMime },
          { tempoLimiteMs: this.opcoes.tempoAberturaMs },
        ));
      } catch (erro) {
        if (erro instanceof ErroTrabalho && erro.motivo === 'erro' && erro.nomeOriginal === 'ArquivoIlegivel') {
          await queries.marcarIlegivel(this.db, r, erro.message);
          return 'ilegiveis';
        }
        throw this.interrupcao(erro);
      } finally {
        liberarAbertura();
      }
      if (!(await queries.registrarTotalPaginas(this.db, r, total))) return 'devolvidos';
      const feitas = await queries.paginasDestaExecucao(this.db, r);
      const fim = await this.lerPaginas(r, caminho, total, feitas);
      if (fim) return fim;
      return (await queries.concluirArquivo(this.db, r, total)) ? 'concluidos' : 'devolvidos';
    } catch (erro) {
      const interrupcao = erro instanceof Interrupcao ? erro : new Interrupcao(false, true, erro);
      this.avisar(interrupcao.cause ?? erro, { sha256: r.sha256, mensagem: 'leitura de arquivo interrompida' });
      // A database error may refuse this too: the reservation then lapses by itself.
      if (interrupcao.devolver) await queries.devolverArquivo(this.db, r, interrupcao.contar).catch(() => {});
      return 'devolvidos';
    } finally {
      liberarAbertura();
      clearInterval(renovacao);
    }
  }

  /**
   * Extracts the pages not yet read in this run, each in a slot, writing each as it ends. Answers how the file's run
   * ended when it ended early (unreadable, or no longer this process's), undefined when every page is stored.
   */
  private async lerPaginas(
    r: ArquivoReservado,
    caminho: string,
    total: number,
    feitas: Set<number>,
  ): Promise<keyof ResultadoPassagem | undefined> {
    let parada: Interrupcao | 'perdido' | 'ilegivel' | null = null;
    const emVoo = new Set<Promise<void>>();
    for (let pagina = 1; pagina <= total && parada === null && !this.parando; pagina++) {
      if (feitas.has(pagina)) continue;
      await this.vagas.obter();
      if (parada !== null || this.parando) {
        this.vagas.liberar();
        break;
      }
      const tarefa = this.lerPagina(r, caminho, pagina, total)
        .then((situacao) => {
          if (situacao !== 'ok') parada ??= situacao;
        })
        .catch((erro) => {
          parada ??= erro instanceof Interrupcao ? erro : new Interrupcao(false, true, erro);
        })
        .finally(() => {
          this.vagas.liberar();
          emVoo.delete(tarefa);
        });
      emVoo.add(tarefa);
    }
    await Promise.all(emVoo);
    const final = parada as Interrupcao | 'perdido' | 'ilegivel' | null;
    if (final === 'perdido') return 'devolvidos';
    if (final === 'ilegivel') return 'ilegiveis';
    if (final) throw final;
    // Stopping mid-file: hand it back at once so the next process resumes it.
    if (this.parando) throw new Interrupcao(true, false);
    return undefined;
  }

  private async lerPagina(
    r: ArquivoReservado,
    caminho: string,
    pagina: number,
    total: number,
  ): Promise<'ok' | 'perdido' | 'ilegivel'> {
    let extraida: queries.PaginaExtraida;
    try {
      const { texto, origem } = await this.pool.executar('extrairPaginaConteudo', {
        caminho,
        tipoMime: r.tipoMime,
        pagina,
      });
      extraida = { pagina, texto, origem, falha: null };
    } catch (erro) {
      const falha = erro instanceof ErroTrabalho ? falhaDaPagina(erro) : null;
      if (falha === null) throw this.interrupcao(erro);
      // An image (one page) that cannot be read is an unreadable file, not a file with a failed page.
      if (total === 1 && erro instanceof ErroTrabalho && erro.nomeOriginal === 'ArquivoIlegivel') {
        return (await queries.marcarIlegivel(this.db, r, erro.message)) ? 'ilegivel' : 'perdido';
      }
      // The page is stored empty with why: never read again by itself, and the rest of the file still counts.
      extraida = { pagina, texto: '', origem: 'T', falha };
    }
    return (await queries.gravarPagina(this.db, r, extraida)) ? 'ok' : 'perdido';
  }

  /** What a failure of the pool means for the file's run. */
  private interrupcao(erro: unknown): Interrupcao {
    if (erro instanceof ErroTrabalho) {
      // The pool busy or closing is not the file's fault: back at once, the attempt not counted.
      if (erro.motivo === 'ocupado' || erro.motivo === 'encerrado') return new Interrupcao(true, false, erro);
      // A worker past its limits on opening, or dead: the attempt counts; after the last one the file is ILEGIVEL.
      return new Interrupcao(true, true, erro);
    }
    // A database error: the reservation lapses by itself.
    return new Interrupcao(false, true, erro);
  }
}

const esperar = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });
