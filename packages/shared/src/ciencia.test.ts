import { describe, expect, it } from 'vitest';
import { cienciaLoteSchema, dataHoraCiencia, mensagemCienciaJaRegistrada, registrarCienciaSchema } from './ciencia.ts';
import { MENSAGENS } from './mensagens.ts';

describe('ciência', () => {
  it('observação aparada, vazia é nenhuma, no máximo 500', () => {
    expect(registrarCienciaSchema.parse({})).toEqual({ observacao: null });
    expect(registrarCienciaSchema.parse({ observacao: '   ' })).toEqual({ observacao: null });
    expect(registrarCienciaSchema.parse({ observacao: ' Ciente ' })).toEqual({ observacao: 'Ciente' });
    expect(registrarCienciaSchema.safeParse({ observacao: 'x'.repeat(501) }).error?.issues[0]?.message).toBe(
      MENSAGENS.ciencia.observacaoLonga,
    );
  });

  it('lote de 1 a 100 documentos', () => {
    expect(cienciaLoteSchema.safeParse({ idsDocumentos: [] }).success).toBe(false);
    expect(cienciaLoteSchema.safeParse({ idsDocumentos: Array.from({ length: 101 }, (_, i) => i + 1) }).success).toBe(
      false,
    );
    expect(cienciaLoteSchema.parse({ idsDocumentos: [1, 2] })).toEqual({ idsDocumentos: [1, 2], observacao: null });
  });

  it('diz quando a ciência foi registrada, na hora de Brasília', () => {
    expect(dataHoraCiencia('2026-03-10T02:05:00Z')).toBe('09/03/2026 23:05');
    expect(mensagemCienciaJaRegistrada('2026-03-10T15:30:00Z')).toBe(
      'Você já registrou ciência deste documento em 10/03/2026 12:30',
    );
  });
});
