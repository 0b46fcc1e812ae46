import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { MENSAGENS } from '@tramite/shared';
import { extractText, getDocumentProxy } from 'unpdf';
import { conferirAcessibilidade, documentosDaDemonstracao, entrar, snackbar } from './apoio.ts';

interface DocumentoE2e {
  id: number;
  numero: string;
  geraCapa: boolean;
}

/** A sent document of the demo (any unit): the receipt and the cover are offered on its screen. */
async function documentoEnviado(request: APIRequestContext, comCapa: boolean): Promise<DocumentoE2e> {
  const documentos = documentosDaDemonstracao<{ idDocumento: number; situacao: string }>(request);
  for await (const item of documentos) {
    if (item.situacao !== 'RECEBIDO') continue;
    const detalhe = await (await request.get(`/api/documentos/${item.idDocumento}`)).json();
    if (detalhe.geraCapa === comCapa) return { id: item.idDocumento, numero: detalhe.numero, geraCapa: comCapa };
  }
  throw new Error(`Nenhum documento recebido ${comCapa ? 'com' : 'sem'} capa na semente`);
}

async function textoDoPdf(corpo: Buffer): Promise<string> {
  expect(corpo.subarray(0, 5).toString()).toBe('%PDF-');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(corpo)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/**
 * Clicks a PDF button of the document screen: the PDF is fetched from the API (application/pdf) and shown in a new
 * tab opened at the click. Answers the PDF's text (the same address fetched again with the page's session, as the
 * browser hands the first body to the blob).
 */
async function abrirPdf(page: Page, botao: string, caminho: string): Promise<string> {
  const [aba, resposta] = await Promise.all([
    page.waitForEvent('popup'),
    page.waitForResponse((r) => new URL(r.url()).pathname === caminho),
    page.getByRole('group', { name: 'Ações do documento' }).getByRole('button', { name: botao, exact: true }).click(),
  ]);
  expect(resposta.status()).toBe(200);
  expect(resposta.headers()['content-type']).toBe('application/pdf');
  // The tab receives the PDF as a blob address once it is ready.
  await expect.poll(() => aba.url()).toMatch(/^blob:/);
  await aba.close();
  const novamente = await page.request.get(caminho);
  expect(novamente.headers()['content-type']).toBe('application/pdf');
  return textoDoPdf(await novamente.body());
}

test.describe.configure({ mode: 'serial' });

test.describe('capa, comprovante e verificação pública', () => {
  let documento: DocumentoE2e;
  let codigo: string;

  test.beforeAll(async ({ request }) => {
    documento = await documentoEnviado(request, false);
  });

  test('ana abre o comprovante em PDF numa nova aba, com o NUP e o código de verificação', async ({ page }) => {
    await entrar(page, 'ana', 'ana', `/documentos/${documento.id}`);
    await expect(page.getByTestId('numero-documento')).toHaveText(documento.numero);
    // This type does not generate a cover: the screen does not offer it.
    await expect(page.getByRole('button', { name: 'Capa', exact: true })).toHaveCount(0);

    const texto = await abrirPdf(page, 'Comprovante', `/api/documentos/${documento.id}/comprovante`);
    expect(texto).toContain('COMPROVANTE DE PROTOCOLO');
    expect(texto).toContain(documento.numero);
    const achado =
      /Código de verificação: ([2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4})/.exec(texto);
    expect(achado).not.toBeNull();
    codigo = achado?.[1] as string;
    expect(texto).toContain(`/verificacao/${codigo}`);
  });

  test('ana envia o comprovante por e-mail a um endereço digitado', async ({ page }) => {
    await entrar(page, 'ana', 'ana', `/documentos/${documento.id}`);
    await page.getByRole('button', { name: 'Enviar comprovante por e-mail' }).click();
    const dialogo = page.getByRole('dialog', { name: 'Enviar comprovante por e-mail' });
    await expect(dialogo).toBeVisible();
    const campo = dialogo.getByLabel('E-mail do destinatário');
    await campo.fill('sem-arroba');
    await dialogo.getByRole('button', { name: 'Enviar' }).click();
    await expect(dialogo.getByText('Informe um e-mail válido')).toBeVisible();
    await conferirAcessibilidade(page);

    await campo.fill('destino.e2e@exemplo.com.br');
    const [resposta] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === `/api/documentos/${documento.id}/comprovante/email`),
      dialogo.getByRole('button', { name: 'Enviar' }).click(),
    ]);
    expect(resposta.status()).toBe(200);
    await expect(snackbar(page)).toContainText('Comprovante enviado para destino.e2e@exemplo.com.br');
    await expect(dialogo).toBeHidden();
  });

  test('além do limite de envios ao mesmo destinatário, o aviso mostra a mensagem do servidor (issue 17)', async ({
    page,
  }) => {
    await entrar(page, 'ana', 'ana', `/documentos/${documento.id}`);
    const destinatario = 'limite.e2e@exemplo.com.br';
    for (let i = 0; i < 3; i++) {
      const enviado = await page.request.get(`/api/documentos/${documento.id}/comprovante/email`, {
        params: { destinatario },
        headers: { 'x-requested-with': 'XMLHttpRequest' },
      });
      expect(enviado.status()).toBe(200);
    }
    await page.getByRole('button', { name: 'Enviar comprovante por e-mail' }).click();
    const dialogo = page.getByRole('dialog', { name: 'Enviar comprovante por e-mail' });
    await dialogo.getByLabel('E-mail do destinatário').fill(destinatario);
    const [resposta] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === `/api/documentos/${documento.id}/comprovante/email`),
      dialogo.getByRole('button', { name: 'Enviar' }).click(),
    ]);
    expect(resposta.status()).toBe(429);
    await expect(snackbar(page)).toContainText(MENSAGENS.verificacao.limiteComprovanteEmail(10, 3));
  });

  test('a capa sai em PDF para um tipo que gera capa', async ({ page, request }) => {
    const comCapa = await documentoEnviado(request, true);
    await entrar(page, 'ana', 'ana', `/documentos/${comCapa.id}`);
    const texto = await abrirPdf(page, 'Capa', `/api/documentos/${comCapa.id}/capa`);
    expect(texto).toContain('Capa do documento');
    expect(texto).toContain(comCapa.numero);
  });

  test('qualquer pessoa, sem login, confere o código na página pública de verificação', async ({ page }) => {
    await page.goto(`/verificacao/${codigo}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Verificação de documento' })).toBeVisible();
    await expect(page.getByTestId('numero-verificado')).toHaveText(documento.numero);
    await expect(page.getByText(`o código ${codigo} pertence ao documento abaixo`)).toBeVisible();
    await conferirAcessibilidade(page);
    await page.getByRole('link', { name: 'Ver as informações do documento' }).click();
    await expect(page.getByTestId('numero-documento')).toHaveText(documento.numero);
  });

  test('o formulário aceita o código digitado sem hífens e recusa um código incompleto', async ({ page }) => {
    await page.goto('/verificacao');
    const campo = page.getByLabel('Código de verificação');
    await campo.fill('abc');
    await page.getByRole('button', { name: 'Verificar' }).click();
    await expect(page.getByText(MENSAGENS.verificacao.codigoIncompleto)).toBeVisible();
    await conferirAcessibilidade(page);

    await campo.fill(codigo.replaceAll('-', '').toLowerCase());
    await page.getByRole('button', { name: 'Verificar' }).click();
    await page.waitForURL(`**/verificacao/${codigo}`);
    await expect(page.getByTestId('numero-verificado')).toHaveText(documento.numero);
  });

  test('um código errado mostra que não foi encontrado, sem dado de documento algum', async ({ page }) => {
    const errado = codigo.startsWith('ZZZZ') ? 'YYYY-YYYY-YYYY-YYYY' : 'ZZZZ-ZZZZ-ZZZZ-ZZZZ';
    await page.goto(`/verificacao/${errado}`);
    await expect(page.getByTestId('verificacao-nao-encontrada')).toHaveText(MENSAGENS.verificacao.codigoNaoEncontrado);
    await expect(page.getByTestId('numero-verificado')).toHaveCount(0);
    await conferirAcessibilidade(page);
  });
});
