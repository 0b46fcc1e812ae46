import type { Trecho } from '@tramite/shared';
import { type RawBuilder, sql } from 'kysely';
import { derivar } from '../../db/molde-consulta.ts';

// The one definition of how a content search is asked of PostgreSQL and how its excerpt comes back.

/** The query of a search text: Portuguese stemming without accents, "phrases" and -excluded words. */
export function consultaConteudo(texto: string): RawBuilder<unknown> {
  return sql`websearch_to_tsquery('public.portugues_sem_acento', ${texto})`;
}

/** The search's words that are not excluded (websearch syntax: -word, -"phrase"), phrases split into words. */
export function palavrasPositivas(texto: string): string[] {
  return texto
    .replace(/(^|\s)-"[^"]*"?/g, ' ')
    .replace(/(^|\s)-\S+/g, ' ')
    .replace(/"/g, ' ')
    .split(/\s+/)
    .filter((palavra) => palavra !== '' && palavra.toLowerCase() !== 'or');
}

/**
 * Any of the search's words that are not excluded: the pages that hold some of them, when no single page holds the
 * whole search (its words spread over pages of the document).
 */
export function consultaAlgumaPalavra(texto: string): RawBuilder<unknown> {
  const algumaPalavra = derivar([texto], (t) => palavrasPositivas(t).join(' or '));
  return sql`websearch_to_tsquery('public.portugues_sem_acento', ${algumaPalavra})`;
}

// Private-use characters mark the highlighted words: they cannot come from the search, and are removed from the page
// text first, so a page cannot forge a highlight.
const INICIO = '\uE000';
const FIM = '\uE001';

/**
 * A short excerpt of `coluna` (a page's text) around the words of `consulta`, with the words between markers, for
 * `paraTrecho`. Only ever computed for a page the caller may see.
 */
export function trechoSql(coluna: RawBuilder<unknown>, consulta: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`ts_headline('public.portugues_sem_acento', translate(${coluna}, ${INICIO + FIM}, ''), ${consulta},
    ${`StartSel=${INICIO}, StopSel=${FIM}, MaxWords=30, MinWords=12, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "`})`;
}

/** The excerpt computed by `trechoSql` as pieces of plain text, the highlighted ones marked. */
export function paraTrecho(bruto: string): Trecho {
  const pecas: Trecho = [];
  const texto = bruto.replace(/\s+/g, ' ').trim();
  let posicao = 0;
  while (posicao < texto.length) {
    const inicio = texto.indexOf(INICIO, posicao);
    if (inicio < 0) {
      pecas.push({ texto: texto.slice(posicao), destaque: false });
      break;
    }
    if (inicio > posicao) pecas.push({ texto: texto.slice(posicao, inicio), destaque: false });
    const fim = texto.indexOf(FIM, inicio + 1);
    const final = fim < 0 ? texto.length : fim;
    const destacado = texto.slice(inicio + 1, final);
    if (destacado) pecas.push({ texto: destacado, destaque: true });
    posicao = final + 1;
  }
  return pecas.filter((peca) => peca.texto.length > 0);
}
