import {
  type CodigoTipoInteressado,
  type LeitorPeca,
  LIMITE_RESULTADOS_CONTEUDO,
  type NomeTipoResponsavel,
  type OcorrenciaConteudo,
  type SituacaoDocumento,
} from '@tramite/shared';
import {
  type CompiledQuery,
  type Expression,
  type ExpressionBuilder,
  type RawBuilder,
  type SqlBool,
  sql,
} from 'kysely';
import type { Banco } from '../../db/connection.ts';
import { COLUNAS_ESTADO_DOCUMENTO, fimDoDia, inicioDoDia } from '../../db/expressoes.ts';
import { juntarFichaDocumento } from '../../db/juncoes.ts';
import { derivar, MoldesDeConsulta } from '../../db/molde-consulta.ts';
import type { Database } from '../../db/schema.ts';
import {
  candidatosPorIndiceSql,
  type EstrategiaConteudo,
  escolherEstrategia,
  periodoDoTextoSql,
  relevanciaConteudoSql,
  textoCasaSql,
} from '../conteudo/documento-texto-sql.ts';
import { consultaAlgumaPalavra, consultaConteudo, paraTrecho, trechoSql } from '../conteudo/texto-sql.ts';
import { pecaVisivelSql } from '../conteudo/visibilidade-sql.ts';

// Searching documents: the filters, one page and its total.

/** The search filters after validation, resolved to what the SQL needs. */
export interface CriteriosBusca {
  numeroDigitos?: string;
  resumoAssunto?: string;
  /** Words of the peças' text, searched only in the peças `leitor` may see (spec §6). */
  conteudo?: { texto: string; leitor: LeitorPeca };
  /** How a content search finds its documents (absent: chosen from the planner's estimates). */
  estrategiaConteudo?: EstrategiaConteudo;
  /** At most this many documents of a content search (LIMITE_RESULTADOS_CONTEUDO; tests pass a small one). */
  limiteConteudo?: number;
  idTipoDocumento?: number;
  idAssunto?: number;
  criacao?: { inicio: string; fim: string };
  envio?: { inicio: string; fim: string };
  interessado?: { tipo: CodigoTipoInteressado; id: number };
  idProcedencia?: number;
  responsavel?: { tipo: NomeTipoResponsavel; id: number };
  idUsuarioCriador?: number;
  /** Units whose drafts the caller may see (null: anonymous, no drafts at all). */
  lotacoes: number[] | null;
  ordenacao: 'relevancia' | 'numero' | 'dataCriacao' | 'dataEnvio' | 'tipo';
  direcao: 'asc' | 'desc';
  pagina: number;
  tamanhoPagina: number;
}

type Eb = ExpressionBuilder<Database & { d: Database['documento'] }, 'd'>;

const consultaTexto = consultaConteudo;

/**
 * The best page of the document `d` the reader may see, with its excerpt, as JSON: a page that matches the whole
 * search first (highest rank, then first peça and page), else one holding some of its words (a document matches
 * when its words are spread over pages). The excerpt is computed for that one page only.
 */
function ocorrenciaSql(conteudo: NonNullable<CriteriosBusca['conteudo']>): RawBuilder<OcorrenciaBruta | null> {
  const consulta = consultaConteudo(conteudo.texto);
  return sql<OcorrenciaBruta | null>`(SELECT json_build_object('idAcessoAnexo', m.id, 'idAnexo', m.id_anexo, 'nomePeca', m.nome,
      'sequencial', m.sequencial, 'pagina', m.pagina, 'trecho', ${trechoSql(sql`m.texto`, consulta)})
    FROM (SELECT p.id, p.id_anexo, an.nome, p.sequencial, tp.pagina, tp.texto
          FROM peca p JOIN anexo an ON an.id = p.id_anexo JOIN arquivo_texto_pagina tp ON tp.sha256 = an.sha256
          WHERE p.id_documento = d.id AND ${pecaVisivelSql(conteudo.leitor)}
            AND (tp.tsv @@ ${consulta} OR tp.tsv @@ ${consultaAlgumaPalavra(conteudo.texto)})
          ORDER BY tp.tsv @@ ${consulta} DESC, ts_rank(tp.tsv, ${consulta}) DESC, p.sequencial, tp.pagina LIMIT 1) m)`;
}

interface OcorrenciaBruta extends Omit<OcorrenciaConteudo, 'trecho'> {
  trecho: string;
}

