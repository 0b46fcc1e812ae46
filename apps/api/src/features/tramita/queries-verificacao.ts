import { sql } from 'kysely';
import type { Banco } from '../../db/connection.ts';

/**
 * Tramita GOV.BR, step 5 (docs/tramita-govbr-desenho.md §2.2): what the pre-send check reads of the database — the
 * document, the caller's unit and its structure, the document's peças with their types, hypotheses and mapped PEN
 * species/hypotheses, its trâmites, the destination's limits and its earlier refusals.
 */

/** The document's subject summary and whether it has an interested party (the process's `interessados`). */
export function lerDocumento(db: Banco, idDocumento: number) {
  return db
    .selectFrom('documento')
    .select(['resumoAssunto', 'idInteressado'])
    .where('id', '=', idDocumento)
    .executeTakeFirst();
}

/** The unit's acronym and the structure it is mapped to (tramita_unidade_estrutura), if any. */
export function lerUnidade(db: Banco, idUnidade: number) {
  return db
    .selectFrom('unidade as u')
    .leftJoin('tramitaUnidadeEstrutura as ue', 'ue.idUnidade', 'u.id')
    .select(['u.sigla', 'ue.numeroEstrutura', 'ue.envia'])
    .where('u.id', '=', idUnidade)
    .executeTakeFirst();
}

/** A cached PEN species (the configuration's default for peças without a type). */
export function lerEspecie(db: Banco, codigo: number) {
  return db
    .selectFrom('tramitaEspecie')
    .select(['codigo', 'nome', 'ativa'])
    .where('codigo', '=', codigo)
    .executeTakeFirst();
}

/**
 * Every peça of the document in the order it goes to the PEN (decision 4: creation order, cancelled ones included),
 * with its file, legal hypothesis and mapped PEN hypothesis, document type and mapped species, and — for a peça
 * received from the PEN — the species and document order it came with (tramite_externo_componente).
 */
export function listarPecas(db: Banco, idDocumento: number) {
  return db
    .selectFrom('peca as p')
    .innerJoin('anexo as a', 'a.id', 'p.idAnexo')
    .innerJoin('arquivo as arq', 'arq.sha256', 'a.sha256')
    .leftJoin('hipoteseLegal as h', 'h.id', 'p.idHipoteseLegal')
    .leftJoin('tramitaHipoteseEnvio as he', 'he.idHipoteseLegal', 'p.idHipoteseLegal')
    .leftJoin('tramitaHipotese as hp', 'hp.identificacao', 'he.identificacaoPen')
    .leftJoin('tipoDocumento as td', 'td.id', 'p.idTipoDocumento')
    .leftJoin('tramitaEspecieEnvio as ee', 'ee.idTipoDocumento', 'p.idTipoDocumento')
    .leftJoin('tramitaEspecie as ep', 'ep.codigo', 'ee.codigoEspecie')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('tramiteExternoComponente as c')
          .innerJoin('tramiteExterno as te', 'te.id', 'c.idTramiteExterno')
          .select(['c.idPeca', 'c.codigoEspecie', 'c.nomeEspecie', 'c.ordemDocumento'])
          .where('te.sentido', '=', 'R')
          .where('c.idPeca', 'is not', null)
          .distinctOn('c.idPeca')
          .orderBy('c.idPeca')
          .orderBy('c.id', 'desc')
          .as('rec'),
      (join) => join.onRef('rec.idPeca', '=', 'p.id'),
    )
    .leftJoin('tramitaEspecie as eo', 'eo.codigo', 'rec.codigoEspecie')
    .select([
      'p.id',
      'p.sequencial',
      'a.nome',
      'p.situacaoVinculo',
      'p.nivelAcesso',
      'h.descricao as descricaoHipotese',
      'hp.identificacao as identificacaoHipotesePen',
      'hp.nome as nomeHipotesePen',
      'hp.ativa as hipotesePenAtiva',
      'td.descricao as descricaoTipoDocumento',
      'ep.codigo as codigoEspecie',
      'ep.nome as nomeEspecie',
      'ep.ativa as especieAtiva',
      'rec.codigoEspecie as codigoEspecieOriginal',
      sql<string | null>`coalesce(eo.nome, rec.nome_especie)`.as('nomeEspecieOriginal'),
      // A species the PEN's cached list does not know is treated as inactive.
      sql<boolean | null>`coalesce(eo.ativa, false)`.as('especieOriginalAtiva'),
      'rec.ordemDocumento as ordemOriginal',
      'arq.tamanho',
      'arq.tipoMime',
      'a.sha256',
    ])
    .where('p.idDocumento', '=', idDocumento)
    .orderBy('p.criadoEm')
    .orderBy('p.id')
    .execute();
}
export type PecaLida = Awaited<ReturnType<typeof listarPecas>>[number];

