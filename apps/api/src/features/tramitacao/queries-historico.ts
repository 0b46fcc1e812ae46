import { sql } from 'kysely';
import type { Banco } from '../../db/connection.ts';
import { COLUNAS_ORIGEM_DESTINO } from '../../db/expressoes.ts';
import { juntarOrigemDestinoPasso } from '../../db/juncoes.ts';

// Movement history, and the data of one sending for the interested party's notice.

function consultaTramitacoes(db: Banco) {
  return db
    .selectFrom('tramitacao as t')
    .$call(juntarOrigemDestinoPasso)
    .innerJoin('usuario as rem', 'rem.id', 't.idUsuarioRemetente')
    .leftJoin('usuario as rec', 'rec.id', 't.idUsuarioRecebedor')
    .leftJoin('fluxo as f', 'f.id', 't.idFluxo')
    .leftJoin('hipoteseLegal as h', 'h.id', 't.idHipoteseLegal')
    .leftJoin('usuario as canc', 'canc.id', 't.idUsuarioCancelamento')
    .select([
      't.id',
      't.sequencia',
      't.idPasso',
      'p.descricao as passo',
      'p.tipo as tipoPasso',
      'f.descricao as fluxo',
      ...COLUNAS_ORIGEM_DESTINO,
      'rem.nome as remetente',
      'rec.nome as recebedor',
      't.despacho',
      't.despachoPreparatorio',
      't.tipoDespacho',
      't.nivelAcesso',
      't.idHipoteseLegal',
      'h.descricao as descricaoHipoteseLegal',
      't.dtDespacho',
      't.dtRecebimento',
      't.reencaminhamento',
      't.idTramitacaoPrincipal',
      sql<string | null>`to_char(t.prazo, 'YYYY-MM-DD')`.as('prazo'),
      't.origemPrazo',
      // The last change of this movement's deadline (prazo_alteracao_documento_idx by the document, then by the row).
      sql<string | null>`(SELECT u.nome FROM prazo_alteracao pa JOIN usuario u ON u.id = pa.id_usuario
        WHERE pa.id_documento = t.id_documento AND pa.id_tramitacao = t.id AND pa.tipo = 'PRAZO'
        ORDER BY pa.em DESC, pa.id DESC LIMIT 1)`.as('prazoAlteradoPor'),
      sql<Date | null>`(SELECT pa.em FROM prazo_alteracao pa
        WHERE pa.id_documento = t.id_documento AND pa.id_tramitacao = t.id AND pa.tipo = 'PRAZO'
        ORDER BY pa.em DESC, pa.id DESC LIMIT 1)`.as('prazoAlteradoEm'),
      sql<string | null>`to_char(t.retorno_programado, 'YYYY-MM-DD')`.as('retornoProgramado'),
      't.dtCancelamento',
      'canc.nome as usuarioCancelamento',
      't.motivoCancelamento',
    ]);
}

export function listarTramitacoes(db: Banco, idDocumento: number) {
  return consultaTramitacoes(db).where('t.idDocumento', '=', idDocumento).orderBy('t.sequencia').execute();
}
export type LinhaTramitacao = Awaited<ReturnType<typeof listarTramitacoes>>[number];

export function buscarTramitacao(db: Banco, idTramitacao: number) {
  return consultaTramitacoes(db).where('t.id', '=', idTramitacao).executeTakeFirst();
}

/** The last live sending: a recalled one is history, not where the document is. */
export function buscarUltimaTramitacaoCompleta(db: Banco, idDocumento: number) {
  return consultaTramitacoes(db)
    .where('t.idDocumento', '=', idDocumento)
    .where('t.dtCancelamento', 'is', null)
    .orderBy('t.sequencia', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The sending and the interested party's address, when the document's type tells them of every sending. */
export function buscarDadosNotificacaoInteressado(db: Banco, idTramitacao: number) {
  return db
    .selectFrom('tramitacao as t')
    .innerJoin('documento as d', 'd.id', 't.idDocumento')
    .innerJoin('tipoDocumento as td', 'td.id', 'd.idTipoDocumento')
    .innerJoin('interessado as i', 'i.id', 'd.idInteressado')
    .leftJoin('pessoa as pe', 'pe.id', 'i.idPessoa')
    .leftJoin('unidade as ui', 'ui.id', 'i.idUnidade')
    .$call(juntarOrigemDestinoPasso)
    .select([
      'd.id as idDocumento',
      'd.numero',
      'td.descricao as tipo',
      'i.nome as nomeInteressado',
      sql<string | null>`coalesce(i.email, pe.email, ui.email)`.as('email'),
      'uo.sigla as siglaOrigem',
      'uo.nome as nomeOrigem',
      'ud.sigla as siglaDestino',
      'ud.nome as nomeDestino',
      'p.descricao as passo',
      't.dtDespacho',
    ])
    .where('t.id', '=', idTramitacao)
    .where('td.notificaInteressadoTramitacao', '=', true)
    .executeTakeFirst();
}
