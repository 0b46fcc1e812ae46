import type { DestinoPasso, NivelAcesso, SituacaoDocumento, TipoPasso } from '@tramite/shared';
import { type RawBuilder, sql } from 'kysely';
import type { Banco } from '../../db/connection.ts';

const FUSO = 'America/Sao_Paulo';

const COLUNAS_DOCUMENTO = [
  'id',
  'numero',
  'situacao',
  'idTipoDocumento',
  'idAssunto',
  'urgente',
  'idUnidadeCriadora',
  'idUnidadeAtual',
  'estadoProcessamento',
  'estadoVisibilidadeCaixa',
  'idDocumentoAgregador',
] as const;

/** Locks the document for a receipt or a sending: a concurrent receive or send of it waits until this one ends. */
export function bloquearDocumento(db: Banco, idDocumento: number) {
  return db
    .selectFrom('documento')
    .select(COLUNAS_DOCUMENTO)
    .where('id', '=', idDocumento)
    .forUpdate()
    .executeTakeFirst();
}

/** What the forwarding rules read of a document, without locking it (the screens' lookups). */
export function lerDocumento(db: Banco, idDocumento: number) {
  return db.selectFrom('documento').select(COLUNAS_DOCUMENTO).where('id', '=', idDocumento).executeTakeFirst();
}
export type DocumentoTramitacao = NonNullable<Awaited<ReturnType<typeof lerDocumento>>>;

/**
 * Marks the document's last tramitação as received by the unit, only if it is still pending and addressed to that
 * unit: of two concurrent receipts, the second finds nothing to update.
 */
export function marcarRecebida(db: Banco, idDocumento: number, idUnidade: number, idUsuario: number) {
  return db
    .updateTable('tramitacao')
    .set({ dtRecebimento: sql`now()`, idUsuarioRecebedor: idUsuario })
    .where('idDocumento', '=', idDocumento)
    .where('idUnidadeDestino', '=', idUnidade)
    .where('dtRecebimento', 'is', null)
    .where(
      'sequencia',
      '=',
      db
        .selectFrom('tramitacao')
        .select((eb) => eb.fn.max('sequencia').as('ultima'))
        .where('idDocumento', '=', idDocumento),
    )
    .returning(['id', 'sequencia', 'idUnidadeOrigem', 'idUnidadeDestino', 'dtRecebimento'])
    .executeTakeFirst();
}

/** Re-forwarding: an administrator receives the pending last tramitação in the name of its destination unit. */
export function marcarRecebidaEmNome(db: Banco, idDocumento: number, idUsuario: number) {
  return db
    .updateTable('tramitacao')
    .set({ dtRecebimento: sql`now()`, idUsuarioRecebedor: idUsuario, reencaminhamento: true })
    .where('idDocumento', '=', idDocumento)
    .where('dtRecebimento', 'is', null)
    .where(
      'sequencia',
      '=',
      db
        .selectFrom('tramitacao')
        .select((eb) => eb.fn.max('sequencia').as('ultima'))
        .where('idDocumento', '=', idDocumento),
    )
    .returning(['id', 'sequencia', 'idUnidadeOrigem', 'idUnidadeDestino', 'dtRecebimento'])
    .executeTakeFirst();
}

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
    .execute();
}

