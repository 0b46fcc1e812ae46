import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { usarBancoTeste } from '../../testing/banco-do-arquivo.ts';
import { consultaConteudo, paraTrecho, trechoSql } from './texto-sql.ts';

/** The one content query and its excerpts, on the real text search configuration of the migrations. */

const banco = usarBancoTeste();

async function casa(texto: string, busca: string): Promise<boolean> {
  const { rows } = await sql<{ casa: boolean }>`SELECT to_tsvector('public.portugues_sem_acento', ${texto})
    @@ ${consultaConteudo(busca)} AS casa`.execute(banco.db);
  return rows[0]?.casa ?? false;
}

async function trecho(texto: string, busca: string) {
  const { rows } = await sql<{
    bruto: string;
  }>`SELECT ${trechoSql(sql`${texto}::text`, consultaConteudo(busca))} AS bruto`.execute(banco.db);
  return paraTrecho(rows[0]?.bruto ?? '');
}

describe('consultaConteudo', () => {
  it('Portuguese stems, without accents or case', async () => {
    expect(await casa('Laudo de INSALUBRIDADE do laboratório', 'insalubridade')).toBe(true);
    expect(await casa('Laudo de insalubridade do laboratório', 'LABORATORIO')).toBe(true);
    expect(await casa('Os laudos técnicos', 'laudo tecnico')).toBe(true);
    expect(await casa('Laudo de insalubridade', 'periculosidade')).toBe(false);
  });

  it('"phrases" in order, -excluded words, or', async () => {
    expect(await casa('vistoria elétrica do prédio', '"vistoria elétrica"')).toBe(true);
    expect(await casa('elétrica e vistoria do prédio', '"vistoria elétrica"')).toBe(false);
    expect(await casa('vistoria elétrica do prédio', 'vistoria -elétrica')).toBe(false);
    expect(await casa('vistoria hidráulica do prédio', 'vistoria -elétrica')).toBe(true);
    expect(await casa('vistoria hidráulica', 'elétrica or hidráulica')).toBe(true);
  });
});

describe('trechoSql e paraTrecho', () => {
  it('an excerpt of plain pieces, the searched words marked', async () => {
    const pecas = await trecho('O servidor apresentou atestado de hanseníase em março.', 'hanseniase');
    expect(pecas.filter((p) => p.destaque).map((p) => p.texto)).toEqual(['hanseníase']);
    // A fragment of the words around (ts_headline leaves out short words and punctuation at its edges).
    expect(pecas.map((p) => p.texto).join('')).toContain('servidor apresentou atestado de hanseníase em março');
  });

  it("a page cannot forge a highlight with the markers' characters, nor inject markup", async () => {
    const pecas = await trecho('Texto \uE000falso\uE001 com <b>marca</b> e laudo.', 'laudo');
    expect(pecas.filter((p) => p.destaque).map((p) => p.texto)).toEqual(['laudo']);
    // ts_headline's parser drops the tags: only their words remain, as text.
    expect(pecas.map((p) => p.texto).join('')).toBe('Texto falso com marca e laudo');
  });

  it('paraTrecho joins whitespace and drops empty pieces', () => {
    expect(paraTrecho('  a\n\n b \uE000c\uE001\uE000\uE001 d ')).toEqual([
      { texto: 'a b ', destaque: false },
      { texto: 'c', destaque: true },
      { texto: ' d', destaque: false },
    ]);
  });
});
