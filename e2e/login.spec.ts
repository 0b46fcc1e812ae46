import { expect, test } from '@playwright/test';
import { conferirAcessibilidade, entrar } from './apoio.ts';

test.describe('login', () => {
  test('a página de login é acessível e recusa senha errada com a mensagem', async ({ page }) => {
    await page.goto('/api/auth/login?redirect=/caixa-postal');
    await expect(page.getByRole('heading', { level: 1, name: 'Entrar no Trâmite' })).toBeVisible();
    await conferirAcessibilidade(page);
    await page.getByLabel('Usuário').fill('ana');
    await page.getByLabel('Senha').fill('senha-errada');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('alert')).toHaveText('Usuário ou senha inválidos');
    await expect(page.getByLabel('Usuário')).toHaveValue('ana');
  });

  test('uma rota protegida leva ao login e, depois dele, de volta à rota', async ({ page }) => {
    await page.goto('/caixa-postal');
    await page.waitForURL(/\/api\/auth\/login\?redirect=%2Fcaixa-postal/);
    await page.getByLabel('Usuário').fill('ana');
    await page.getByLabel('Senha').fill('ana');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL('**/caixa-postal');
    await expect(page.getByRole('heading', { level: 1, name: /Caixa postal/i })).toBeVisible();
    await expect(page.getByTestId('usuario-nome')).toHaveText('Ana Paula Ferreira');
  });

  test('sair encerra a sessão', async ({ page, context }) => {
    await entrar(page, 'ana');
    await page.getByRole('button', { name: /Sair/i }).click();
    await page.waitForURL('**/home');
    const resposta = await context.request.get('/api/auth');
    expect(resposta.status()).toBe(401);
    await page.goto('/usuario');
    await page.waitForURL(/\/api\/auth\/login/);
  });

  test('o cookie de sessão é HttpOnly e SameSite=Lax', async ({ page, context }) => {
    await entrar(page, 'bruno');
    const cookie = (await context.cookies()).find((c) => c.name === 'tramite_sessao');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
  });
});
