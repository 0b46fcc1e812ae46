import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarAppTeste } from '../../testing/contexto-teste.ts';
import {
  adicionarPecas,
  criarDocumento,
  criarHipotese,
  criarTipoDocumento,
  criarUnidade,
  criarUsuario,
} from '../../testing/fabricas.ts';
import { pecaPublicaSql } from '../conteudo/visibilidade-sql.ts';
import { type CriteriosBusca, pesquisarDocumentos } from './queries-busca.ts';

/**
 * Issue 21 at scale (migration 0026): each document's public text as one row, kept by triggers whatever changes
 * (a page read, a peça added, made restricted, desentranhada, moved, removed), built with the same condition as
 * `pecaPublicaSql`; what it means for a search (words spread over pages, phrases never across pages), and the
 * fallbacks to page by page when the row could not hold the text.
 */

const t = usarAppTeste();
const db = () => t.banco.db;
let base: { idUnidade: number; idUsuario: number; idTipoDocumento: number };
let idHipoteseLegal: number;

beforeAll(async () => {
  const unidade = await criarUnidade(db());
  const usuario = await criarUsuario(db(), { lotacoes: [unidade.id] });
  const tipo = await criarTipoDocumento(db());
  base = { idUnidade: unidade.id, idUsuario: usuario.id, idTipoDocumento: tipo };
  idHipoteseLegal = await criarHipotese(db());
});

async function documentoComPecas(quantas: number) {
  const idDocumento = await criarDocumento(db(), base);
  await db()
    .updateTable('documento')
    .set({ dataCriacao: '2025-03-10T12:00:00Z' })
    .where('id', '=', idDocumento)
    .execute();
  const pecas = await adicionarPecas(t, { idDocumento, idUsuario: base.idUsuario }, quantas);
  return { idDocumento, pecas };
}

/** What the indexer does: one row per page of the file. */
async function lerPaginas(sha256: string, paginas: string[]) {
  for (const [i, texto] of paginas.entries()) {
    await db()
      .insertInto('arquivoTextoPagina')
      .values({ sha256, pagina: i + 1, texto, origem: 'T' })
      .onConflict((oc) => oc.columns(['sha256', 'pagina']).doUpdateSet({ texto }))
      .execute();
  }
}

/** The row of the document, with its public text as its lexemes. */
async function linha(idDocumento: number) {
  const { rows } = await sql<{
    lexemas: string[] | null;
    nulo: boolean;
    posicoesExatas: boolean;
    naoPublicas: boolean;
  }>`SELECT tsvector_to_array(tsv_publico) AS lexemas, tsv_publico IS NULL AS nulo, posicoes_exatas, nao_publicas
     FROM documento_texto WHERE id_documento = ${idDocumento}`.execute(db());
  const [r] = rows;
  // ' ' is the mark between pages (migration 0026), not a word of the text.
  return r ? { ...r, lexemas: (r.lexemas ?? []).filter((l) => l !== ' ').sort() } : null;
}

/** The public text recomputed from the pages with the condition the searches use (pecaPublicaSql). */
async function textoPublicoEsperado(idDocumento: number): Promise<string | null> {
  const { rows } = await sql<{
    texto: string | null;
  }>`SELECT CASE WHEN count(*) > 0 THEN
      (juntar_paginas(tp.tsv ORDER BY p.sequencial, p.id, tp.pagina) FILTER (WHERE ${pecaPublicaSql}))::text END AS texto
    FROM peca p JOIN anexo an ON an.id = p.id_anexo JOIN arquivo_texto_pagina tp ON tp.sha256 = an.sha256
    WHERE p.id_documento = ${idDocumento}`.execute(db());
  return rows[0]?.texto ?? null;
}

async function textoPublicoGuardado(idDocumento: number): Promise<string | null> {
  const { rows } = await sql<{ texto: string | null }>`SELECT tsv_publico::text AS texto FROM documento_texto
    WHERE id_documento = ${idDocumento}`.execute(db());
  return rows[0]?.texto ?? null;
}

const anonimo = (texto: string): CriteriosBusca => ({
  conteudo: { texto, leitor: null },
  criacao: { inicio: '2025-03-01', fim: '2025-03-31' },
  lotacoes: null,
  ordenacao: 'relevancia',
  direcao: 'desc',
  pagina: 1,
  tamanhoPagina: 20,
});

