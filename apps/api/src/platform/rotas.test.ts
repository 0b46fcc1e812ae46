import { describe, expect, it } from 'vitest';
import { disposicaoConteudo } from './rotas.ts';

describe('disposicaoConteudo', () => {
  it.each([
    ['oficio.pdf', true, `inline; filename="oficio.pdf"; filename*=UTF-8''oficio.pdf`],
    ['pacote.zip', false, `attachment; filename="pacote.zip"; filename*=UTF-8''pacote.zip`],
    [
      'relatório "final".pdf',
      true,
      `inline; filename="relatorio _final_.pdf"; filename*=UTF-8''relat%C3%B3rio%20%22final%22.pdf`,
    ],
    ['a\\b;c.png', true, `inline; filename="a_b_c.png"; filename*=UTF-8''a%5Cb%3Bc.png`],
    ["it's (1)*.pdf", true, `inline; filename="it's (1)*.pdf"; filename*=UTF-8''it%27s%20%281%29%2A.pdf`],
    ['日本.pdf', true, `inline; filename="__.pdf"; filename*=UTF-8''%E6%97%A5%E6%9C%AC.pdf`],
    ['ação\r\n.pdf', true, `inline; filename="acao__.pdf"; filename*=UTF-8''a%C3%A7%C3%A3o%0D%0A.pdf`],
  ])('%j (inline: %s)', (nome, emLinha, esperado) => {
    expect(disposicaoConteudo(nome, emLinha)).toBe(esperado);
  });
});
