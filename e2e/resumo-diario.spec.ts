import { expect, type Page, test } from '@playwright/test';
import { MENSAGENS } from '@tramite/shared';
import { conferirAcessibilidade, entrar } from './apoio.ts';

// Issue 20: the daily digest chosen in /usuario, and the current unit's deadline counts on the home page.

test.describe.configure({ mode: 'serial', timeout: 60_000 });

const chave = (page: Page) =>
  page.getByTestId('campo-resumo-diario').getByRole('switch', { name: 'Resumo diário por e-mail' });
const horario = (page: Page) => page.getByLabel('Horário do resumo (Brasília)');

test('liga o resumo diário num horário em /usuario, o horário fica guardado, e desliga de novo', async ({ page }) => {
  // Paulo (DAP) has the digest off in the demo; the test turns it back off at the end.
  await entrar(page, 'paulo', 'paulo', '/usuario');
  await expect(chave(page)).not.toBeChecked();
  await expect(horario(page)).toHaveCount(0);

  await chave(page).check();
  await expect(horario(page)).toHaveValue('08:00');
  // Without an e-mail there is nowhere to send it: the shared rule's message, under the time.
  const email = page.getByTestId('campo-email');
  const emailOriginal = await email.inputValue();
  await email.fill('');
  await page.getByTestId('botao-salvar-configuracoes').click();
  await expect(page.getByText(MENSAGENS.resumoDiario.precisaEmail)).toBeVisible();
  await email.fill(emailOriginal);

  await horario(page).fill('18:45');
  await conferirAcessibilidade(page);
  await page.getByTestId('botao-salvar-configuracoes').click();
  await page.waitForURL((url) => url.pathname === '/caixa-postal');

  await page.goto('/usuario');
  await expect(chave(page)).toBeChecked();
  await expect(horario(page)).toHaveValue('18:45');
  const salvo = await page.request.get('/api/auth/configuracoes');
  expect((await salvo.json()).resumoDiarioHorario).toBe('18:45');

  await chave(page).uncheck();
  await expect(horario(page)).toHaveCount(0);
  await page.getByTestId('botao-salvar-configuracoes').click();
  await page.waitForURL((url) => url.pathname === '/caixa-postal');
  expect((await (await page.request.get('/api/auth/configuracoes')).json()).resumoDiarioHorario).toBeNull();
});

test('a página inicial mostra os prazos da unidade atual como links', async ({ page }) => {
  await entrar(page, 'ana', 'ana', '/home');
  const contagens = await (await page.request.get('/api/resumo-diario/contagens')).json();
  // Issue 22: the deadlines are among the box's counts, the same numbers as the daily digest's.
  const secao = page.getByTestId('resumo-caixa');
  await expect(secao.getByRole('heading', { name: 'Sua caixa postal' })).toBeVisible();
  const links = [
    {
      testId: 'contagem-home-venceHoje',
      rotulo: 'Vencem hoje',
      valor: contagens.venceHoje,
      href: '/caixa-postal?situacaoPrazo=VENCE_HOJE',
    },
    {
      testId: 'contagem-home-vencidos',
      rotulo: 'Vencidos',
      valor: contagens.vencidos,
      href: '/caixa-postal?situacaoPrazo=VENCIDO',
    },
  ];
  for (const link of links) {
    const elemento = secao.getByTestId(link.testId);
    await expect(elemento).toHaveText(`${link.valor.toLocaleString('pt-BR')}${link.rotulo}`);
    await expect(elemento).toHaveAttribute('href', link.href);
  }
  // The demo has overdue deadlines in the Protocolo Central.
  expect(contagens.vencidos).toBeGreaterThan(0);
  await conferirAcessibilidade(page);
  await secao.getByTestId('contagem-home-vencidos').click();
  await expect(page).toHaveURL(/\/caixa-postal\?situacaoPrazo=VENCIDO/);
});
