import type { ContagensCaixaPostal, FilaCaixaPostal, SituacaoDocumento, SituacaoPrazo } from '@tramite/shared';
import { type RawBuilder, sql } from 'kysely';
import type { Banco } from '../../db/connection.ts';
import { fimDoDia, inicioDoDia, visivelNaCaixa } from '../../db/expressoes.ts';

// Postal box: the unit's box (also the re-forwarding list of a unit) and the units with documents in a box.

export interface CriteriosCaixa {
  idUnidade: number;
  /** Only digits; '' matches nothing. */
  numeroDigitos?: string;
  idTipoDocumento?: number;
  periodo?: { inicio: string; fim: string };
  /** Drafts (EM_CRIACAO) of the unit belong to its own box, not to the re-forwarding list. */
  incluirRascunhos: boolean;
  /** One queue of the box (issue 20); absent: the whole box. */
  fila?: FilaCaixaPostal;
  /**
   * What "novos" counts from: documents that arrived in the unit after this instant; null when the user has no
   * previous visit (every arrival is new). Only read with fila 'novos' and in the counts.
   */
  novosDesde?: Date | null;
  /** Issue 20: only documents whose deadline is in this state on `hoje`. */
  situacaoPrazo?: SituacaoPrazo;
  /** Today in Brasília (YYYY-MM-DD), against which `situacaoPrazo` is judged; required with it. */
  hoje?: string;
  /** Issue 20: only suspended documents (estado 2001 = 5). */
  sobrestados?: boolean;
  /** The user whose readings decide `lido`; absent (re-forwarding), every row is read. */
  idLeitor?: number;
  /** Issue 22: only the rows `idLeitor` has not opened since they arrived (`lido` false). */
  naoLidos?: boolean;
  ordenacao: 'dataEnvio' | 'numero' | 'tipo' | 'prazo';
  direcao: 'asc' | 'desc';
  pagina: number;
  tamanhoPagina: number;
}

/** What decides which rows are in the box (the rest of CriteriosCaixa shapes the page). */
type FiltrosCaixa = Omit<CriteriosCaixa, 'ordenacao' | 'direcao' | 'pagina' | 'tamanhoPagina'>;

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
  /** documento.prazo: YYYY-MM-DD or null. */
  prazo: string | null;
  urgente: boolean;
  lido: boolean;
  estadoProcessamento: number;
  estadoOrigem: number;
  estadoTamanho: number;
  estadoVisibilidadeCaixa: number | null;
}

/** Minutes without a request to a unit's box after which the next one starts a new visit ("novos", issue 20). */
export const INTERVALO_VISITA_MINUTOS = 30;

/** An arrival (the sending that brought the document to the unit; null for drafts) that counts as new. */
function chegadaNova(chegada: RawBuilder<unknown>, desde: Date | null | undefined) {
  return desde ? sql<boolean>`(${chegada} > ${desde})` : sql<boolean>`(${chegada} IS NOT NULL)`;
}

/** Issue 20: a deadline column in a state on `hoje` (SEM_PRAZO: none). */
export function prazoNaSituacao(prazo: RawBuilder<unknown>, situacao: SituacaoPrazo, hoje: string) {
  switch (situacao) {
    case 'SEM_PRAZO':
      return sql<boolean>`${prazo} IS NULL`;
    case 'NO_PRAZO':
      return sql<boolean>`${prazo} > ${hoje}::date`;
    case 'VENCE_HOJE':
      return sql<boolean>`${prazo} = ${hoje}::date`;
    case 'VENCIDO':
      return sql<boolean>`${prazo} < ${hoje}::date`;
  }
}

/**
 * Issue 22: a row the reader has not opened since it arrived in the unit (`chegada`: the row's date in the box), the
 * negation of the page's `lido`. Without a reader every row is read.
 */
function naoLido(idLeitor: number | undefined, chegada: RawBuilder<unknown>) {
  if (idLeitor === undefined) return sql<boolean>`false`;
  return sql<boolean>`NOT EXISTS (SELECT 1 FROM documento_leitura l
    WHERE l.id_usuario = ${idLeitor} AND l.id_documento = d.id AND l.dt_leitura >= ${chegada})`;
}

/** How `primeiras` orders each part: by its date, or (issue 20) by deadline first with no deadline last. */
type Primeiras = { direcao: RawBuilder<unknown>; quantidade: number; porPrazo?: boolean };

/**
 * The box as a union of its two disjoint parts, each read from its own index by unit and date: what was sent to the
 * unit and waits (tramitacao_caixa_pendente_idx; dt_despacho is the document's data_envio) and what the unit holds
 * (documento_caixa_postal_idx). With `primeiras`, each part gives only its first rows in the box's date order,
 * straight from its index (migration 0013): a page by date never reads the whole box.
 */
