import { sql } from 'kysely';
import type { Banco } from '../../db/connection.ts';
import { COLUNAS_ESTADO_DOCUMENTO, COLUNAS_RESUMO_TRAMITACAO } from '../../db/expressoes.ts';
import { juntarFichaDocumento, juntarOrigemDestinoPasso } from '../../db/juncoes.ts';

// Reading a document: its screen, its PDFs, its verification and the visibility checks.

/** A document with its type, subject, interested party and units: what its screen, its PDFs and its verification show. */
export function consultaDocumento(db: Banco) {
  return db
    .selectFrom('documento as d')
    .$call(juntarFichaDocumento)
    .select([
      'd.id',
      'd.numero',
      't.descricao as tipoDescricao',
      't.geraCapa',
      ...COLUNAS_ESTADO_DOCUMENTO,
      'a.codigo as assuntoCodigo',
      'a.descricao as assuntoDescricao',
      'd.resumoAssunto',
      'd.urgente',
      'd.motivoUrgencia',
      'i.tipo as interessadoTipo',
      'i.nome as interessadoNome',
      'up.sigla as procedenciaSigla',
      'up.nome as procedenciaNome',
      'ua.sigla as atualSigla',
      'ua.nome as atualNome',
      'd.idUnidadeCriadora',
      'd.numeroDocumentoOrigem',
      'd.emissorDocumentoOrigem',
      'd.dataDocumentoOrigem',
      'd.dataRecebimento',
      'd.dataCriacao',
      'd.dataValidade',
    ]);
}

/** Everything the cover and the receipt print about one document, and what decides who may get them. */
export function buscarDadosDocumentoPdf(db: Banco, idDocumento: number) {
  return consultaDocumento(db)
    .innerJoin('unidade as uc', 'uc.id', 'd.idUnidadeCriadora')
    .innerJoin('usuario as u', 'u.id', 'd.idUsuarioCriador')
    .select(['d.codigoVerificacao', 'uc.sigla as criadoraSigla', 'uc.nome as criadoraNome', 'u.nome as criadorNome'])
    .where('d.id', '=', idDocumento)
    .executeTakeFirst();
}
export type DadosDocumentoPdf = NonNullable<Awaited<ReturnType<typeof buscarDadosDocumentoPdf>>>;

/** The public data behind a verification code (unique index of migration 0007). */
export function buscarPorCodigoVerificacao(db: Banco, codigo: string) {
  return consultaDocumento(db)
    .select('d.codigoVerificacao')
    .where('d.codigoVerificacao', '=', codigo)
    .executeTakeFirst();
}

/**
 * GET documentos/{id} in one statement: the document, its last movement and, for a signed-in reader, their markers
 * and favourite. Four round trips were most of the call's own cost under load (bench, issue 11).
 */
export function buscarInformacoesDocumento(db: Banco, id: number, idUsuario: number | null) {
  return consultaInformacoesDocumento(db, id, idUsuario).executeTakeFirst();
}

/** The statement of buscarInformacoesDocumento, apart from running it: the SQL snapshots (db/consultas) compile it. */
export function consultaInformacoesDocumento(db: Banco, id: number, idUsuario: number | null) {
  return consultaDocumento(db)
    .leftJoin('documento as ag', 'ag.id', 'd.idDocumentoAgregador')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('tramitacao as t')
          .$call(juntarOrigemDestinoPasso)
          .select(['t.id', 't.sequencia', ...COLUNAS_RESUMO_TRAMITACAO])
          .whereRef('t.idDocumento', '=', 'd.id')
          // A recalled sending is history, not where the document is.
          .where('t.dtCancelamento', 'is', null)
          .orderBy('t.sequencia', 'desc')
          .limit(1)
          .as('ut'),
      (join) => join.onTrue(),
    )
    .select([
      'd.idTipoDocumento',
      'd.idAssunto',
      'd.observacao',
      'd.tipoInteressado',
      'd.idInteressado',
      'i.idPessoa as interessadoIdPessoa',
      'd.idUnidadeProcedencia',
      'd.idUnidadeAtual',
      'd.dataEnvio',
      'd.idDocumentoAgregador',
      'ag.numero as agregadorNumero',
      // At most one join in force per document (agregacao_filho_ativo_idx).
      sql<'ANEXACAO' | 'APENSACAO' | null>`(SELECT g.tipo_agregacao FROM agregacao g
        WHERE g.id_documento = d.id AND g.desjuntado_em IS NULL)`.as('tipoAgregacao'),
      'ut.id as ultimaId',
      'ut.sequencia as ultimaSequencia',
      'ut.idUnidadeOrigem as ultimaIdUnidadeOrigem',
      'ut.origemSigla as ultimaOrigemSigla',
      'ut.origemNome as ultimaOrigemNome',
      'ut.idUnidadeDestino as ultimaIdUnidadeDestino',
      'ut.destinoSigla as ultimaDestinoSigla',
      'ut.destinoNome as ultimaDestinoNome',
      'ut.passo as ultimaPasso',
      'ut.dtDespacho as ultimaDtDespacho',
      'ut.dtRecebimento as ultimaDtRecebimento',
      sql<string[]>`coalesce((SELECT array_agg(m.marcador ORDER BY m.marcador COLLATE pt_br) FROM marcador m
        WHERE m.id_usuario = ${idUsuario} AND m.id_documento = d.id), '{}')`.as('marcadores'),
      sql<boolean | null>`(SELECT f.acompanhado_por_email FROM favorito f
        WHERE f.id_usuario = ${idUsuario} AND f.id_documento = d.id)`.as('acompanhadoPorEmail'),
      sql<boolean>`EXISTS (SELECT 1 FROM favorito f WHERE f.id_usuario = ${idUsuario} AND f.id_documento = d.id)`.as(
        'favorito',
      ),
    ])
    .where('d.id', '=', id);
}

/** Only what visibility checks need, for calls that act on a document without showing it. */
export function buscarSituacaoDocumento(db: Banco, id: number) {
  return db
    .selectFrom('documento')
    .select(['id', 'situacao', 'idUnidadeCriadora'])
    .where('id', '=', id)
    .executeTakeFirst();
}
