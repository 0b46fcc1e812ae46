import type { LeitorPeca } from '@tramite/shared';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Banco } from '../../db/connection.ts';
import { fimDoDia, inicioDoDia } from '../../db/expressoes.ts';
import { consultaConteudo, palavrasPositivas } from './texto-sql.ts';
import { pecaPublicaSql, pecaVisivelSql } from './visibilidade-sql.ts';

// Which documents a content search finds (docs/domain.md, "Conteúdo das peças"): a document matches when the search
// matches its public text as a whole (documento_texto, migration 0026: every public peça's pages, a phrase never
// spanning two pages) or one page of a peça that is not public and the reader may see (spec §6). The SQL below
// reads the document's text row `x` and, where the reader's rights need it, the document `d`.

export interface ConteudoBuscado {
  texto: string;
  leitor: LeitorPeca;
}

/** Pages of the document `x`'s peças that satisfy `condicao` and match the search. */
function algumaPagina(condicao: RawBuilder<unknown>, consulta: RawBuilder<unknown>): RawBuilder<SqlBool> {
  return sql<SqlBool>`EXISTS (SELECT 1 FROM peca p JOIN anexo an ON an.id = p.id_anexo
    JOIN arquivo_texto_pagina tp ON tp.sha256 = an.sha256
    WHERE p.id_documento = x.id_documento AND ${condicao} AND tp.tsv @@ ${consulta})`;
}

/**
 * The conditions under which the document `d`, with its text row `x` (documento_texto: every document with a text
 * page has one, whatever its peças' levels), matches the search for the reader. Its public text is one row; when
 * that row could not hold the whole text (too large) or its positions were cut and the search has a phrase, the
 * public pages are read one by one instead. The other peças' pages are read only for documents that have such peças,
 * and only the ones the reader may see (anonymous readers see none).
 *
 * The first condition reads `x` alone, so a search that walks the newest texts checks each on its own row and reads
 * the document only for the texts that pass (bench, issue 21: a phrase walked ~7,000 documents to find 1,000; reading
 * each document first took 74 ms). The second decides, for a reader, what needs the document: its peças that are
 * not public and that the reader may see (spec §6).
 */
export function textoCasaSql(conteudo: ConteudoBuscado): RawBuilder<SqlBool>[] {
  const consulta = consultaConteudo(conteudo.texto);
  const publicaInteira = sql`x.tsv_publico IS NOT NULL AND (x.posicoes_exatas OR strpos(${consulta}::text, '<') = 0)`;
  const publicaCasa = sql<SqlBool>`(CASE WHEN ${publicaInteira} THEN x.tsv_publico @@ ${consulta}
    ELSE ${algumaPagina(pecaPublicaSql, consulta)} END)`;
  if (!conteudo.leitor) return [publicaCasa];
  const visiveis = algumaPagina(sql`NOT (${pecaPublicaSql}) AND ${pecaVisivelSql(conteudo.leitor)}`, consulta);
  return [
    sql<SqlBool>`(x.nao_publicas OR ${publicaCasa})`,
    sql<SqlBool>`(NOT x.nao_publicas OR ${publicaCasa} OR ${visiveis})`,
  ];
}

/**
 * The relevance of the document of the text row `x`: the rank of its public text (documents found only through a
 * peça that is not public rank 0, after the others: a rank from a restricted text must not order what others see).
 */
export function relevanciaConteudoSql(conteudo: ConteudoBuscado): RawBuilder<number> {
  return sql<number>`coalesce(ts_rank(x.tsv_publico, ${consultaConteudo(conteudo.texto)}), 0)`;
}

/**
 * The documents that may match, read from the indexes (a superset: `documentoCasaSql` decides): the public texts of
 * the period through the GIN index of their words, and every page that matches through the pages' GIN
 * index (a peça that is not public, a text searched page by page). For searches with few documents.
 */
export function candidatosPorIndiceSql(
  conteudo: ConteudoBuscado,
  criacao: { inicio: string; fim: string } | undefined,
): RawBuilder<unknown> {
  const consulta = consultaConteudo(conteudo.texto);
  // The pages' files first, then their peças by index: a join let the planner, unsure how many pages a word
  // unknown to its statistics has, read every anexo (bench: 300 ms for a word in 19 documents).
  // The period checked on each text the word's index gives, never read from the texts' date index (IS TRUE: not an
  // index condition): the planner ANDed the bitmap of the whole year with the word's (bench: 27 ms against 1 ms).
  return sql`(SELECT x.id_documento FROM documento_texto x WHERE (${periodoDoTextoSql(criacao)}) IS TRUE AND x.tsv_publico @@ ${consulta}
    UNION
    SELECT p.id_documento FROM anexo an JOIN peca p ON p.id_anexo = an.id
    WHERE an.sha256 = ANY (ARRAY(SELECT DISTINCT tp.sha256 FROM arquivo_texto_pagina tp WHERE tp.tsv @@ ${consulta})))`;
}

