import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

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

export const snackbar = (page: Page) => page.getByTestId('snackbar');

/** YYYY-MM-DD in Brasília, `dias` days from today. */
export function dataBrasilia(dias = 0): string {
  const data = new Date(Date.now() + dias * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(data);
}

/** A pt-BR date field, by its label. */
export const campoData = (page: Page, rotulo: string) => page.getByRole('group', { name: rotulo, exact: true });

/** Types a date (YYYY-MM-DD, or '' to clear) into a pt-BR date field, section by section as a person does. */
export async function preencherData(page: Page, rotulo: string, data: string) {
  await campoData(page, rotulo).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  if (data) {
    const [ano, mes, dia] = data.split('-');
    await page.keyboard.type(`${dia}${mes}${ano}`);
  }
  await page.keyboard.press('Tab');
}

/** Types into an autocomplete and picks one of the options it finds. */
export async function escolher(page: Page, campo: string, texto: string, opcao: string | RegExp) {
  const combo = page.getByRole('combobox', { name: campo, exact: true });
  await combo.click();
  await combo.fill(texto);
  await page.getByRole('option', { name: opcao }).click();
}

/**
 * One page (100 rows) of the demo's documents through the real API: every one created until today, or as
 * `parametros` narrow or widen the query.
 */
export async function paginaDocumentos<T>(
  request: APIRequestContext,
  pagina = 1,
  parametros: Record<string, string> = {},
): Promise<T[]> {
  const resposta = await request.get('/api/documentos', {
    params: {
      dataCriacaoInicio: '2000-01-01',
      dataCriacaoFim: dataBrasilia(),
      tamanhoPagina: '100',
      pagina: String(pagina),
      ...parametros,
    },
  });
  expect(resposta.ok()).toBe(true);
  return (await resposta.json()).itens;
}

/** The demo's documents one by one, over the first ten pages of `paginaDocumentos` (until one comes empty). */
export async function* documentosDaDemonstracao<T>(request: APIRequestContext): AsyncGenerator<T> {
  for (let pagina = 1; pagina <= 10; pagina++) {
    const itens = await paginaDocumentos<T>(request, pagina);
    if (itens.length === 0) return;
    yield* itens;
  }
}
