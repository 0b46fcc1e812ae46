import { describe, expect, it } from 'vitest';
import { filtrosFavoritosSchema, tagsParaTela, validarFiltrosFavoritos } from './favoritos.ts';
import { MENSAGENS } from './mensagens.ts';
import { casosPeriodo } from './testing/casos-periodo.ts';

describe('validarFiltrosFavoritos', () => {
  const { aceitos, recusados } = casosPeriodo('dataInicioUltimaAlteracao', 'dataFimUltimaAlteracao', {
    incompleto: MENSAGENS.favoritos.dataAlteracaoIncompleta,
    invertido: MENSAGENS.favoritos.periodoInvertido,
  });

  it('aceita nenhum filtro, o período completo e o resumo com 3 caracteres', () => {
    for (const filtros of aceitos) expect(validarFiltrosFavoritos(filtros)).toBeNull();
    expect(validarFiltrosFavoritos({ resumoDocumento: ' abc ' })).toBeNull();
  });

  it('recusa o período pela metade, invertido e o resumo curto', () => {
    for (const [filtros, mensagem] of recusados) expect(validarFiltrosFavoritos(filtros)).toBe(mensagem);
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
