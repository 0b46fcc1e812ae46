import { sql } from 'kysely';
import type { Banco } from '../db/connection.ts';

export type TratadorTarefa = (payload: unknown, contexto: { id: number; tentativa: number }) => Promise<void>;

export interface OpcoesFila {
  /** How often the worker looks for due jobs. */
  intervaloMs: number;
  /** How many jobs one pass takes. */
  lote: number;
  /** How long a taken job stays reserved; a worker that dies leaves it to be taken again after this. */
  reservaSegundos: number;
}

const PADRAO: OpcoesFila = { intervaloMs: 2000, lote: 10, reservaSegundos: 300 };

/** Adds a job in the caller's transaction, so it exists exactly when the change that asks for it commits. */
export async function enfileirar(
  trx: Banco,
  tipo: string,
  payload: unknown,
  opcoes: { maxTentativas?: number } = {},
): Promise<number> {
  const { id } = await trx
    .insertInto('job')
    .values({ tipo, payload: JSON.stringify(payload), maxTentativas: opcoes.maxTentativas ?? 5 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Waits 30 s, 1 min, 2 min... between attempts, at most one hour. */
export function atrasoNovaTentativaSegundos(tentativa: number): number {
  return Math.min(30 * 2 ** Math.max(0, tentativa - 1), 3600);
}

/**
 * Background jobs kept in PostgreSQL. A job is taken with FOR UPDATE SKIP LOCKED and reserved for a while, so
 * several API processes never run the same job twice, and a job left by a crashed process is taken again once its
 * reservation ends.
 */
export class FilaTarefas {
  private readonly opcoes: OpcoesFila;
  private temporizador: NodeJS.Timeout | null = null;
  private passagem: Promise<number> | null = null;
  /** The last pass took a whole batch: more may be due, so the next pass starts at once (a day's digests). */
  private ultimoLoteCheio = false;

  constructor(
    private readonly db: Banco,
    private readonly tratadores: Record<string, TratadorTarefa>,
    opcoes: Partial<OpcoesFila> = {},
    private readonly aoFalhar: (erro: unknown, tarefa: { id: number; tipo: string }) => void = () => {},
  ) {
    this.opcoes = { ...PADRAO, ...opcoes };
  }

  iniciar(): void {
    if (this.temporizador) return;
    const passar = () => {
      if (this.passagem || !this.temporizador) return;
      this.executarPendentes()
        .then(() => {
          if (this.ultimoLoteCheio) setImmediate(passar).unref();
        })
        .catch(() => {});
    };
    this.temporizador = setInterval(passar, this.opcoes.intervaloMs);
    this.temporizador.unref();
  }

  async parar(): Promise<void> {
    if (this.temporizador) clearInterval(this.temporizador);
    this.temporizador = null;
    await this.passagem?.catch(() => {});
  }

  /** One pass: takes the due jobs and runs them; answers how many finished. */
  executarPendentes(): Promise<number> {
    const passagem = this.executarLote().finally(() => {
      this.passagem = null;
    });
    this.passagem = passagem;
    return passagem;
  }

  private async executarLote(): Promise<number> {
    const tarefas = await this.reservar();
    this.ultimoLoteCheio = tarefas.length === this.opcoes.lote;
    let concluidas = 0;
    for (const tarefa of tarefas) {
      const tratador = this.tratadores[tarefa.tipo];
      try {
        if (!tratador) throw new Error(`Nenhum tratador para tarefas do tipo ${tarefa.tipo}`);
        await tratador(tarefa.payload, { id: tarefa.id, tentativa: tarefa.tentativas });
        await this.db
          .updateTable('job')
          .set({ estado: 'CONCLUIDO', concluidoEm: sql`now()`, bloqueadoAte: null, ultimoErro: null })
          .where('id', '=', tarefa.id)
          .execute();
        concluidas++;
      } catch (erro) {
        this.aoFalhar(erro, tarefa);
        const desistir = tarefa.tentativas >= tarefa.maxTentativas;
        await this.db
          .updateTable('job')
          .set({
            estado: desistir ? 'FALHOU' : 'PENDENTE',
            bloqueadoAte: null,
            ultimoErro: String(erro instanceof Error ? erro.message : erro).slice(0, 2000),
            executarEm: sql`now() + make_interval(secs => ${atrasoNovaTentativaSegundos(tarefa.tentativas)})`,
          })
          .where('id', '=', tarefa.id)
          .execute();
      }
    }
    return concluidas;
  }

  private async reservar() {
    return this.db.transaction().execute(async (trx) => {
      const devidas = await trx
        .selectFrom('job')
        .select('id')
        .where((eb) =>
          eb.or([
            eb.and([eb('estado', '=', 'PENDENTE'), eb('executarEm', '<=', sql<Date>`now()`)]),
            eb.and([eb('estado', '=', 'EXECUTANDO'), eb('bloqueadoAte', '<', sql<Date>`now()`)]),
          ]),
        )
        .orderBy('executarEm')
        .limit(this.opcoes.lote)
        .forUpdate()
        .skipLocked()
        .execute();
      if (devidas.length === 0) return [];
      return trx
        .updateTable('job')
        .set({
          estado: 'EXECUTANDO',
          tentativas: sql`tentativas + 1`,
          bloqueadoAte: sql`now() + make_interval(secs => ${this.opcoes.reservaSegundos})`,
        })
        .where(
          'id',
          'in',
          devidas.map((d) => d.id),
        )
        .returning(['id', 'tipo', 'payload', 'tentativas', 'maxTentativas'])
        .execute();
    });
  }
}
