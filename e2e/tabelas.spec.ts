import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { MENSAGENS } from '@tramite/shared';
import { conferirAcessibilidade, documentosDaDemonstracao, entrar, snackbar } from './apoio.ts';

// Tables fit the screen (issue item): at 1366×768 every column and the actions are on screen without scrolling
// sideways; at 390×844 each row is a card of "label / value" pairs; a NUP never breaks; printing shows every column.

const DESKTOP = { width: 1366, height: 768 };
const CELULAR = { width: 390, height: 844 };
/** What an A4 page holds between its default margins, in CSS pixels: a printed table has to fit it. */
const PAPEL = { width: 720, height: 1040 };

const COLUNAS_HISTORICO = [
  'Seq.',
  'Passo',
  'Origem → Destino',
  'Remetente',
  'Despacho',
  'Despachado em',
  'Recebido em',
  'Dias',
];
const COLUNAS_FAVORITOS = [
  'Número',
  'Tipo',
  'Resumo do assunto',
  'Última tramitação',
  'Última alteração',
  'Marcadores',
  'Acompanhar por e-mail',
  'Ações',
];
const COLUNAS_PECAS = ['Nº', 'Arquivo e descrição', 'Cópia e acesso', 'Passo', 'Datas', 'Situação', 'Ações'];
const COLUNAS_BUSCA = ['Número', 'Tipo', 'Assunto', 'Interessado', 'Unidades', 'Criação', 'Tramitação'];
const BUSCA = '/busca?dataCriacaoInicio=2000-01-01&dataCriacaoFim=2100-12-31&tamanhoPagina=20';

interface Favorito {
  idDocumento: number;
  numero: string;
}

/** Admin's favourite with the longest history (the demo's document with about thirty movements). */
async function documentoComHistoricoLongo(request: APIRequestContext): Promise<Favorito & { movimentos: number }> {
  const resposta = await request.get('/api/documentos-favoritos', { params: { tamanhoPagina: '100' } });
  expect(resposta.ok()).toBe(true);
  const candidatos: (Favorito & { movimentos: number })[] = [];
  for (const favorito of (await resposta.json()).itens as Favorito[]) {
    const historico = await request.get(`/api/documentos/${favorito.idDocumento}/tramitacoes`);
    candidatos.push({ ...favorito, movimentos: (await historico.json()).length });
  }
  const maior = candidatos.toSorted((a, b) => b.movimentos - a.movimentos)[0];
  expect(maior?.movimentos).toBeGreaterThanOrEqual(20);
  return maior as Favorito & { movimentos: number };
}

/** How an element is laid out: 'table-row' in a table, 'grid' for a card. */
const exibicao = (elemento: Locator) => elemento.evaluate((no) => getComputedStyle(no).display);

/** The table's scroll container: it must not scroll sideways (everything fits). */
async function semRolagemLateral(tabela: Locator) {
  const medidas = await tabela.evaluate((elemento) => {
    const container = elemento.closest('.MuiTableContainer-root') as HTMLElement;
    return {
      rolavel: container.scrollWidth,
      visivel: container.clientWidth,
      rolado: container.scrollLeft,
      pagina: document.documentElement.scrollWidth,
    };
  });
  expect(medidas.rolado).toBe(0);
  expect(medidas.rolavel).toBeLessThanOrEqual(medidas.visivel);
  expect(medidas.pagina).toBeLessThanOrEqual(await tabela.page().evaluate(() => window.innerWidth));
}

/** Scrolls the page (down only) so that the table's section starts just under the header bar. */
async function rolarAte(page: Page, titulo: string) {
  await page
    .getByRole('heading', { name: titulo, exact: true })
    .evaluate((elemento) => window.scrollTo(0, elemento.getBoundingClientRect().top + window.scrollY - 80));
}

/** Every header of `colunas` is on screen, as a table header. */
async function colunasNaTela(tabela: Locator, colunas: readonly string[]) {
  for (const coluna of colunas) {
    await expect(tabela.getByRole('columnheader', { name: coluna, exact: true })).toBeInViewport();
  }
}

/** Every header of `colunas` is shown within the page's width (printing: the paper's). */
async function colunasNaLargura(tabela: Locator, colunas: readonly string[]) {
  const largura = tabela.page().viewportSize()?.width ?? 0;
  for (const coluna of colunas) {
    const cabecalho = tabela.getByRole('columnheader', { name: coluna, exact: true });
    await expect(cabecalho).toBeVisible();
    const caixa = await cabecalho.boundingBox();
    expect(caixa?.width ?? 0).toBeGreaterThan(10);
    expect(caixa?.x ?? -1).toBeGreaterThanOrEqual(0);
    expect((caixa?.x ?? 0) + (caixa?.width ?? 0)).toBeLessThanOrEqual(largura);
  }
}

