import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Banco } from '../db/connection.ts';
import { agendarPeriodicamente } from '../platform/agendamento.ts';
import type { ArmazenamentoArquivos } from '../platform/armazenamento.ts';

/**
 * A file is put in its place in the store just before the transaction that records its `arquivo` row commits (an
 * upload; a consolidation renames its PDF and then records it). A process killed in between leaves a file no row
 * refers to, and an interrupted upload leaves its `.tmp-*` file. This sweep, run by every API process when it
 * starts and then every hour, deletes both once they are older than `carenciaSegundos` (so no request still in
 * progress can be using them), each unreferenced content under the same advisory lock an upload of that content
 * takes, re-checking that no row appeared meanwhile.
 */
export async function recolherArquivosOrfaos(
  db: Banco,
  armazenamento: ArmazenamentoArquivos,
  opcoes: { carenciaSegundos: number },
): Promise<{ orfaos: number; temporarios: number }> {
  const limite = Date.now() - opcoes.carenciaSegundos * 1000;
  const resultado = { orfaos: 0, temporarios: 0 };
  const antigo = async (caminho: string) => {
    const info = await stat(caminho).catch(() => null);
    return info !== null && info.mtimeMs <= limite;
  };
  const candidatos: string[] = [];
  const percorrer = async (pasta: string, profundidade: number): Promise<void> => {
    const entradas = await readdir(pasta, { withFileTypes: true }).catch(() => []);
    for (const entrada of entradas) {
      const caminho = join(pasta, entrada.name);
      if (entrada.isDirectory() && profundidade < 2) await percorrer(caminho, profundidade + 1);
      else if (entrada.isFile() && entrada.name.startsWith('.tmp-')) {
        if (await antigo(caminho)) {
          await rm(caminho, { force: true });
          resultado.temporarios++;
        }
      } else if (entrada.isFile() && profundidade === 2 && /^[0-9a-f]{64}$/.test(entrada.name)) {
        candidatos.push(entrada.name);
      }
    }
  };
  await percorrer(armazenamento.raiz, 0);

  for (let i = 0; i < candidatos.length; i += 500) {
    const lote = candidatos.slice(i, i + 500);
    const comLinha = new Set(
      (await db.selectFrom('arquivo').select('sha256').where('sha256', 'in', lote).execute()).map((r) => r.sha256),
    );
    for (const sha256 of lote) {
      if (comLinha.has(sha256) || !(await antigo(armazenamento.caminho(sha256)))) continue;
      const removido = await db.transaction().execute(async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`arquivo:${sha256}`}, 0))`.execute(trx);
        const linha = await trx.selectFrom('arquivo').select('sha256').where('sha256', '=', sha256).executeTakeFirst();
        if (linha || !(await antigo(armazenamento.caminho(sha256)))) return false;
        await armazenamento.remover(sha256);
        return true;
      });
      if (removido) resultado.orfaos++;
    }
  }
  return resultado;
}

/** Runs the sweep now and then every `intervaloMs`; answers a function that stops it (waiting for a pass). */
export function agendarRecolhimento(
  db: Banco,
  armazenamento: ArmazenamentoArquivos,
  opcoes: { carenciaSegundos: number; intervaloMs?: number },
  aoTerminar: (erro: unknown, resultado?: { orfaos: number; temporarios: number }) => void,
): () => Promise<void> {
  return agendarPeriodicamente(
    () => recolherArquivosOrfaos(db, armazenamento, opcoes),
    opcoes.intervaloMs ?? 3_600_000,
    aoTerminar,
  );
}
