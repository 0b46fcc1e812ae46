import { expect, type Locator, type Page, test } from '@playwright/test';
import { CABECALHO_CSRF, MENSAGENS, VALOR_CABECALHO_CSRF } from '@tramite/shared';
import { conferirAcessibilidade, entrar, escolher, snackbar } from './apoio.ts';

// Issue 20: the postal box as a work queue, at 1366×768 as Ana (Protocolo Central) uses it.

test.use({ viewport: { width: 1366, height: 768 } });
test.describe.configure({ mode: 'serial', timeout: 90_000 });

const FILAS = [
  { chave: 'todos', rotulo: 'Todos' },
  { chave: 'aguardando', rotulo: 'Aguardando recebimento' },
  { chave: 'recebidos', rotulo: 'Recebidos' },
  { chave: 'novos', rotulo: 'Novos desde meu último acesso' },
  { chave: 'urgentes', rotulo: 'Urgentes' },
] as const;

const filas = (page: Page) => page.getByRole('group', { name: 'Filas da caixa postal' });
const chip = (page: Page, rotulo: string) =>
  filas(page).getByRole('button', { name: new RegExp(`^${rotulo} \\(\\d+\\)$`) });
const linhas = (page: Page) => page.getByTestId('item-caixa-postal');
const totalDe = (quantidade: number) => (quantidade === 1 ? '1 documento' : `${quantidade} documentos`);

/** The number a chip shows, e.g. 'Urgentes (2)'. */
async function contagemDo(chipDaFila: Locator): Promise<number> {
  const texto = (await chipDaFila.textContent()) ?? '';
  const [, numero] = /\((\d+)\)$/.exec(texto) ?? [];
  if (numero === undefined) throw new Error(`Contagem ausente em "${texto}"`);
  return Number(numero);
}

/** Opens Ana's box as it opens by default and, if asked, one of its queues by its chip. */
async function abrirCaixa(page: Page, rotuloFila?: string) {
  await entrar(page, 'ana', 'ana', '/caixa-postal');
  await page.waitForURL(/dataInicio=/);
  await expect(chip(page, 'Todos')).toBeVisible();
  if (rotuloFila) {
    await chip(page, rotuloFila).click();
    await expect(chip(page, rotuloFila)).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('total-caixa')).toHaveText(totalDe(await contagemDo(chip(page, rotuloFila))));
  }
}

test('as filas têm suas contagens nos chips, e cada lista tem o total do seu chip', async ({ page }) => {
  await abrirCaixa(page);
  await expect(chip(page, 'Todos')).toHaveAttribute('aria-pressed', 'true');
  await conferirAcessibilidade(page);
  for (const { chave, rotulo } of FILAS) {
    const escolhido = chip(page, rotulo);
    const quantidade = await contagemDo(escolhido);
    await escolhido.click();
    await expect(escolhido).toHaveAttribute('aria-pressed', 'true');
    if (chave === 'todos') await expect(page).not.toHaveURL(/fila=/);
    else await expect(page).toHaveURL(new RegExp(`fila=${chave}`));
    await expect(page.getByTestId('total-caixa')).toHaveText(totalDe(quantidade));
  }
  // The queue is kept in the URL: a reload shows the same queue.
  await page.reload();
  await expect(chip(page, 'Urgentes')).toHaveAttribute('aria-pressed', 'true');
  await expect(linhas(page).first()).toContainText('Urgente');
});

