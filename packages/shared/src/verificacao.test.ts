import { describe, expect, it } from 'vitest';
import {
  ALFABETO_CODIGO_VERIFICACAO,
  formatarCodigoVerificacao,
  normalizarCodigoVerificacao,
  urlVerificacao,
} from './verificacao.ts';

describe('código de verificação', () => {
  it('tem 32 símbolos sem os que se confundem (0, O, 1, I)', () => {
    expect(new Set(ALFABETO_CODIGO_VERIFICACAO).size).toBe(32);
    for (const ambiguo of ['0', 'O', '1', 'I']) expect(ALFABETO_CODIGO_VERIFICACAO).not.toContain(ambiguo);
  });

  it('aceita o código em qualquer caixa, com hífens ou espaços, e recusa o que não pode ser um código', () => {
    expect(normalizarCodigoVerificacao('abcd-efgh-jkmn-pq23')).toBe('ABCDEFGHJKMNPQ23');
    expect(normalizarCodigoVerificacao(' ABCD EFGH JKMN PQ23 ')).toBe('ABCDEFGHJKMNPQ23');
    expect(normalizarCodigoVerificacao('ABCD-EFGH-JKMN-PQ2')).toBeNull();
    expect(normalizarCodigoVerificacao('ABCD-EFGH-JKMN-PQ234')).toBeNull();
    expect(normalizarCodigoVerificacao('ABCD-EFGH-JKMN-PQ2O')).toBeNull();
    expect(normalizarCodigoVerificacao('ABCD/EFGH/JKMN/PQ23')).toBeNull();
  });

  it('é mostrado em quatro grupos e forma o endereço da página pública', () => {
    expect(formatarCodigoVerificacao('ABCDEFGHJKMNPQ23')).toBe('ABCD-EFGH-JKMN-PQ23');
    expect(urlVerificacao('https://protocolo.ufex.edu.br/', 'ABCDEFGHJKMNPQ23')).toBe(
      'https://protocolo.ufex.edu.br/verificacao/ABCD-EFGH-JKMN-PQ23',
    );
  });
});