/** The document's latest sending (sentido E), whatever its state. */
export function ultimoEnvio(db: Banco, idDocumento: number) {
  return db
    .selectFrom('tramiteExterno')
    .select(['situacaoBarramento'])
    .where('idDocumento', '=', idDocumento)
    .where('sentido', '=', 'E')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** How many documents the latest received trâmite that created (or reopened) the document carried, or undefined. */
export async function documentosRecebidos(db: Banco, idDocumento: number): Promise<number | undefined> {
  const ultimo = await db
    .selectFrom('tramiteExterno as te')
    .select((eb) => [
      'te.id',
      eb
        .selectFrom('tramiteExternoComponente as c')
        .select(sql<number>`count(DISTINCT c.ordem_documento)::int`.as('n'))
        .whereRef('c.idTramiteExterno', '=', 'te.id')
        .as('quantidade'),
    ])
    .where('te.idDocumento', '=', idDocumento)
    .where('te.sentido', '=', 'R')
    .where('te.registradoEm', 'is not', null)
    .orderBy('te.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return ultimo ? (ultimo.quantidade ?? 0) : undefined;
}

/** tramita_limite_destino rows of the repository (the rules pick the structure's and the repository's). */
export function limitesDoRepositorio(db: Banco, idRepositorio: number) {
  return db
    .selectFrom('tramitaLimiteDestino')
    .select(['numeroEstrutura', 'tamanhoMaximoMb', 'extensoesRecusadas'])
    .where('idRepositorio', '=', idRepositorio)
    .execute();
}

/**
 * The refusals of sendings to this structure (tramite_externo sentido E with a reason), most recent first, with the
 * species and media types of what was refused. Empty until the sending exists (step 7).
 */
export function recusasDoDestino(db: Banco, idRepositorio: number, numeroEstrutura: number) {
  return db
    .selectFrom('tramiteExterno as te')
    .select((eb) => [
      'te.atualizadoEm',
      'te.motivoRecusa',
      'te.justificativaRecusa',
      eb
        .selectFrom('tramiteExternoComponente as c')
        .select(
          sql<
            number[]
          >`coalesce(array_agg(DISTINCT c.codigo_especie) FILTER (WHERE c.codigo_especie IS NOT NULL), '{}')`.as('e'),
        )
        .whereRef('c.idTramiteExterno', '=', 'te.id')
        .as('especies'),
      eb
        .selectFrom('tramiteExternoComponente as c')
        .select(sql<string[]>`coalesce(array_agg(DISTINCT c.tipo_mime), '{}')`.as('m'))
        .whereRef('c.idTramiteExterno', '=', 'te.id')
        .as('mimeTypes'),
    ])
    .where('te.sentido', '=', 'E')
    .where('te.idRepositorioDestinatario', '=', idRepositorio)
    .where('te.numeroEstruturaDestinatario', '=', numeroEstrutura)
    .where('te.motivoRecusa', 'is not', null)
    .orderBy('te.atualizadoEm', 'desc')
    .orderBy('te.id', 'desc')
    .limit(20)
    .execute();
}
