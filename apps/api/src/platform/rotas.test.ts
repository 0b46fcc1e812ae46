import { describe, expect, it } from 'vitest';
import { disposicaoConteudo } from './rotas.ts';

describe('disposicaoConteudo', () => {
  it.each([
    // A plain ASCII name needs no filename*.
    ['oficio.pdf', true, `inline; filename="oficio.pdf"`],
    ['pacote.zip', false, `attachment; filename="pacote.zip"`],
    [
      'relatório "final".pdf',
      true,
      `inline; filename="relatorio _final_.pdf"; filename*=UTF-8''relat%C3%B3rio%20%22final%22.pdf`,
    ],
    // Stored names never hold a slash or backslash (sanitizarNomeArquivo keeps the last segment).
    ['a;b"c.png', true, `inline; filename="a_b_c.png"; filename*=UTF-8''a%3Bb%22c.png`],
    ["it's (1)*.pdf", true, `inline; filename="it's (1)*.pdf"`],
    ['日本.pdf', true, `inline; filename="__.pdf"; filename*=UTF-8''%E6%97%A5%E6%9C%AC.pdf`],
    ['ação\r\n.pdf', true, `inline; filename="acao__.pdf"; filename*=UTF-8''a%C3%A7%C3%A3o%0D%0A.pdf`],
  ])('%j (inline: %s)', (nome, emLinha, esperado) => {
    expect(disposicaoConteudo(nome, emLinha)).toBe(esperado);
  });
});
