import { type Dialog, expect, type Page, test } from '@playwright/test';
import { conferirAcessibilidade, entrar } from './apoio.ts';

// Issue 19, item 10: leaving a form with work not yet saved or sent asks first, inside the app (a dialog) and when the
// tab closes or reloads (the browser's own question, from `beforeunload`).

/** A document received by Ana's unit (Protocolo Central), which she may forward and add peças to. */
async function recebidoNoProtocolo(page: Page): Promise<{ idDocumento: number; numero: string }> {
  const resposta = await page.request.get('/api/caixa-postal', {
    params: { dataInicio: '2000-01-01', dataFim: '2100-12-31', tamanhoPagina: '100' },
  });
  expect(resposta.ok()).toBe(true);
  const recebidos = ((await resposta.json()).itens as { idDocumento: number; numero: string; recebido: boolean }[])
    .filter((item) => item.recebido)
    .reverse();
  const [documento] = recebidos;
  if (!documento) throw new Error('A semente deveria ter documentos recebidos no Protocolo Central');
  return documento;
}

const dialogoSaida = (page: Page) => page.getByRole('dialog', { name: 'Sair sem salvar?' });

/**
 * Clicks the menu's "Caixa postal": the dialog says what would be lost; "Continuar editando" stays on the page, then
 * "Sair" leaves for the postal box.
 */
async function sairPeloMenu(page: Page, caminho: string, perda: string, conferir: () => Promise<void>) {
  const menu = page.getByRole('navigation').getByRole('link', { name: /^Caixa postal/ });
  await menu.click();
  const dialogo = dialogoSaida(page);
  await expect(dialogo).toContainText(perda);
  await conferirAcessibilidade(page);
  await dialogo.getByRole('button', { name: 'Continuar editando' }).click();
  await expect(dialogo).toBeHidden();
  expect(new URL(page.url()).pathname).toBe(caminho);
  await conferir();

  await menu.click();
  await dialogoSaida(page).getByRole('button', { name: 'Sair' }).click();
  await page.waitForURL((url) => url.pathname === '/caixa-postal');
}

/** Closing the tab with the work not saved asks the browser's question (beforeunload); this answers "stay". */
async function fecharPergunta(page: Page) {
  const pergunta = new Promise<Dialog>((resolver) => page.once('dialog', resolver));
  await page.close({ runBeforeUnload: true });
  const dialogo = await pergunta;
  expect(dialogo.type()).toBe('beforeunload');
  await dialogo.dismiss();
  expect(page.isClosed()).toBe(false);
}

test('a nova autuação preenchida pede confirmação para sair; sem nada preenchido, não', async ({ page, context }) => {
  await entrar(page, 'ana', 'ana', '/autuacoes');
  await expect(page.getByRole('heading', { level: 1, name: 'Nova autuação' })).toBeVisible();
  // Untouched: leaving does not ask.
  await page
    .getByRole('navigation')
    .getByRole('link', { name: /^Caixa postal/ })
    .click();
  await page.waitForURL((url) => url.pathname === '/caixa-postal');
  await expect(dialogoSaida(page)).toHaveCount(0);

  await page.goto('/autuacoes');
  const resumo = page.getByRole('textbox', { name: 'Resumo do assunto' });
  await resumo.fill('Pedido que ainda não foi salvo');
  await sairPeloMenu(page, '/autuacoes', 'Os dados preenchidos nesta autuação ainda não foram salvos', async () =>
    expect(resumo).toHaveValue('Pedido que ainda não foi salvo'),
  );

  // The browser's Back to another screen of the app asks too.
  await page.getByRole('navigation').getByRole('link', { name: 'Nova autuação' }).click();
  await page.waitForURL((url) => url.pathname === '/autuacoes');
  await page.getByRole('textbox', { name: 'Resumo do assunto' }).fill('Outro pedido');
  await page.goBack();
  await expect(dialogoSaida(page)).toBeVisible();
  await dialogoSaida(page).getByRole('button', { name: 'Continuar editando' }).click();
  expect(new URL(page.url()).pathname).toBe('/autuacoes');
  await fecharPergunta(page);

  // A fresh, untouched form closes without a question.
  const outra = await context.newPage();
  await outra.goto('/autuacoes');
  await expect(outra.getByRole('heading', { level: 1, name: 'Nova autuação' })).toBeVisible();
  let perguntou = false;
  outra.on('dialog', (dialogo) => {
    perguntou = true;
    void dialogo.accept();
  });
  await outra.close({ runBeforeUnload: true });
  await expect.poll(() => outra.isClosed()).toBe(true);
  expect(perguntou).toBe(false);
});

