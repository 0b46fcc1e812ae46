import { sql } from 'kysely';
import type { Banco } from '../db/connection.ts';
import { ErroLimiteTaxa } from './erros.ts';

/** A rate limit: at most `maximo` uses per `janelaSegundos` for each subject (a user, an address, a destination). */
export interface RegraLimite {
  /** Stable name of the rule; with the subject it is the counter's key. */
  nome: string;
  maximo: number;
  janelaSegundos: number;
}

export interface ResultadoLimite {
  permitido: boolean;
  /** The sliding-window estimate of uses, this one included. */
  uso: number;
  /** Seconds until the current window ends (what a refused caller is told to wait). */
  tentarEmSegundos: number;
}

/** Share of calls that also delete expired counters, so the table stays small without a scheduled job. */
const PROPORCAO_LIMPEZA = 0.01;

/**
 * Counts one use (or `quantidade`) of the rule by the subject and says whether it is within the limit. The counter
 * is incremented by one statement (INSERT … ON CONFLICT … RETURNING), so concurrent requests in any process never
 * read a stale count; the previous window's count, weighted by how much of it still overlaps the last
 * `janelaSegundos`, smooths the boundary (a sliding window). Refused uses are counted too: hammering keeps failing.
 */
export async function consumirLimite(
  db: Banco,
  regra: RegraLimite,
  sujeito: string,
  quantidade = 1,
): Promise<ResultadoLimite> {
  const chave = `${regra.nome}:${sujeito}`;
  const janela = regra.janelaSegundos;
  const { rows } = await sql<{ contagem: number; anterior: number | null; decorrido: number }>`
    WITH atual AS (
      INSERT INTO limite_taxa (chave, janela, contagem, expira_em)
      VALUES (${chave}, floor(extract(epoch FROM now()) / ${janela})::bigint, ${quantidade},
              now() + make_interval(secs => ${janela * 2}))
      ON CONFLICT (chave, janela) DO UPDATE SET contagem = limite_taxa.contagem + EXCLUDED.contagem
      RETURNING contagem, janela
    )
    SELECT atual.contagem,
           (SELECT l.contagem FROM limite_taxa l WHERE l.chave = ${chave} AND l.janela = atual.janela - 1) AS anterior,
           (extract(epoch FROM now()) - atual.janela * ${janela})::float8 AS decorrido
    FROM atual`.execute(db);
  const linha = rows[0];
  if (!linha) throw new Error('limite_taxa: o contador não foi gravado');
  const decorrido = Math.min(Math.max(Number(linha.decorrido), 0), janela);
  const uso = Number(linha.contagem) + Number(linha.anterior ?? 0) * (1 - decorrido / janela);
  if (Math.random() < PROPORCAO_LIMPEZA) {
    await db.deleteFrom('limiteTaxa').where('expiraEm', '<', sql<Date>`now()`).execute();
  }
  return { permitido: uso <= regra.maximo, uso, tentarEmSegundos: Math.max(1, Math.ceil(janela - decorrido)) };
}

/**
 * Counts one use against every (rule, subject) pair (e.g. per user and per address) and throws 429 with the message
 * and a Retry-After when any of them is over its limit. Every pair is counted, refused or not.
 */
export async function exigirLimites(
  db: Banco,
  limites: readonly { regra: RegraLimite; sujeito: string }[],
  mensagem: string,
): Promise<void> {
  let espera = 0;
  for (const { regra, sujeito } of limites) {
    const resultado = await consumirLimite(db, regra, sujeito);
    if (!resultado.permitido) espera = Math.max(espera, resultado.tentarEmSegundos);
  }
  if (espera > 0) throw new ErroLimiteTaxa(mensagem, espera);
}
