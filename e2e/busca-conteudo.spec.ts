import { expect, test } from '@playwright/test';
import { type DocumentoResumo, MENSAGENS } from '@tramite/shared';
import { CONTEUDO_DEMO } from '../apps/api/src/db/seed/conteudo.ts';
import { conferirAcessibilidade, dataBrasilia, entrar, preencherData } from './apoio.ts';

// Issue 21 on the demo: Busca's "Conteúdo das peças" finds the scanned laudo (a PNG read by OCR in the server's
// background indexer) by a word only in its image, shows the excerpt and opens the peça; the word of a restricted
// peça finds nothing for an anonymous visitor.

const PERIODO = {
  dataCriacaoInicio: dataBrasilia(-CONTEUDO_DEMO.diasDesdeCriacao - 1),
  dataCriacaoFim: dataBrasilia(1),
};

const semAcentos = (texto: string) => texto.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

test('busca pelo conteúdo de uma peça digitalizada: o trecho destacado e a peça aberta na página', async ({
  page,
  request,
}) => {
  // The server reads the scan by OCR after it starts: the wait is for the indexer, not a speed check.
  test.setTimeout(240_000);
  const palavra = CONTEUDO_DEMO.palavraDigitalizada;
  await expect
    .poll(
      async () => {
        const resposta = await request.get('/api/documentos', { params: { ...PERIODO, conteudoPecas: palavra } });
        const corpo: { itens: DocumentoResumo[] } = await resposta.json();
        return corpo.itens.map((item) => item.ocorrencia?.nomePeca);
      },
      { timeout: 200_000, intervals: [2_000] },
    )
    .toEqual([CONTEUDO_DEMO.nomePecaDigitalizada]);

  await page.goto('/busca');
  await expect(page.getByRole('heading', { level: 1, name: 'Busca de documentos' })).toBeVisible();
  const campo = page.getByRole('textbox', { name: 'Conteúdo das peças' });
  await expect(page.getByText('Use aspas para frase exata e - para excluir uma palavra')).toBeVisible();

  // Without a date range the shared rule says why, under the field, and nothing is searched.
  await campo.fill(palavra);
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(page.getByTestId('erro-busca')).toHaveText(MENSAGENS.busca.conteudoSemDatas);
  await expect(campo).toHaveAttribute('aria-invalid', 'true');

  await preencherData(page, 'Data de criação inicial', PERIODO.dataCriacaoInicio);
  await preencherData(page, 'Data de criação final', PERIODO.dataCriacaoFim);
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await page.waitForURL((url) => url.searchParams.get('conteudoPecas') === palavra);

  const tabela = page.getByTestId('tabela-resultados');
  await expect(page.getByTestId('total-resultados')).toHaveText('1 documento encontrado');
  const ocorrencia = tabela.getByTestId('ocorrencia-busca');
  await expect(ocorrencia).toHaveCount(1);
  await expect(ocorrencia).toContainText(
    new RegExp(`Encontrado na peça \\d+ — ${CONTEUDO_DEMO.nomePecaDigitalizada.replace(/[().]/g, '\\$&')}, página 1`),
  );
  // The excerpt with the word highlighted (OCR may drop an accent; the search ignores accents anyway).
  const destaque = ocorrencia.locator('mark').first();
  await expect(destaque).toBeVisible();
  expect(semAcentos(await destaque.innerText())).toBe(semAcentos(palavra));
  await conferirAcessibilidade(page);

  // The search is in the address: a reload shows it again.
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Conteúdo das peças' })).toHaveValue(palavra);
  await expect(page.getByTestId('ocorrencia-busca')).toHaveCount(1);

  // Usable on a laptop (a table) and on a phone (cards): the excerpt wraps, nothing scrolls sideways.
  for (const largura of [1366, 390]) {
    await page.setViewportSize({ width: largura, height: 800 });
    await expect(page.getByTestId('ocorrencia-busca').locator('mark').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(largura);
  }
  await conferirAcessibilidade(page);

  const link = page.getByTestId('ocorrencia-busca').getByRole('link', { name: /^Abrir a peça na página 1/ });
  const endereco = await link.getAttribute('href');
  expect(endereco).toMatch(/^\/api\/documentos\/\d+\/anexos\/\d+\/binario#page=1$/);
  const [aberta] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  expect(aberta.url()).toMatch(/\/binario#page=1$/);
  await aberta.close();
  // The file the link opens is served (the fragment never reaches the server): the scanned image.
  const arquivo = await request.get((endereco as string).split('#')[0] as string);
  expect(arquivo.status()).toBe(200);
  expect(arquivo.headers()['content-type']).toMatch(/^image\/png/);
});

test('a palavra de uma peça restrita não acha nada para um visitante anônimo', async ({ page, browser, request }) => {
  test.setTimeout(240_000);
  const palavra = CONTEUDO_DEMO.palavraRestrita;
  // First the peça is read: a VISUALIZACAO_IRRESTRITA_PECAS holder (admin) finds it, with the excerpt.
  await entrar(page, 'admin');
  await expect
    .poll(
      async () => {
        const resposta = await page.request.get('/api/documentos', { params: { ...PERIODO, conteudoPecas: palavra } });
        const corpo: { itens: DocumentoResumo[] } = await resposta.json();
        return corpo.itens.map((item) => item.ocorrencia?.nomePeca);
      },
      { timeout: 200_000, intervals: [2_000] },
    )
    .toEqual([CONTEUDO_DEMO.nomePecaRestrita]);

  // Anonymous: no hit, through the API and on the screen.
  const resposta = await request.get('/api/documentos', { params: { ...PERIODO, conteudoPecas: palavra } });
  expect(resposta.status()).toBe(200);
  expect(await resposta.json()).toMatchObject({ total: 0, itens: [] });
  const anonima = await (await browser.newContext({ baseURL: new URL(page.url()).origin })).newPage();
  const consulta = new URLSearchParams({ ...PERIODO, conteudoPecas: palavra });
  await anonima.goto(`/busca?${consulta}`);
  await expect(anonima.getByTestId('nenhum-resultado')).toBeVisible();
  await expect(anonima.getByTestId('ocorrencia-busca')).toHaveCount(0);
  await conferirAcessibilidade(anonima);
  await anonima.context().close();
});
