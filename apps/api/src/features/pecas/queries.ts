import type { NivelAcesso, SituacaoVinculo, TipoCopia } from '@tramite/shared';
import { sql } from 'kysely';
import type { Banco } from '../../db/connection.ts';

import { existe } from '../../db/consultas-comuns.ts';

export { hipoteseAtiva } from '../../db/consultas-comuns.ts';

/**
 * What the peça rules need of a document: who holds it and in which state, its interested person, how many times
 * it moved, the root of its aggregation (following idDocumentoAgregador up) and, for a signed-in reader, the reader's
 * pessoa (restricted peças are open to the interested person).
 */
export async function buscarContextoDocumento(db: Banco, idDocumento: number, idUsuarioLeitor: number | null = null) {
  const { rows } = await sql<{
    id: number;
    numero: string;
    situacao: string;
    idUnidadeAtual: number;
    idUnidadeCriadora: number;
    estadoProcessamento: number;
    estadoTamanho: number;
    idPessoaInteressado: number | null;
    quantidadeTramitacoes: number;
    raizSituacao: string | null;
    raizIdUnidadeAtual: number | null;
    idPessoaLeitor: number | null;
  }>`
    WITH RECURSIVE acima AS (
      SELECT d.id_documento_agregador AS id, 1 AS nivel FROM documento d WHERE d.id = ${idDocumento}
      UNION ALL
      SELECT d.id_documento_agregador, a.nivel + 1 FROM documento d JOIN acima a ON d.id = a.id
      WHERE a.id IS NOT NULL AND a.nivel < 50
    ),
    raiz AS (
      SELECT r.situacao, r.id_unidade_atual FROM acima a JOIN documento r ON r.id = a.id
      ORDER BY a.nivel DESC LIMIT 1
    )
    SELECT d.id, d.numero, d.situacao, d.id_unidade_atual, d.id_unidade_criadora, d.estado_processamento,
      d.estado_tamanho, i.id_pessoa AS id_pessoa_interessado,
      (SELECT count(*)::int FROM tramitacao t WHERE t.id_documento = d.id) AS quantidade_tramitacoes,
      (SELECT situacao FROM raiz) AS raiz_situacao,
      (SELECT id_unidade_atual FROM raiz) AS raiz_id_unidade_atual,
      (SELECT u.id_pessoa FROM usuario u WHERE u.id = ${idUsuarioLeitor}) AS id_pessoa_leitor
    FROM documento d
    LEFT JOIN interessado i ON i.id = d.id_interessado
    WHERE d.id = ${idDocumento}`.execute(db);
  return rows[0];
}
export type ContextoDocumento = NonNullable<Awaited<ReturnType<typeof buscarContextoDocumento>>>;

/** Locks the document: every change to its peças waits here, so numbering and checks see a settled state. */
export function bloquearDocumento(db: Banco, idDocumento: number) {
  return db
    .selectFrom('documento')
    .select(['id', 'numero', 'situacao', 'idUnidadeAtual', 'idUnidadeCriadora', 'estadoProcessamento', 'estadoTamanho'])
    .where('id', '=', idDocumento)
    .forNoKeyUpdate()
    .executeTakeFirst();
}

/** Locks two documents in id order, so two requests locking the same pair cannot wait on each other. */
export async function bloquearDocumentos(db: Banco, ids: [number, number]) {
  const [primeiro, segundo] = [...ids].sort((a, b) => a - b) as [number, number];
  const a = await bloquearDocumento(db, primeiro);
  const b = await bloquearDocumento(db, segundo);
  return new Map([a, b].filter((d) => d !== undefined).map((d) => [d.id, d]));
}