function condicoes(eb: Eb, c: CriteriosBusca): Expression<SqlBool> {
  const todas: Expression<SqlBool>[] = [];
  if (c.lotacoes === null) {
    todas.push(eb('d.situacao', '<>', 'EM_CRIACAO'));
  } else {
    const { lotacoes } = c;
    todas.push(
      eb.or([
        eb('d.situacao', '<>', 'EM_CRIACAO'),
        lotacoes.length ? eb('d.idUnidadeCriadora', 'in', lotacoes) : sql<SqlBool>`false`,
      ]),
    );
  }
  if (c.numeroDigitos !== undefined) {
    // Only digits reach here, so no LIKE wildcard can be smuggled in; the trigram index serves '%...%'.
    // A whole NUP (17 digits, the longest numero_digitos) can only match itself: the unique index answers it at
    // once, where the trigram index of a digits-only column reads hundreds of pages (bench: 110 ms → 0.1 ms).
    todas.push(
      c.numeroDigitos === ''
        ? sql<SqlBool>`false`
        : c.numeroDigitos.length >= 17
          ? eb('d.numeroDigitos', '=', c.numeroDigitos)
          : eb('d.numeroDigitos', 'like', `%${c.numeroDigitos}%`),
    );
  }
  if (c.resumoAssunto !== undefined) todas.push(sql<SqlBool>`d.resumo_tsv @@ ${consultaTexto(c.resumoAssunto)}`);
  if (c.idTipoDocumento !== undefined) todas.push(eb('d.idTipoDocumento', '=', c.idTipoDocumento));
  if (c.idAssunto !== undefined) todas.push(eb('d.idAssunto', '=', c.idAssunto));
  if (c.criacao) {
    todas.push(eb('d.dataCriacao', '>=', inicioDoDia(c.criacao.inicio)));
    todas.push(eb('d.dataCriacao', '<', fimDoDia(c.criacao.fim)));
  }
  if (c.interessado) {
    todas.push(eb('d.tipoInteressado', '=', c.interessado.tipo));
    todas.push(eb('d.idInteressado', '=', c.interessado.id));
  }
  if (c.idProcedencia !== undefined) todas.push(eb('d.idUnidadeProcedencia', '=', c.idProcedencia));
  if (c.idUsuarioCriador !== undefined) todas.push(eb('d.idUsuarioCriador', '=', c.idUsuarioCriador));
  if (c.envio || c.responsavel) todas.push(existeTramitacao(c));
  return eb.and(todas);
}

/**
 * Dates of sending and the forwarding responsible describe the same movement: 'sent by X between A and B' is one
 * tramitação that matches both (served by the (origin or sender, dt_despacho) indexes).
 */
function existeTramitacao(c: CriteriosBusca): Expression<SqlBool> {
  const filtros = [sql`t.id_documento = d.id`];
  if (c.envio) {
    filtros.push(sql`t.dt_despacho >= ${inicioDoDia(c.envio.inicio)}`);
    filtros.push(sql`t.dt_despacho < ${fimDoDia(c.envio.fim)}`);
  }
  const r = c.responsavel;
  if (r?.tipo === 'SERVIDOR') filtros.push(sql`t.id_usuario_remetente = ${r.id}`);
  if (r?.tipo === 'UNIDADE') filtros.push(sql`t.id_unidade_origem = ${r.id}`);
  if (r?.tipo === 'COMISSAO') {
    filtros.push(
      sql`t.id_usuario_remetente IN (SELECT m.id_usuario FROM comissao_membro m WHERE m.id_comissao = ${r.id})`,
    );
  }
  return sql<SqlBool>`EXISTS (SELECT 1 FROM tramitacao t WHERE ${sql.join(filtros, sql` AND `)})`;
}

export interface LinhaBusca {
  id: number;
  numero: string;
  idTipoDocumento: number;
  tipoDescricao: string;
  situacao: SituacaoDocumento;
  estadoProcessamento: number;
  estadoOrigem: number;
  estadoTamanho: number;
  estadoVisibilidadeCaixa: number | null;
  resumoAssunto: string | null;
  assunto: string | null;
  interessado: string | null;
  unidadeProcedencia: string;
  unidadeAtual: string;
  dataCriacao: Date;
  dataEnvio: Date | null;
  urgente: boolean;
  /** With a content search: the best page the reader may see (null without one). */
  ocorrencia: OcorrenciaConteudo | null;
}