async function achados(texto: string, estrategia?: 'recentes' | 'indice'): Promise<number[]> {
  const { itens } = await pesquisarDocumentos(db(), { ...anonimo(texto), estrategiaConteudo: estrategia });
  return itens.map((i) => i.id).sort((a, b) => a - b);
}

describe('o texto público de cada documento, mantido pelos gatilhos', () => {
  it('follows pages read, restriction, desentranhamento, moves and removals, always as pecaPublicaSql says', async () => {
    const { idDocumento, pecas } = await documentoComPecas(2);
    const [a, b] = pecas;
    if (!a || !b) throw new Error('peças');
    const outro = await criarDocumento(db(), base);
    const confere = async () => {
      expect(await textoPublicoGuardado(idDocumento)).toBe(await textoPublicoEsperado(idDocumento));
      expect(await textoPublicoGuardado(outro)).toBe(await textoPublicoEsperado(outro));
    };
    // No text read yet: no row (nothing to find).
    expect(await linha(idDocumento)).toBeNull();

    await lerPaginas(a.sha256, ['Parecer sobre alfarrábio antigo', 'Conclusão: bergamota']);
    expect(await linha(idDocumento)).toMatchObject({
      lexemas: expect.arrayContaining(['alfarrabi', 'bergamot']),
      nulo: false,
      posicoesExatas: true,
      naoPublicas: false,
    });
    await confere();

    await lerPaginas(b.sha256, ['Atestado de catapora']);
    await db().updateTable('peca').set({ nivelAcesso: 'R', idHipoteseLegal }).where('id', '=', b.idPeca).execute();
    const restrita = await linha(idDocumento);
    expect(restrita?.naoPublicas).toBe(true);
    expect(restrita?.lexemas).not.toContain('catapor');
    await confere();

    // A page read again (re-indexing) replaces its words.
    await lerPaginas(a.sha256, ['Parecer sobre xilofone', 'Conclusão: bergamota']);
    expect((await linha(idDocumento))?.lexemas).not.toContain('alfarrabi');
    await confere();

    // Public again, then desentranhada (the last peça, so the others keep their sequence).
    await db()
      .updateTable('peca')
      .set({ nivelAcesso: 'P', idHipoteseLegal: null })
      .where('id', '=', b.idPeca)
      .execute();
    expect((await linha(idDocumento))?.lexemas).toContain('catapor');
    await db()
      .updateTable('peca')
      .set({ situacaoVinculo: 'D', justificativaCancelamento: 'Juntada por engano' })
      .where('id', '=', b.idPeca)
      .execute();
    expect((await linha(idDocumento))?.lexemas).not.toContain('catapor');
    expect((await linha(idDocumento))?.naoPublicas).toBe(true);
    await confere();

    // A peça moved to another document (desmembramento) leaves one text and joins the other.
    await db().updateTable('peca').set({ idDocumento: outro }).where('id', '=', a.idPeca).execute();
    expect((await linha(outro))?.lexemas).toContain('xilofon');
    expect((await linha(idDocumento))?.lexemas).toEqual([]);
    expect((await linha(idDocumento))?.naoPublicas).toBe(true);
    await confere();

    await db().deleteFrom('arquivoTextoPagina').where('sha256', '=', b.sha256).execute();
    expect(await linha(idDocumento)).toBeNull();
    await db().deleteFrom('peca').where('id', '=', a.idPeca).execute();
    expect(await linha(outro)).toBeNull();
  });

  it('the migration fills every document the same way the triggers do', async () => {
    const { idDocumento, pecas } = await documentoComPecas(2);
    await lerPaginas(pecas[0]?.sha256 as string, ['Ofício sobre girassol', 'página dois']);
    await lerPaginas(pecas[1]?.sha256 as string, ['Anexo com tulipa']);
    const antes = await textoPublicoGuardado(idDocumento);
    await sql`SELECT preencher_documento_texto()`.execute(db());
    expect(await textoPublicoGuardado(idDocumento)).toBe(antes);
    expect(antes).toBe(await textoPublicoEsperado(idDocumento));
  });
});

