import { readFile } from 'node:fs/promises';
import { deflateSync } from 'node:zlib';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { MENSAGENS, type Peca } from '@tramite/shared';
import { conferirAcessibilidade, documentosDaDemonstracao, entrar, snackbar } from './apoio.ts';

/** A small real PDF: header, one empty page, cross-reference table and trailer. */
function gerarPdf(texto: string): Buffer {
  const objetos = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>`,
    `<< /Length ${texto.length + 24} >>\nstream\nBT /F1 12 Tf (${texto}) Tj ET\nendstream`,
  ];
  let corpo = '%PDF-1.4\n';
  const posicoes: number[] = [];
  objetos.forEach((objeto, i) => {
    posicoes.push(corpo.length);
    corpo += `${i + 1} 0 obj\n${objeto}\nendobj\n`;
  });
  const xref = corpo.length;
  corpo += `xref\n0 ${objetos.length + 1}\n0000000000 65535 f \n`;
  for (const posicao of posicoes) corpo += `${String(posicao).padStart(10, '0')} 00000 n \n`;
  corpo += `trailer\n<< /Size ${objetos.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(corpo, 'latin1');
}

const TABELA_CRC = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(dados: Buffer): number {
  let c = 0xffffffff;
  for (const byte of dados) c = (TABELA_CRC[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function blocoPng(tipo: string, dados: Buffer): Buffer {
  const tamanho = Buffer.alloc(4);
  tamanho.writeUInt32BE(dados.length);
  const conteudo = Buffer.concat([Buffer.from(tipo, 'ascii'), dados]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(conteudo));
  return Buffer.concat([tamanho, conteudo, crc]);
}
/** A 24×24 RGB PNG with a colour gradient. */
function gerarPng(): Buffer {
  const lado = 24;
  const linhas = Buffer.alloc((lado * 3 + 1) * lado);
  let i = 0;
  for (let y = 0; y < lado; y++) {
    linhas[i++] = 0;
    for (let x = 0; x < lado; x++) {
      linhas[i++] = x * 10;
      linhas[i++] = y * 10;
      linhas[i++] = 160;
    }
  }
  const cabecalho = Buffer.alloc(13);
  cabecalho.writeUInt32BE(lado, 0);
  cabecalho.writeUInt32BE(lado, 4);
  cabecalho[8] = 8;
  cabecalho[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    blocoPng('IHDR', cabecalho),
    blocoPng('IDAT', deflateSync(linhas)),
    blocoPng('IEND', Buffer.alloc(0)),
  ]);
}

const sufixo = Date.now().toString(36);
const NOME_PDF = `oficio-e2e-${sufixo}.pdf`;
const NOME_PNG = `foto-e2e-${sufixo}.png`;
const PDF = gerarPdf('Oficio de teste e2e');
const PNG = gerarPng();

interface DocumentoDaCaixa {
  idDocumento: number;
  numero: string;
  situacao: string;
  unidadeAtual: string;
}

/** Documents the Protocolo Central (Ana's unit) holds, received, in progress and not joined to another. */
async function documentosRecebidosNoProtocolo(request: APIRequestContext): Promise<{ id: number; numero: string }[]> {
  const encontrados: { id: number; numero: string }[] = [];
  for await (const item of documentosDaDemonstracao<DocumentoDaCaixa>(request)) {
    if (item.situacao !== 'RECEBIDO' || item.unidadeAtual !== 'PROT') continue;
    const detalhe = await (await request.get(`/api/documentos/${item.idDocumento}`)).json();
    if (detalhe.estado['2001'] === 1 && detalhe.idDocumentoAgregador === null) {
      encontrados.push({ id: item.idDocumento, numero: item.numero });
    }
  }
  if (encontrados.length < 2) throw new Error('A semente deveria ter documentos recebidos no Protocolo Central');
  return encontrados;
}

/** The first of them: the one the serial tests below work on. */
async function documentoRecebidoNoProtocolo(request: APIRequestContext): Promise<{ id: number; numero: string }> {
  return (await documentosRecebidosNoProtocolo(request))[0] as { id: number; numero: string };
}

const linhaPeca = (page: Page, nome: string) => page.getByTestId('linha-peca').filter({ hasText: nome });
/** A desentranhada row: without VISUALIZACAO_IRRESTRITA_PECAS it has no name, only the word of spec §6. */
const linhaDesentranhada = (page: Page) => page.getByTestId('linha-peca').filter({ hasText: 'DESENTRANHADA' });
const arquivoEnvio = (page: Page, nome: string) => page.getByTestId('arquivo-envio').filter({ hasText: nome });

async function escolher(area: Locator, campo: string, opcao: string) {
  await area.getByRole('combobox', { name: campo }).click();
  await area.page().getByRole('option', { name: opcao, exact: true }).click();
  // The list fades out; wait until it is gone so an accessibility check does not see half-transparent options.
  await expect(area.page().getByRole('listbox')).toHaveCount(0);
}

/** Picks `acao` in the "more actions" menu of the peça's row. */
async function acaoDaPeca(page: Page, nome: string, acao: string) {
  await linhaPeca(page, nome)
    .getByRole('button', { name: /^Mais ações da peça/ })
    .click();
  await page.getByRole('menuitem', { name: acao }).click();
}

async function nomesNaOrdem(page: Page): Promise<string[]> {
  return page.getByTestId('linha-peca').evaluateAll((linhas) => linhas.map((l) => l.getAttribute('data-nome') ?? ''));
}

test.describe.configure({ mode: 'serial' });

test.describe('peças: envio, edição, ordem, cancelamento, exclusão e download', () => {
  let documento: { id: number; numero: string };

  test.beforeAll(async ({ request }) => {
    documento = await documentoRecebidoNoProtocolo(request);
  });

  test('ana envia um PDF e um PNG com progresso, depois de completar os campos', async ({ page }) => {
    await entrar(page, 'ana', 'ana', `/documentos/${documento.id}/pecas/upload`);
    await expect(page.getByRole('heading', { level: 1, name: 'Envio de peças' })).toBeVisible();
    await expect(page.getByText(`Documento ${documento.numero}`)).toBeVisible();
    await conferirAcessibilidade(page);

    await page.getByTestId('entrada-arquivos').setInputFiles([
      { name: NOME_PDF, mimeType: 'application/pdf', buffer: PDF },
      { name: NOME_PNG, mimeType: 'image/png', buffer: PNG },
    ]);
    await expect(page.getByTestId('arquivo-envio')).toHaveCount(2);

    // Copy type missing: the first incomplete file is named, nothing is sent.
    const envios: string[] = [];
    page.on('request', (requisicao) => {
      if (requisicao.method() === 'POST' && requisicao.url().endsWith(`/api/documentos/${documento.id}/anexos`)) {
        envios.push(requisicao.headers()['x-requested-with'] ?? '');
      }
    });
    await page.getByRole('button', { name: 'Enviar arquivos' }).click();
    await expect(snackbar(page)).toHaveText(MENSAGENS.arquivos.camposNaoDefinidos(NOME_PDF));

    const pdf = arquivoEnvio(page, NOME_PDF);
    const png = arquivoEnvio(page, NOME_PNG);
    await escolher(pdf, 'Tipo de cópia', 'Nato-digital');
    await pdf.getByRole('textbox', { name: 'Descrição' }).fill('Ofício de encaminhamento');
    await escolher(png, 'Tipo de cópia', 'Digitalizado do original');
    await escolher(png, 'Nível de acesso', 'Restrito');
    // Restricted without a reason is still incomplete.
    await page.getByRole('button', { name: 'Enviar arquivos' }).click();
    await expect(snackbar(page)).toHaveText(MENSAGENS.arquivos.camposNaoDefinidos(NOME_PNG));
    await escolher(png, 'Motivo da restrição (hipótese legal)', 'Informação pessoal');
    await conferirAcessibilidade(page);

    await page.getByRole('button', { name: 'Enviar arquivos' }).click();
    for (const nome of [NOME_PDF, NOME_PNG]) {
      const progresso = page.getByRole('progressbar', { name: `Envio de ${nome}` });
      await expect(progresso).toHaveAttribute('aria-valuenow', '100');
      await expect(arquivoEnvio(page, nome).getByText(MENSAGENS.arquivos.enviado(nome))).toBeVisible();
    }
    await expect(page.getByTestId('resumo-envio')).toContainText('2 de 2 arquivos enviados');
    await expect(snackbar(page)).toHaveText('2 arquivos enviados com sucesso');
    expect(envios).toEqual(['XMLHttpRequest', 'XMLHttpRequest']);
    await conferirAcessibilidade(page);

    await page.getByTestId('resumo-envio').getByRole('link', { name: 'Voltar às peças do documento' }).click();
    await expect(page).toHaveURL(`/documentos/${documento.id}/pecas`);
    await expect(linhaPeca(page, NOME_PDF)).toContainText('Nato-digital');
    await expect(linhaPeca(page, NOME_PDF)).toContainText('Ofício de encaminhamento');
    await expect(linhaPeca(page, NOME_PNG)).toContainText('Restrito');
    await expect(linhaPeca(page, NOME_PNG)).toContainText('RESTRITO - Motivo: Informação pessoal');
    const nomes = await nomesNaOrdem(page);
    expect(nomes.indexOf(NOME_PNG)).toBe(nomes.indexOf(NOME_PDF) + 1);
  });

  test('enquanto as peças carregam, o espaço reservado é um status com nome (passa no axe)', async ({ page }) => {
    // The list held back until the check ran: the placeholder is what a slow network shows.
    let liberar = () => {};
    const liberada = new Promise<void>((resolver) => {
      liberar = resolver;
    });
    await page.route(`**/api/documentos/${documento.id}/pecas`, async (rota) => {
      await liberada;
      await rota.continue();
    });
    await entrar(page, 'ana', 'ana', `/documentos/${documento.id}/pecas`);
    await expect(page.getByRole('status', { name: 'Carregando peças' })).toBeVisible();
    await conferirAcessibilidade(page);
    liberar();
    await expect(page.getByRole('status', { name: 'Carregando peças' })).toHaveCount(0);
    await expect(linhaPeca(page, NOME_PDF)).toBeVisible();
  });

  test('ana baixa o PDF: os mesmos bytes, com o tipo certo', async ({ page }) => {
    await entrar(page, 'ana', 'ana', `/documentos/${documento.id}/pecas`);
    await expect(page.getByRole('heading', { level: 1, name: 'Peças do documento' })).toBeVisible();
    await conferirAcessibilidade(page);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      linhaPeca(page, NOME_PDF)
        .getByRole('button', { name: `Baixar ${NOME_PDF}` })
        .click(),
    ]);
    expect(download.suggestedFilename()).toBe(NOME_PDF);
    const caminho = await download.path();
    expect((await readFile(caminho)).equals(PDF)).toBe(true);

    const href = await linhaPeca(page, NOME_PDF).getByRole('link', { name: NOME_PDF }).getAttribute('href');
    const resposta = await page.request.get(href ?? '');
    expect(resposta.status()).toBe(200);
    expect(resposta.headers()['content-type']).toBe('application/pdf');
    expect(resposta.headers()['content-disposition']).toContain(`inline; filename="${NOME_PDF}"`);
    expect((await resposta.body()).equals(PDF)).toBe(true);

    // Anonymous visitors see the restricted PNG listed, but never get its bytes.
    const pecas = await (await page.request.get(`/api/documentos/${documento.id}/pecas`)).json();
    const restrita = pecas.find((p: { nome: string }) => p.nome === NOME_PNG);
    const anonimo = await page.context().browser()?.newContext();
    const semSessao = await anonimo?.request.get(`/api/documentos/${documento.id}/anexos/${restrita.idAnexo}/binario`);
    expect(semSessao?.status()).toBe(403);
    await anonimo?.close();
  });

  test('ana edita o PNG com confirmação e o move para cima', async ({ page }) => {
    await entrar(page, 'ana', 'ana', `/documentos/${documento.id}/pecas`);
    await acaoDaPeca(page, NOME_PNG, 'Editar');
    const dialogo = page.getByRole('dialog', { name: 'Editar arquivo' });
    await dialogo.getByRole('textbox', { name: 'Descrição' }).fill('Fotografia do local');
    await escolher(dialogo, 'Nível de acesso', 'Público');
    await dialogo.getByRole('button', { name: 'Salvar' }).click();
    await expect(snackbar(page)).toHaveText(MENSAGENS.arquivos.justificativaAlteracaoObrigatoria);
    const justificativa = dialogo.getByRole('textbox', { name: 'Justificativa da alteração' });
    await expect(justificativa).toHaveAccessibleDescription(MENSAGENS.arquivos.justificativaAlteracaoObrigatoria);
    // Typed, the message goes away before the next try.
    await justificativa.fill('Imagem sem dados pessoais');
    await expect(justificativa).not.toHaveAccessibleDescription(MENSAGENS.arquivos.justificativaAlteracaoObrigatoria);
    await expect(dialogo.getByText(MENSAGENS.arquivos.justificativaAlteracaoObrigatoria)).toHaveCount(0);
    await conferirAcessibilidade(page);
    await dialogo.getByRole('button', { name: 'Salvar' }).click();

    const confirmacao = page.getByRole('dialog', { name: 'Salvar alterações do arquivo' });
    await expect(confirmacao).toBeVisible();
    await confirmacao.getByRole('button', { name: 'Cancelar' }).click();
    await expect(confirmacao).toHaveCount(0);
    await dialogo.getByRole('button', { name: 'Salvar' }).click();
    await confirmacao.getByRole('button', { name: 'Salvar' }).click();
    await expect(snackbar(page)).toHaveText(MENSAGENS.arquivos.alterado);
    await expect(dialogo).toHaveCount(0);
    await expect(linhaPeca(page, NOME_PNG)).toContainText('Fotografia do local');
    await expect(linhaPeca(page, NOME_PNG)).toContainText('Público');

    await linhaPeca(page, NOME_PNG)
      .getByRole('button', { name: `Mover ${NOME_PNG} para cima` })
      .click();
    await expect(snackbar(page)).toHaveText(MENSAGENS.arquivos.sequenciaAlterada);
    await expect(async () => {
      const nomes = await nomesNaOrdem(page);
      // Spec §4 may clamp the new position among the peças already sent: the PNG lands somewhere before the PDF.
      expect(nomes.indexOf(NOME_PNG)).toBeLessThan(nomes.indexOf(NOME_PDF));
    }).toPass();
  });

  test('ana cancela o PDF como desentranhado e exclui o PNG, ambos com confirmação', async ({ page }) => {
    await entrar(page, 'ana', 'ana', `/documentos/${documento.id}/pecas`);
    await acaoDaPeca(page, NOME_PDF, 'Cancelar peça');
    const dialogo = page.getByRole('dialog', { name: 'Cancelar peça' });
    await expect(dialogo.getByRole('radio', { name: 'Desentranhada' })).toBeChecked();
    await dialogo.getByRole('textbox', { name: 'Justificativa do cancelamento' }).fill('Devolvido ao interessado');
    await conferirAcessibilidade(page);
    await dialogo.getByRole('button', { name: 'Cancelar peça' }).click();
    const confirmacao = page.getByRole('dialog', { name: 'Confirmar cancelamento da peça' });
    await expect(confirmacao).toContainText('não pode ser desfeita');
    await confirmacao.getByRole('button', { name: 'Desentranhar' }).click();
    await expect(snackbar(page)).toHaveText(MENSAGENS.arquivos.cancelado);
    // Once desentranhada, the peça is for VISUALIZACAO_IRRESTRITA_PECAS only (spec §6): ana sees just the word.
    const cancelada = linhaDesentranhada(page);
    await expect(cancelada).toContainText('Cancelada — desentranhada');
    await expect(cancelada).not.toContainText(NOME_PDF);
    await expect(cancelada.getByRole('button', { name: /^Mais ações/ })).toHaveCount(0);
    await expect(cancelada.getByRole('button', { name: /^Baixar/ })).toHaveCount(0);

    await acaoDaPeca(page, NOME_PNG, 'Excluir');
    const exclusao = page.getByRole('dialog', { name: 'Excluir peça' });
    await expect(exclusao).toContainText(NOME_PNG);
    await exclusao.getByRole('button', { name: 'Excluir' }).click();
    await expect(snackbar(page)).toHaveText(MENSAGENS.arquivos.excluido(NOME_PNG));
    await expect(linhaPeca(page, NOME_PNG)).toHaveCount(0);
    await expect(linhaDesentranhada(page)).toHaveCount(1);
    await conferirAcessibilidade(page);
  });

  test('um visitante vê a tabela sem ações nem o arquivo desentranhado', async ({ page }) => {
    await page.goto(`/documentos/${documento.id}/pecas`);
    const cancelada = linhaDesentranhada(page);
    await expect(cancelada).toHaveCount(1);
    await expect(cancelada.getByRole('link')).toHaveCount(0);
    // Neither the file name nor the justification reach the page.
    await expect(page.getByTestId('tabela-pecas')).not.toContainText(NOME_PDF);
    await expect(cancelada.locator('[title*="Devolvido"]')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Mover / })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Adicionar peças' })).toHaveCount(0);
    await conferirAcessibilidade(page);
  });
});