test('a página inicial e o menu mostram as mesmas contagens e levam à fila', async ({ page }) => {
  await abrirCaixa(page);
  const aguardando = await contagemDo(chip(page, 'Aguardando recebimento'));
  const novos = await contagemDo(chip(page, 'Novos desde meu último acesso'));
  // The demo shows the queues: documents waiting, new since the last visit, urgent ones.
  expect(aguardando).toBeGreaterThan(0);
  expect(novos).toBeGreaterThan(0);
  const urgentes = await contagemDo(chip(page, 'Urgentes'));
  expect(urgentes).toBeGreaterThan(0);

  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  await expect(menu.getByTestId('menu-caixa-postal')).toHaveAccessibleName(
    new RegExp(`Caixa postal\\s*${aguardando} documentos? aguardando recebimento`),
  );

  await page.goto('/home');
  const resumo = page.getByRole('region', { name: 'Sua caixa postal' });
  await expect(resumo.getByTestId('contagem-home-aguardando')).toHaveText(`${aguardando}Aguardando recebimento`);
  // Issue 22: the home page counts the urgent queue too (and no longer "novos": e2e/home.spec.ts has the rest).
  await expect(resumo.getByTestId('contagem-home-urgentes')).toHaveText(`${urgentes}Urgentes`);
  await conferirAcessibilidade(page);
  await resumo.getByRole('link', { name: /Aguardando recebimento/ }).click();
  await expect(page).toHaveURL(/\/caixa-postal\?.*fila=aguardando/);
  await expect(chip(page, 'Aguardando recebimento')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('total-caixa')).toHaveText(totalDe(aguardando));
});

