import { expect, type Page, test } from '@playwright/test';
import { conferirAcessibilidade, entrar } from './apoio.ts';

// Issue 20: deadlines in Ana's postal box (filter "Vencido", sort by deadline) and the "Controle de prazos" tabs. Only
// reads: the demo's deadlines and scheduled returns (db/seed/prazos.ts and controle-prazos.ts) are left as they are.

test.use({ viewport: { width: 1366, height: 768 } });
test.describe.configure({ timeout: 60_000 });

const linhas = (page: Page) => page.getByTestId('item-caixa-postal');

test('a caixa filtrada por "Vencido" e ordenada pelo prazo', async ({ page }) => {
  await entrar(page, 'ana', 'ana', '/caixa-postal');
  await page.waitForURL(/dataInicio=/);
  // The filter is a search by itself: without the default period, every overdue document of the unit.
  await page.getByRole('button', { name: 'Limpar' }).click();
  await page.getByLabel('Prazo', { exact: true }).click();
  await page.getByRole('option', { name: 'Vencido' }).click();
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page).toHaveURL(/situacaoPrazo=VENCIDO/);
  await expect(page).not.toHaveURL(/dataInicio=/);
  // Every row says so in words (once the calendar and the new page have arrived).
  const selos = page.getByTestId('prazo-caixa');
  await expect(selos.first()).toHaveText(/^Vencido/);
  await expect(selos.filter({ hasNotText: /^Vencido/ })).toHaveCount(0);

  await page.getByRole('button', { name: 'Prazo', exact: true }).click();
  await expect(page).toHaveURL(/ordenacao=prazo/);
  await expect(page).toHaveURL(/direcao=asc/);
  await expect(page.getByRole('columnheader', { name: 'Prazo', exact: true })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await expect(linhas(page).first()).toBeVisible();
  const datas = await selos.evaluateAll((celulas) => celulas.map((c) => c.getAttribute('data-prazo') ?? ''));
  expect(datas.length).toBeGreaterThan(0);
  expect(datas).toEqual([...datas].sort());
  await conferirAcessibilidade(page);

  // The home page's link, as it is: the same list.
  await page.goto('/caixa-postal?situacaoPrazo=VENCE_HOJE');
  await expect(page.getByLabel('Prazo', { exact: true })).toHaveText('Vence hoje');
});

test('a lista "Prazo" aberta antes de o Select do MUI chegar abre quando ele chega, sem perder a escolha', async ({
  page,
}) => {
  // The filter's lists are light stand-ins until the first gesture brings MUI's Select (issue 23): hold that module,
  // click the list, then let it come.
  let liberar = () => {};
  const portao = new Promise<void>((resolver) => {
    liberar = resolver;
  });
  await page.route('**/assets/ListaSuspensaCompleta-*.js', async (rota) => {
    await portao;
    await rota.continue();
  });
  await entrar(page, 'ana', 'ana', '/caixa-postal?situacaoPrazo=VENCE_HOJE');
  const prazo = page.getByRole('combobox', { name: 'Prazo' });
  await expect(prazo).toHaveText('Vence hoje');
  await conferirAcessibilidade(page);
  await prazo.click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
  liberar();
  await page.getByRole('option', { name: 'Vencido' }).click();
  await expect(prazo).toHaveText('Vencido');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page).toHaveURL(/situacaoPrazo=VENCIDO/);

  // From the keyboard, the page size: the loaded list opens with the arrow key.
  await expect(page.getByTestId('prazo-caixa').first()).toHaveText(/^Vencido/);
  const tamanho = page.getByRole('combobox', { name: /^Documentos por página/ });
  await tamanho.focus();
  await page.keyboard.press('ArrowDown');
  await page.getByRole('option', { name: '50' }).click();
  await expect(page).toHaveURL(/tamanhoPagina=50/);
});

test('o aviso de retornos leva ao controle de prazos, com as abas na URL', async ({ page }) => {
  await entrar(page, 'ana', 'ana', '/caixa-postal');
  const aviso = page.getByTestId('aviso-retornos');
  await expect(aviso).toContainText(/retornos? programados? vencidos? ou vencendo hoje/);
  await aviso.getByRole('link', { name: 'Ver no controle de prazos' }).click();
  await expect(page).toHaveURL(/\/controle-de-prazos\?aba=retornos/);
  await expect(page.getByRole('heading', { level: 1, name: 'Controle de prazos' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Retornos programados' })).toHaveAttribute('aria-selected', 'true');
  const linhasPrazos = page.getByTestId('item-prazos');
  await expect(linhasPrazos.first()).toBeVisible();
  await conferirAcessibilidade(page);

  // Filtered by state, kept in the URL.
  await page.getByLabel('Situação').click();
  await page.getByRole('option', { name: 'Vencido' }).click();
  await expect(page).toHaveURL(/situacaoPrazo=VENCIDO/);
  const datas = page.getByTestId('data-prazos');
  await expect(datas.first()).toHaveText(/^Vencido/);
  await expect(datas.filter({ hasNotText: /^Vencido/ })).toHaveCount(0);

  for (const [aba, nome] of [
    ['na-unidade', 'Na minha unidade'],
    ['aguardados', 'Aguardados de outras unidades'],
  ] as const) {
    await page.getByRole('tab', { name: nome }).click();
    await expect(page).toHaveURL(new RegExp(`aba=${aba}`));
    await expect(page.getByRole('tab', { name: nome })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('total-prazos')).toHaveText(/\d+ documentos?/);
  }
  // A row links to its document.
  await page.getByRole('tab', { name: 'Na minha unidade' }).click();
  await page.getByLabel('Situação').click();
  await page.getByRole('option', { name: 'Todas' }).click();
  const primeira = linhasPrazos.first();
  const numero = (await primeira.getAttribute('data-numero')) as string;
  await primeira.getByRole('link', { name: numero }).click();
  await expect(page).toHaveURL(/\/documentos\/\d+$/);
});
