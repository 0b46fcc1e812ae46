import { describe, expect, it } from 'vitest';
import {
  cancelarEnvioLoteSchema,
  cancelarEnvioSchema,
  IMPEDIMENTOS_CANCELAMENTO_ENVIO,
  impedimentoCancelamentoEnvio,
} from './cancelamento-envio.ts';
import { MENSAGENS } from './mensagens.ts';

const livre = { idDocumentoAgregador: null };
const pendente = { idUnidadeOrigem: 10, dtRecebimento: null, dtCancelamento: null };

describe('impedimentoCancelamentoEnvio', () => {
  it('a unidade de origem cancela o envio pendente', () => {
    expect(impedimentoCancelamentoEnvio(livre, pendente, 10)).toBeNull();
  });

  it('só a unidade de origem; sem unidade atual, ninguém', () => {
    expect(impedimentoCancelamentoEnvio(livre, pendente, 20)).toBe('OUTRA_UNIDADE');
    expect(impedimentoCancelamentoEnvio(livre, pendente, null)).toBe('OUTRA_UNIDADE');
  });

  it('recebido não se cancela; cancelado ou nunca enviado não tem o que cancelar', () => {
    expect(impedimentoCancelamentoEnvio(livre, { ...pendente, dtRecebimento: '2026-01-01T10:00:00Z' }, 10)).toBe(
      'JA_RECEBIDO',
    );
    expect(impedimentoCancelamentoEnvio(livre, { ...pendente, dtCancelamento: new Date() }, 10)).toBe(
      'NADA_A_CANCELAR',
    );
    expect(impedimentoCancelamentoEnvio(livre, undefined, 10)).toBe('NADA_A_CANCELAR');
    expect(impedimentoCancelamentoEnvio(livre, null, 10)).toBe('NADA_A_CANCELAR');
  });

  it('um documento juntado só volta com o principal', () => {
    expect(impedimentoCancelamentoEnvio({ idDocumentoAgregador: 5 }, pendente, 10)).toBe('JUNTADO');
  });

  it('cada impedimento tem sua mensagem', () => {
    expect(IMPEDIMENTOS_CANCELAMENTO_ENVIO).toEqual({
      JUNTADO: MENSAGENS.cancelamentoEnvio.documentoJuntado,
      NADA_A_CANCELAR: MENSAGENS.cancelamentoEnvio.nadaACancelar,
      OUTRA_UNIDADE: MENSAGENS.cancelamentoEnvio.somenteOrigem,
      JA_RECEBIDO: MENSAGENS.cancelamentoEnvio.jaRecebido,
    });
  });
});

describe('contratos do cancelamento de envio', () => {
  const erro = (resultado: { success: boolean; error?: { issues: { message: string }[] } }) =>
    resultado.error?.issues[0]?.message;

  it('motivo obrigatório, aparado, até 500 caracteres', () => {
    expect(cancelarEnvioSchema.parse({ motivo: '  Engano  ' })).toEqual({ motivo: 'Engano' });
    expect(erro(cancelarEnvioSchema.safeParse({ motivo: '   ' }))).toBe(MENSAGENS.cancelamentoEnvio.informeMotivo);
    expect(erro(cancelarEnvioSchema.safeParse({}))).toBe(MENSAGENS.cancelamentoEnvio.informeMotivo);
    expect(cancelarEnvioSchema.safeParse({ motivo: 'x'.repeat(500) }).success).toBe(true);
    expect(erro(cancelarEnvioSchema.safeParse({ motivo: 'x'.repeat(501) }))).toBe(
      MENSAGENS.cancelamentoEnvio.motivoLongo,
    );
  });

  it('lote: de 1 a 100 documentos', () => {
    expect(cancelarEnvioLoteSchema.safeParse({ idsDocumentos: [1, 2], motivo: 'm' }).success).toBe(true);
    expect(erro(cancelarEnvioLoteSchema.safeParse({ idsDocumentos: [], motivo: 'm' }))).toBe(
      'Selecione ao menos um documento',
    );
    const muitos = Array.from({ length: 101 }, (_, i) => i + 1);
    expect(erro(cancelarEnvioLoteSchema.safeParse({ idsDocumentos: muitos, motivo: 'm' }))).toBe(
      'Selecione no máximo 100 documentos',
    );
  });

  it('a mensagem do lote conta os cancelados', () => {
    expect(MENSAGENS.cancelamentoEnvio.loteConcluido(2, 3)).toBe('2 de 3 envio(s) cancelado(s)');
  });
});
