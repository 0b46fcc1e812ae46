import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compararDescricao as compararDoBarril, filtrosCaixaPostalSchema, MENSAGENS } from './index.ts';
import { compararDescricao, lerFiltrosCaixaPostal, validarFiltrosCaixaPostal } from './regras-leves.ts';

const texto = fc.oneof(
  fc.string({ maxLength: 50 }),
  fc.constantFrom('', ' ', '12', ' 7 ', '0', '-3', '1.5', '1e2', '0x10', '9007199254740993', '100', '101', '100000'),
  fc.constantFrom('2026-01-31', '2025-02-30', '2024-02-29', '2026-1-1', ' 2026-01-31', 'dataEnvio', 'numero'),
  fc.constantFrom('aguardando', 'novos', 'urgentes', 'recebidos', 'Novos', 'todos'),
  fc.constantFrom('VENCIDO', 'VENCE_HOJE', 'NO_PRAZO', 'SEM_PRAZO', 'vencido', 'prazo', 'true', 'false', 'TRUE'),
  fc.constantFrom('tipo', 'asc', 'desc', 'DESC', 'x'.repeat(40), ` ${'x'.repeat(40)} `, 'x'.repeat(41)),
);
const valor = fc.oneof(texto, fc.integer({ min: -5, max: 200_000 }), fc.double(), fc.constant(null), fc.boolean());
const campos = [
  'numeroDocumento',
  'idTipoDocumento',
  'idUnidadeAtual',
  'dataInicio',
  'dataFim',
  'fila',
  'situacaoPrazo',
  'sobrestados',
  'naoLidos',
  'ordenacao',
  'direcao',
  'pagina',
  'tamanhoPagina',
  'outro',
] as const;
const entrada = fc.record(Object.fromEntries(campos.map((campo) => [campo, valor])), { requiredKeys: [] });

describe('lerFiltrosCaixaPostal (os filtros da caixa postal sem zod)', () => {
  it('concorda com filtrosCaixaPostalSchema, a validação do servidor, em qualquer entrada', () => {
    fc.assert(
      fc.property(entrada, (valores) => {
        const esperado = filtrosCaixaPostalSchema.safeParse(valores);
        expect(lerFiltrosCaixaPostal(valores)).toEqual(esperado.success ? esperado.data : null);
      }),
      { numRuns: 5000 },
    );
  });

  it('lê a caixa que a web abre e recusa o que o servidor recusa', () => {
    expect(
      lerFiltrosCaixaPostal({ idUnidadeAtual: '2', dataInicio: '2026-10-24', dataFim: '2026-11-23', pagina: 1 }),
    ).toEqual({
      idUnidadeAtual: 2,
      dataInicio: '2026-10-24',
      dataFim: '2026-11-23',
      ordenacao: 'dataEnvio',
      direcao: 'desc',
      pagina: 1,
      tamanhoPagina: 20,
    });
    expect(lerFiltrosCaixaPostal({ numeroDocumento: ' 23076.000001/2026-11 ' })?.numeroDocumento).toBe(
      '23076.000001/2026-11',
    );
    expect(lerFiltrosCaixaPostal({ dataInicio: '2025-02-30' })).toBeNull();
    expect(lerFiltrosCaixaPostal({ tamanhoPagina: '101' })).toBeNull();
    expect(lerFiltrosCaixaPostal({ idTipoDocumento: '0' })).toBeNull();
  });

  it('mantém as regras da spec §5 e os nomes do barril', () => {
    expect(validarFiltrosCaixaPostal({ dataInicio: '2026-01-01' })).toBe(MENSAGENS.caixaPostal.dataIncompleta);
    expect(validarFiltrosCaixaPostal({})).toBe(MENSAGENS.caixaPostal.filtroObrigatorio);
    expect(validarFiltrosCaixaPostal({ dataInicio: '2026-01-02', dataFim: '2026-01-01' })).toBe(
      MENSAGENS.caixaPostal.dataInvertida,
    );
    expect(validarFiltrosCaixaPostal({ dataInicio: '2026-01-01', dataFim: '2026-01-01' })).toBeNull();
    expect(validarFiltrosCaixaPostal({ numeroDocumento: '1' })).toBeNull();
    // Issue 20: a deadline's state or the suspended documents are a search by themselves.
    expect(validarFiltrosCaixaPostal({ situacaoPrazo: 'VENCIDO' })).toBeNull();
    expect(validarFiltrosCaixaPostal({ sobrestados: 'true' })).toBeNull();
    expect(validarFiltrosCaixaPostal({ sobrestados: 'false' })).toBe(MENSAGENS.caixaPostal.filtroObrigatorio);
    expect(compararDoBarril).toBe(compararDescricao);
    expect([{ descricao: 'Ofício' }, { descricao: 'ata' }].sort(compararDescricao)[0]?.descricao).toBe('ata');
  });
});