export async function pesquisarDocumentos(
  db: Banco,
  c: CriteriosBusca,
): Promise<{ itens: LinhaBusca[]; total: number; totalLimitado: boolean }> {
  const criterios: CriteriosBusca =
    c.conteudo && !c.estrategiaConteudo
      ? { ...c, estrategiaConteudo: await escolherEstrategia(db, c.conteudo, c.criacao) }
      : c;
  const { rows: linhas } = await db.executeQuery(compilarBusca(db, criterios));
  const itens: LinhaBusca[] = linhas.map(({ total: _total, ocorrencia, ...linha }) => ({
    ...linha,
    ocorrencia: ocorrencia ? { ...ocorrencia, trecho: paraTrecho(ocorrencia.trecho) } : null,
  }));
  let total = linhas[0]?.total ?? 0;
  // A page past the end has no row to carry the total: count apart (rare).
  if (linhas.length === 0 && c.pagina > 1) {
    const casam = criterios.conteudo
      ? candidatosConteudo(db, criterios, criterios.conteudo)
      : db
          .selectFrom('documento as d')
          .where((eb) => condicoes(eb, c))
          .select('d.id');
    const contagem = await db
      .selectFrom(casam.as('m'))
      .select(sql<number>`count(*)::int`.as('total'))
      .executeTakeFirstOrThrow();
    total = contagem.total;
  }
  const limite = limiteConteudo(c);
  return c.conteudo && total > limite
    ? { itens, total: limite, totalLimitado: true }
    : { itens, total, totalLimitado: false };
}

const limiteConteudo = (c: CriteriosBusca) => c.limiteConteudo ?? LIMITE_RESULTADOS_CONTEUDO;

type LinhaConsulta = Awaited<ReturnType<ReturnType<typeof consultaBusca>['execute']>>[number];

/**
 * The statement of a search page, compiled once per form (db/molde-consulta.ts; one set per database): from one
 * request to the next only the values change. The strings the text depends on are listed as decisions; a whole NUP
 * or digits of one (`numeroDigitos`) choose between '=' and LIKE and are compiled each time.
 */
export function compilarBusca(db: Banco, criterios: CriteriosBusca): CompiledQuery<LinhaConsulta> {
  return moldesDe(db).compilar(criterios) as CompiledQuery<LinhaConsulta>;
}

function moldesDe(db: Banco): MoldesDeConsulta<CriteriosBusca> {
  let moldes = MOLDES.get(db);
  if (!moldes) {
    moldes = new MoldesDeConsulta<CriteriosBusca>({
      decisoes: ['ordenacao', 'direcao', 'estrategiaConteudo', 'responsavel.tipo'],
      semMolde: ['numeroDigitos'],
      maximo: 500,
      compilar: (criterios) => consultaBusca(db, criterios).compile(),
    });
    MOLDES.set(db, moldes);
  }
  return moldes;
}

const MOLDES = new WeakMap<Banco, MoldesDeConsulta<CriteriosBusca>>();

/**
 * The documents of a content search: the most recent that match (the oldest when sorted by creation date ascending),
 * one more than the limit to tell there are more, each with its relevance. `recentes` walks the texts' creation date
 * index (migration 0029) and checks each text until the limit; `indice` first reads the candidates from the text
 * indexes. Driven by the text rows (every document with a text page has one): the document is read only for the
 * texts that pass their own check.
 */
function candidatosConteudo(db: Banco, c: CriteriosBusca, conteudo: NonNullable<CriteriosBusca['conteudo']>) {
  const dir = c.ordenacao === 'dataCriacao' && c.direcao === 'asc' ? sql`ASC` : sql`DESC`;
  return db
    .selectFrom('documentoTexto as x')
    .innerJoin('documento as d', 'd.id', 'x.idDocumento')
    .where((eb) => condicoes(eb, c))
    .where(periodoDoTextoSql(c.criacao))
    .$if(c.estrategiaConteudo === 'indice', (q) =>
      q.where(sql<SqlBool>`x.id_documento IN ${candidatosPorIndiceSql(conteudo, c.criacao)}`),
    )
    .where((eb) => eb.and(textoCasaSql(conteudo)))
    .select(['d.id', 'd.dataCriacao', relevanciaConteudoSql(conteudo).as('rankConteudo')])
    .orderBy(sql`x.data_criacao ${dir}`)
    .orderBy(sql`x.id_documento ${dir}`)
    .limit(derivar([limiteConteudo(c)], (limite) => limite + 1));
}