export function buscarUltimaTramitacao(db: Banco, idDocumento: number) {
  return db
    .selectFrom('tramitacao')
    .select(['id', 'sequencia', 'idUnidadeOrigem', 'idUnidadeDestino', 'dtRecebimento'])
    .where('idDocumento', '=', idDocumento)
    .orderBy('sequencia', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function registrarRecebimento(
  db: Banco,
  idDocumento: number,
  idUnidade: number,
  situacao: Extract<SituacaoDocumento, 'RECEBIDO' | 'T'> = 'RECEBIDO',
) {
  return db
    .updateTable('documento')
    .set({ situacao, idUnidadeAtual: idUnidade, dataUltimaAlteracao: sql`now()` })
    .where('id', '=', idDocumento)
    .returning(['situacao', 'idUnidadeAtual'])
    .executeTakeFirstOrThrow();
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

// ---------------------------------------------------------------------------------------------------------------
// Flows, steps and destinations

export interface PassoDoFluxo {
  id: number;
  idFluxo: number;
  descricao: string;
  tipo: TipoPasso;
  ordem: number;
  destino: DestinoPasso;
  /** passo_unidade_origem: units allowed to take the step (empty: any unit holding the document). */
  origens: number[];
}

export interface FluxoComPassos {
  id: number;
  descricao: string;
  passos: PassoDoFluxo[];
}

const passosComOrigens = sql`
  SELECT p.id, p.id_fluxo, p.descricao, p.tipo, p.ordem, p.destino,
    coalesce((SELECT json_agg(o.id_unidade ORDER BY o.id_unidade) FROM passo_unidade_origem o WHERE o.id_passo = p.id),
      '[]'::json) AS origens
  FROM passo p`;

/** The active flows of a type and the generic ones (no type), by descricao, with their steps in order. */
export async function listarFluxos(db: Banco, idTipoDocumento: number): Promise<FluxoComPassos[]> {
  const fluxos = await db
    .selectFrom('fluxo')
    .select(['id', 'descricao'])
    .where('ativo', '=', true)
    .where((eb) => eb.or([eb('idTipoDocumento', '=', idTipoDocumento), eb('idTipoDocumento', 'is', null)]))
    .orderBy(sql`descricao COLLATE pt_br`)
    .orderBy('id')
    .execute();
  if (fluxos.length === 0) return [];
  const ids = fluxos.map((f) => f.id);
  const { rows } = await sql<PassoDoFluxo>`
    ${passosComOrigens}
    WHERE p.id_fluxo IN (${sql.join(ids)})
    ORDER BY p.ordem, p.id`.execute(db);
  return fluxos.map((f) => ({ ...f, passos: rows.filter((p) => p.idFluxo === f.id) }));
}

/** A step with its flow: the flow's type (null: generic), description and whether it is active. */
export async function buscarPasso(db: Banco, idPasso: number) {
  const { rows } = await sql<
    PassoDoFluxo & { fluxoDescricao: string; fluxoIdTipoDocumento: number | null; fluxoAtivo: boolean }
  >`
    SELECT x.*, f.descricao AS fluxo_descricao, f.id_tipo_documento AS fluxo_id_tipo_documento, f.ativo AS fluxo_ativo
    FROM (${passosComOrigens} WHERE p.id = ${idPasso}) x
    JOIN fluxo f ON f.id = x.id_fluxo`.execute(db);
  return rows[0];
}
export type PassoComFluxo = NonNullable<Awaited<ReturnType<typeof buscarPasso>>>;

/** The step of the type's active flows with the same flow description, step description and kind. */
export async function buscarPassoEquivalente(db: Banco, passo: PassoComFluxo, idTipoDocumento: number) {
  const linha = await db
    .selectFrom('passo as p')
    .innerJoin('fluxo as f', 'f.id', 'p.idFluxo')
    .select('p.id')
    .where('f.ativo', '=', true)
    .where('f.idTipoDocumento', '=', idTipoDocumento)
    .where('f.descricao', '=', passo.fluxoDescricao)
    .where('p.descricao', '=', passo.descricao)
    .where('p.tipo', '=', passo.tipo)
    .orderBy('p.id')
    .executeTakeFirst();
  return linha ? buscarPasso(db, linha.id) : undefined;
}

/** The unit that sent the document to this unit: origin of the last tramitação it received. */
function remetenteUltimoRecebimento(idDocumento: number, idUnidade: number): RawBuilder<number> {
  return sql<number>`(
    SELECT t.id_unidade_origem FROM tramitacao t
    WHERE t.id_documento = ${idDocumento} AND t.id_unidade_destino = ${idUnidade} AND t.dt_recebimento IS NOT NULL
    ORDER BY t.sequencia DESC LIMIT 1)`;
}

/**
 * The destinations a step allows to the unit holding the document, by nome: LISTADAS the listed units, PAI the
 * unit's parent, ARQUIVO the archive units, QUALQUER every active unit; a DEVOLVER step open to any unit returns to
 * whoever sent the document; an ARQUIVAR step only ever reaches archive units. Never the unit itself, never an
 * inactive unit.
 */
export function listarDestinos(
  db: Banco,
  passo: Pick<PassoDoFluxo, 'id' | 'tipo' | 'destino'>,
  idUnidade: number,
  idDocumento: number,
) {
  let consulta = db
    .selectFrom('unidade as u')
    .select(['u.id', 'u.sigla', 'u.nome'])
    .where('u.ativa', '=', true)
    .where('u.id', '<>', idUnidade);
  if (passo.destino === 'LISTADAS') {
    consulta = consulta.where('u.id', 'in', (eb) =>
      eb.selectFrom('passoDestino').select('passoDestino.idUnidade').where('passoDestino.idPasso', '=', passo.id),
    );
  } else if (passo.destino === 'PAI') {
    consulta = consulta.where('u.id', '=', (eb) =>
      eb.selectFrom('unidade as filha').select('filha.idUnidadePai').where('filha.id', '=', idUnidade),
    );
  } else if (passo.destino === 'ARQUIVO') {
    consulta = consulta.where('u.arquivo', '=', true);
  } else if (passo.tipo === 'DEVOLVER') {
    consulta = consulta.where('u.id', '=', remetenteUltimoRecebimento(idDocumento, idUnidade));
  }
  if (passo.tipo === 'ARQUIVAR') consulta = consulta.where('u.arquivo', '=', true);
  return consulta.orderBy(sql`u.nome COLLATE pt_br`).orderBy('u.id').execute();
}

// ---------------------------------------------------------------------------------------------------------------
// Sending

export async function contarPecas(db: Banco, idDocumento: number): Promise<number> {
  const { total } = await db
    .selectFrom('peca')
    .select(sql<number>`count(*)::int`.as('total'))
    .where('idDocumento', '=', idDocumento)
    .where('situacaoVinculo', 'is', null)
    .executeTakeFirstOrThrow();
  return total;
}

export function hipoteseAtiva(db: Banco, id: number) {
  return db.selectFrom('hipoteseLegal').select('id').where('id', '=', id).where('ativa', '=', true).executeTakeFirst();
}

export function buscarRascunho(db: Banco, idDocumento: number, idUnidade: number) {
  return db
    .selectFrom('rascunhoDespacho')
    .select(['despacho', 'despachoPreparatorio'])
    .where('idDocumento', '=', idDocumento)
    .where('idUnidade', '=', idUnidade)
    .executeTakeFirst();
}

/** Saves only the fields given; the other one keeps its saved value. */
export function salvarRascunho(
  db: Banco,
  dados: {
    idDocumento: number;
    idUnidade: number;
    idUsuario: number;
    despacho?: string | null;
    despachoPreparatorio?: string | null;
  },
) {
  const alterados = {
    ...(dados.despacho !== undefined ? { despacho: dados.despacho } : {}),
    ...(dados.despachoPreparatorio !== undefined ? { despachoPreparatorio: dados.despachoPreparatorio } : {}),
  };
  return db
    .insertInto('rascunhoDespacho')
    .values({
      idDocumento: dados.idDocumento,
      idUnidade: dados.idUnidade,
      idUsuario: dados.idUsuario,
      despacho: dados.despacho ?? null,
      despachoPreparatorio: dados.despachoPreparatorio ?? null,
    })
    .onConflict((oc) =>
      oc
        .columns(['idDocumento', 'idUnidade'])
        .doUpdateSet({ ...alterados, idUsuario: dados.idUsuario, atualizadoEm: sql`now()` }),
    )
    .returning(['despacho', 'despachoPreparatorio'])
    .executeTakeFirstOrThrow();
}

export async function apagarRascunho(db: Banco, idDocumento: number, idUnidade: number): Promise<void> {
  await db
    .deleteFrom('rascunhoDespacho')
    .where('idDocumento', '=', idDocumento)
    .where('idUnidade', '=', idUnidade)
    .execute();
}

export interface NovaTramitacao {
  idDocumento: number;
  idFluxo: number;
  idPasso: number;
  idUnidadeOrigem: number;
  idUnidadeDestino: number;
  idUsuarioRemetente: number;
  despacho: string | null;
  tipoDespacho: string;
  nivelAcesso: NivelAcesso;
  idHipoteseLegal: number | null;
  despachoPreparatorio: string | null;
  reencaminhamento: boolean;
}

/** The immutable movement row, numbered after the document's last one (unique per document and sequencia). */
export function inserirTramitacao(db: Banco, t: NovaTramitacao) {
  return db
    .insertInto('tramitacao')
    .values({
      ...t,
      sequencia: sql<number>`(SELECT coalesce(max(sequencia), 0) + 1 FROM tramitacao WHERE id_documento = ${t.idDocumento})`,
      dtDespacho: sql`now()`,
      dtRecebimento: null,
      idUsuarioRecebedor: null,
      idTramitacaoPrincipal: null,
    })
    .returning(['id', 'sequencia', 'dtDespacho'])
    .executeTakeFirstOrThrow();
}

/** The sending's effect on the document: ENVIADO now; the first sending also validates it (data_validade). */
export function registrarEnvio(db: Banco, idDocumento: number, estadoProcessamento: number) {
  return db
    .updateTable('documento')
    .set({
      situacao: 'ENVIADO',
      estadoProcessamento,
      dataEnvio: sql`now()`,
      dataValidade: sql`coalesce(data_validade, now())`,
      dataUltimaAlteracao: sql`now()`,
    })
    .where('id', '=', idDocumento)
    .returning(['situacao', 'estadoProcessamento', 'dataEnvio', 'dataValidade'])
    .executeTakeFirstOrThrow();
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
      id_tramitacao_principal)
    SELECT a.id, coalesce((SELECT max(x.sequencia) FROM tramitacao x WHERE x.id_documento = a.id), 0) + 1,
      p.id_fluxo, p.id_passo, p.id_unidade_origem, p.id_unidade_destino, p.id_usuario_remetente, p.despacho,
      p.tipo_despacho, p.nivel_acesso, p.id_hipotese_legal, p.dt_despacho, p.reencaminhamento, p.id
    FROM agregados a CROSS JOIN tramitacao p
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

export async function inserirDesarquivamento(
  db: Banco,
  d: { idDocumento: number; idUnidade: number; idUsuario: number; idTramitacao: number; motivo: string },
): Promise<void> {
  await db
    .insertInto('desarquivamento')
    .values({ ...d, em: sql`now()` })
    .execute();
}

// ---------------------------------------------------------------------------------------------------------------
// Movement history

function consultaTramitacoes(db: Banco) {
  return db
    .selectFrom('tramitacao as t')
    .innerJoin('unidade as uo', 'uo.id', 't.idUnidadeOrigem')
    .innerJoin('unidade as ud', 'ud.id', 't.idUnidadeDestino')
    .innerJoin('usuario as rem', 'rem.id', 't.idUsuarioRemetente')
    .leftJoin('usuario as rec', 'rec.id', 't.idUsuarioRecebedor')
    .leftJoin('passo as p', 'p.id', 't.idPasso')
    .leftJoin('fluxo as f', 'f.id', 't.idFluxo')
    .leftJoin('hipoteseLegal as h', 'h.id', 't.idHipoteseLegal')
    .select([
      't.id',
      't.sequencia',
      't.idPasso',
      'p.descricao as passo',
      'p.tipo as tipoPasso',
      'f.descricao as fluxo',
      't.idUnidadeOrigem',
      'uo.sigla as origemSigla',
      'uo.nome as origemNome',
      't.idUnidadeDestino',
      'ud.sigla as destinoSigla',
      'ud.nome as destinoNome',
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
    ]);
}

export function listarTramitacoes(db: Banco, idDocumento: number) {
  return consultaTramitacoes(db).where('t.idDocumento', '=', idDocumento).orderBy('t.sequencia').execute();
}
export type LinhaTramitacao = Awaited<ReturnType<typeof listarTramitacoes>>[number];

export function buscarTramitacao(db: Banco, idTramitacao: number) {
  return consultaTramitacoes(db).where('t.id', '=', idTramitacao).executeTakeFirst();
}

export function buscarUltimaTramitacaoCompleta(db: Banco, idDocumento: number) {
  return consultaTramitacoes(db)
    .where('t.idDocumento', '=', idDocumento)
    .orderBy('t.sequencia', 'desc')
    .limit(1)
    .executeTakeFirst();
}

// ---------------------------------------------------------------------------------------------------------------
// Postal box

export interface CriteriosCaixa {
  idUnidade: number;
  /** Only digits; '' matches nothing. */
  numeroDigitos?: string;
  idTipoDocumento?: number;
  periodo?: { inicio: string; fim: string };
  /** Drafts (EM_CRIACAO) of the unit belong to its own box, not to the re-forwarding list. */
  incluirRascunhos: boolean;
  ordenacao: 'dataEnvio' | 'numero' | 'tipo';
  direcao: 'asc' | 'desc';
  pagina: number;
  tamanhoPagina: number;
}

export interface LinhaCaixa {
  id: number;
  numero: string;
  idTipoDocumento: number;
  tipoDescricao: string;
  resumoAssunto: string | null;
  situacao: SituacaoDocumento;
  pendente: boolean;
  origemSigla: string | null;
  dataEnvio: Date | null;
  dataCriacao: Date;
  urgente: boolean;
  estadoProcessamento: number;
  estadoOrigem: number;
  estadoTamanho: number;
  estadoVisibilidadeCaixa: number | null;
}

const inicioDoDia = (dia: string) => sql`(${dia}::date)::timestamp AT TIME ZONE ${FUSO}`;
const fimDoDia = (dia: string) => sql`(${dia}::date + 1)::timestamp AT TIME ZONE ${FUSO}`;

/**
 * The box as a union of its two disjoint parts, each read from its own index by unit and date: what was sent to the
 * unit and waits (tramitacao_caixa_pendente_idx; dt_despacho is the document's data_envio) and what the unit holds
 * (documento_caixa_postal_idx). With `primeiras`, each part gives only its first rows in the box's date order,
 * straight from its index (migration 0013): a page by date never reads the whole box.
 */
function caixa(c: CriteriosCaixa, primeiras?: { direcao: RawBuilder<unknown>; quantidade: number }) {
  const filtrosDocumento = [sql`(d.estado_visibilidade_caixa IS NULL OR d.estado_visibilidade_caixa = 1)`];
  if (c.numeroDigitos !== undefined) {
    // Only digits reach here, so no LIKE wildcard can be smuggled in; the trigram index serves '%...%'.
    filtrosDocumento.push(c.numeroDigitos === '' ? sql`false` : sql`d.numero_digitos LIKE ${`%${c.numeroDigitos}%`}`);
  }
  if (c.idTipoDocumento !== undefined) filtrosDocumento.push(sql`d.id_tipo_documento = ${c.idTipoDocumento}`);
  const filtros = sql.join(filtrosDocumento, sql` AND `);
  const periodo = (coluna: RawBuilder<unknown>) =>
    c.periodo
      ? sql`AND ${coluna} >= ${inicioDoDia(c.periodo.inicio)} AND ${coluna} < ${fimDoDia(c.periodo.fim)}`
      : sql``;
  const primeirasPor = (data: RawBuilder<unknown>, id: RawBuilder<unknown>) =>
    primeiras
      ? sql`ORDER BY ${data} ${primeiras.direcao}, ${id} ${primeiras.direcao} LIMIT ${primeiras.quantidade}`
      : sql``;
  const situacoes = c.incluirRascunhos ? sql`('RECEBIDO', 'T', 'EM_CRIACAO')` : sql`('RECEBIDO', 'T')`;
  const ordemRecebidos = sql`coalesce(d.data_envio, d.data_criacao)`;
  return sql`
    (SELECT t.id_documento AS id, t.dt_despacho AS data_ordem, true AS pendente, d.numero, d.id_tipo_documento
    FROM tramitacao t JOIN documento d ON d.id = t.id_documento
    WHERE t.id_unidade_destino = ${c.idUnidade} AND t.dt_recebimento IS NULL AND t.id_tramitacao_principal IS NULL
      AND d.situacao = 'ENVIADO' AND ${filtros} ${periodo(sql`t.dt_despacho`)}
    ${primeirasPor(sql`t.dt_despacho`, sql`t.id_documento`)})
    UNION ALL
    (SELECT d.id, ${ordemRecebidos}, false, d.numero, d.id_tipo_documento
    FROM documento d
    WHERE d.id_unidade_atual = ${c.idUnidade} AND d.situacao IN ${situacoes}
      AND ${filtros} ${periodo(ordemRecebidos)}
    ${primeirasPor(ordemRecebidos, sql`d.id`)})`;
}

/** The box's count and page as statements, apart from running them: the SQL snapshots (db/consultas) compile them. */
export function consultasCaixa(c: CriteriosCaixa) {
  const dir = c.direcao === 'asc' ? sql`ASC` : sql`DESC`;
  const inicio = (c.pagina - 1) * c.tamanhoPagina;
  const chave = {
    dataEnvio: sql`c.data_ordem ${dir}`,
    numero: sql`c.numero ${dir}`,
    tipo: sql`(SELECT tp.descricao FROM tipo_documento tp WHERE tp.id = c.id_tipo_documento) COLLATE pt_br ${dir}`,
  }[c.ordenacao];
  const linhas =
    c.ordenacao === 'dataEnvio' ? caixa(c, { direcao: dir, quantidade: inicio + c.tamanhoPagina }) : caixa(c);
  return {
    contagem: sql<{ total: number }>`SELECT count(*)::int AS total FROM (${caixa(c)}) c`,
    // The page's keys first, then the details of those rows only.
    pagina: sql<LinhaCaixa>`
    WITH pagina AS (
      SELECT c.id, c.pendente, c.data_ordem, c.numero, c.id_tipo_documento FROM (${linhas}) c
      ORDER BY ${chave}, c.id ${dir}
      LIMIT ${c.tamanhoPagina} OFFSET ${inicio}
    )
    SELECT d.id, d.numero, d.id_tipo_documento, tp.descricao AS tipo_descricao, d.resumo_assunto, d.situacao,
      c.pendente, d.data_envio, d.data_criacao, d.urgente, d.estado_processamento, d.estado_origem, d.estado_tamanho,
      d.estado_visibilidade_caixa,
      (SELECT uo.sigla FROM tramitacao t JOIN unidade uo ON uo.id = t.id_unidade_origem
        WHERE t.id_documento = d.id ORDER BY t.sequencia DESC LIMIT 1) AS origem_sigla
    FROM pagina c
    JOIN documento d ON d.id = c.id
    JOIN tipo_documento tp ON tp.id = d.id_tipo_documento
    ORDER BY ${chave}, c.id ${dir}`,
  };
}

export async function listarCaixa(db: Banco, c: CriteriosCaixa): Promise<{ itens: LinhaCaixa[]; total: number }> {
  const consultas = consultasCaixa(c);
  // The count and the page are independent: on a server they run side by side on two connections.
  const [contagem, pagina] = await Promise.all([consultas.contagem.execute(db), consultas.pagina.execute(db)]);
  return { itens: pagina.rows, total: contagem.rows[0]?.total ?? 0 };
}

/** Re-forwarding: every unit, active or not, with documents pending to it or held by it, by nome. */
export function listarUnidadesComDocumentos(db: Banco) {
  return db
    .selectFrom('unidade as u')
    .select(['u.id', 'u.sigla', 'u.nome', 'u.codigo', 'u.ativa'])
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('documento as d')
            .select(sql`1`.as('um'))
            .whereRef('d.idUnidadeAtual', '=', 'u.id')
            .where('d.situacao', 'in', ['RECEBIDO', 'T'])
            .where(sql<boolean>`(d.estado_visibilidade_caixa IS NULL OR d.estado_visibilidade_caixa = 1)`),
        ),
        eb.exists(
          eb
            .selectFrom('tramitacao as t')
            .innerJoin('documento as d', 'd.id', 't.idDocumento')
            .select(sql`1`.as('um'))
            .whereRef('t.idUnidadeDestino', '=', 'u.id')
            .where('t.dtRecebimento', 'is', null)
            .where('t.idTramitacaoPrincipal', 'is', null)
            .where('d.situacao', '=', 'ENVIADO')
            .where(sql<boolean>`(d.estado_visibilidade_caixa IS NULL OR d.estado_visibilidade_caixa = 1)`),
        ),
      ]),
    )
    .orderBy(sql`u.nome COLLATE pt_br`)
    .orderBy('u.id')
    .execute();
}

