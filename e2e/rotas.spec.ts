import { expect, test } from '@playwright/test';
import { conferirAcessibilidade, entrar } from './apoio.ts';
import { ROTAS } from './rotas.ts';

test.describe('rotas sem login', () => {
  for (const rota of ROTAS) {
    test(`${rota.caminho} ${rota.publica ? 'abre' : 'leva ao login'}`, async ({ page }) => {
      await page.goto(rota.caminho);
      if (rota.publica) {
        await expect(page.getByRole('heading', { level: 1, name: rota.titulo })).toBeVisible();
        expect(new URL(page.url()).pathname).toBe(rota.caminho);
      } else {
        await page.waitForURL(/\/api\/auth\/login/);
        const url = new URL(page.url());
        expect(url.searchParams.get('redirect')).toBe(rota.caminho);
        await expect(page.getByRole('heading', { level: 1, name: 'Entrar no Trâmite' })).toBeVisible();
      }
    });
  }

  test('/ vai para /home e um caminho desconhecido para /404', async ({ page }) => {
    await page.goto('/');
    await page.waitForURL('**/home');
    await page.goto('/um/caminho/que/nao/existe');
    await page.waitForURL('**/404');
    await expect(page.getByRole('heading', { level: 1, name: /Página não encontrada/i })).toBeVisible();
  });
});

test.describe('rotas com login', () => {
  // One test per route: a slow or broken screen names itself, and no single test carries every axe run.
  for (const rota of ROTAS) {
    test(`admin abre ${rota.caminho} com o seu título e sem violações graves de acessibilidade`, async ({ page }) => {
      test.setTimeout(60_000);
      await entrar(page, 'admin', 'admin', rota.caminho);
      await expect(page.getByRole('heading', { level: 1, name: rota.titulo })).toBeVisible();
      expect(new URL(page.url()).pathname).toBe(rota.caminho);
      await conferirAcessibilidade(page);
    });
  }
});
