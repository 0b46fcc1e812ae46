import { describe, expect, it } from 'vitest';
import { filtrosArquivosAssinadosSchema, validarFiltrosArquivosAssinados } from './arquivos-assinados.ts';
import { MENSAGENS } from './mensagens.ts';

describe('validarFiltrosArquivosAssinados', () => {
  it('pede as duas datas de assinatura ou nenhuma, em ordem', () => {
    expect(validarFiltrosArquivosAssinados({})).toBeNull();
    expect(
      validarFiltrosArquivosAssinados({ dataAssinaturaInicio: '2026-01-01', dataAssinaturaFim: '2026-01-31' }),
    ).toBeNull();
    expect(validarFiltrosArquivosAssinados({ dataAssinaturaInicio: '2026-01-01' })).toBe(
      MENSAGENS.arquivosAssinados.dataAssinaturaIncompleta,
    );
    expect(validarFiltrosArquivosAssinados({ dataAssinaturaInicio: '', dataAssinaturaFim: '2026-01-01' })).toBe(
      MENSAGENS.arquivosAssinados.dataAssinaturaIncompleta,
    );
    expect(
      validarFiltrosArquivosAssinados({ dataAssinaturaInicio: '2026-02-01', dataAssinaturaFim: '2026-01-01' }),
    ).toBe(MENSAGENS.arquivosAssinados.dataAssinaturaInvertida);
  });

  it('lê parâmetros vazios da query como ausentes e recusa datas que não existem', () => {
    expect(filtrosArquivosAssinadosSchema.parse({ vinculados: '', usuarioAssinante: ' ' })).toEqual({});
    expect(filtrosArquivosAssinadosSchema.safeParse({ dataAssinaturaInicio: '2026-02-30' }).success).toBe(false);
    expect(filtrosArquivosAssinadosSchema.safeParse({ vinculados: 'sim' }).success).toBe(false);
  });
});
