import { expect, type Page, test } from '@playwright/test';
import type { InicioPainel } from '@tramite/shared';
import { conferirAcessibilidade, entrar, snackbar } from './apoio.ts';

// Issue 22: the home page's counts, from one request, each a link into the postal box filtered to what it counts.

test.use({ viewport: { width: 1366, height: 768 } });
test.describe.configure({ mode: 'serial', timeout: 90_000 });

const CONTAGENS = [
  { chave: 'aguardando', rotulo: 'Aguardando recebimento', url: /\/caixa-postal\?.*fila=aguardando/ },
  { chave: 'naoLidos', rotulo: 'Recebidos não lidos por mim', url: /\/caixa-postal\?.*fila=recebidos.*naoLidos=true/ },
  { chave: 'urgentes', rotulo: 'Urgentes', url: /\/caixa-postal\?.*fila=urgentes/ },
  { chave: 'venceHoje', rotulo: 'Vencem hoje', url: /\/caixa-postal\?situacaoPrazo=VENCE_HOJE/ },
  { chave: 'vencidos', rotulo: 'Vencidos', url: /\/caixa-postal\?situacaoPrazo=VENCIDO/ },
] as const;

const totalDe = (quantidade: number) =>
  quantidade === 1 ? '1 documento' : `${quantidade.toLocaleString('pt-BR')} documentos`;

const resumo = (page: Page) => page.getByRole('region', { name: 'Sua caixa postal' });

/** The number a count card shows, e.g. '12Urgentes' → 12. */
async function numeroDoCartao(page: Page, chave: string): Promise<number> {
  const cartao = resumo(page).getByTestId(`contagem-home-${chave}`);
  await expect(cartao).toBeVisible();
  const texto = (await cartao.textContent()) ?? '';
  const [, numero] = /^([\d.]+)/.exec(texto) ?? [];
  if (numero === undefined) throw new Error(`Contagem ausente em "${texto}"`);
  return Number(numero.replaceAll('.', ''));
}

test('a página inicial carrega numa requisição só, e cada contagem é o total da caixa postal que o link abre', async ({
  page,
}) => {
  const pedidos: string[] = [];
  page.on('request', (pedido) => {
    const caminho = new URL(pedido.url()).pathname;
    if (caminho.startsWith('/api/painel/') || caminho === '/api/resumo-diario/contagens') pedidos.push(caminho);
  });
  const resposta = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/painel/inicio');
  await entrar(page, 'ana', 'ana', '/home');
  const inicio = (await (await resposta).json()) as InicioPainel;
  await expect(resumo(page).getByTestId('contagem-home-vencidos')).toBeVisible();
  expect(pedidos).toEqual(['/api/painel/inicio']);
  // The demo's Protocolo Central has something in every queue that matters here.
  expect(inicio.contagens.aguardando).toBeGreaterThan(0);
  expect(inicio.contagens.vencidos).toBeGreaterThan(0);
  await expect(page.getByTestId('saudacao')).toContainText('Ana');
  await conferirAcessibilidade(page);

  for (const { chave, rotulo, url } of CONTAGENS) {
    await page.goto('/home');
    const quantidade = await numeroDoCartao(page, chave);
    expect(quantidade).toBe(inicio.contagens[chave]);
    await expect(resumo(page).getByTestId(`contagem-home-${chave}`)).toHaveText(
      `${quantidade.toLocaleString('pt-BR')}${rotulo}`,
    );
    await resumo(page).getByTestId(`contagem-home-${chave}`).click();
    await expect(page).toHaveURL(url);
    await expect(page.getByTestId('total-caixa')).toHaveText(totalDe(quantidade));
    if (chave === 'naoLidos') {
      // The filter shows as a chip; removing it lists every received document again.
      const filtro = page.getByTestId('filtro-nao-lidos');
      await expect(filtro).toBeVisible();
      await conferirAcessibilidade(page);
      await filtro.click();
      await expect(page).not.toHaveURL(/naoLidos=/);
      await expect(page.getByTestId('filtro-nao-lidos')).toHaveCount(0);
    }
  }
});

test('os últimos documentos levam ao documento, e o link do painel abre o painel', async ({ page }) => {
  await entrar(page, 'ana', 'ana', '/home');
  const inicio = (await (await page.request.get('/api/painel/inicio')).json()) as InicioPainel;
  const secao = page.getByRole('region', { name: 'Últimos documentos' });
  await expect(secao).toBeVisible();
  const [primeiro] = inicio.recentes;
  if (primeiro === undefined) {
    await expect(secao).toContainText('Você ainda não agiu em nenhum documento.');
  } else {
    const linhas = secao.locator('tbody tr');
    await expect(linhas).toHaveCount(inicio.recentes.length);
    await expect(linhas.first()).toContainText(primeiro.numero);
    await expect(linhas.first()).toContainText(primeiro.acao);
    await linhas.first().getByRole('link', { name: primeiro.numero }).click();
    await page.waitForURL(`**/documentos/${primeiro.idDocumento}`);
  }
  await page.goto('/home');
  await resumo(page).getByRole('link', { name: 'Painel da unidade' }).click();
  await page.waitForURL((url) => url.pathname === '/painel');
  await expect(page.getByRole('heading', { level: 1, name: 'Painel' })).toBeVisible();
});

test('quem tem várias lotações troca de unidade ao lado das contagens, como no cabeçalho', async ({ page }) => {
  await entrar(page, 'roberto', 'roberto', '/home');
  const seletor = page.getByRole('combobox', { name: 'Unidade atual' });
  await expect(seletor).toHaveText(/^PROAD —/);
  await expect(page.getByTestId('unidade-atual')).toHaveText('PROAD');

  const recarregado = page.waitForRequest((pedido) => new URL(pedido.url()).pathname === '/api/painel/inicio');
  await seletor.click();
  await page.getByRole('option', { name: /^DCC —/ }).click();
  await expect(snackbar(page)).toHaveText('Agora você está trabalhando em DCC');
  await expect(page.getByTestId('unidade-atual')).toHaveText('DCC');
  await recarregado;
  const contagens = (await (await page.request.get('/api/painel/inicio')).json()) as InicioPainel;
  await expect(resumo(page).getByTestId('contagem-home-aguardando')).toHaveText(
    `${contagens.contagens.aguardando.toLocaleString('pt-BR')}Aguardando recebimento`,
  );

  // Back to the unit the demo starts in.
  await seletor.click();
  await page.getByRole('option', { name: /^PROAD —/ }).click();
  await expect(page.getByTestId('unidade-atual')).toHaveText('PROAD');
});

test('sem login, a página inicial mostra o convite para entrar e o que o Trâmite faz', async ({ page }) => {
  await page.goto('/home');
  await expect(page.getByRole('link', { name: 'Entrar no sistema' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'O que o Trâmite faz' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Sua caixa postal' })).toHaveCount(0);
});