test('a edição de uma autuação só pede confirmação depois de alterada', async ({ page }) => {
  await entrar(page, 'ana');
  const resposta = await page.request.get('/api/caixa-postal', {
    params: { dataInicio: '2000-01-01', dataFim: '2100-12-31', tamanhoPagina: '100' },
  });
  const rascunho = ((await resposta.json()).itens as { idDocumento: number; situacao: string }[]).find(
    (item) => item.situacao === 'EM_CRIACAO',
  );
  if (!rascunho) throw new Error('A semente deveria ter rascunhos no Protocolo Central');
  const caminho = `/autuacoes/${rascunho.idDocumento}`;
  await page.goto(caminho);
  const resumo = page.getByRole('textbox', { name: 'Resumo do assunto' });
  await expect(resumo).toBeVisible();
  // As loaded, nothing is lost: "Voltar ao documento" leaves at once.
  await page.getByRole('link', { name: 'Voltar ao documento' }).click();
  await page.waitForURL((url) => url.pathname === `/documentos/${rascunho.idDocumento}`);
  await expect(dialogoSaida(page)).toHaveCount(0);

  await page.goBack();
  await expect(resumo).toBeVisible();
  await resumo.fill(`${await resumo.inputValue()} (alterado)`);
  await page.getByRole('link', { name: 'Voltar ao documento' }).click();
  await expect(dialogoSaida(page)).toContainText(
    'As alterações desta autuação ainda não foram salvas e serão perdidas.',
  );
  await dialogoSaida(page).getByRole('button', { name: 'Sair' }).click();
  await page.waitForURL((url) => url.pathname === `/documentos/${rascunho.idDocumento}`);
});

test('o despacho escrito e não enviado pede confirmação para sair', async ({ page }) => {
  await entrar(page, 'ana');
  const documento = await recebidoNoProtocolo(page);
  const caminho = `/documentos/${documento.idDocumento}/tramitar`;
  await page.goto(caminho);
  await expect(page.getByRole('heading', { level: 1, name: 'Tramitar documento' })).toBeVisible();
  const despacho = page.getByRole('textbox', { name: 'Despacho', exact: true });
  await despacho.fill('Despacho ainda não enviado');
  await sairPeloMenu(page, caminho, 'O despacho escrito ainda não foi salvo nem enviado e será perdido.', async () =>
    expect(despacho).toHaveValue('Despacho ainda não enviado'),
  );

  await page.goto(caminho);
  await page.getByRole('textbox', { name: 'Despacho', exact: true }).fill('Outro despacho');
  await fecharPergunta(page);
});

test('os arquivos escolhidos e não enviados pedem confirmação para sair', async ({ page }) => {
  await entrar(page, 'ana');
  const documento = await recebidoNoProtocolo(page);
  const caminho = `/documentos/${documento.idDocumento}/pecas/upload`;
  await page.goto(caminho);
  await expect(page.getByRole('heading', { level: 1, name: 'Envio de peças' })).toBeVisible();
  await page
    .getByTestId('entrada-arquivos')
    .setInputFiles([{ name: 'oficio.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') }]);
  await expect(page.getByTestId('arquivo-envio')).toHaveCount(1);

  // The screen's own way back asks as well.
  await page.getByRole('link', { name: 'Voltar às peças do documento' }).click();
  await expect(dialogoSaida(page)).toContainText('Os arquivos selecionados ainda não foram enviados e serão perdidos.');
  await dialogoSaida(page).getByRole('button', { name: 'Continuar editando' }).click();
  await expect(page.getByTestId('arquivo-envio')).toHaveCount(1);

  await sairPeloMenu(page, caminho, 'Os arquivos selecionados ainda não foram enviados', async () =>
    expect(page.getByTestId('arquivo-envio')).toHaveCount(1),
  );

  await page.goto(caminho);
  await page
    .getByTestId('entrada-arquivos')
    .setInputFiles([{ name: 'outro.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') }]);
  await fecharPergunta(page);

  // While a file is being sent, leaving says the sending would stop.
  await page.goto(caminho);
  await page
    .getByTestId('entrada-arquivos')
    .setInputFiles([{ name: 'lento.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') }]);
  const linha = page.getByTestId('arquivo-envio');
  await linha.getByRole('combobox', { name: 'Tipo de cópia' }).click();
  await page.getByRole('option', { name: 'Nato-digital', exact: true }).click();
  let liberar: () => void = () => {};
  const segurado = new Promise<void>((resolver) => {
    liberar = resolver;
  });
  // The upload waits here until the test lets it go, then fails without reaching the server.
  await page.route(`**/api/documentos/${documento.idDocumento}/anexos`, async (rota) => {
    await segurado;
    await rota.abort();
  });
  await page.getByRole('button', { name: 'Enviar arquivos' }).click();
  await expect(page.getByRole('button', { name: 'Enviando…' })).toBeVisible();
  await page
    .getByRole('navigation')
    .getByRole('link', { name: /^Caixa postal/ })
    .click();
  await expect(dialogoSaida(page)).toContainText('O envio em andamento será interrompido');
  await dialogoSaida(page).getByRole('button', { name: 'Continuar editando' }).click();
  await expect(dialogoSaida(page)).toBeHidden();
  liberar();
  await expect(page.getByRole('button', { name: 'Enviar arquivos' })).toBeVisible();
  await page.unroute(`**/api/documentos/${documento.idDocumento}/anexos`);
});