function caixa(c: FiltrosCaixa, primeiras?: Primeiras) {
  const filtrosDocumento: RawBuilder<unknown>[] = [visivelNaCaixa];
  if (c.numeroDigitos !== undefined) {
    // Only digits reach here, so no LIKE wildcard can be smuggled in; the trigram index serves '%...%'.
    filtrosDocumento.push(c.numeroDigitos === '' ? sql`false` : sql`d.numero_digitos LIKE ${`%${c.numeroDigitos}%`}`);
  }
  if (c.idTipoDocumento !== undefined) filtrosDocumento.push(sql`d.id_tipo_documento = ${c.idTipoDocumento}`);
  if (c.sobrestados) filtrosDocumento.push(sql`d.estado_processamento = 5`);
  const filtros = sql.join(filtrosDocumento, sql` AND `);
  // A pending row's deadline is its tramitação's (the document's last live one, so the same as documento.prazo),
  // which its index orders; a held row's is the document's.
  const prazoNa = (prazo: RawBuilder<unknown>) =>
    c.situacaoPrazo === undefined || c.hoje === undefined
      ? sql``
      : sql`AND ${prazoNaSituacao(prazo, c.situacaoPrazo, c.hoje)}`;
  // The queues, as the counts of consultasCaixa count them: each part keeps what the queue keeps of it.
  const filaPendentes = {
    aguardando: sql`true`,
    recebidos: sql`false`,
    novos: chegadaNova(sql`t.dt_despacho`, c.novosDesde),
    urgentes: sql`d.urgente`,
    todos: sql`true`,
  }[c.fila ?? 'todos'];
  const filaEmPosse = {
    aguardando: sql`false`,
    recebidos: sql`d.situacao IN ('RECEBIDO', 'T')`,
    novos: chegadaNova(sql`d.data_envio`, c.novosDesde),
    urgentes: sql`d.urgente`,
    todos: sql`true`,
  }[c.fila ?? 'todos'];
  const periodo = (coluna: RawBuilder<unknown>) =>
    c.periodo
      ? sql`AND ${coluna} >= ${inicioDoDia(c.periodo.inicio)} AND ${coluna} < ${fimDoDia(c.periodo.fim)}`
      : sql``;
  const primeirasPor = (data: RawBuilder<unknown>, id: RawBuilder<unknown>, prazo: RawBuilder<unknown>) => {
    if (!primeiras) return sql``;
    if (primeiras.porPrazo) {
      return sql`ORDER BY ${prazo} ${primeiras.direcao} NULLS LAST, ${data} DESC, ${id} DESC LIMIT ${primeiras.quantidade}`;
    }
    return sql`ORDER BY ${data} ${primeiras.direcao}, ${id} ${primeiras.direcao} LIMIT ${primeiras.quantidade}`;
  };
  const naoLidosNa = (chegada: RawBuilder<unknown>) => (c.naoLidos ? sql` AND ${naoLido(c.idLeitor, chegada)}` : sql``);
  const situacoes = c.incluirRascunhos ? sql`('RECEBIDO', 'T', 'EM_CRIACAO')` : sql`('RECEBIDO', 'T')`;
  const ordemRecebidos = sql`coalesce(d.data_envio, d.data_criacao)`;
  return sql`
    (SELECT t.id_documento AS id, t.dt_despacho AS data_ordem, true AS pendente, d.numero, d.id_tipo_documento,
      d.situacao, d.urgente, t.dt_despacho AS chegada, t.prazo
    FROM tramitacao t JOIN documento d ON d.id = t.id_documento
    WHERE t.id_unidade_destino = ${c.idUnidade} AND t.dt_recebimento IS NULL AND t.dt_cancelamento IS NULL AND t.id_tramitacao_principal IS NULL
      AND d.situacao = 'ENVIADO' AND ${filtros} AND ${filaPendentes} ${periodo(sql`t.dt_despacho`)} ${prazoNa(sql`t.prazo`)}${naoLidosNa(sql`t.dt_despacho`)}
    ${primeirasPor(sql`t.dt_despacho`, sql`t.id_documento`, sql`t.prazo`)})
    UNION ALL
    (SELECT d.id, ${ordemRecebidos}, false, d.numero, d.id_tipo_documento, d.situacao, d.urgente, d.data_envio, d.prazo
    FROM documento d
    WHERE d.id_unidade_atual = ${c.idUnidade} AND d.situacao IN ${situacoes}
      AND ${filtros} AND ${filaEmPosse} ${periodo(ordemRecebidos)} ${prazoNa(sql`d.prazo`)}${naoLidosNa(ordemRecebidos)}
    ${primeirasPor(ordemRecebidos, sql`d.id`, sql`d.prazo`)})`;
}