/** The statement of a search page, apart from running it: the SQL snapshots (db/consultas) compile it. */
export function consultaBusca(db: Banco, c: CriteriosBusca) {
  const dir = c.direcao === 'asc' ? sql`ASC` : sql`DESC`;
  // The page's order, where the matches are computed, then again over the page's rows (rank: its column).
  const ordem = (rank: RawBuilder<number> | null) => {
    const ranks: RawBuilder<unknown>[] = [];
    if (c.resumoAssunto !== undefined) ranks.push(sql`ts_rank(d.resumo_tsv, ${consultaTexto(c.resumoAssunto)})`);
    if (rank) ranks.push(rank);
    return {
      relevancia: ranks.length ? sql`(${sql.join(ranks, sql` + `)}) ${dir}` : sql`d.data_criacao ${dir}`,
      numero: sql`d.numero ${dir}`,
      dataCriacao: sql`d.data_criacao ${dir}`,
      dataEnvio: sql`d.data_envio ${dir} NULLS LAST`,
      tipo: sql`t.descricao COLLATE pt_br ${dir}`,
    }[c.ordenacao];
  };
  const chaveDaPagina = ordem(c.conteudo ? sql<number>`pg.rank_conteudo` : null);

  // One pass over the matching rows: the page's ids with the total (a window count), then the page's details.
  // Counting in a separate query read every match twice (bench: full-text search + 12 months, 2 × 140 ms).
  const pagina = c.conteudo
    ? paginaConteudo(db, c, c.conteudo, ordem(sql<number>`c.rank_conteudo`))
    : db
        .selectFrom('documento as d')
        .innerJoin('tipoDocumento as t', 't.id', 'd.idTipoDocumento')
        .where((eb) => condicoes(eb, c))
        .select(['d.id', sql<number>`(count(*) OVER ())::int`.as('total'), sql<number>`0`.as('rankConteudo')])
        .orderBy(ordem(null))
        // Equal keys (same rank, same day) must not swap rows between pages.
        .orderBy(sql`d.id ${dir}`)
        .limit(c.tamanhoPagina)
        .offset(deslocamento(c));
  return db
    .with('pagina', () => pagina)
    .selectFrom('pagina as pg')
    .innerJoin('documento as d', 'd.id', 'pg.id')
    .$call(juntarFichaDocumento)
    .select([
      'pg.total',
      'd.id',
      'd.numero',
      'd.idTipoDocumento',
      't.descricao as tipoDescricao',
      ...COLUNAS_ESTADO_DOCUMENTO,
      'd.resumoAssunto',
      'a.descricao as assunto',
      'i.nome as interessado',
      'up.sigla as unidadeProcedencia',
      'ua.sigla as unidadeAtual',
      'd.dataCriacao',
      'd.dataEnvio',
      'd.urgente',
      (c.conteudo ? ocorrenciaSql(c.conteudo) : sql<OcorrenciaBruta | null>`NULL::json`).as('ocorrencia'),
    ])
    .orderBy(chaveDaPagina)
    .orderBy(sql`d.id ${dir}`);
}

/**
 * A page of a content search: the candidates (at most the limit, the extra one only counted), in the order asked.
 * `total` counts the candidates, the extra one included: over the limit means "more than the limit".
 */
function paginaConteudo(
  db: Banco,
  c: CriteriosBusca,
  conteudo: NonNullable<CriteriosBusca['conteudo']>,
  chave: RawBuilder<unknown>,
) {
  const dir = c.direcao === 'asc' ? sql`ASC` : sql`DESC`;
  const recentes = c.ordenacao === 'dataCriacao' && c.direcao === 'asc' ? sql`ASC` : sql`DESC`;
  const numerados = db
    .selectFrom(candidatosConteudo(db, c, conteudo).as('c'))
    .select([
      'c.id',
      'c.rankConteudo',
      sql<number>`row_number() OVER (ORDER BY c.data_criacao ${recentes}, c.id ${recentes})`.as('posicao'),
      sql<number>`(count(*) OVER ())::int`.as('total'),
    ]);
  return db
    .selectFrom(numerados.as('c'))
    .innerJoin('documento as d', 'd.id', 'c.id')
    .innerJoin('tipoDocumento as t', 't.id', 'd.idTipoDocumento')
    .where('c.posicao', '<=', limiteConteudo(c))
    .select(['d.id', 'c.total', 'c.rankConteudo'])
    .orderBy(chave)
    .orderBy(sql`d.id ${dir}`)
    .limit(c.tamanhoPagina)
    .offset(deslocamento(c));
}

const deslocamento = (c: CriteriosBusca) =>
  derivar([c.pagina, c.tamanhoPagina], (pagina, tamanho) => (pagina - 1) * tamanho);
