import { type SqlBool, sql } from 'kysely';
import type { Banco } from '../../db/connection.ts';

// Recalling a sending not yet received: the tramitação marked, the document (and its joined children and peças)
// restored from what the sending recorded of them.

/** The document's last tramitação (highest sequencia) with what a recall needs of it. */
export function buscarUltimaParaCancelar(db: Banco, idDocumento: number) {
  return db
    .selectFrom('tramitacao')
    .select([
      'id',
      'sequencia',
      'idPasso',
      'idUnidadeOrigem',
      'idUnidadeDestino',
      'nivelAcesso',
      'dtDespacho',
      'dtRecebimento',
      'dtCancelamento',
      'situacaoAnterior',
      'estadoProcessamentoAnterior',
      'dataEnvioAnterior',
      'prazoAnterior',
    ])
    .where('idDocumento', '=', idDocumento)
    .orderBy('sequencia', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Marks the sending and the movements of the joined children that went with it as cancelled, only while neither
 * received nor cancelled: of a recall racing a receipt, the one that comes second finds nothing to update.
 */
export async function marcarCancelada(
  db: Banco,
  idTramitacao: number,
  dados: { idUsuario: number; motivo: string },
): Promise<{ principal: boolean; idsAgregados: number[] }> {
  const linhas = await db
    .updateTable('tramitacao')
    .set({ dtCancelamento: sql`now()`, idUsuarioCancelamento: dados.idUsuario, motivoCancelamento: dados.motivo })
    .where((eb) => eb.or([eb('id', '=', idTramitacao), eb('idTramitacaoPrincipal', '=', idTramitacao)]))
    .where('dtRecebimento', 'is', null)
    .where('dtCancelamento', 'is', null)
    .returning(['id', 'idDocumento'])
    .execute();
  return {
    principal: linhas.some((l) => Number(l.id) === idTramitacao),
    idsAgregados: linhas
      .filter((l) => Number(l.id) !== idTramitacao)
      .map((l) => Number(l.idDocumento))
      .sort((a, b) => a - b),
  };
}

/**
 * The document and the children that moved with it go back to what they were before the sending. A document sent
 * for the first time (EM_CRIACAO before) had its data_validade ("first sending") set by it: back to null.
 */
export async function restaurarDocumentos(db: Banco, idTramitacao: number) {
  const { rows } = await sql<{ id: number; situacao: string; estadoProcessamento: number }>`
    UPDATE documento d SET
      situacao = t.situacao_anterior,
      estado_processamento = t.estado_processamento_anterior,
      data_envio = t.data_envio_anterior,
      prazo = t.prazo_anterior,
      data_validade = CASE WHEN t.situacao_anterior = 'EM_CRIACAO' THEN NULL ELSE d.data_validade END,
      data_ultima_alteracao = now()
    FROM tramitacao t
    WHERE (t.id = ${idTramitacao} OR t.id_tramitacao_principal = ${idTramitacao}) AND d.id = t.id_documento
      AND t.situacao_anterior IS NOT NULL
    RETURNING d.id, d.situacao, d.estado_processamento AS "estadoProcessamento"`.execute(db);
  return rows;
}

/**
 * The peças this sending made part of the record go back to unsent: marcarPecasTramitadas gives each the
 * sequencia and step of the movement it went with, and nothing else sets situacao_tramitacao, so they are exactly
 * the sent peças of the sending's documents that carry its sequencia.
 */
export async function desmarcarPecasTramitadas(db: Banco, idTramitacao: number): Promise<number> {
  const resultado = await sql`
    UPDATE peca SET situacao_tramitacao = NULL, id_passo = NULL
    FROM tramitacao t
    WHERE (t.id = ${idTramitacao} OR t.id_tramitacao_principal = ${idTramitacao})
      AND peca.id_documento = t.id_documento AND peca.situacao_tramitacao = 'T'
      AND peca.sequencia_tramitacao = t.sequencia`.execute(db);
  return Number(resultado.numAffectedRows ?? 0);
}

/** What the recall e-mails say of the sending. */
export function lerEnvioCancelado(db: Banco, idTramitacao: number) {
  return db
    .selectFrom('tramitacao as t')
    .innerJoin('documento as d', 'd.id', 't.idDocumento')
    .innerJoin('unidade as uo', 'uo.id', 't.idUnidadeOrigem')
    .innerJoin('unidade as ud', 'ud.id', 't.idUnidadeDestino')
    .leftJoin('usuario as uc', 'uc.id', 't.idUsuarioCancelamento')
    .select([
      'd.id as idDocumento',
      'd.numero',
      'uo.sigla as origemSigla',
      'uo.nome as origemNome',
      'ud.id as idDestino',
      'ud.sigla as destinoSigla',
      'ud.nome as destinoNome',
      'ud.email as emailDestino',
      'uc.nome as autor',
      't.dtDespacho',
      't.dtCancelamento',
      't.motivoCancelamento',
    ])
    .where('t.id', '=', idTramitacao)
    .executeTakeFirst();
}

/**
 * The users of the destination unit who receive e-mail notifications (active, with an address), but the author.
 */
export function listarUsuariosDoDestino(db: Banco, idUnidade: number, idUsuarioAutor: number) {
  return db
    .selectFrom('usuario as u')
    .innerJoin('lotacao as l', 'l.idUsuario', 'u.id')
    .select(['u.id', 'u.nome', 'u.email'])
    .where('l.idUnidade', '=', idUnidade)
    .where('u.id', '<>', idUsuarioAutor)
    .where('u.ativo', '=', true)
    .where('u.notificacoesPorEmail', '=', true)
    .where('u.email', 'is not', null)
    .where(sql<SqlBool>`btrim(u.email) <> ''`)
    .orderBy('u.id')
    .execute();
}

/** The lotações and the unrestricted-reading permission of some users: what decides whether they see a despacho. */
export async function lerLeitores(db: Banco, idsUsuarios: number[]) {
  if (idsUsuarios.length === 0) return [];
  const lotacoes = await db
    .selectFrom('lotacao')
    .select(['idUsuario', 'idUnidade'])
    .where('idUsuario', 'in', idsUsuarios)
    .execute();
  const irrestritos = await db
    .selectFrom('usuarioPermissao')
    .select('idUsuario')
    .where('idUsuario', 'in', idsUsuarios)
    .where('permissao', '=', 'VISUALIZACAO_IRRESTRITA_PECAS')
    .execute();
  return idsUsuarios.map((id) => ({
    id,
    irrestrito: irrestritos.some((p) => p.idUsuario === id),
    lotacoes: lotacoes.filter((l) => l.idUsuario === id).map((l) => l.idUnidade),
  }));
}
