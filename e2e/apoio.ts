import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Logs in through the product's real login page, starting from the route that asked for it. */
export async function entrar(page: Page, usuario: string, senha = usuario, destino = '/caixa-postal') {
  await page.goto(`/api/auth/login?redirect=${encodeURIComponent(destino)}`);
  await page.getByLabel('Usuário').fill(usuario);
  await page.getByLabel('Senha').fill(senha);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL((url) => url.pathname === destino.split('?')[0]);
}

/** No serious or critical accessibility violation on the current page. */
export async function conferirAcessibilidade(page: Page) {
  // Fades and slides (menus closing, dialogs opening, a snackbar appearing) leave elements half-transparent: wait for
  // the finite ones. A transition starts a frame or two after the render that asks for it, so let two frames pass first.
  await page.evaluate(
    () => new Promise<void>((pronto) => requestAnimationFrame(() => requestAnimationFrame(() => pronto()))),
  );
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animacao) => animacao.playState !== 'running' || animacao.effect?.getTiming().iterations === Infinity),
  );
  const resultado = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const graves = resultado.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(graves.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}