/** The peças of a document with their file, legal hypothesis, step and the tramitação they travelled in. */
export function consultarPecas(db: Banco, idDocumento: number) {
  return db
    .selectFrom('peca as p')
    .innerJoin('anexo as a', 'a.id', 'p.idAnexo')
    .innerJoin('arquivo as arq', 'arq.sha256', 'a.sha256')
    .leftJoin('hipoteseLegal as h', 'h.id', 'p.idHipoteseLegal')
    .leftJoin('tipoDocumento as td', 'td.id', 'p.idTipoDocumento')
    .leftJoin('tramitacao as t', (join) =>
      join.onRef('t.idDocumento', '=', 'p.idDocumento').onRef('t.sequencia', '=', 'p.sequenciaTramitacao'),
    )
    .leftJoin('passo as ps', (join) => join.on(sql<boolean>`ps.id = coalesce(p.id_passo, t.id_passo)`))
    .leftJoin('documento as dm', 'dm.id', 'p.idDocumentoPecaDesmembramento')
    .select([
      'p.id',
      'p.idAnexo',
      'p.idDocumento',
      'a.nome',
      'a.sha256',
      'arq.tamanho',
      'arq.tipoMime',
      'p.descricao',
      'p.tipoCopia',
      'p.nivelAcesso',
      'p.idHipoteseLegal',
      'h.descricao as descricaoHipoteseLegal',
      'p.idTipoDocumento',
      'td.descricao as descricaoTipoDocumento',
      'p.situacaoVinculo',
      'p.situacaoTramitacao',
      'p.sequencial',
      'p.sequenciaTramitacao',
      'ps.descricao as passo',
      't.dtDespacho',
      't.dtRecebimento',
      'p.criadoEm',
      'p.justificativaAlteracao',
      'p.justificativaCancelamento',
      'p.canceladoEm',
      'p.idDocumentoPecaDesmembramento',
      'dm.numero as numeroDocumentoPecaDesmembramento',
    ])
    .where('p.idDocumento', '=', idDocumento)
    .orderBy('p.sequencial')
    .orderBy(sql`p.situacao_vinculo IS NULL`)
    .orderBy('p.canceladoEm')
    .orderBy('p.id');
}
export type LinhaPeca = Awaited<ReturnType<ReturnType<typeof consultarPecas>['execute']>>[number];

export function listarPecas(db: Banco, idDocumento: number, opcoes: { somenteAtivas: boolean }) {
  let consulta = consultarPecas(db, idDocumento);
  if (opcoes.somenteAtivas) consulta = consulta.where('p.situacaoVinculo', 'is', null);
  return consulta.execute();
}

export function buscarPecaPorAnexo(db: Banco, idDocumento: number, idAnexo: number) {
  return consultarPecas(db, idDocumento).where('p.idAnexo', '=', idAnexo).executeTakeFirst();
}

export function buscarPecaPorId(db: Banco, idDocumento: number, idPeca: number) {
  return consultarPecas(db, idDocumento).where('p.id', '=', idPeca).executeTakeFirst();
}

/** The peça's row as it is now, for a change made under the document's lock. */
export function buscarPecaParaAlterar(
  db: Banco,
  idDocumento: number,
  filtro: { idPeca: number } | { idAnexo: number },
) {
  let consulta = db
    .selectFrom('peca as p')
    .innerJoin('anexo as a', 'a.id', 'p.idAnexo')
    .select([
      'p.id',
      'p.idAnexo',
      'p.sequencial',
      'p.descricao',
      'p.tipoCopia',
      'p.nivelAcesso',
      'p.idHipoteseLegal',
      'p.idTipoDocumento',
      'p.situacaoTramitacao',
      'p.situacaoVinculo',
      'p.justificativaAlteracao',
      'p.idUsuario',
      'a.nome',
      'a.sha256',
    ])
    .where('p.idDocumento', '=', idDocumento);
  consulta =
    'idPeca' in filtro ? consulta.where('p.id', '=', filtro.idPeca) : consulta.where('p.idAnexo', '=', filtro.idAnexo);
  return consulta.executeTakeFirst();
}
export type PecaParaAlterar = NonNullable<Awaited<ReturnType<typeof buscarPecaParaAlterar>>>;