/** The box's count and page as statements, apart from running them: the SQL snapshots (db/consultas) compile them. */
export function consultasCaixa(c: CriteriosCaixa) {
  const dir = c.direcao === 'asc' ? sql`ASC` : sql`DESC`;
  const inicio = (c.pagina - 1) * c.tamanhoPagina;
  const chave = {
    dataEnvio: sql`c.data_ordem ${dir}`,
    numero: sql`c.numero ${dir}`,
    tipo: sql`(SELECT tp.descricao FROM tipo_documento tp WHERE tp.id = c.id_tipo_documento) COLLATE pt_br ${dir}`,
    prazo: sql`c.prazo ${dir} NULLS LAST, c.data_ordem DESC`,
  }[c.ordenacao];
  // The deadline order breaks ties by the newest arrival whatever the direction, as the box's default order.
  const desempate = c.ordenacao === 'prazo' ? sql`c.id DESC` : sql`c.id ${dir}`;
  const linhas =
    c.ordenacao === 'dataEnvio' || c.ordenacao === 'prazo'
      ? caixa(c, { direcao: dir, quantidade: inicio + c.tamanhoPagina, porPrazo: c.ordenacao === 'prazo' })
      : caixa(c);
  // Read when the user opened (or received) it since it arrived: the arrival is the row's date in the box.
  const leitura =
    c.idLeitor === undefined
      ? sql``
      : sql`LEFT JOIN documento_leitura l ON l.id_documento = d.id AND l.id_usuario = ${c.idLeitor}`;
  const lido =
    c.idLeitor === undefined ? sql`true AS lido` : sql`coalesce(l.dt_leitura >= c.data_ordem, false) AS lido`;
  return {
    contagem: sql<{ total: number }>`SELECT count(*)::int AS total FROM (${caixa(c)}) c`,
    // The page's keys first, then the details of those rows only.
    pagina: sql<LinhaCaixa>`
    WITH pagina AS (
      SELECT c.id, c.pendente, c.data_ordem, c.numero, c.id_tipo_documento, c.prazo FROM (${linhas}) c
      ORDER BY ${chave}, ${desempate}
      LIMIT ${c.tamanhoPagina} OFFSET ${inicio}
    )
    SELECT d.id, d.numero, d.id_tipo_documento, tp.descricao AS tipo_descricao, d.resumo_assunto, d.situacao,
      c.pendente, d.data_envio, d.data_criacao, to_char(c.prazo, 'YYYY-MM-DD') AS prazo, d.urgente, d.estado_processamento, d.estado_origem, d.estado_tamanho,
      d.estado_visibilidade_caixa, ${lido},
      (SELECT uo.sigla FROM tramitacao t JOIN unidade uo ON uo.id = t.id_unidade_origem
        WHERE t.id_documento = d.id AND t.dt_cancelamento IS NULL ORDER BY t.sequencia DESC LIMIT 1) AS origem_sigla
    FROM pagina c
    JOIN documento d ON d.id = c.id
    JOIN tipo_documento tp ON tp.id = d.id_tipo_documento
    ${leitura}
    ORDER BY ${chave}, ${desempate}`,
  };
}

/**
 * GET caixa-postal/contagens: in one pass over the box without a queue, how many rows each queue keeps. The same
 * conditions as the queues of `caixa`, so each count is the total of the list with that queue.
 */
export function consultaContagensCaixa(c: Omit<FiltrosCaixa, 'fila'>) {
  const todos = caixa({ ...c, fila: undefined });
  return sql<ContagensCaixaPostal>`
    SELECT count(*)::int AS todos,
      (count(*) FILTER (WHERE c.pendente))::int AS aguardando,
      (count(*) FILTER (WHERE NOT c.pendente AND c.situacao IN ('RECEBIDO', 'T')))::int AS recebidos,
      (count(*) FILTER (WHERE ${chegadaNova(sql`c.chegada`, c.novosDesde)}))::int AS novos,
      (count(*) FILTER (WHERE c.urgente))::int AS urgentes
    FROM (${todos}) c`;
}

/** What the home page counts (issue 22), each the total of the box opened by its link. */
export interface ContagensInicioCaixa {
  aguardando: number;
  naoLidos: number;
  urgentes: number;
  venceHoje: number;
  vencidos: number;
}

/**
 * GET painel/inicio's counts in one statement, each one the `total` GET caixa-postal answers for the link the home
 * page follows, built by the same `caixa` as the list: over the box's default period (`periodo`), the queues
 * 'aguardando' and 'urgentes' as GET caixa-postal/contagens counts them (one pass) and 'recebidos' with `naoLidos`;
 * the deadline states VENCE_HOJE and VENCIDO, a search by themselves, without the period.
 */