/** The creation period on documento_texto `x`. */
export function periodoDoTextoSql(criacao: { inicio: string; fim: string } | undefined): RawBuilder<SqlBool> {
  if (!criacao) return sql<SqlBool>`true`;
  return sql<SqlBool>`x.data_criacao >= ${inicioDoDia(criacao.inicio)} AND x.data_criacao < ${fimDoDia(criacao.fim)}`;
}

/** How the documents of a content search are found: newest first, checking each, or from the indexes. */
export type EstrategiaConteudo = 'recentes' | 'indice';

/**
 * The planner's estimate of the documents whose public text holds the search's rarest word (in the creation period,
 * when there is one), and of the documents with text in that period: the search walks the newest documents when
 * matches are many (it stops at the limit), and reads the indexes when they are few (walking would read the whole
 * period). Walking costs ~limit × period ÷ matches checks, reading the indexes ~matches: walk when
 * matches² > 200 × period (bench, issue 21: a check ~7 µs, an index hit ~15 µs). The rarest word, not the whole
 * search: the planner takes a phrase's words as independent and an excluded word as rare, and underestimated both
 * by far (bench: "prestação de contas" and "servidor -férias" read the indexes for 1–3 s); a word alone is an upper
 * bound, and walking is never slower than the period.
 */
export async function escolherEstrategia(
  db: Banco,
  conteudo: ConteudoBuscado,
  criacao: { inicio: string; fim: string } | undefined,
): Promise<EstrategiaConteudo> {
  // The same search again (the next page, a new order) asks the planner nothing: its estimates change only with the
  // statistics. They come from the public text alone, whoever the reader.
  const chave = JSON.stringify([conteudo.texto, criacao?.inicio, criacao?.fim]);
  const guardada = ESTRATEGIAS.get(chave);
  if (guardada && guardada.ate > Date.now()) return guardada.estrategia;
  const estrategia = await estimarEstrategia(db, conteudo, criacao);
  if (ESTRATEGIAS.size >= 1000) ESTRATEGIAS.delete(ESTRATEGIAS.keys().next().value as string);
  ESTRATEGIAS.set(chave, { estrategia, ate: Date.now() + 10 * 60_000 });
  return estrategia;
}

/** Strategies chosen in the last 10 minutes, per search text and period (at most 1,000, the oldest dropped first). */
const ESTRATEGIAS = new Map<string, { estrategia: EstrategiaConteudo; ate: number }>();

async function estimarEstrategia(
  db: Banco,
  conteudo: ConteudoBuscado,
  criacao: { inicio: string; fim: string } | undefined,
): Promise<EstrategiaConteudo> {
  const periodo = periodoDoTextoSql(criacao);
  // The words as the index holds them (stemmed, without accents and stop words).
  const { rows } = await sql<{ lexema: string }>`SELECT lexeme AS lexema
    FROM unnest(to_tsvector('public.portugues_sem_acento', ${palavrasPositivas(conteudo.texto).join(' ')})) LIMIT 4`.execute(
    db,
  );
  if (rows.length === 0) return 'recentes';
  const [doPeriodo, ...porPalavra] = await Promise.all([
    estimarLinhas(db, sql`SELECT 1 FROM documento_texto x WHERE ${periodo}`),
    ...rows.map(({ lexema }) =>
      estimarLinhas(
        db,
        sql`SELECT 1 FROM documento_texto x WHERE ${periodo} AND x.tsv_publico @@ quote_literal(${lexema})::tsquery`,
      ),
    ),
  ]);
  const casam = Math.min(...porPalavra);
  return casam * casam > 200 * (doPeriodo ?? 0) ? 'recentes' : 'indice';
}

async function estimarLinhas(db: Banco, consulta: RawBuilder<unknown>): Promise<number> {
  const { rows } = await sql<Record<string, unknown>>`EXPLAIN (FORMAT JSON) ${consulta}`.execute(db);
  const plano = Object.values(rows[0] ?? {})[0];
  const lido = typeof plano === 'string' ? JSON.parse(plano) : plano;
  const linhas = (lido as { Plan?: { 'Plan Rows'?: number } }[] | undefined)?.[0]?.Plan?.['Plan Rows'];
  return typeof linhas === 'number' ? linhas : 0;
}
