import { expect, test } from '@playwright/test';
import { conferirAcessibilidade, entrar, paginaDocumentos, snackbar } from './apoio.ts';

interface Resumo {
  idDocumento: number;
  numero: string;
}

test.describe('atalhos do cabeçalho', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('ana digita um NUP inteiro e o documento abre; uma parte lista os que combinam', async ({ page }) => {
    await entrar(page, 'ana', 'ana', '/home');
    const [documento] = await paginaDocumentos<Resumo>(page.request, 1, { tamanhoPagina: '1' });
    if (!documento) throw new Error('a demonstração não tem documentos');

    const busca = page.getByRole('search', { name: 'Busca rápida por número' });
    const campo = busca.getByRole('textbox', { name: 'NUP (busca rápida)' });
    await expect(campo).toBeInViewport();
    await conferirAcessibilidade(page);

    // Exactly one match: Enter opens it.
    await campo.fill(documento.numero);
    await campo.press('Enter');
    await page.waitForURL(`**/documentos/${documento.idDocumento}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Informações do documento' })).toBeVisible();
    await expect(page.getByText(documento.numero).first()).toBeVisible();
    await expect(campo).toHaveValue('');

    // Only digits matter: the number typed with its dots, slash and dash or without them finds the same document.
    await campo.fill(documento.numero.replace(/\D/g, ''));
    await campo.press('Enter');
    await page.waitForURL(`**/documentos/${documento.idDocumento}`);

    // A part shared by several documents: the search page lists them.
    const parte = documento.numero.replace(/\D/g, '').slice(0, 5);
    const combinam = await paginaDocumentos<Resumo>(page.request, 1, { numeroDocumento: parte });
    expect(combinam.length).toBeGreaterThan(1);
    await campo.fill(parte);
    await busca.getByRole('button', { name: 'Abrir documento pelo número' }).click();
    await page.waitForURL((url) => url.pathname === '/busca' && url.searchParams.get('numeroDocumento') === parte);
    await expect(page.getByRole('heading', { level: 1, name: 'Busca de documentos' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('textbox', { name: 'Número do documento' })).toHaveValue(parte);
    await expect(
      page
        .getByRole('main')
        .getByText(combinam[1]?.numero ?? '')
        .first(),
    ).toBeVisible();

    // No digit at all: said, and nothing else happens.
    await campo.fill('abc');
    await campo.press('Enter');
    await expect(snackbar(page)).toHaveText('Digite o número do documento (NUP) ou parte dele');
    await expect(page).toHaveURL(/\/busca\?/);
  });

  test('em 390 px a busca rápida abre por um botão e leva ao documento', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await entrar(page, 'ana', 'ana', '/home');
    const [documento] = await paginaDocumentos<Resumo>(page.request, 1, { tamanhoPagina: '1' });
    if (!documento) throw new Error('a demonstração não tem documentos');
    const abrir = page.getByRole('button', { name: 'Busca rápida por número' });
    await expect(abrir).toHaveAttribute('aria-expanded', 'false');
    await abrir.click();
    const campo = page.getByRole('textbox', { name: 'NUP (busca rápida)' });
    await expect(campo).toBeFocused();
    await expect(campo).toBeInViewport();
    await conferirAcessibilidade(page);
    await campo.fill(documento.numero);
    await campo.press('Enter');
    await page.waitForURL(`**/documentos/${documento.idDocumento}`);
    await expect(campo).toHaveCount(0);
  });

  test('quem tem várias lotações troca de unidade pelo cabeçalho, sem perder as notificações', async ({ page }) => {
    await entrar(page, 'roberto', 'roberto', '/caixa-postal');
    const antes = await (await page.request.get('/api/auth/configuracoes')).json();
    const unidade = page.getByRole('button', { name: /^Unidade atual: PROAD\. Trocar de unidade$/ });
    await expect(page.getByTestId('unidade-atual')).toHaveText('PROAD');

    await unidade.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitemradio', { name: /PROAD/ })).toHaveAttribute('aria-checked', 'true');
    await conferirAcessibilidade(page);

    const caixaRecarregada = page.waitForRequest(
      (pedido) => pedido.method() === 'GET' && new URL(pedido.url()).pathname === '/api/caixa-postal',
    );
    await menu.getByRole('menuitemradio', { name: /DCC/ }).click();
    await expect(snackbar(page)).toHaveText('Agora você está trabalhando em DCC');
    await expect(page.getByTestId('unidade-atual')).toHaveText('DCC');
    await caixaRecarregada;

    const depois = await (await page.request.get('/api/auth/configuracoes')).json();
    expect(depois).toEqual({ ...antes, idUnidadeAtual: depois.idUnidadeAtual });
    expect(depois.idUnidadeAtual).not.toBe(antes.idUnidadeAtual);

    // Back to the unit the demo starts in, by keyboard this time.
    await page.getByRole('button', { name: /^Unidade atual: DCC\./ }).click();
    await page.getByRole('menuitemradio', { name: /PROAD/ }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('unidade-atual')).toHaveText('PROAD');
    expect((await (await page.request.get('/api/auth/configuracoes')).json()).idUnidadeAtual).toBe(
      antes.idUnidadeAtual,
    );
  });

  test('quem tem uma lotação só vê a sigla, sem menu', async ({ page }) => {
    await entrar(page, 'bruno', 'bruno', '/home');
    await expect(page.getByTestId('unidade-atual')).toHaveText('PROGRAD');
    await expect(page.getByRole('button', { name: /Trocar de unidade/ })).toHaveCount(0);
  });
});