/** A NUP on one line: a single line box, no taller than the line. */
async function numeroEmUmaLinha(numero: Locator) {
  const linhas = await numero.evaluate((elemento) => ({
    caixas: elemento.getClientRects().length,
    altura: elemento.getBoundingClientRect().height,
    linha: Number.parseFloat(getComputedStyle(elemento).lineHeight) || 24,
  }));
  expect(linhas.caixas).toBe(1);
  expect(linhas.altura).toBeLessThanOrEqual(linhas.linha * 1.2);
}

/** In card mode: the cell shows its column's name above the value (a label only seen; readers have the header). */
async function rotuloDaCelula(celula: Locator) {
  return celula.evaluate((elemento) => {
    const antes = getComputedStyle(elemento, '::before');
    return { texto: antes.content, exibido: antes.display };
  });
}

/** Each row is a card: its cells stacked in the screen's width, each with its column's label. */
async function conferirCartao(linha: Locator, colunas: readonly string[], semRotulo: readonly string[] = []) {
  const largura = linha.page().viewportSize()?.width ?? 0;
  const caixa = await linha.boundingBox();
  expect(caixa).not.toBeNull();
  expect((caixa?.x ?? 0) + (caixa?.width ?? 0)).toBeLessThanOrEqual(largura);
  expect(await exibicao(linha)).toBe('grid');
  const celulas = linha.getByRole('cell');
  await expect(celulas).toHaveCount(colunas.length);
  for (const [indice, coluna] of colunas.entries()) {
    const rotulo = await rotuloDaCelula(celulas.nth(indice));
    if (semRotulo.includes(coluna)) expect(rotulo.texto).toBe('none');
    else expect(rotulo.texto).toContain(`"${coluna}"`);
  }
}

async function emitirImpressao(page: Page) {
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeHidden();
  await expect(page.getByRole('contentinfo')).toBeHidden();
}

test.describe('a 1366×768', () => {
  test.use({ viewport: DESKTOP });

  test('o histórico longo mostra Recebido em e Dias sem rolar para o lado', async ({ page }) => {
    await entrar(page, 'admin', 'admin', '/home');
    const documento = await documentoComHistoricoLongo(page.request);
    await page.goto(`/documentos/${documento.idDocumento}/tramitacoes`);
    const tabela = page.getByTestId('tabela-movimentacoes');
    await expect(page.getByTestId('movimentacao')).toHaveCount(documento.movimentos);

    await colunasNaTela(tabela, COLUNAS_HISTORICO);
    const primeira = page.getByTestId('movimentacao').first();
    await expect(primeira.getByTestId('dt-recebimento')).toBeInViewport();
    await expect(primeira.getByTestId('dias')).toBeInViewport();
    await semRolagemLateral(tabela);
    // A table still, for everyone.
    expect(await exibicao(primeira)).toBe('table-row');
    await conferirAcessibilidade(page);
  });

  test('os favoritos mostram o e-mail e Remover sem rolar para o lado, o NUP numa linha', async ({ page }) => {
    await entrar(page, 'ana', 'ana', '/documentos-favoritos');
    const tabela = page.getByTestId('tabela-favoritos');
    const linha = tabela.locator('tbody tr').first();
    await expect(linha).toBeVisible();
    await rolarAte(page, 'Favoritos');
    await colunasNaTela(tabela, COLUNAS_FAVORITOS);
    const numero = (await linha.getByRole('link').first().textContent()) ?? '';
    await expect(linha.getByRole('switch', { name: `Acompanhar por e-mail o documento ${numero}` })).toBeInViewport();
    await expect(linha.getByRole('button', { name: `Remover o documento ${numero} dos favoritos` })).toBeInViewport();
    await semRolagemLateral(tabela);
    for (const nup of await tabela.locator('tbody tr td:first-child a').all()) await numeroEmUmaLinha(nup);
    await conferirAcessibilidade(page);
  });

  test('os resultados da busca mostram todas as colunas sem rolar para o lado, o NUP numa linha', async ({ page }) => {
    await entrar(page, 'ana', 'ana', BUSCA);
    const tabela = page.getByTestId('tabela-resultados');
    await expect(tabela.locator('tbody tr')).toHaveCount(20);
    await rolarAte(page, 'Resultados');
    await colunasNaTela(tabela, COLUNAS_BUSCA);
    await expect(tabela.locator('tbody tr').first().getByRole('cell').last()).toBeInViewport();
    await semRolagemLateral(tabela);
    for (const nup of await tabela.locator('tbody tr td:first-child a').all()) await numeroEmUmaLinha(nup);
    await conferirAcessibilidade(page);
  });
});

