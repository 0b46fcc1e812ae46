import { expect, test } from '@playwright/test';
import { conferirAcessibilidade, entrar } from './apoio.ts';

test.describe('layout global', () => {
  test('mostra a notícia válida e o menu de quem não entrou', async ({ page }) => {
    await page.goto('/home');
    await expect(page.getByTestId('aviso-noticias')).toContainText('Bem-vindo ao Trâmite');
    const menu = page.getByTestId('menu-principal');
    for (const item of ['Início', 'Busca', 'Consolidação', 'Ajuda']) {
      await expect(menu.getByRole('link', { name: item })).toBeVisible();
    }
    await expect(menu.getByRole('link', { name: 'Caixa postal' })).toHaveCount(0);
    await expect(page.getByTestId('botao-entrar')).toBeVisible();
    await page.getByRole('button', { name: 'Dispensar aviso' }).click();
    await expect(page.getByTestId('aviso-noticias')).toHaveCount(0);
  });

  test('o menu segue as permissões do usuário', async ({ page }) => {
    // bruno holds no permission in the demo (ana, of the Protocolo Central, has RELATORIOS).
    await entrar(page, 'bruno', 'bruno', '/home');
    const menu = page.getByTestId('menu-principal');
    await expect(menu.getByRole('link', { name: 'Caixa postal' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Nova autuação' })).toBeVisible();
    for (const restrito of [
      'Malote',
      'Documentos desarquivados',
      'Vocabulário controlado',
      'Reencaminhamento',
      'Usuários',
    ]) {
      await expect(menu.getByRole('link', { name: restrito })).toHaveCount(0);
    }
    await page.goto('/relatorios/malote');
    await expect(page.getByRole('heading', { level: 1, name: 'Acesso negado' })).toBeVisible();
    await expect(page.getByTestId('sem-permissao')).toContainText('Você não tem permissão para acessar esta página');
  });

  test('admin vê relatórios e administração no menu', async ({ page }) => {
    await entrar(page, 'admin', 'admin', '/home');
    const menu = page.getByTestId('menu-principal');
    for (const item of [
      'Malote',
      'Documentos desarquivados',
      'Vocabulário controlado',
      'Tipos documentais',
      'Usuários',
    ]) {
      await expect(menu.getByRole('link', { name: item })).toBeVisible();
    }
    await expect(page.getByTestId('unidade-atual')).toHaveText('PROT');
  });
});

test.describe('configurações do usuário, snackbar e pilha de carregamento', () => {
  test('admin troca a unidade atual, vê o carregamento e a confirmação, e vai para a caixa postal', async ({
    page,
  }) => {
    await entrar(page, 'admin', 'admin', '/usuario');
    await expect(page.getByRole('heading', { level: 1, name: 'Configurações do usuário' })).toBeVisible();
    await conferirAcessibilidade(page);

    // Hold the save for a moment so the loading stack can be seen.
    let liberar: () => void = () => {};
    const liberado = new Promise<void>((resolve) => {
      liberar = resolve;
    });
    await page.route('**/api/auth/configuracoes', async (rota) => {
      if (rota.request().method() === 'POST') await liberado;
      await rota.continue();
    });

    await page.getByRole('combobox', { name: 'Unidade atual' }).click();
    await page.getByRole('option', { name: /^REIT —/ }).click();
    await page.getByRole('textbox', { name: 'E-mail para notificações' }).fill('gabinete.reitoria@ufex.edu.br');
    await page.getByRole('button', { name: 'Salvar' }).click();

    await expect(page.getByTestId('carregamento-global')).toBeVisible();
    await expect(page.getByTestId('carregamento-titulo')).toHaveText(/Salvando configurações/);
    liberar();

    await page.waitForURL('**/caixa-postal');
    await expect(page.getByTestId('carregamento-global')).toHaveCount(0);
    const snackbar = page.getByTestId('snackbar');
    await expect(snackbar).toHaveText('Configurações salvas com sucesso');
    await expect(snackbar).toHaveAttribute('data-tipo', 'success');
    await expect(page.getByTestId('unidade-atual')).toHaveText('REIT');

    const configuracoes = await page.request.get('/api/auth/configuracoes');
    expect(await configuracoes.json()).toMatchObject({ email: 'gabinete.reitoria@ufex.edu.br' });
  });

  test('uma falha mostra o snackbar de erro, que some e volta 250 ms depois a cada nova mensagem', async ({ page }) => {
    await entrar(page, 'bruno', 'bruno', '/usuario');
    await page.route('**/api/auth/configuracoes', async (rota) => {
      if (rota.request().method() !== 'POST') return rota.continue();
      return rota.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ mensagem: 'Falha simulada no servidor', erros: [] }),
      });
    });
    // Record each snackbar instance as it enters the page: a new message closes the current one and mounts a new one.
    await page.evaluate(() => {
      const aparicoes: number[] = [];
      (window as unknown as { aparicoesSnackbar: number[] }).aparicoesSnackbar = aparicoes;
      let atual: Element | null = null;
      new MutationObserver(() => {
        const alerta = document.querySelector('[data-testid="snackbar"]');
        if (alerta && alerta !== atual) aparicoes.push(performance.now());
        atual = alerta;
      }).observe(document.body, { subtree: true, childList: true });
    });

    await page.getByRole('button', { name: 'Salvar' }).click();
    const snackbar = page.getByTestId('snackbar');
    await expect(snackbar).toContainText('Ocorreu um erro ao tentar alterar as configurações do usuário');
    await expect(snackbar).toContainText('Falha simulada no servidor');
    await expect(snackbar).toHaveAttribute('data-tipo', 'error');
    await expect(page.getByRole('alert').filter({ hasText: 'Falha simulada' })).toBeVisible();

    const aparicoes = () =>
      page.evaluate(() => (window as unknown as { aparicoesSnackbar: number[] }).aparicoesSnackbar);
    const antes = (await aparicoes()).length;
    const antesDoClique = await page.evaluate(() => performance.now());
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect.poll(async () => (await aparicoes()).length).toBe(antes + 1);
    // The same message again: the old snackbar was closed and a new one shown, no sooner than 250 ms later.
    const reexibidaEm = ((await aparicoes()).at(-1) ?? 0) - antesDoClique;
    expect(reexibidaEm).toBeGreaterThanOrEqual(250);
    await expect(snackbar).toContainText('Falha simulada no servidor');
    expect(page.url()).toContain('/usuario');
  });

  test('a mensagem chega mesmo quando o módulo do snackbar não pôde ser baixado', async ({ page }) => {
    // The snackbar's module is loaded at the first gesture; with its download failing, the plain notice shows the
    // message (same test id, role and text) and closes with its button.
    await page.route('**/assets/SnackbarMensagem-*.js', (rota) => rota.abort());
    await page.goto('/home');
    const busca = page.getByRole('textbox', { name: 'NUP (busca rápida)' });
    await busca.click();
    await busca.press('Enter');
    const snackbar = page.getByTestId('snackbar');
    await expect(snackbar).toContainText('Digite o número do documento (NUP) ou parte dele');
    await expect(snackbar).toHaveAttribute('data-tipo', 'error');
    await expect(page.getByRole('alert').filter({ hasText: 'Digite o número' })).toBeVisible();
    await expect(snackbar).not.toHaveClass(/MuiAlert/);
    await conferirAcessibilidade(page);
    await page.getByRole('button', { name: 'Fechar mensagem' }).click();
    await expect(snackbar).toHaveCount(0);

    // Once the module arrives (the next gesture tries again), the same message comes in MUI's snackbar.
    await page.unroute('**/assets/SnackbarMensagem-*.js');
    await busca.click();
    await busca.press('Enter');
    await expect(snackbar).toHaveClass(/MuiAlert/);
    await expect(snackbar).toContainText('Digite o número do documento (NUP) ou parte dele');
  });
});
