import { describe, expect, it } from 'vitest';
import { filtrosFavoritosSchema, tagsParaTela, validarFiltrosFavoritos } from './favoritos.ts';
import { MENSAGENS } from './mensagens.ts';

describe('validarFiltrosFavoritos', () => {
  it('aceita nenhum filtro, o período completo e o resumo com 3 caracteres', () => {
    expect(validarFiltrosFavoritos({})).toBeNull();
    expect(
      validarFiltrosFavoritos({ dataInicioUltimaAlteracao: '2026-01-01', dataFimUltimaAlteracao: '2026-01-01' }),
    ).toBeNull();
    expect(validarFiltrosFavoritos({ resumoDocumento: ' abc ' })).toBeNull();
  });

  it('recusa o período pela metade, invertido e o resumo curto', () => {
    expect(validarFiltrosFavoritos({ dataInicioUltimaAlteracao: '2026-01-01' })).toBe(
      MENSAGENS.favoritos.dataAlteracaoIncompleta,
    );
    expect(validarFiltrosFavoritos({ dataFimUltimaAlteracao: '2026-01-01', dataInicioUltimaAlteracao: '' })).toBe(
      MENSAGENS.favoritos.dataAlteracaoIncompleta,
    );
    expect(
      validarFiltrosFavoritos({ dataInicioUltimaAlteracao: '2026-01-02', dataFimUltimaAlteracao: '2026-01-01' }),
    ).toBe(MENSAGENS.favoritos.periodoInvertido);
    expect(validarFiltrosFavoritos({ resumoDocumento: ' ab ' })).toBe(MENSAGENS.busca.resumoCurto);
  });
});

describe('filtrosFavoritosSchema', () => {
  it('trata parâmetros vazios como ausentes e recusa datas inexistentes', () => {
    expect(
      filtrosFavoritosSchema.parse({ resumoDocumento: '', idTipoDocumento: '', dataInicioUltimaAlteracao: '' }),
    ).toEqual({ pagina: 1, tamanhoPagina: 20 });
    expect(filtrosFavoritosSchema.safeParse({ dataInicioUltimaAlteracao: '2025-02-30' }).success).toBe(false);
    expect(filtrosFavoritosSchema.parse({ idTipoDocumento: '7' }).idTipoDocumento).toBe(7);
  });
});

it('tagsFavoritoTela junta os marcadores com vírgula', () => {
  expect(tagsParaTela(['a', 'prazo LAI'])).toBe('a, prazo LAI');
  expect(tagsParaTela([])).toBe('');
});