export function buscarUnidade(db: Banco, id: number) {
  return db.selectFrom('unidade').select(['id', 'sigla', 'nome', 'ativa']).where('id', '=', id).executeTakeFirst();
}

/** The sending and the interested party's address, when the document's type tells them of every sending. */
export function buscarDadosNotificacaoInteressado(db: Banco, idTramitacao: number) {
  return db
    .selectFrom('tramitacao as t')
    .innerJoin('documento as d', 'd.id', 't.idDocumento')
    .innerJoin('tipoDocumento as td', 'td.id', 'd.idTipoDocumento')
    .innerJoin('interessado as i', 'i.id', 'd.idInteressado')
    .leftJoin('pessoa as p', 'p.id', 'i.idPessoa')
    .leftJoin('unidade as ui', 'ui.id', 'i.idUnidade')
    .innerJoin('unidade as uo', 'uo.id', 't.idUnidadeOrigem')
    .innerJoin('unidade as ud', 'ud.id', 't.idUnidadeDestino')
    .leftJoin('passo', 'passo.id', 't.idPasso')
    .select([
      'd.id as idDocumento',
      'd.numero',
      'td.descricao as tipo',
      'i.nome as nomeInteressado',
      sql<string | null>`coalesce(i.email, p.email, ui.email)`.as('email'),
      'uo.sigla as siglaOrigem',
      'uo.nome as nomeOrigem',
      'ud.sigla as siglaDestino',
      'ud.nome as nomeDestino',
      'passo.descricao as passo',
      't.dtDespacho',
    ])
    .where('t.id', '=', idTramitacao)
    .where('td.notificaInteressadoTramitacao', '=', true)
    .executeTakeFirst();
}