export function consultaContagensInicio(c: {
  idUnidade: number;
  idLeitor: number;
  periodo: { inicio: string; fim: string };
  hoje: string;
}) {
  const base = { idUnidade: c.idUnidade, idLeitor: c.idLeitor, incluirRascunhos: true, hoje: c.hoje };
  const total = (filtros: Partial<FiltrosCaixa>) =>
    sql`(SELECT count(*)::int FROM (${caixa({ ...base, ...filtros })}) c)`;
  return sql<ContagensInicioCaixa>`
    SELECT f.aguardando, ${total({ periodo: c.periodo, fila: 'recebidos', naoLidos: true })} AS nao_lidos, f.urgentes,
      ${total({ situacaoPrazo: 'VENCE_HOJE' })} AS vence_hoje, ${total({ situacaoPrazo: 'VENCIDO' })} AS vencidos
    FROM (${consultaContagensCaixa({ ...base, periodo: c.periodo })}) f`;
}

export async function contarInicio(db: Banco, c: Parameters<typeof consultaContagensInicio>[0]) {
  const { rows } = await consultaContagensInicio(c).execute(db);
  return rows[0] ?? { aguardando: 0, naoLidos: 0, urgentes: 0, venceHoje: 0, vencidos: 0 };
}

export async function contarCaixa(db: Banco, c: Omit<FiltrosCaixa, 'fila'>): Promise<ContagensCaixaPostal> {
  const { rows } = await consultaContagensCaixa(c).execute(db);
  return rows[0] ?? { todos: 0, aguardando: 0, recebidos: 0, novos: 0, urgentes: 0 };
}

/**
 * A request of `idUsuario` to the box of `idUnidade`, answering where "novos" starts: the end of the previous visit
 * (null before the second visit). A request more than INTERVALO_VISITA_MINUTOS after the last one starts a new
 * visit, so the previous one ended at that last request; within a visit the reference stays put.
 */
export async function registrarVisitaCaixa(db: Banco, idUsuario: number, idUnidade: number): Promise<Date | null> {
  const { rows } = await sql<{ dtAnterior: Date | null }>`
    INSERT INTO caixa_postal_visita AS v (id_usuario, id_unidade, dt_ultima, dt_anterior)
    VALUES (${idUsuario}, ${idUnidade}, now(), NULL)
    ON CONFLICT (id_usuario, id_unidade) DO UPDATE SET
      dt_anterior = CASE WHEN v.dt_ultima < now() - make_interval(mins => ${INTERVALO_VISITA_MINUTOS})
        THEN v.dt_ultima ELSE v.dt_anterior END,
      dt_ultima = greatest(v.dt_ultima, now())
    RETURNING v.dt_anterior`.execute(db);
  return rows[0]?.dtAnterior ?? null;
}

/** The reference registrarVisitaCaixa would answer now, without registering a visit (the menu's counts). */
export async function referenciaNovosCaixa(db: Banco, idUsuario: number, idUnidade: number): Promise<Date | null> {
  const { rows } = await sql<{ referencia: Date | null }>`
    SELECT CASE WHEN v.dt_ultima < now() - make_interval(mins => ${INTERVALO_VISITA_MINUTOS})
      THEN v.dt_ultima ELSE v.dt_anterior END AS referencia
    FROM caixa_postal_visita v WHERE v.id_usuario = ${idUsuario} AND v.id_unidade = ${idUnidade}`.execute(db);
  return rows[0]?.referencia ?? null;
}

/** `idUsuario` opened (or received) the document now: an idempotent upsert of the reading. */
export async function marcarLido(db: Banco, idUsuario: number, idDocumento: number): Promise<void> {
  await sql`
    INSERT INTO documento_leitura (id_usuario, id_documento, dt_leitura) VALUES (${idUsuario}, ${idDocumento}, now())
    ON CONFLICT (id_usuario, id_documento) DO UPDATE
      SET dt_leitura = greatest(documento_leitura.dt_leitura, excluded.dt_leitura)`.execute(db);
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
            .where(visivelNaCaixa),
        ),
        eb.exists(
          eb
            .selectFrom('tramitacao as t')
            .innerJoin('documento as d', 'd.id', 't.idDocumento')
            .select(sql`1`.as('um'))
            .whereRef('t.idUnidadeDestino', '=', 'u.id')
            .where('t.dtRecebimento', 'is', null)
            .where('t.dtCancelamento', 'is', null)
            .where('t.idTramitacaoPrincipal', 'is', null)
            .where('d.situacao', '=', 'ENVIADO')
            .where(visivelNaCaixa),
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
