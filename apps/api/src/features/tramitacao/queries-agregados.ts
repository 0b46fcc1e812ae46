import { sql } from 'kysely';
import type { Banco } from '../../db/connection.ts';

// Joined children (documento.id_documento_agregador) move with their parent: sent, received and kept in its unit.

/** The movements of joined children that went with the parent's tramitação are received with it. */
export async function receberAgregadas(
  db: Banco,
  idTramitacaoPrincipal: number,
  idUsuario: number,
  reencaminhamento: boolean,
): Promise<void> {
  await db
    .updateTable('tramitacao')
    .set({
      dtRecebimento: sql`now()`,
      idUsuarioRecebedor: idUsuario,
      ...(reencaminhamento ? { reencaminhamento: true } : {}),
    })
    .where('idTramitacaoPrincipal', '=', idTramitacaoPrincipal)
    .where('dtRecebimento', 'is', null)
    .where('dtCancelamento', 'is', null)
    .execute();
}

/** Documents joined to it, at any depth (a child of a child moves too). */
const agregadosDe = (idDocumento: number) => sql`
  WITH RECURSIVE agregados AS (
    SELECT id FROM documento WHERE id_documento_agregador = ${idDocumento}
    UNION
    SELECT d.id FROM documento d JOIN agregados a ON d.id_documento_agregador = a.id
  )`;

/** Documents joined to it (and to those, at any depth) are kept in the same unit as their parent. */
export async function moverAgregados(db: Banco, idDocumento: number, idUnidade: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    ${agregadosDe(idDocumento)}
    UPDATE documento SET id_unidade_atual = ${idUnidade}, data_ultima_alteracao = now()
    WHERE id IN (SELECT id FROM agregados) AND id_unidade_atual <> ${idUnidade}
    RETURNING id`.execute(db);
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

/**
 * Joined children travel with the parent: each gets its own movement row pointing to the parent's (same step,
 * units, sender, despacho and time) and the parent's new estado 2001 when the step sets one.
 */
export async function enviarAgregados(
  db: Banco,
  idDocumento: number,
  idTramitacaoPrincipal: number,
  estadoFixo: number | null,
): Promise<number[]> {
  const { rows } = await sql<{ idDocumento: number }>`
    ${agregadosDe(idDocumento)}
    INSERT INTO tramitacao (id_documento, sequencia, id_fluxo, id_passo, id_unidade_origem, id_unidade_destino,
      id_usuario_remetente, despacho, tipo_despacho, nivel_acesso, id_hipotese_legal, dt_despacho, reencaminhamento,
      id_tramitacao_principal, situacao_anterior, estado_processamento_anterior, data_envio_anterior, prazo_anterior)
    SELECT a.id, coalesce((SELECT max(x.sequencia) FROM tramitacao x WHERE x.id_documento = a.id), 0) + 1,
      p.id_fluxo, p.id_passo, p.id_unidade_origem, p.id_unidade_destino, p.id_usuario_remetente, p.despacho,
      p.tipo_despacho, p.nivel_acesso, p.id_hipotese_legal, p.dt_despacho, p.reencaminhamento, p.id,
      d.situacao, d.estado_processamento, d.data_envio, d.prazo
    FROM agregados a JOIN documento d ON d.id = a.id CROSS JOIN tramitacao p
    WHERE p.id = ${idTramitacaoPrincipal}
    RETURNING id_documento`.execute(db);
  const ids = rows.map((r) => Number(r.idDocumento)).sort((a, b) => a - b);
  if (ids.length > 0) {
    await db
      .updateTable('documento')
      .set({
        dataEnvio: sql`now()`,
        dataUltimaAlteracao: sql`now()`,
        estadoProcessamento:
          estadoFixo === null
            ? sql`CASE WHEN estado_processamento = 6 THEN 1 ELSE estado_processamento END`
            : estadoFixo,
      })
      .where('id', 'in', ids)
      .execute();
  }
  return ids;
}

/**
 * Peças added since the last sending become part of the record with this tramitação (situacao T, its sequencia and
 * step), in the document and in the joined children that moved with it.
 */
export async function marcarPecasTramitadas(db: Banco, idTramitacao: number): Promise<number> {
  const resultado = await sql`
    UPDATE peca SET situacao_tramitacao = 'T', sequencia_tramitacao = t.sequencia, id_passo = t.id_passo
    FROM tramitacao t
    WHERE (t.id = ${idTramitacao} OR t.id_tramitacao_principal = ${idTramitacao})
      AND peca.id_documento = t.id_documento AND peca.situacao_tramitacao IS NULL`.execute(db);
  return Number(resultado.numAffectedRows ?? 0);
}