describe('o que isso quer dizer para a busca', () => {
  it('finds a document whose words are on different pages; a phrase never spans two pages', async () => {
    const { idDocumento, pecas } = await documentoComPecas(1);
    await lerPaginas(pecas[0]?.sha256 as string, [
      'O relatório termina falando de marimbondo',
      'Quitanda da esquina, na página seguinte',
    ]);
    for (const estrategia of ['recentes', 'indice'] as const) {
      expect(await achados('marimbondo quitanda', estrategia)).toEqual([idDocumento]);
      expect(await achados('"marimbondo quitanda"', estrategia)).toEqual([]);
      expect(await achados('"quitanda da esquina"', estrategia)).toEqual([idDocumento]);
      expect(await achados('marimbondo -quitanda', estrategia)).toEqual([]);
    }
    // The occurrence: a page holding some of the words.
    const { itens } = await pesquisarDocumentos(db(), anonimo('marimbondo quitanda'));
    expect(itens[0]?.ocorrencia).toMatchObject({ pagina: 1 });
  });

  it('phrases of a document whose positions were cut are checked page by page', async () => {
    const { idDocumento, pecas } = await documentoComPecas(1);
    const enchimento = Array.from({ length: 9000 }, (_, i) => `palavra${i}`).join(' ');
    await lerPaginas(pecas[0]?.sha256 as string, [enchimento, `${enchimento} fim com jabuticaba madura`]);
    expect(await linha(idDocumento)).toMatchObject({ nulo: false, posicoesExatas: false });
    for (const estrategia of ['recentes', 'indice'] as const) {
      expect(await achados('"jabuticaba madura"', estrategia)).toEqual([idDocumento]);
      expect(await achados('"madura jabuticaba"', estrategia)).toEqual([]);
    }
  });

  it('a document whose text passes what one row holds is searched page by page', async () => {
    const { idDocumento, pecas } = await documentoComPecas(1);
    // Eight pages of 15,000 different words (a page's own positions stop at 16,383): ~1.8 MB of lexemes in all.
    const pagina = (n: number) => Array.from({ length: 15_000 }, (_, i) => `p${n}x${i}`).join(' ');
    const paginas = Array.from({ length: 8 }, (_, n) => pagina(n));
    paginas[7] = `pitanga vermelha ${paginas[7]}`;
    await lerPaginas(pecas[0]?.sha256 as string, paginas);
    expect(await linha(idDocumento)).toMatchObject({ nulo: true, posicoesExatas: false });
    for (const estrategia of ['recentes', 'indice'] as const) {
      expect(await achados('pitanga', estrategia)).toEqual([idDocumento]);
      expect(await achados('"pitanga vermelha"', estrategia)).toEqual([idDocumento]);
    }
  }, 120_000);

  it('more documents than the limit: the most recent, and the answer says there are more', async () => {
    const ids: number[] = [];
    for (const dia of ['2025-03-02', '2025-03-03', '2025-03-04']) {
      const { idDocumento, pecas } = await documentoComPecas(1);
      await db()
        .updateTable('documento')
        .set({ dataCriacao: `${dia}T12:00:00Z` })
        .where('id', '=', idDocumento)
        .execute();
      await lerPaginas(pecas[0]?.sha256 as string, ['Relato sobre carambola']);
      ids.push(idDocumento);
    }
    for (const estrategia of ['recentes', 'indice'] as const) {
      const recentes = await pesquisarDocumentos(db(), {
        ...anonimo('carambola'),
        estrategiaConteudo: estrategia,
        limiteConteudo: 2,
      });
      expect(recentes.total).toBe(2);
      expect(recentes.totalLimitado).toBe(true);
      expect(recentes.itens.map((i) => i.id).sort()).toEqual([ids[1], ids[2]].sort());
      const antigos = await pesquisarDocumentos(db(), {
        ...anonimo('carambola'),
        ordenacao: 'dataCriacao',
        direcao: 'asc',
        estrategiaConteudo: estrategia,
        limiteConteudo: 2,
      });
      expect(antigos.itens.map((i) => i.id)).toEqual([ids[0], ids[1]]);
      const todos = await pesquisarDocumentos(db(), { ...anonimo('carambola'), estrategiaConteudo: estrategia });
      expect(todos).toMatchObject({ total: 3, totalLimitado: false });
      // A page past the limit is empty and still says how many.
      const alem = await pesquisarDocumentos(db(), {
        ...anonimo('carambola'),
        estrategiaConteudo: estrategia,
        limiteConteudo: 2,
        pagina: 2,
        tamanhoPagina: 2,
      });
      expect(alem).toMatchObject({ itens: [], total: 2, totalLimitado: true });
    }
  });
});