test('uma linha não lida fica em negrito até Ana abrir o documento', async ({ page }) => {
  // The whole box: other specs open some of the documents waiting for the unit, while those its colleagues
  // received stay unread for Ana.
  await abrirCaixa(page);
  const naoLida = page.locator('[data-testid="item-caixa-postal"][data-lido="false"]').first();
  const numero = (await naoLida.getAttribute('data-numero')) as string;
  const linha = linhas(page).filter({ hasText: numero });
  await expect(linha.getByRole('cell').nth(2)).toHaveCSS('font-weight', '700');
  // Not only bold: it says so, on screen and to screen readers.
  await expect(linha.getByTestId('marca-nao-lido')).toHaveText('Não lido');
  await expect(linha.getByRole('link', { name: `Não lido: ${numero}` })).toBeVisible();

  await linha.getByRole('link', { name: `Não lido: ${numero}` }).click();
  await expect(page).toHaveURL(/\/documentos\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Informações do documento' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(numero);
  await page.goBack();
  await expect(linha).toHaveAttribute('data-lido', 'true');
  await expect(linha.getByRole('cell').nth(2)).toHaveCSS('font-weight', '400');
  await expect(linha.getByTestId('marca-nao-lido')).toHaveCount(0);
  // Read from the server too: a reload keeps it read.
  await page.reload();
  await expect(linhas(page).filter({ hasText: numero })).toHaveAttribute('data-lido', 'true');
});

test('Receber selecionados recebe cada documento e diz o resultado de cada um', async ({ page }) => {
  await abrirCaixa(page, 'Aguardando recebimento');
  const [primeiro, segundo] = [
    (await linhas(page).nth(0).getAttribute('data-numero')) as string,
    (await linhas(page).nth(1).getAttribute('data-numero')) as string,
  ];
  const receberSelecionados = page.getByRole('button', { name: 'Receber selecionados' });
  await expect(receberSelecionados).toBeDisabled();
  await page.getByRole('checkbox', { name: `Selecionar o documento ${primeiro}` }).check();
  await page.getByRole('checkbox', { name: `Selecionar o documento ${segundo}` }).check();
  await expect(page.getByTestId('total-caixa')).toContainText('2 selecionados');

  // Meanwhile the second one is received elsewhere (another tab of Ana's).
  const itens = (await (await page.request.get('/api/caixa-postal', { params: { numeroDocumento: segundo } })).json())
    .itens as { idDocumento: number }[];
  const outraAba = await page.request.post(`/api/documentos/${itens[0]?.idDocumento}/receber`, {
    headers: { [CABECALHO_CSRF]: VALOR_CABECALHO_CSRF },
  });
  expect(outraAba.ok()).toBe(true);

  await receberSelecionados.click();
  const dialogo = page.getByRole('dialog', { name: 'Receber documentos selecionados' });
  await expect(dialogo).toContainText('Confirma o recebimento dos 2 documentos selecionados na sua unidade?');
  await dialogo.getByRole('button', { name: 'Receber', exact: true }).click();

  const resultados = dialogo.getByTestId('resultado-documento');
  await expect(resultados).toHaveCount(2);
  await expect(resultados.filter({ hasText: primeiro })).toContainText('Recebido');
  await expect(resultados.filter({ hasText: segundo })).toContainText(MENSAGENS.documento.jaRecebido);
  await expect(dialogo.getByTestId('resumo-lote')).toHaveText(
    `${MENSAGENS.documento.loteRecebidos(1)}. ${MENSAGENS.documento.loteNaoRecebidos(1)}.`,
  );
  await expect(snackbar(page)).toHaveText(MENSAGENS.documento.loteNaoRecebidos(1));
  await conferirAcessibilidade(page);
  await dialogo.getByRole('button', { name: 'Fechar' }).click();
  await expect(dialogo).toBeHidden();
  // Both left the queue of documents waiting to be received.
  await expect(linhas(page).filter({ hasText: primeiro })).toHaveCount(0);
  await expect(linhas(page).filter({ hasText: segundo })).toHaveCount(0);
});

test('depois de Receber numa linha, o foco vai para a ação da linha seguinte', async ({ page }) => {
  await abrirCaixa(page, 'Aguardando recebimento');
  const primeiro = (await linhas(page).nth(0).getAttribute('data-numero')) as string;
  const segundo = (await linhas(page).nth(1).getAttribute('data-numero')) as string;
  await page.getByRole('button', { name: `Receber o documento ${primeiro}` }).click();
  const dialogo = page.getByRole('dialog', { name: 'Receber documento' });
  await dialogo.getByRole('button', { name: 'Receber', exact: true }).click();
  await expect(snackbar(page)).toHaveText(MENSAGENS.documento.recebido);
  await expect(page.getByRole('button', { name: `Receber o documento ${segundo}` })).toBeFocused();
  // And the keyboard goes on from there: Enter opens the next receipt.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Receber documento' })).toContainText(segundo);
  await page.getByRole('dialog', { name: 'Receber documento' }).getByRole('button', { name: 'Cancelar' }).click();
});

test('a tramitação em lote avisa dos documentos urgentes e pede confirmação', async ({ page }) => {
  await abrirCaixa(page, 'Urgentes');
  // An urgent document the unit holds; if none, Ana receives one first.
  let recebido = linhas(page)
    .filter({ has: page.getByRole('link', { name: /^Tramitar o documento/ }) })
    .first();
  if ((await recebido.count()) === 0) {
    const pendente = linhas(page)
      .filter({ has: page.getByRole('button', { name: /^Receber o documento/ }) })
      .first();
    const numeroPendente = (await pendente.getAttribute('data-numero')) as string;
    await pendente.getByRole('button', { name: /^Receber o documento/ }).click();
    await page.getByRole('dialog', { name: 'Receber documento' }).getByRole('button', { name: 'Receber' }).click();
    await expect(snackbar(page)).toHaveText(MENSAGENS.documento.recebido);
    recebido = linhas(page).filter({ hasText: numeroPendente });
  }
  const numero = (await recebido.getAttribute('data-numero')) as string;
  await recebido.getByRole('checkbox', { name: `Selecionar o documento ${numero}` }).check();
  await page.getByRole('button', { name: 'Tramitar selecionados' }).click();

  const dialogo = page.getByRole('dialog', { name: 'Tramitar documentos selecionados' });
  await expect(dialogo.getByTestId('aviso-urgentes')).toHaveText(`${MENSAGENS.tramitacao.loteUrgentes([numero])}.`);
  await page.getByRole('combobox', { name: /^Fluxo/ }).click();
  await page.getByRole('option', { name: 'Tramitação livre' }).click();
  await page.getByRole('combobox', { name: /^Passo/ }).click();
  await page.getByRole('option', { name: 'Encaminhar' }).click();
  await escolher(page, 'Destino', 'PROGRAD', /^PROGRAD — /);
  await dialogo.getByRole('textbox', { name: 'Despacho', exact: true }).fill('Urgente: encaminho para providências.');
  await dialogo.getByRole('button', { name: 'Tramitar', exact: true }).click();

  // As the single forwarding does: the warning, then a confirmation before anything is sent.
  await expect(dialogo.getByTestId('confirmacao-urgentes')).toContainText(MENSAGENS.tramitacao.loteUrgentes([numero]));
  await expect(dialogo).toContainText('Deseja tramitar os 1 documentos selecionados?');
  await conferirAcessibilidade(page);
  await dialogo.getByRole('button', { name: 'Tramitar', exact: true }).click();
  await expect(dialogo.getByTestId('resultado-documento').filter({ hasText: numero })).toContainText('Tramitado');
  await dialogo.getByRole('button', { name: 'Fechar' }).click();
  await expect(linhas(page).filter({ hasText: numero })).toHaveCount(0);
});

test('a 1366×768 a tabela cabe sem rolagem horizontal, com Urgência, Receber e Tramitar à vista', async ({ page }) => {
  await abrirCaixa(page);
  const tabela = page.getByTestId('tabela-caixa-postal');
  await expect(linhas(page).first()).toBeVisible();
  // The table's scrolling box has nothing to scroll sideways.
  const rolagem = await tabela.evaluate((elemento) => {
    const caixa = elemento.parentElement as HTMLElement;
    return { largura: caixa.clientWidth, conteudo: caixa.scrollWidth };
  });
  expect(rolagem.conteudo).toBeLessThanOrEqual(rolagem.largura);

  await expect(tabela.getByRole('columnheader', { name: 'Urgência' })).toBeVisible();
  const comReceber = linhas(page)
    .filter({ has: page.getByRole('button', { name: /^Receber o documento/ }) })
    .first();
  const comTramitar = linhas(page)
    .filter({ has: page.getByRole('link', { name: /^Tramitar o documento/ }) })
    .first();
  for (const [linha, acao] of [
    [comReceber, comReceber.getByRole('button', { name: /^Receber o documento/ })],
    [comTramitar, comTramitar.getByRole('link', { name: /^Tramitar o documento/ })],
  ] as const) {
    // Only up and down: the page scrolls the row into view vertically (sideways there is nothing to scroll).
    await linha.evaluate((elemento) => elemento.scrollIntoView({ block: 'center', inline: 'nearest' }));
    const urgencia = linha.getByRole('cell').nth(6);
    await expect(urgencia).toHaveText(/^(Urgente|Normal)$/);
    await expect(urgencia).toBeInViewport();
    await expect(acao).toBeInViewport();
  }
  // Issue 20: the deadline's column, with the days in the unit since the last sending below each deadline.
  await expect(tabela.getByRole('columnheader', { name: 'Prazo' })).toBeVisible();
  await expect(tabela.getByText(/^\d+ dias? na unidade$/).first()).toBeVisible();

  // A NUP never breaks: one line box per number.
  const quebrados = await tabela
    .locator('tbody a[href^="/documentos/"]')
    .evaluateAll((links) => links.filter((link) => link.getClientRects().length !== 1).length);
  expect(quebrados).toBe(0);
  await conferirAcessibilidade(page);
});

test.describe('num celular (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('cada documento vira um cartão com a urgência e a ação à vista, sem rolagem lateral', async ({ page }) => {
    await entrar(page, 'ana', 'ana', '/caixa-postal?fila=aguardando');
    const cartao = linhas(page).first();
    await expect(cartao).toBeVisible();
    const numero = (await cartao.getAttribute('data-numero')) as string;
    await cartao.evaluate((elemento) => elemento.scrollIntoView({ block: 'center' }));
    await expect(cartao.getByRole('button', { name: `Receber o documento ${numero}` })).toBeInViewport();
    await expect(cartao.getByRole('cell').nth(6)).toBeInViewport();
    const largura = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(largura).toBeLessThanOrEqual(390);
    await conferirAcessibilidade(page);
  });
});
