import { sql } from 'kysely';
import type { Banco } from '../../db/connection.ts';

// The events of a document besides its tramitações (GET documentos/{id}/eventos), and what decides who reads their
// free text: the access level and units of each movement.

const dataIso = (coluna: string) => sql<string | null>`to_char(${sql.ref(coluna)}, 'YYYY-MM-DD')`;

/** Every movement's access level, units and times, in order: the despacho rule applied to the events. */
export function listarMovimentosDoDocumento(db: Banco, idDocumento: number) {
  return db
    .selectFrom('tramitacao as t')
    .select([
      't.id',
      't.sequencia',
      't.nivelAcesso',
      't.idUnidadeOrigem',
      't.idUnidadeDestino',
      't.dtDespacho',
      't.dtCancelamento',
    ])
    .where('t.idDocumento', '=', idDocumento)
    .orderBy('t.sequencia')
    .execute();
}
export type MovimentoDoDocumento = Awaited<ReturnType<typeof listarMovimentosDoDocumento>>[number];

export function listarAlteracoesPrazo(db: Banco, idDocumento: number) {
  return db
    .selectFrom('prazoAlteracao as pa')
    .innerJoin('usuario as u', 'u.id', 'pa.idUsuario')
    .innerJoin('unidade as un', 'un.id', 'pa.idUnidade')
    .innerJoin('tramitacao as t', 't.id', 'pa.idTramitacao')
    .select([
      'pa.id',
      'pa.tipo',
      dataIso('pa.anterior').as('anterior'),
      dataIso('pa.novo').as('novo'),
      'pa.motivo',
      'pa.em',
      'pa.idTramitacao',
      't.sequencia',
      'u.nome as usuario',
      'un.id as idUnidade',
      'un.sigla as siglaUnidade',
      'un.nome as nomeUnidade',
    ])
    .where('pa.idDocumento', '=', idDocumento)
    .orderBy('pa.em')
    .orderBy('pa.id')
    .execute();
}

export function listarCienciasDoDocumento(db: Banco, idDocumento: number) {
  return db
    .selectFrom('ciencia as c')
    .innerJoin('usuario as u', 'u.id', 'c.idUsuario')
    .innerJoin('unidade as un', 'un.id', 'c.idUnidade')
    .select([
      'c.id',
      'c.idUsuario',
      'c.observacao',
      'c.em',
      'u.nome as usuario',
      'un.id as idUnidade',
      'un.sigla as siglaUnidade',
      'un.nome as nomeUnidade',
    ])
    .where('c.idDocumento', '=', idDocumento)
    .orderBy('c.em')
    .orderBy('c.id')
    .execute();
}

export function listarSobrestamentosDoDocumento(db: Banco, idDocumento: number) {
  return db
    .selectFrom('sobrestamento as s')
    .innerJoin('usuario as u', 'u.id', 's.idUsuario')
    .innerJoin('unidade as un', 'un.id', 's.idUnidade')
    .leftJoin('usuario as ul', 'ul.id', 's.idUsuarioLevantamento')
    .select([
      's.id',
      's.motivo',
      's.em',
      dataIso('s.levantarEm').as('levantarEm'),
      's.levantadoEm',
      's.idUsuarioLevantamento',
      's.motivoLevantamento',
      'u.nome as usuario',
      'ul.nome as usuarioLevantamento',
      'un.id as idUnidade',
      'un.sigla as siglaUnidade',
      'un.nome as nomeUnidade',
    ])
    .where('s.idDocumento', '=', idDocumento)
    .orderBy('s.em')
    .orderBy('s.id')
    .execute();
}

export function listarEnviosCancelados(db: Banco, idDocumento: number) {
  return db
    .selectFrom('tramitacao as t')
    .innerJoin('unidade as uo', 'uo.id', 't.idUnidadeOrigem')
    .leftJoin('usuario as u', 'u.id', 't.idUsuarioCancelamento')
    .select([
      't.id',
      't.sequencia',
      't.dtCancelamento',
      't.motivoCancelamento',
      'u.nome as usuario',
      'uo.id as idUnidade',
      'uo.sigla as siglaUnidade',
      'uo.nome as nomeUnidade',
    ])
    .where('t.idDocumento', '=', idDocumento)
    .where('t.dtCancelamento', 'is not', null)
    .orderBy('t.dtCancelamento')
    .execute();
}

/** Issue 24: the trâmites through which the document arrived from another body (the Tramita GOV.BR). */
export function listarRecebimentosExternos(db: Banco, idDocumento: number) {
  return db
    .selectFrom('tramiteExterno as te')
    .innerJoin('unidade as un', 'un.id', 'te.idUnidade')
    .select([
      'te.registradoEm',
      'te.nre',
      sql<string | null>`coalesce(te.metadados->'processo'->'produtor'->'unidade'->>'nome',
        te.metadados->'processo'->'produtor'->>'nome')`.as('origem'),
      'un.id as idUnidade',
      'un.sigla as siglaUnidade',
      'un.nome as nomeUnidade',
    ])
    .where('te.idDocumento', '=', idDocumento)
    .where('te.sentido', '=', 'R')
    .where('te.registradoEm', 'is not', null)
    .orderBy('te.registradoEm')
    .execute();
}
