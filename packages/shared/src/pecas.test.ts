import { describe, expect, it } from 'vitest';
import { MENSAGENS } from './mensagens.ts';
import {
  alterarPecaSchema,
  camposArquivoDefinidos,
  camposEnvioPecaSchema,
  cancelarPecaSchema,
  validarCamposArquivos,
} from './pecas.ts';

const A = MENSAGENS.arquivos;

describe('campos de cada arquivo (spec §5)', () => {
  it.each([
    [{ tipoCopia: 'N', nivelAcesso: 'P' }, true],
    [{ tipoCopia: 'N', nivelAcesso: 'R', idHipoteseLegal: 3 }, true],
    [{ tipoCopia: 'N', nivelAcesso: 'R', idHipoteseLegal: null }, false],
    [{ tipoCopia: 'N', nivelAcesso: 'S' }, false],
    [{ tipoCopia: null, nivelAcesso: 'P' }, false],
    [{ tipoCopia: 'O', nivelAcesso: null }, false],
  ])('%j → %s', (campos, completos) => {
    expect(camposArquivoDefinidos(campos)).toBe(completos);
  });

  it('nomeia o primeiro arquivo com campos incompletos', () => {
    expect(
      validarCamposArquivos([
        { nome: 'a.pdf', tipoCopia: 'N', nivelAcesso: 'P' },
        { nome: 'b.png', tipoCopia: 'N', nivelAcesso: 'R' },
        { nome: 'c.png' },
      ]),
    ).toBe('Há campos não definidos para o arquivo "b.png"');
    expect(validarCamposArquivos([{ nome: 'a.pdf', tipoCopia: 'S', nivelAcesso: 'P' }])).toBeNull();
  });
});

describe('esquemas', () => {
  it('campos do envio: P por padrão, textos vazios são ausentes, hipótese legal obrigatória para R', () => {
    expect(
      camposEnvioPecaSchema.parse({ tipoCopia: 'N', nivelAcesso: '', idHipoteseLegal: '', descricao: ' ' }),
    ).toEqual({
      tipoCopia: 'N',
      nivelAcesso: 'P',
      idHipoteseLegal: null,
      descricao: null,
      idTipoDocumento: null,
    });
    // Issue 24: the peça's type, optional, as a number.
    expect(camposEnvioPecaSchema.parse({ tipoCopia: 'N', idTipoDocumento: '7' })).toMatchObject({ idTipoDocumento: 7 });
    const semHipotese = camposEnvioPecaSchema.safeParse({ tipoCopia: 'N', nivelAcesso: 'R' });
    expect(semHipotese.success).toBe(false);
    expect(semHipotese.error?.issues[0]?.message).toBe(A.hipoteseObrigatoria);
    expect(camposEnvioPecaSchema.safeParse({ nivelAcesso: 'P' }).error?.issues[0]?.message).toBe(
      A.tipoCopiaObrigatorio,
    );
    expect(camposEnvioPecaSchema.safeParse({ tipoCopia: 'N', nivelAcesso: 'X' }).error?.issues[0]?.message).toBe(
      A.nivelAcessoInvalido,
    );
  });

  it('alteração: mudar o sequencial não exige mais nada; a edição exige os seus campos e uma justificativa', () => {
    expect(alterarPecaSchema.parse({ sequencial: '3' })).toEqual({ sequencial: 3 });
    const semJustificativa = alterarPecaSchema.safeParse({
      tipoCopia: 'N',
      nivelAcesso: 'P',
      justificativaAlteracao: '  ',
    });
    expect(semJustificativa.error?.issues.map((i) => i.message)).toEqual([A.justificativaAlteracaoObrigatoria]);
    const restritaSemHipotese = alterarPecaSchema.safeParse({
      tipoCopia: 'N',
      nivelAcesso: 'R',
      justificativaAlteracao: 'Contém dados pessoais',
    });
    expect(restritaSemHipotese.error?.issues.map((i) => i.message)).toEqual([A.hipoteseObrigatoria]);
    expect(alterarPecaSchema.safeParse({ sequencial: 'x' }).success).toBe(false);
  });

  it('cancelamento: justificativa sempre, documento de destino para M', () => {
    expect(cancelarPecaSchema.safeParse({ situacaoVinculo: 'D' }).error?.issues[0]?.message).toBe(
      A.justificativaCancelamentoObrigatoria,
    );
    expect(
      cancelarPecaSchema.safeParse({ situacaoVinculo: 'M', justificativaCancelamento: 'Juntada por engano' }).error
        ?.issues[0]?.message,
    ).toBe(A.destinoDesmembramentoObrigatorio);
    expect(
      cancelarPecaSchema.parse({
        situacaoVinculo: 'M',
        justificativaCancelamento: 'x',
        idDocumentoPecaDesmembramento: 4,
      }),
    ).toEqual({ situacaoVinculo: 'M', justificativaCancelamento: 'x', idDocumentoPecaDesmembramento: 4 });
    expect(cancelarPecaSchema.safeParse({ situacaoVinculo: 'X', justificativaCancelamento: 'x' }).success).toBe(false);
  });
});