test.describe('a 390×844', () => {
  test.use({ viewport: CELULAR });

  test('o histórico vira cartões com rótulo e valor', async ({ page }) => {
    await entrar(page, 'admin', 'admin', '/home');
    const documento = await documentoComHistoricoLongo(page.request);
    await page.goto(`/documentos/${documento.idDocumento}/tramitacoes`);
    const tabela = page.getByTestId('tabela-movimentacoes');
    const linhas = page.getByTestId('movimentacao');
    await expect(linhas).toHaveCount(documento.movimentos);
    await conferirCartao(linhas.first(), COLUNAS_HISTORICO);
    await conferirCartao(linhas.last(), COLUNAS_HISTORICO);
    // The values are stacked in the card, all on screen once it is.
    await linhas.first().getByTestId('dias').scrollIntoViewIfNeeded();
    await expect(linhas.first().getByTestId('dias')).toBeInViewport();
    await expect(linhas.first().getByTestId('dt-recebimento')).toBeInViewport();
    await semRolagemLateral(tabela);
    // Screen readers still get a table (the browser's own accessibility tree), the labels not read twice.
    const { nodes } = await (await page.context().newCDPSession(page)).send('Accessibility.getFullAXTree');
    const papeis = (papel: string) => nodes.filter((no) => no.role?.value === papel);
    expect(papeis('table')).toHaveLength(1);
    expect(papeis('columnheader').map((no) => no.name?.value)).toEqual(COLUNAS_HISTORICO);
    expect(papeis('row')).toHaveLength(documento.movimentos + 1);
    expect(papeis('cell')).toHaveLength(documento.movimentos * COLUNAS_HISTORICO.length);
    expect(papeis('cell')[0]?.name?.value).toBe('1');
    await conferirAcessibilidade(page);
  });

  test('os favoritos viram cartões com o e-mail e Remover ao alcance', async ({ page }) => {
    await entrar(page, 'ana', 'ana', '/documentos-favoritos');
    const tabela = page.getByTestId('tabela-favoritos');
    const linha = tabela.locator('tbody tr').first();
    await expect(linha).toBeVisible();
    await conferirCartao(linha, COLUNAS_FAVORITOS, ['Número', 'Ações']);
    const nup = linha.getByRole('link').first();
    const numero = (await nup.textContent()) ?? '';
    await numeroEmUmaLinha(nup);
    const remover = linha.getByRole('button', { name: `Remover o documento ${numero} dos favoritos` });
    await remover.scrollIntoViewIfNeeded();
    await expect(remover).toBeInViewport();
    await expect(linha.getByRole('switch', { name: `Acompanhar por e-mail o documento ${numero}` })).toBeInViewport();
    await semRolagemLateral(tabela);
    await conferirAcessibilidade(page);

    // The card's controls work as the table's: the e-mail switch, turned and turned back.
    const acompanhar = linha.getByRole('switch', { name: `Acompanhar por e-mail o documento ${numero}` });
    const ligado = await acompanhar.isChecked();
    await acompanhar.click();
    await expect(snackbar(page)).toContainText(
      ligado ? MENSAGENS.favoritos.acompanhamentoDesligado : MENSAGENS.favoritos.acompanhamentoLigado,
    );
    await expect(acompanhar).toBeChecked({ checked: !ligado });
    await acompanhar.click();
    await expect(acompanhar).toBeChecked({ checked: ligado });
  });

  test('os resultados da busca viram cartões e ainda se ordenam', async ({ page }) => {
    await entrar(page, 'ana', 'ana', BUSCA);
    const tabela = page.getByTestId('tabela-resultados');
    const linhas = tabela.locator('tbody tr');
    await expect(linhas).toHaveCount(20);
    for (const indice of [0, 19]) await conferirCartao(linhas.nth(indice), COLUNAS_BUSCA, ['Número']);
    for (const nup of await tabela.locator('tbody tr td:first-child a').all()) await numeroEmUmaLinha(nup);
    await semRolagemLateral(tabela);
    await conferirAcessibilidade(page);

    // The sortable headers stay above the cards.
    const ordenarPorNumero = tabela.getByRole('button', { name: 'Número' });
    await ordenarPorNumero.scrollIntoViewIfNeeded();
    await expect(ordenarPorNumero).toBeInViewport();
    await ordenarPorNumero.click();
    await page.waitForURL((url) => url.searchParams.get('ordenacao') === 'numero');
    await expect
      .poll(async () => {
        const numeros = await tabela.locator('tbody tr td:first-child a').allTextContents();
        return numeros.join() === numeros.toSorted().join();
      })
      .toBe(true);
  });
});