test.describe('peças: a numeração depois de um desentranhamento', () => {
  test('ana desentranha a peça 2: os números continuam 1..n, sem repetição, e a cancelada fica marcada', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await entrar(page, 'ana', 'ana', '/caixa-postal');
    // The last of the Protocolo Central's documents with no cancelled peça (the tests above use the first one),
    // given three more peças.
    let documento: { id: number; numero: string } | undefined;
    for (const candidato of (await documentosRecebidosNoProtocolo(page.request)).slice(1).reverse()) {
      const pecas = (await (await page.request.get(`/api/documentos/${candidato.id}/pecas`)).json()) as Peca[];
      if (pecas.every((peca) => peca.situacaoVinculo === null)) {
        documento = candidato;
        break;
      }
    }
    if (!documento) throw new Error('A semente deveria ter documentos do Protocolo Central sem peças canceladas');
    for (const parte of ['a', 'b', 'c']) {
      const envio = await page.request.post(`/api/documentos/${documento.id}/anexos`, {
        headers: { 'x-requested-with': 'XMLHttpRequest' },
        multipart: {
          tipoCopia: 'N',
          nivelAcesso: 'P',
          arquivo: { name: `numeracao-${parte}-${sufixo}.pdf`, mimeType: 'application/pdf', buffer: gerarPdf(parte) },
        },
      });
      expect(envio.status()).toBe(201);
    }
    await page.goto(`/documentos/${documento.id}/pecas`);
    await expect(linhaPeca(page, `numeracao-c-${sufixo}.pdf`)).toBeVisible();
    const numeros = page.getByTestId('numero-peca');
    const antes = await numeros.allTextContents();
    expect(antes.length).toBeGreaterThanOrEqual(3);
    expect(antes).toEqual(antes.map((_, i) => String(i + 1)));

    // Peça 2, by its number in the row's actions.
    await page.getByRole('button', { name: /^Mais ações da peça 2:/ }).click();
    await page.getByRole('menuitem', { name: 'Cancelar peça' }).click();
    const dialogo = page.getByRole('dialog', { name: 'Cancelar peça' });
    await dialogo.getByRole('textbox', { name: 'Justificativa do cancelamento' }).fill('Juntada por engano');
    await dialogo.getByRole('button', { name: 'Cancelar peça' }).click();
    await page
      .getByRole('dialog', { name: 'Confirmar cancelamento da peça' })
      .getByRole('button', { name: 'Desentranhar' })
      .click();
    await expect(snackbar(page)).toHaveText(MENSAGENS.arquivos.cancelado);

    // The numbers the reader sees: every active peça once, 1..n, no gap; the cancelled one has none.
    await expect(page.getByTestId('situacao-peca-cancelada')).toHaveCount(1);
    const depois = await numeros.allTextContents();
    expect(depois).toHaveLength(antes.length);
    const ativos = depois.filter((texto) => /^\d+$/.test(texto));
    expect(ativos).toEqual(ativos.map((_, i) => String(i + 1)));
    expect(ativos).toHaveLength(antes.length - 1);
    const cancelada = page.getByTestId('linha-peca').filter({ has: page.getByTestId('situacao-peca-cancelada') });
    await expect(cancelada.getByTestId('numero-peca')).toContainText('—');
    await expect(cancelada.getByTestId('numero-peca')).toContainText('Sem número (cancelada)');
    await expect(cancelada).toContainText('Cancelada — desentranhada');
    await expect(cancelada).toContainText('Era a peça 2');
    // It stays where it was, second in the list, right before the peça that is number 2 now.
    expect(depois[1]).toMatch(/^—/);
    expect(depois[2]).toBe('2');
    await conferirAcessibilidade(page);
  });
});
