import fc from 'fast-check';
import { CamelCasePlugin, type QueryResult, type RootOperationNode, type UnknownRow } from 'kysely';
import { describe, expect, it } from 'vitest';
import { CamelCaseRapido } from './camel-case-rapido.ts';

const argumentos = (rows: unknown[]) => ({
  result: { rows, numAffectedRows: 1n } as QueryResult<UnknownRow>,
  queryId: { queryId: 'q' },
  node: undefined as unknown as RootOperationNode,
});

const comparar = async (rows: unknown[]) => {
  const esperado = await new CamelCasePlugin().transformResult(argumentos(rows));
  const obtido = await new CamelCaseRapido().transformResult(argumentos(rows));
  expect(obtido).toStrictEqual(esperado);
  return obtido;
};

describe('CamelCaseRapido', () => {
  it('mapeia as linhas como o CamelCasePlugin do Kysely, inclusive colunas json, e mantém o resto do resultado', async () => {
    const data = new Date('2026-11-23T12:00:00Z');
    const bytes = Buffer.from('pdf');
    const semPrototipo = Object.assign(Object.create(null), { id_interno: 1 });
    const resultado = await comparar([
      {
        id_documento: 1,
        dt_despacho: data,
        conteudo: bytes,
        lista_ids: [1, 2],
        pecas: [{ id_anexo: 7, tipo_mime: 'application/pdf', sub: { nivel_acesso: 'P' } }, null, 'x'],
        dados: { unidade_origem: { id_unidade: 2 } },
        objeto_nulo: semPrototipo,
        nada: null,
      },
      {
        id_documento: 2,
        dt_despacho: null,
        conteudo: null,
        lista_ids: [],
        pecas: [],
        dados: null,
        objeto_nulo: null,
        nada: null,
      },
    ]);
    expect(resultado.numAffectedRows).toBe(1n);
    const primeira = resultado.rows[0] as Record<string, unknown>;
    expect(primeira.dtDespacho).toBe(data);
    expect(primeira.conteudo).toBe(bytes);
    expect(primeira.pecas).toEqual([{ idAnexo: 7, tipoMime: 'application/pdf', sub: { nivelAcesso: 'P' } }, null, 'x']);
  });

  it('recorre ao mapeamento do plugin quando uma linha tem colunas diferentes das da primeira', async () => {
    await comparar([{ id_documento: 1, data_criacao: 'a' }, { id_documento: 2 }, { outra_coluna: 3, id_documento: 4 }]);
  });

  it('deixa como estão os resultados vazios e os sem linhas', async () => {
    await comparar([]);
    const semLinhas = { numAffectedRows: 3n } as unknown as QueryResult<UnknownRow>;
    const obtido = await new CamelCaseRapido().transformResult({ ...argumentos([]), result: semLinhas });
    expect(obtido).toBe(semLinhas);
  });

  it('concorda com o plugin em linhas aleatórias', async () => {
    const chave = fc.stringMatching(/^[a-z][a-z0-9_]{0,12}$/);
    const valor = fc.letrec((tie) => ({
      valor: fc.oneof(
        { depthSize: 'small' },
        fc.integer(),
        fc.string(),
        fc.constant(null),
        fc.date({ noInvalidDate: true }),
        fc.array(tie('valor'), { maxLength: 3 }),
        fc.dictionary(chave, tie('valor'), { maxKeys: 3 }),
      ),
    })).valor;
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(chave, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 1, max: 4 }),
        fc.gen(),
        async (colunas, n, gerar) => {
          const linhas = Array.from({ length: n }, () =>
            Object.fromEntries(colunas.map((c) => [c, gerar(() => valor)])),
          );
          await comparar(linhas);
        },
      ),
      { numRuns: 200 },
    );
  });
});
