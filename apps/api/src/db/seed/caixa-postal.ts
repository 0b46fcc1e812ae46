import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema.ts';

/** How long before `agora` the demo users last visited their box: what arrived since shows as "novos". */
const DIAS_DESDE_A_ULTIMA_VISITA = 3;

/**
 * The postal box as a work queue on the demo (issue 20): whoever received a document has read it (at the receipt),
 * and so has the author of a draft, so the rows received by colleagues and the ones still waiting are unread; every user with a current unit last
 * visited its box a few days ago, so what arrived since is new. Answers the rows written per table.
 */
export async function semearCaixaPostal(trx: Kysely<Database>, agora: Date): Promise<Record<string, number>> {
  const leituras = await registrarLeituras(trx);
  const ultimaVisita = new Date(agora.getTime() - DIAS_DESDE_A_ULTIMA_VISITA * 86_400_000);
  const visitas = await sql`
    INSERT INTO caixa_postal_visita (id_usuario, id_unidade, dt_ultima, dt_anterior)
    SELECT u.id, u.id_unidade_atual, ${ultimaVisita}, NULL FROM usuario u WHERE u.id_unidade_atual IS NOT NULL`.execute(
    trx,
  );
  return {
    documentoLeitura: leituras,
    caixaPostalVisita: Number(visitas.numAffectedRows ?? 0),
  };
}

/** The reads of the seed's rule (the receiver at the receipt, the author of a draft), for documents from `desdeId` on. */
export async function registrarLeituras(trx: Kysely<Database>, desdeId = 1): Promise<number> {
  const leituras = await sql`
    INSERT INTO documento_leitura (id_usuario, id_documento, dt_leitura)
    SELECT t.id_usuario_recebedor, t.id_documento, max(t.dt_recebimento) FROM tramitacao t
    WHERE t.id_usuario_recebedor IS NOT NULL AND t.dt_recebimento IS NOT NULL AND t.id_documento >= ${desdeId}
    GROUP BY t.id_usuario_recebedor, t.id_documento
    UNION ALL
    SELECT d.id_usuario_criador, d.id, d.data_criacao FROM documento d
    WHERE d.situacao = 'EM_CRIACAO' AND d.id >= ${desdeId}`.execute(trx);
  return Number(leituras.numAffectedRows ?? 0);
}