export function pecasAtivas(db: Banco, idDocumento: number) {
  return db
    .selectFrom('peca')
    .select(['id', 'sequencial', 'situacaoTramitacao'])
    .where('idDocumento', '=', idDocumento)
    .where('situacaoVinculo', 'is', null)
    .orderBy('sequencial')
    .orderBy('id')
    .execute();
}

/** The movement a peça added now travels in: the document's next sending. */
export async function proximaSequenciaTramitacao(db: Banco, idDocumento: number): Promise<number> {
  const linha = await db
    .selectFrom('tramitacao')
    .select(sql<number>`coalesce(max(sequencia), 0)::int + 1`.as('proxima'))
    .where('idDocumento', '=', idDocumento)
    .executeTakeFirstOrThrow();
  return linha.proxima;
}

/** Serialises every write and deletion of one content (advisory lock until the transaction ends). */
export async function bloquearConteudo(db: Banco, sha256: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`arquivo:${sha256}`}, 0))`.execute(db);
}

export async function inserirArquivo(db: Banco, dados: { sha256: string; tamanho: number; tipoMime: string }) {
  await db
    .insertInto('arquivo')
    .values(dados)
    .onConflict((oc) => oc.column('sha256').doNothing())
    .execute();
}

export function inserirAnexo(db: Banco, dados: { sha256: string; nome: string; idUsuario: number }) {
  return db.insertInto('anexo').values(dados).returning('id').executeTakeFirstOrThrow();
}

export interface NovaPeca {
  idDocumento: number;
  idAnexo: number;
  sequencial: number;
  descricao: string | null;
  tipoCopia: TipoCopia;
  nivelAcesso: NivelAcesso;
  idHipoteseLegal: number | null;
  /** Issue 24 (0031): the peça's document type, checked by tipoPecaValido. */
  idTipoDocumento?: number | null;
  sequenciaTramitacao: number;
  idUsuario: number;
}

export function inserirPeca(db: Banco, peca: NovaPeca) {
  return db
    .insertInto('peca')
    .values({
      ...peca,
      idPasso: null,
      situacaoTramitacao: null,
      situacaoVinculo: null,
      justificativaAlteracao: null,
      justificativaCancelamento: null,
      idDocumentoPecaDesmembramento: null,
      idUsuarioCancelamento: null,
      canceladoEm: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** Issue 24: a type a peça may have — it exists, is active and is not a process type. */
export function tipoPecaValido(db: Banco, idTipoDocumento: number): Promise<boolean> {
  return existe(
    db
      .selectFrom('tipoDocumento')
      .select('id')
      .where('id', '=', idTipoDocumento)
      .where('ativo', '=', true)
      .where('processo', '=', false),
  );
}

/** PATCH documentos/{id}/pecas/{idAcessoAnexo}/tipo. */
export async function alterarTipo(db: Banco, idPeca: number, idTipoDocumento: number | null): Promise<void> {
  await db.updateTable('peca').set({ idTipoDocumento }).where('id', '=', idPeca).execute();
}

export function alterarDados(
  db: Banco,
  idPeca: number,
  dados: {
    descricao: string | null;
    tipoCopia: TipoCopia;
    nivelAcesso: NivelAcesso;
    idHipoteseLegal: number | null;
    justificativaAlteracao: string;
  },
) {
  return db
    .updateTable('peca')
    .set(dados)
    .where('id', '=', idPeca)
    .returning(['descricao', 'tipoCopia', 'nivelAcesso', 'idHipoteseLegal', 'justificativaAlteracao'])
    .executeTakeFirstOrThrow();
}

/** Writes a new numbering in one statement, touching only the peças whose number changes. */
export async function aplicarNumeracao(db: Banco, numeracao: readonly { id: number; sequencial: number }[]) {
  if (numeracao.length === 0) return;
  const valores = sql.join(numeracao.map((n) => sql`(${n.id}::bigint, ${n.sequencial}::int)`));
  await sql`UPDATE peca SET sequencial = v.sequencial FROM (VALUES ${valores}) AS v(id, sequencial)
    WHERE peca.id = v.id AND peca.sequencial <> v.sequencial`.execute(db);
}

/** The active peças renumbered 1..n in their order, in one statement (after one of them left the numbering). */
export async function fecharNumeracao(db: Banco, idDocumento: number): Promise<void> {
  await sql`UPDATE peca SET sequencial = n.novo
    FROM (SELECT id, row_number() OVER (ORDER BY sequencial, id)::int AS novo FROM peca
          WHERE id_documento = ${idDocumento} AND situacao_vinculo IS NULL) AS n
    WHERE peca.id = n.id AND peca.sequencial <> n.novo`.execute(db);
}

export function cancelar(
  db: Banco,
  idPeca: number,
  dados: {
    situacaoVinculo: SituacaoVinculo;
    justificativaCancelamento: string;
    idDocumentoPecaDesmembramento: number | null;
    idUsuarioCancelamento: number;
  },
) {
  return db
    .updateTable('peca')
    .set({ ...dados, canceladoEm: sql`now()` })
    .where('id', '=', idPeca)
    .where('situacaoVinculo', 'is', null)
    .returning(['situacaoVinculo', 'justificativaCancelamento', 'idDocumentoPecaDesmembramento', 'canceladoEm'])
    .executeTakeFirst();
}

/** Deletes a peça not yet sent and its upload; a signed file linked to it becomes unlinked again. */
export async function excluirPeca(db: Banco, idPeca: number, idAnexo: number): Promise<void> {
  await db
    .updateTable('arquivoAssinado')
    .set({ idPecaVinculada: null, idDocumentoVinculado: null })
    .where('idPecaVinculada', '=', idPeca)
    .execute();
  await db.deleteFrom('peca').where('id', '=', idPeca).where('situacaoTramitacao', 'is', null).execute();
  await db.deleteFrom('anexo').where('id', '=', idAnexo).execute();
}

/** Whether any row still points to a stored content (uploads, signed files, consolidations). */
export async function conteudoReferenciado(db: Banco, sha256: string): Promise<boolean> {
  const { rows } = await sql<{ usado: boolean }>`
    SELECT EXISTS (SELECT 1 FROM anexo WHERE sha256 = ${sha256})
      OR EXISTS (SELECT 1 FROM arquivo_assinado WHERE sha256 = ${sha256} OR sha256_original = ${sha256})
      OR EXISTS (SELECT 1 FROM consolidacao WHERE sha256 = ${sha256}) AS usado`.execute(db);
  return rows[0]?.usado ?? true;
}

export async function excluirArquivo(db: Banco, sha256: string): Promise<void> {
  await db.deleteFrom('arquivo').where('sha256', '=', sha256).execute();
}

/**
 * The stored file of each given peça (by peça id): what a consolidation puts in its PDF. A peça cancelled since keeps
 * the number it had, which an active peça now holds: `situacaoVinculo` tells them apart.
 */
export function buscarArquivosPecas(db: Banco, idsPecas: readonly number[]) {
  return db
    .selectFrom('peca as p')
    .innerJoin('anexo as an', 'an.id', 'p.idAnexo')
    .innerJoin('arquivo as ar', 'ar.sha256', 'an.sha256')
    .select(['p.id', 'p.sequencial', 'p.situacaoVinculo', 'an.nome', 'an.sha256', 'ar.tamanho', 'ar.tipoMime'])
    .where('p.id', 'in', idsPecas.length > 0 ? idsPecas : [0])
    .execute();
}

/** Issue 24: a received peça the origin body had removed, kept cancelled (situação M) with the reason. */
export async function marcarPecaRetirada(db: Banco, idPeca: number, justificativa: string, idUsuario: number) {
  await db
    .updateTable('peca')
    .set({
      situacaoVinculo: 'M',
      justificativaCancelamento: justificativa,
      idUsuarioCancelamento: idUsuario,
      canceladoEm: sql`now()`,
    })
    .where('id', '=', idPeca)
    .execute();
}
