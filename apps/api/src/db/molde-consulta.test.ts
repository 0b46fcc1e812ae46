import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { derivar, Marcador, MoldesDeConsulta } from './molde-consulta.ts';

// A compile-only Kysely: nothing here reaches a database.
const pool = new pg.Pool();
const db = new Kysely<{ t: { id: number; nome: string; grupo: number } }>({ dialect: new PostgresDialect({ pool }) });

afterAll(async () => {
  await pool.end();
});

interface Criterios {
  nome?: string;
  grupos: number[] | null;
  ordem: 'id' | 'nome';
  ativos: boolean;
  pagina: number;
  exato?: string;
}

function consulta(c: Criterios) {
  return db
    .selectFrom('t')
    .selectAll()
    .$if(c.nome !== undefined, (q) => q.where('nome', 'like', c.nome as string))
    .$if(c.grupos !== null, (q) => q.where('grupo', 'in', c.grupos as number[]))
    .$if(c.ativos, (q) => q.where(sql<boolean>`ativo`))
    .$if(c.exato !== undefined, (q) =>
      (c.exato as string).length > 3 ? q.where('nome', '=', c.exato as string) : q.where('nome', 'like', 'x'),
    )
    .orderBy(c.ordem)
    .limit(10)
    .offset(derivar([c.pagina], (pagina) => (pagina - 1) * 10));
}

const moldes = (compilar = (c: Criterios) => consulta(c).compile()) =>
  new MoldesDeConsulta<Criterios>({ decisoes: ['ordem'], semMolde: ['exato'], maximo: 10, compilar });

describe('derivar', () => {
  it('calcula já com valores, e com um marcador dá outro que calcula com os valores de cada pedido', () => {
    expect(derivar([2, 10], (a, b) => a * b)).toBe(20);
    // In a statement a marker stands where a number goes: typed as one.
    const n = new Marcador<{ n: number }>((c) => c.n) as unknown as number;
    const marcado = derivar([n, 10], (a, b) => a * b);
    expect(marcado).toBeInstanceOf(Marcador);
    expect((marcado as unknown as Marcador<{ n: number }>).ler({ n: 3 })).toBe(30);
  });
});

describe('MoldesDeConsulta', () => {
  const base: Criterios = { nome: 'ana%', grupos: [1, 2], ordem: 'id', ativos: true, pagina: 1 };

  it('compila a forma uma vez e põe os valores de cada pedido no lugar, igual a compilar de novo', () => {
    const m = moldes();
    const outros: Criterios = { nome: 'bruno%', grupos: [7, 9], ordem: 'id', ativos: true, pagina: 4 };
    expect(m.compilar(base)).toMatchObject({ sql: consulta(base).compile().sql });
    const reaproveitada = m.compilar(outros);
    expect(m.tamanho).toBe(1);
    expect(reaproveitada.sql).toBe(consulta(outros).compile().sql);
    expect(reaproveitada.parameters).toEqual(['bruno%', 7, 9, 10, 30]);
  });

  it('separa as formas: decisão, booleano, ausente, nulo e tamanho de lista', () => {
    const m = moldes();
    const variantes: Criterios[] = [
      base,
      { ...base, ordem: 'nome' },
      { ...base, ativos: false },
      { ...base, nome: undefined },
      { ...base, grupos: null },
      { ...base, grupos: [1, 2, 3] },
    ];
    for (const c of variantes) {
      const compilada = m.compilar(c);
      const esperada = consulta(c).compile();
      expect(compilada.sql).toBe(esperada.sql);
      expect(compilada.parameters).toEqual(esperada.parameters);
    }
    expect(m.tamanho).toBe(variantes.length);
  });

  it('compila de novo a cada pedido quando há um caminho sem molde, e nunca guarda', () => {
    const m = moldes();
    for (const exato of ['abc', 'abcdef']) {
      const c = { ...base, exato };
      expect(m.compilar(c).sql).toBe(consulta(c).compile().sql);
    }
    expect(m.tamanho).toBe(0);
  });

  it('recusa a forma cuja consulta calcula com um valor sem derivar: compila sempre, e certo', () => {
    const m = moldes((c) =>
      db
        .selectFrom('t')
        .selectAll()
        .where('nome', '=', (c.nome as string).toUpperCase())
        .compile(),
    );
    expect(m.compilar(base).parameters).toEqual(['ANA%']);
    expect(m.compilar({ ...base, nome: 'bia' }).parameters).toEqual(['BIA']);
    expect(m.tamanho).toBe(0);
  });

  it('recusa a forma cujo molde, com os valores de volta, não dá a mesma consulta', () => {
    // A value the text depends on and that is not declared a decision: the check sees it with the first request.
    const m = moldes((c) =>
      db
        .selectFrom('t')
        .selectAll()
        .where('grupo', '=', c.pagina > 2 ? 1 : 2)
        .compile(),
    );
    expect(m.compilar({ ...base, pagina: 3 }).parameters).toEqual([1]);
    expect(m.tamanho).toBe(0);
  });

  it('guarda no máximo o número de formas pedido, descartando a mais antiga', () => {
    const m = moldes();
    for (let n = 0; n < 15; n++) m.compilar({ ...base, grupos: Array.from({ length: n }, (_, i) => i) });
    expect(m.tamanho).toBe(10);
  });
});
