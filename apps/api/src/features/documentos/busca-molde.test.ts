import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BancoTeste, criarBancoTeste } from '../../testing/banco-teste.ts';
import { type CriteriosBusca, compilarBusca, consultaBusca } from './queries.ts';

// The search's statement is compiled once per form and reused with each request's values (db/molde-consulta.ts).
// Whatever the criteria, the reused statement must be exactly the one compiled afresh from them: the same text and
// the same parameters. A value taken for part of the form that is not (a reader's unit left in the text, say) would
// show here as another request's value in a parameter.

let banco: BancoTeste;

beforeAll(async () => {
  banco = await criarBancoTeste();
});

afterAll(async () => {
  await banco?.fechar();
});

const id = fc.integer({ min: 1, max: 100_000 });
const dia = fc
  .date({ min: new Date('2020-01-01'), max: new Date('2027-12-31'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const periodo = fc.record({ inicio: dia, fim: dia });
const palavras = fc.constantFrom('parecer', 'insalubridade', '"prestação de contas"', 'servidor -férias', 'a or b');
const leitor = fc.option(
  fc.record({ idUnidadeAtual: fc.option(id), idPessoa: fc.option(id), irrestrito: fc.boolean() }),
  { nil: null },
);

const campos = {
  numeroDigitos: fc.constantFrom('', '2306', '23066000842202640'),
  resumoAssunto: fc.constantFrom('contrato', 'férias de servidor', 'diárias'),
  conteudo: fc.record({ texto: palavras, leitor }),
  estrategiaConteudo: fc.constantFrom('recentes' as const, 'indice' as const),
  limiteConteudo: fc.integer({ min: 1, max: 1000 }),
  idTipoDocumento: id,
  idAssunto: id,
  criacao: periodo,
  envio: periodo,
  interessado: fc.record({ tipo: fc.constantFrom('A' as const, 'S' as const), id }),
  idProcedencia: id,
  responsavel: fc.record({ tipo: fc.constantFrom('SERVIDOR' as const, 'UNIDADE' as const, 'COMISSAO' as const), id }),
  idUsuarioCriador: id,
  lotacoes: fc.option(fc.array(id, { maxLength: 3 }), { nil: null }),
  ordenacao: fc.constantFrom(
    'relevancia' as const,
    'numero' as const,
    'dataCriacao' as const,
    'dataEnvio' as const,
    'tipo' as const,
  ),
  direcao: fc.constantFrom('asc' as const, 'desc' as const),
  pagina: fc.integer({ min: 1, max: 50 }),
  tamanhoPagina: fc.constantFrom(10, 20, 50, 100),
};

/** A value half of the time, absent otherwise (`vezes` absent for each present: rarer). */
const talvez = <T>(valor: fc.Arbitrary<T>, vezes = 1) =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: vezes }, { arbitrary: valor, weight: 1 });

const { ordenacao, direcao, pagina, tamanhoPagina, lotacoes, numeroDigitos, ...opcionais } = campos;
const criterios = fc.record({
  ...Object.fromEntries(
    Object.entries(opcionais).map(([chave, valor]) => [chave, talvez(valor as fc.Arbitrary<unknown>)]),
  ),
  // A number compiles every time (no form kept): rare, so that the other forms are reused often.
  numeroDigitos: talvez(numeroDigitos, 6),
  lotacoes,
  ordenacao,
  direcao,
  pagina,
  tamanhoPagina,
}) as fc.Arbitrary<CriteriosBusca>;

/** Every key present, lists of 3, a reader with unit and person: where another request's values come from. */
const valoresCompletos = fc.record({
  ...campos,
  conteudo: fc.record({
    texto: palavras,
    leitor: fc.record({ idUnidadeAtual: id, idPessoa: id, irrestrito: fc.boolean() }),
  }),
  lotacoes: fc.array(id, { minLength: 3, maxLength: 3 }),
});

/**
 * Another request of the same structure as `c`: the same keys absent, the same nulls, booleans and list lengths; each
 * string and number either the same or, as `trocar` says, the one in `valores`. What decides the statement's text
 * (order, direction...) changes too: when it is part of the form, the form changes; when it is not, the statement kept
 * for `c` would be wrong for this request, and the test would show it.
 */
function comEstrutura(c: unknown, valores: unknown, trocar: () => boolean): unknown {
  if (c === undefined || c === null || typeof c === 'boolean') return c;
  if (Array.isArray(c)) return c.map((item, i) => comEstrutura(item, (valores as unknown[])[i], trocar));
  if (typeof c === 'object') {
    return Object.fromEntries(
      Object.entries(c).map(([chave, valor]) => [
        chave,
        comEstrutura(valor, (valores as Record<string, unknown>)[chave], trocar),
      ]),
    );
  }
  return trocar() ? valores : c;
}

describe('busca compilada uma vez por forma', () => {
  it('dá, a cada pedido, exatamente a consulta compilada de novo com os valores dele', () => {
    fc.assert(
      fc.property(
        criterios,
        valoresCompletos,
        fc.array(fc.boolean(), { minLength: 64 }),
        (primeiro, valores, moedas) => {
          let vez = 0;
          const segundo = comEstrutura(
            primeiro,
            valores,
            () => moedas[vez++ % moedas.length] as boolean,
          ) as CriteriosBusca;
          for (const c of [primeiro, segundo, primeiro]) {
            const reaproveitada = compilarBusca(banco.db, c);
            const nova = consultaBusca(banco.db, c).compile();
            expect(reaproveitada.sql).toBe(nova.sql);
            expect(reaproveitada.parameters).toEqual(nova.parameters);
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('reaproveita a forma de uma busca de conteúdo com outro texto, outra página e outro leitor da mesma espécie', () => {
    const c: CriteriosBusca = {
      conteudo: { texto: 'parecer', leitor: { idUnidadeAtual: 2, idPessoa: 7, irrestrito: false } },
      estrategiaConteudo: 'indice',
      criacao: { inicio: '2025-11-26', fim: '2026-11-26' },
      lotacoes: [2, 5],
      ordenacao: 'relevancia',
      direcao: 'desc',
      pagina: 1,
      tamanhoPagina: 20,
    };
    const primeira = compilarBusca(banco.db, c);
    const outra = compilarBusca(banco.db, {
      ...c,
      conteudo: { texto: 'servidor -férias', leitor: { idUnidadeAtual: 9, idPessoa: 3, irrestrito: false } },
      lotacoes: [9, 11],
      pagina: 3,
    });
    // The same statement, not compiled again (its tree is the kept one); the reader's unit and person, the words and
    // the offset are this request's.
    expect(outra.query).toBe(primeira.query);
    expect(outra.sql).toBe(primeira.sql);
    expect(outra.parameters).toContain(9);
    expect(outra.parameters).toContain(3);
    expect(outra.parameters).not.toContain(7);
    expect(outra.parameters).toContain('servidor -férias');
    // The excerpt's "any of the words" query: the words that are not excluded.
    expect(outra.parameters).toContain('servidor');
    expect(outra.parameters).toContain(40);
  });
});
