import { describe, expect, it } from 'vitest';
import {
  abreNoNavegador,
  descreverTamanho,
  extensaoDoNome,
  sanitizarNomeArquivo,
  TAMANHO_MAXIMO_ARQUIVO,
  TAMANHO_MAXIMO_ARQUIVO_VOLUMOSO,
  tamanhoMaximoArquivo,
  tipoPelaExtensao,
  tipoPeloConteudo,
} from './arquivos.ts';

describe('arquivos: limites, tipos e nomes (spec §9)', () => {
  it('5 MiB, ou 50 MiB quando o estado 32005 é 2', () => {
    expect(TAMANHO_MAXIMO_ARQUIVO).toBe(5_242_880);
    expect(TAMANHO_MAXIMO_ARQUIVO_VOLUMOSO).toBe(52_428_800);
    expect(tamanhoMaximoArquivo(1)).toBe(5_242_880);
    expect(tamanhoMaximoArquivo(undefined)).toBe(5_242_880);
    expect(tamanhoMaximoArquivo(2)).toBe(52_428_800);
    expect(descreverTamanho(5_242_880)).toBe('5 MiB');
    expect(descreverTamanho(52_428_800)).toBe('50 MiB');
    expect(descreverTamanho(1_572_864)).toBe('1,5 MiB');
    expect(descreverTamanho(2000)).toBe('2 KiB');
    expect(descreverTamanho(10)).toBe('10 bytes');
  });

  it.each([
    ['relatorio.PDF', 'pdf'],
    ['foto.jpeg', 'jpg'],
    ['foto.JPG', 'jpg'],
    ['scan.bmp', 'bmp'],
    ['anim.gif', 'gif'],
    ['audio.mp3', 'mp3'],
    ['video.mp4', 'mp4'],
    ['pacote.zip', 'zip'],
    ['imagem.png', 'png'],
    ['texto.txt', undefined],
    ['programa.exe', undefined],
    ['sem-extensao', undefined],
    ['.pdf', undefined],
  ])('%s → %s', (nome, tipo) => {
    expect(tipoPelaExtensao(nome)?.tipo).toBe(tipo);
  });

  it('associa o conteúdo detectado a um tipo reconhecido', () => {
    expect(tipoPeloConteudo('pdf')?.mime).toBe('application/pdf');
    expect(tipoPeloConteudo('jpg')?.mime).toBe('image/jpeg');
    expect(tipoPeloConteudo('exe')).toBeUndefined();
    expect(tipoPeloConteudo(undefined)).toBeUndefined();
    expect(extensaoDoNome('a.b.C')).toBe('c');
    expect(extensaoDoNome('nome.')).toBeNull();
    expect(extensaoDoNome('Relatório v1.2 final')).toBeNull();
  });

  it('abre PDFs e imagens no navegador e baixa o resto', () => {
    expect(abreNoNavegador('application/pdf')).toBe(true);
    expect(abreNoNavegador('image/png')).toBe(true);
    expect(abreNoNavegador('application/zip')).toBe(false);
    expect(abreNoNavegador('video/mp4')).toBe(false);
  });

  it.each([
    ['ofício.pdf', 'ofício.pdf'],
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\ana\\relatório final.pdf', 'relatório final.pdf'],
    ['a\u0000b\u001f\u007fc.pdf', 'abc.pdf'],
    ['fatura\u202Efdp.exe', 'faturafdp.exe'],
    ['  muitos   espaços \t aqui.png ', 'muitos espaços aqui.png'],
    ['...oculto.pdf', 'oculto.pdf'],
    ['', 'arquivo'],
    ['/', 'arquivo'],
    ['\u0001\u0002', 'arquivo'],
  ])('sanitizarNomeArquivo(%j) → %j', (nome, esperado) => {
    expect(sanitizarNomeArquivo(nome)).toBe(esperado);
  });

  it('corta nomes longos em 200 caracteres, mantendo a extensão', () => {
    const nome = sanitizarNomeArquivo(`${'á'.repeat(300)}.pdf`);
    expect([...nome]).toHaveLength(200);
    expect(nome.endsWith('á.pdf')).toBe(true);
  });
});
