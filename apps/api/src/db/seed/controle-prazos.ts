import { criarCalendario, dataEmSaoPaulo, somarDias } from '@tramite/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema.ts';

/**
 * "Controle de prazos" on the demo (issue 20), after semearPrazos: the unit of Ana (Protocolo Central) also has
 * scheduled returns that are overdue and due today, so the postal box shows its notice and the "retornos" tab has
 * every state. Taken from its last live sendings of documents still elsewhere whose return was not met. Answers the
 * rows written per table.
 */
export async function semearControlePrazos(trx: Kysely<Database>, agora: Date): Promise<Record<string, number>> {
  const calendario = criarCalendario();
  const hoje = dataEmSaoPaulo(agora);
  // The last business day before today: "overdue by one business day" on any day of the week.
  let vencido = somarDias(hoje, -1);
  while (!calendario.ehDiaUtil(vencido)) vencido = somarDias(vencido, -1);
  const { rows } = await sql<{ id: number }>`
    SELECT t.id FROM tramitacao t
    JOIN documento d ON d.id = t.id_documento
    JOIN usuario u ON u.username = 'ana' AND u.id_unidade_atual = t.id_unidade_origem
    WHERE t.dt_cancelamento IS NULL AND t.id_tramitacao_principal IS NULL AND t.retorno_programado IS NULL
      AND d.situacao IN ('ENVIADO', 'RECEBIDO') AND d.id_documento_agregador IS NULL
      AND NOT EXISTS (SELECT 1 FROM tramitacao v WHERE v.id_documento = t.id_documento AND v.sequencia > t.sequencia)
    ORDER BY t.id LIMIT 3`.execute(trx);
  const datas = [vencido, hoje, vencido];
  for (const [i, t] of rows.entries()) {
    await sql`UPDATE tramitacao SET retorno_programado = ${datas[i]}::date WHERE id = ${t.id}`.execute(trx);
  }
  return { tramitacaoRetornoVencido: rows.length };
}
