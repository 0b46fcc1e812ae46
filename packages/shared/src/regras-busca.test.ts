import fc from 'fast-check';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { filtrosBuscaSchema, CONTEUDO_MAXIMO as maximoDoBarril } from './index.ts';
import { CONTEUDO_MAXIMO, type ConsultaBusca, lerFiltrosBusca } from './regras-busca.ts';

const qualquer = fc.oneof(
  fc.string({ maxLength: 50 }),
  fc.integer({ min: -5, max: 200_000 }),
  fc.double(),
  fc.constant(null),
  fc.boolean(),
);
const limite = (maximo: number) => ({
  validos: fc.constantFrom('ofício', '  of  ', ' ', 'x'.repeat(maximo), ` ${'x'.repeat(maximo)} `),
  invalidos: fc.constant('x'.repeat(maximo + 1)),
});
const id = {
  validos: fc.constantFrom('1', ' 7 ', '1e2', '0x10', 5, true),
  invalidos: fc.constantFrom('0', '-1', '1.5', '9007199254740993', null, ''),
};
const data = {
  validos: fc.constantFrom('2026-01-31', '2024-02-29'),
  invalidos: fc.constantFrom('2025-02-30', '2026-1-1', ' 2026-01-31', ''),
};
// Each field mostly valid, so that records broken by one field alone are frequent; sometimes anything at all.
const porCampo: Record<string, { validos: fc.Arbitrary<unknown>; invalidos: fc.Arbitrary<unknown> }> = {
  numeroDocumento: limite(40),
  resumoAssunto: limite(200),
  conteudoPecas: limite(CONTEUDO_MAXIMO),
  idTipoDocumento: id,
  idAssunto: id,
  dataCriacaoInicio: data,
  dataCriacaoFim: data,
  dataEnvioInicio: data,
  dataEnvioFim: data,
  tipoInteressado: limite(40),
  idInteressado: id,
  idProcedencia: id,
  tipoResponsavelTramitacao: limite(40),
  idResponsavelTramitacao: id,
  idServidorLotadoProcedencia: { validos: fc.constantFrom('-1', '0', '5', ' 3 ', false), invalidos: fc.constant('-2') },
  ordenacao: {
    validos: fc.constantFrom('relevancia', 'numero', 'dataCriacao', 'dataEnvio', 'tipo'),
    invalidos: fc.constantFrom('prazo', 'Numero'),
  },
  direcao: { validos: fc.constantFrom('asc', 'desc'), invalidos: fc.constant('DESC') },
  pagina: { validos: fc.constantFrom('1', 1, '100000'), invalidos: fc.constantFrom('0', '100001', '2.5') },
  tamanhoPagina: { validos: fc.constantFrom('1', 20, '100'), invalidos: fc.constantFrom('0', '101') },
  outro: { validos: fc.string(), invalidos: fc.string() },
};
const entrada = fc.record(
  Object.fromEntries(
    Object.entries(porCampo).map(([campo, { validos, invalidos }]) => [
      campo,
      fc.oneof(
        { arbitrary: validos, weight: 8 },
        { arbitrary: invalidos, weight: 1 },
        { arbitrary: qualquer, weight: 1 },
      ),
    ]),
  ),
  { requiredKeys: [] },
);

describe('lerFiltrosBusca (os filtros da busca de documentos sem zod)', () => {
  it('concorda com filtrosBuscaSchema, a validação do servidor, em qualquer entrada', () => {
    fc.assert(
      fc.property(entrada, (valores) => {
        const esperado = filtrosBuscaSchema.safeParse(valores);
        expect(lerFiltrosBusca(valores)).toEqual(esperado.success ? esperado.data : null);
      }),
      { numRuns: 5000 },
    );
  });

  it('lê a busca que a web envia e recusa o que o servidor recusa', () => {
    expect(
      lerFiltrosBusca({
        numeroDocumento: ' 23076.000001/2026-11 ',
        idServidorLotadoProcedencia: '-1',
        dataCriacaoInicio: '2026-01-01',
        dataCriacaoFim: '2026-01-31',
        ordenacao: 'numero',
        direcao: 'asc',
        pagina: 2,
        tamanhoPagina: 50,
      }),
    ).toEqual({
      numeroDocumento: '23076.000001/2026-11',
      idServidorLotadoProcedencia: -1,
      dataCriacaoInicio: '2026-01-01',
      dataCriacaoFim: '2026-01-31',
      ordenacao: 'numero',
      direcao: 'asc',
      pagina: 2,
      tamanhoPagina: 50,
    });
    expect(lerFiltrosBusca({})).toEqual({ direcao: 'desc', pagina: 1, tamanhoPagina: 20 });
    expect(lerFiltrosBusca({ conteudoPecas: 'x'.repeat(CONTEUDO_MAXIMO + 1) })).toBeNull();
    expect(lerFiltrosBusca({ idServidorLotadoProcedencia: '-2' })).toBeNull();
    expect(lerFiltrosBusca({ idAssunto: '0' })).toBeNull();
    expect(lerFiltrosBusca({ dataEnvioFim: '2025-02-30' })).toBeNull();
    expect(lerFiltrosBusca({ ordenacao: 'prazo' })).toBeNull();
    expect(maximoDoBarril).toBe(CONTEUDO_MAXIMO);
  });

  it('dá o tipo que filtrosBuscaSchema dá', () => {
    expectTypeOf<ConsultaBusca>().toEqualTypeOf<z.output<typeof filtrosBuscaSchema>>();
  });
});
