import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { MENSAGENS } from '@tramite/shared';
import { conferirAcessibilidade, dataBrasilia, entrar } from './apoio.ts';

// Issue 22: the Painel — filters kept in the URL, each chart with a table view and the CSV of that same table.

test.use({ viewport: { width: 1366, height: 900 } });
test.describe.configure({ mode: 'serial', timeout: 90_000 });

const quadro = (page: Page, id: string) => page.getByTestId(`quadro-${id}`);

/** A CSV as the painel writes it (BOM, ';', CRLF, fields quoted when needed), as rows of fields. */
function lerCsv(texto: string): string[][] {
  expect(texto.startsWith('\uFEFF')).toBe(true);
  const linhas: string[][] = [];
  let linha: string[] = [];
  let campo = '';
  let aspas = false;
  const corpo = texto.slice(1);
  for (let i = 0; i < corpo.length; i++) {
    const c = corpo[i];
    if (aspas) {
      if (c === '"' && corpo[i + 1] === '"') {
        campo += '"';
        i++;
      } else if (c === '"') aspas = false;
      else campo += c;
    } else if (c === '"') aspas = true;
    else if (c === ';') {
      linha.push(campo);
      campo = '';
    } else if (c === '\r' && corpo[i + 1] === '\n') {
      linha.push(campo);
      linhas.push(linha);
      linha = [];
      campo = '';
      i++;
    } else campo += c;
  }
  return linhas;
}

/** The table view's header and rows, as the user reads them. */
async function lerTabela(tabela: Locator): Promise<string[][]> {
  const cabecalho = await tabela.locator('thead th').allTextContents();
  const linhas = await tabela
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((celula) => celula.textContent ?? '')));
  return [cabecalho, ...linhas];
}

/** Switches a chart to its table and checks that its CSV download holds exactly that table. */
async function conferirTabelaComCsv(page: Page, id: string): Promise<string[][]> {
  const secao = quadro(page, id);
  await secao.getByRole('button', { name: 'Ver como tabela' }).click();
  const tabela = secao.getByRole('table');
  await expect(tabela).toBeVisible();
  const naTela = await lerTabela(tabela);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    secao.getByRole('button', { name: /^Baixar CSV/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^painel-${id}-.*\\.csv$`));
  const csv = lerCsv(await readFile((await download.path()) as string, 'utf8'));
  expect(csv).toEqual(naTela);
  return naTela;
}

test('o painel abre na unidade atual dos últimos 12 meses, e a tabela de cada gráfico é o seu CSV', async ({
  page,
}) => {
  await entrar(page, 'ana', 'ana', '/painel');
  await expect(page.getByRole('heading', { level: 1, name: 'Painel' })).toBeVisible();
  await page.waitForURL(/dataInicio=/);
  const url = new URL(page.url());
  expect(url.searchParams.get('dataFim')).toBe(dataBrasilia());
  expect(url.searchParams.get('unidade')).toMatch(/^\d+$/);
  // Ana has no PAINEL_INSTITUCIONAL: her units only, no institution and no chart of the oldest units.
  await page.getByRole('combobox', { name: 'Unidade' }).click();
  await expect(page.getByRole('option', { name: 'Toda a instituição' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(quadro(page, 'unidades-antigas')).toHaveCount(0);

  // The demo has a year of history: the weeks show movement.
  await expect(quadro(page, 'movimento').getByTestId('grafico-movimento')).toBeVisible();
  await conferirAcessibilidade(page);

  const movimento = await conferirTabelaComCsv(page, 'movimento');
  expect(movimento[0]).toEqual(['Semana (início)', 'Recebidos', 'Enviados']);
  // Every week of the period is a row, dated DD/MM/AAAA.
  expect(movimento.length).toBeGreaterThanOrEqual(53);
  for (const [semana] of movimento.slice(1)) expect(semana).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);

  const idade = await conferirTabelaComCsv(page, 'idade');
  expect(idade.map(([faixa]) => faixa)).toEqual([
    'Idade',
    '0 a 5 dias',
    '6 a 15 dias',
    '16 a 30 dias',
    '31 a 90 dias',
    'Mais de 90 dias',
  ]);
  await conferirAcessibilidade(page);

  // Back to the chart.
  await quadro(page, 'movimento').getByRole('button', { name: 'Ver como gráfico' }).click();
  await expect(quadro(page, 'movimento').getByTestId('grafico-movimento')).toBeVisible();
});

test('a instituição inteira e o período ficam na URL: recarregar mostra o mesmo painel', async ({ page }) => {
  await entrar(page, 'admin', 'admin', '/painel');
  await page.waitForURL(/dataInicio=/);
  await page.getByRole('combobox', { name: 'Unidade' }).click();
  await page.getByRole('option', { name: 'Toda a instituição' }).click();
  await expect(page).toHaveURL(/unidade=instituicao/);
  await expect(quadro(page, 'unidades-antigas')).toBeVisible();

  // A period typed in the URL (a shared link) is kept, and survives a reload.
  const busca = new URLSearchParams({ unidade: 'instituicao', dataInicio: dataBrasilia(-90), dataFim: dataBrasilia() });
  await page.goto(`/painel?${busca}`);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Unidade' })).toHaveText('Toda a instituição');
  expect(new URL(page.url()).searchParams.toString()).toBe(busca.toString());
  const movimento = await conferirTabelaComCsv(page, 'movimento');
  // About 13 weeks in 90 days.
  expect(movimento.length - 1).toBeGreaterThanOrEqual(13);
  expect(movimento.length - 1).toBeLessThanOrEqual(15);
  const antigas = await conferirTabelaComCsv(page, 'unidades-antigas');
  expect(antigas[0]).toEqual(['Unidade', 'Mais antigo (dias)', 'Acima de 90 dias', 'Documentos']);
  expect(antigas.length).toBeGreaterThan(1);
  await conferirAcessibilidade(page);

  // An inverted period is refused with the shared rule's message, and no chart asks for it.
  await page.goto(`/painel?unidade=instituicao&dataInicio=${dataBrasilia()}&dataFim=${dataBrasilia(-10)}`);
  await expect(page.getByTestId('erro-filtros-painel')).toHaveText(MENSAGENS.painel.periodoInvertido);
  await expect(quadro(page, 'movimento')).toHaveCount(0);
});

test('o menu leva ao painel', async ({ page }) => {
  await entrar(page, 'ana', 'ana', '/home');
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Painel' }).click();
  await page.waitForURL((url) => url.pathname === '/painel');
  await expect(page.getByRole('heading', { level: 1, name: 'Painel' })).toBeVisible();
});
