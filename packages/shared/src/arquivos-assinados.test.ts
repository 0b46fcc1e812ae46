import { describe, expect, it } from 'vitest';
import { filtrosArquivosAssinadosSchema, validarFiltrosArquivosAssinados } from './arquivos-assinados.ts';
import { MENSAGENS } from './mensagens.ts';
import { casosPeriodo } from './testing/casos-periodo.ts';

describe('validarFiltrosArquivosAssinados', () => {
  it('pede as duas datas de assinatura ou nenhuma, em ordem', () => {
    const { aceitos, recusados } = casosPeriodo('dataAssinaturaInicio', 'dataAssinaturaFim', {
      incompleto: MENSAGENS.arquivosAssinados.dataAssinaturaIncompleta,
      invertido: MENSAGENS.arquivosAssinados.dataAssinaturaInvertida,
    });
    for (const filtros of aceitos) expect(validarFiltrosArquivosAssinados(filtros)).toBeNull();
    for (const [filtros, mensagem] of recusados) expect(validarFiltrosArquivosAssinados(filtros)).toBe(mensagem);
  });

  it('lê parâmetros vazios da query como ausentes e recusa datas que não existem', () => {
    expect(filtrosArquivosAssinadosSchema.parse({ vinculados: '', usuarioAssinante: ' ' })).toEqual({});
    expect(filtrosArquivosAssinadosSchema.safeParse({ dataAssinaturaInicio: '2026-02-30' }).success).toBe(false);
    expect(filtrosArquivosAssinadosSchema.safeParse({ vinculados: 'sim' }).success).toBe(false);
  });
});
