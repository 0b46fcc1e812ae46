import { expect, type Page, test } from '@playwright/test';
import { entrar } from './apoio.ts';
import { ROTAS } from './rotas.ts';

/**
 * Issue 23: no route's first load logs an error in the console (a failed request, such as the anonymous GET auth's
 * 401, counts) nor throws one, anonymously on the public routes and logged in on all of them.
 */

/** Collects, from now on, the page's console errors and its uncaught exceptions. */
function errosDaPagina(page: Page): string[] {
  const erros: string[] = [];
  page.on('console', (mensagem) => {
    if (mensagem.type() === 'error') erros.push(`console: ${mensagem.text()} (${mensagem.location().url})`);
  });
  page.on('pageerror', (erro) => erros.push(`exceção: ${erro.message}`));
  return erros;
}

/** Opens the route as a first load and waits until its screen and the requests it makes are over. */
async function abrir(page: Page, rota: (typeof ROTAS)[number]) {
  await page.goto(rota.caminho);
  await expect(page.getByRole('heading', { level: 1, name: rota.titulo })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(rota.caminho);
  await page.waitForLoadState('networkidle');
}

test.describe('primeira carga sem erro no console, sem login', () => {
  for (const rota of ROTAS.filter((r) => r.publica)) {
    test(`${rota.caminho}`, async ({ page }) => {
      const erros = errosDaPagina(page);
      await abrir(page, rota);
      expect(erros).toEqual([]);
    });
  }
});

test.describe('primeira carga sem erro no console, com login', () => {
  let cookies: Awaited<ReturnType<ReturnType<Page['context']>['cookies']>> = [];

  test.beforeAll(async ({ browser }) => {
    const page = await browser.newPage({ baseURL: test.info().project.use.baseURL });
    await entrar(page, 'admin', 'admin', '/home');
    cookies = await page.context().cookies();
    await page.close();
  });

  for (const rota of ROTAS) {
    test(`${rota.caminho}`, async ({ page }) => {
      await page.context().addCookies(cookies);
      const erros = errosDaPagina(page);
      await abrir(page, rota);
      expect(erros).toEqual([]);
    });
  }
});