test('a 390×844 as demais tabelas também viram cartões, sem rolagem lateral', async ({ page }) => {
  await page.setViewportSize(CELULAR);
  await entrar(page, 'admin', 'admin', '/arquivos-assinados');
  const telas = [
    { endereco: '/arquivos-assinados', tabela: 'tabela-assinados', primeiroRotulo: 'Arquivo', indice: 1 },
    {
      endereco: '/administracao/edicao-tipo-documental',
      tabela: 'tabela-tipos-documentais',
      primeiroRotulo: 'Descrição',
    },
    {
      endereco: '/administracao/edicao-de-vocabulario-controlado',
      tabela: 'tabela-vocabulario',
      primeiroRotulo: 'Descrição',
    },
  ];
  for (const tela of telas) {
    await page.goto(tela.endereco);
    const tabela = page.getByTestId(tela.tabela);
    const linha = tabela.locator('tbody tr').first();
    await expect(linha).toBeVisible();
    expect(await exibicao(linha)).toBe('grid');
    const rotulo = await rotuloDaCelula(linha.locator(':scope > td, :scope > th').nth(tela.indice ?? 0));
    expect(rotulo.texto).toContain(`"${tela.primeiroRotulo}"`);
    await semRolagemLateral(tabela);
    await conferirAcessibilidade(page);
  }
});

test.describe('impressão', () => {
  test('o histórico impresso mostra todas as colunas, como tabela, na largura do papel', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await entrar(page, 'admin', 'admin', '/home');
    const documento = await documentoComHistoricoLongo(page.request);
    await page.goto(`/documentos/${documento.idDocumento}/tramitacoes`);
    const tabela = page.getByTestId('tabela-movimentacoes');
    await expect(page.getByTestId('movimentacao')).toHaveCount(documento.movimentos);

    // Even from a phone, print is a table (no cards), as wide as the paper.
    await page.setViewportSize(PAPEL);
    await emitirImpressao(page);
    await colunasNaLargura(tabela, COLUNAS_HISTORICO);
    expect(await exibicao(page.getByTestId('movimentacao').first())).toBe('table-row');
    await semRolagemLateral(tabela);
    await expect(page.getByRole('tab')).toHaveCount(0);
  });

  test('os resultados impressos mostram todas as colunas, sem paginação', async ({ page }) => {
    await page.setViewportSize(CELULAR);
    await entrar(page, 'ana', 'ana', BUSCA);
    const tabela = page.getByTestId('tabela-resultados');
    await expect(tabela.locator('tbody tr')).toHaveCount(20);
    await page.setViewportSize(PAPEL);
    await emitirImpressao(page);
    await colunasNaLargura(tabela, COLUNAS_BUSCA);
    await semRolagemLateral(tabela);
    await expect(page.getByRole('button', { name: 'Ir para a próxima página' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Buscar' })).toBeHidden();
  });
});

test('as peças cabem em 1366 px com as ações à vista e viram cartões a 390 px', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await entrar(page, 'admin', 'admin', '/home');
  let idDocumento: number | null = null;
  for await (const documento of documentosDaDemonstracao<{ idDocumento: number }>(page.request)) {
    const pecas = await (await page.request.get(`/api/documentos/${documento.idDocumento}/pecas`)).json();
    if (Array.isArray(pecas) && pecas.length >= 3) {
      idDocumento = documento.idDocumento;
      break;
    }
  }
  if (idDocumento === null) throw new Error('a demonstração não tem documento com três peças');
  await page.goto(`/documentos/${idDocumento}/pecas`);
  const tabela = page.getByTestId('tabela-pecas');
  const primeira = page.getByTestId('linha-peca').first();
  await expect(primeira).toBeVisible();
  await tabela.evaluate((elemento) => window.scrollTo(0, elemento.getBoundingClientRect().top + window.scrollY - 80));
  await colunasNaTela(tabela, COLUNAS_PECAS);
  await semRolagemLateral(tabela);
  expect(await exibicao(primeira)).toBe('table-row');

  await page.setViewportSize(CELULAR);
  await expect.poll(() => exibicao(primeira)).toBe('grid');
  await conferirCartao(primeira, COLUNAS_PECAS, ['Ações']);
  await semRolagemLateral(tabela);
  await conferirAcessibilidade(page);
});
