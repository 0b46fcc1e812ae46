import type {
  CodigoTipoInteressado,
  LeitorPeca,
  NomeTipoResponsavel,
  OcorrenciaConteudo,
  SituacaoDocumento,
} from '@tramite/shared';
import {
  type Expression,
  type ExpressionBuilder,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
} from 'kysely';
import type { Banco } from '../../db/connection.ts';
import { COLUNAS_ESTADO_DOCUMENTO, fimDoDia, inicioDoDia } from '../../db/expressoes.ts';
import { juntarFichaDocumento } from '../../db/juncoes.ts';
import type { Database } from '../../db/schema.ts';
import { consultaConteudo, paraTrecho, trechoSql } from '../conteudo/texto-sql.ts';
import { pecaVisivelSql } from '../conteudo/visibilidade-sql.ts';

// Searching documents: the filters, one page and its total.

/** The search filters after validation, resolved to what the SQL needs. */
export interface CriteriosBusca {
  numeroDigitos?: string;
  resumoAssunto?: string;
  /** Words of the peças' text, searched only in the peças `leitor` may see (spec §6). */
  conteudo?: { texto: string; leitor: LeitorPeca };
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
 * The pages of the document `d`'s peças that match the content search and that the reader may see, as a FROM ... WHERE
 * to select from (aliases p, an, tp). Invisible peças are filtered here, before anything counts, ranks or quotes them.
 */
function paginasVisiveis(conteudo: NonNullable<CriteriosBusca['conteudo']>): RawBuilder<unknown> {
  return sql`peca p
    JOIN anexo an ON an.id = p.id_anexo
    JOIN arquivo_texto_pagina tp ON tp.sha256 = an.sha256
    WHERE p.id_documento = d.id AND tp.tsv @@ ${consultaConteudo(conteudo.texto)} AND ${pecaVisivelSql(conteudo.leitor)}`;
}

/**
 * With a content search, the query of the matching documents joins their visible pages that match and groups them
 * by document (one row each, with the best page's rank). A plain join, not an EXISTS: the planner then picks between
 * reading the documents of the period and checking their pages, or the GIN index's pages and then their documents;
 * as a semi-join it hashed every matching page of the base (bench: 20 s for a common word).
 */
function juntarPaginasQueCasam(conteudo: NonNullable<CriteriosBusca['conteudo']>) {
  return <Q>(consulta: Q): Q =>
    (
      consulta as unknown as SelectQueryBuilder<
        Database & { d: Database['documento']; t: Database['tipoDocumento'] },
        'd' | 't',
        object
      >
    )
      .innerJoin('peca as p', 'p.idDocumento', 'd.id')
      .innerJoin('anexo as an', 'an.id', 'p.idAnexo')
      .innerJoin('arquivoTextoPagina as tp', 'tp.sha256', 'an.sha256')
      .where(sql<SqlBool>`tp.tsv @@ ${consultaConteudo(conteudo.texto)}`)
      .where(pecaVisivelSql(conteudo.leitor))
      .groupBy(['d.id', 't.id']) as unknown as Q;
}

/** The rank of a document's best visible page, over the rows `juntarPaginasQueCasam` grouped. */
const rankConteudo = (conteudo: NonNullable<CriteriosBusca['conteudo']>) =>
  sql<number>`max(ts_rank(tp.tsv, ${consultaConteudo(conteudo.texto)}))`;

/**
 * The best visible page of the document `d` (highest rank, then first peça and page) with its excerpt, as JSON; the
 * excerpt is computed for that one page only.
 */
function ocorrenciaSql(conteudo: NonNullable<CriteriosBusca['conteudo']>): RawBuilder<OcorrenciaBruta | null> {
  const consulta = consultaConteudo(conteudo.texto);
  return sql<OcorrenciaBruta | null>`(SELECT json_build_object('idAcessoAnexo', m.id, 'idAnexo', m.id_anexo, 'nomePeca', m.nome,
      'sequencial', m.sequencial, 'pagina', m.pagina, 'trecho', ${trechoSql(sql`m.texto`, consulta)})
    FROM (SELECT p.id, p.id_anexo, an.nome, p.sequencial, tp.pagina, tp.texto FROM ${paginasVisiveis(conteudo)}
          ORDER BY ts_rank(tp.tsv, ${consulta}) DESC, p.sequencial, tp.pagina LIMIT 1) m)`;
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
): Promise<{ itens: LinhaBusca[]; total: number }> {
  const linhas = await consultaBusca(db, c).execute();
  const itens: LinhaBusca[] = linhas.map(({ total: _total, ocorrencia, ...linha }) => ({
    ...linha,
    ocorrencia: ocorrencia ? { ...ocorrencia, trecho: paraTrecho(ocorrencia.trecho) } : null,
  }));
  let total = linhas[0]?.total ?? 0;
  // A page past the end has no row to carry the total: count apart (rare).
  if (linhas.length === 0 && c.pagina > 1) {
    const casam = db
      .selectFrom('documento as d')
      .innerJoin('tipoDocumento as t', 't.id', 'd.idTipoDocumento')
      .where((eb) => condicoes(eb, c))
      .$if(c.conteudo !== undefined, (q) =>
        q.$call(juntarPaginasQueCasam(c.conteudo as NonNullable<CriteriosBusca['conteudo']>)),
      )
      .select('d.id');
    const contagem = await db
      .selectFrom(casam.as('m'))
      .select(sql<number>`count(*)::int`.as('total'))
      .executeTakeFirstOrThrow();
    total = contagem.total;
  }
  return { itens, total };
}

/** The statement of a search page, apart from running it: the SQL snapshots (db/consultas) compile it. */
export function consultaBusca(db: Banco, c: CriteriosBusca) {
  const dir = c.direcao === 'asc' ? sql`ASC` : sql`DESC`;
  // The page's order, where the matches are computed, then again over the page's rows (rankConteudo: its column).
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
  const chave = ordem(c.conteudo ? rankConteudo(c.conteudo) : null);
  const chaveDaPagina = ordem(c.conteudo ? sql<number>`pg.rank_conteudo` : null);

  // One pass over the matching rows: the page's ids with the total (a window count), then the page's details.
  // Counting in a separate query read every match twice (bench: full-text search + 12 months, 2 × 140 ms).
  const pagina = db
    .selectFrom('documento as d')
    .innerJoin('tipoDocumento as t', 't.id', 'd.idTipoDocumento')
    .where((eb) => condicoes(eb, c))
    .$if(c.conteudo !== undefined, (q) =>
      q.$call(juntarPaginasQueCasam(c.conteudo as NonNullable<CriteriosBusca['conteudo']>)),
    )
    .select(['d.id', sql<number>`(count(*) OVER ())::int`.as('total')])
    .$if(c.conteudo !== undefined, (q) =>
      q.select(rankConteudo(c.conteudo as NonNullable<CriteriosBusca['conteudo']>).as('rankConteudo')),
    )
    .orderBy(chave)
    // Equal keys (same rank, same day) must not swap rows between pages.
    .orderBy(sql`d.id ${dir}`)
    .limit(c.tamanhoPagina)
    .offset((c.pagina - 1) * c.tamanhoPagina);
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
