import { expect, type Page, test } from '@playwright/test';
import { entrar } from './apoio.ts';

// Issue 23: nothing the user may be about to click moves while a screen arrives. Each screen's first load, logged in,
// keeps its cumulative layout shift (the Layout Instability API's sum, as Lighthouse counts it) within 0.05.

const CLS_MAXIMO = 0.05;

interface Deslocamento {
  valor: number;
  fontes: string[];
}

declare global {
  interface Window {
    deslocamentos: Deslocamento[];
  }
}

/** Records every layout shift of the page not caused by the user's input, with what moved (for the failure report). */
function registrarDeslocamentos() {
  window.deslocamentos = [];
  new PerformanceObserver((lista) => {
    for (const entrada of lista.getEntries() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    })[]) {
      if (entrada.hadRecentInput) continue;
      window.deslocamentos.push({
        valor: entrada.value,
        fontes: entrada.sources.map(({ node, previousRect: antes, currentRect: depois }) => {
          const elemento = node instanceof Element ? node : node?.parentElement;
          const nome = elemento
            ? `${elemento.tagName.toLowerCase()}${elemento.id ? `#${elemento.id}` : ''} "${(elemento.textContent ?? '').trim().slice(0, 40)}"`
            : '?';
          return `${nome}: y ${Math.round(antes.y)} → ${Math.round(depois.y)}, altura ${Math.round(antes.height)} → ${Math.round(depois.height)}`;
        }),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** Each screen and what says its main content has arrived. */
const TELAS: { caminho: string; pronta: (page: Page) => Promise<void> }[] = [
  {
    caminho: '/home',
    pronta: async (page) => {
      await expect(page.getByTestId('contagem-home-vencidos')).toHaveText(/^\d/);
    },
  },
  {
    caminho: '/busca',
    pronta: async (page) => {
      await expect(page.getByRole('button', { name: 'Buscar' })).toBeVisible();
      await expect(page.getByRole('combobox', { name: 'Tipo de documento', exact: true })).toBeEnabled();
    },
  },
  {
    caminho: '/caixa-postal',
    pronta: async (page) => {
      await expect(page.getByTestId('item-caixa-postal').first()).toBeVisible();
    },
  },
  {
    caminho: '/documentos/1',
    pronta: async (page) => {
      await expect(page.getByTestId('numero-documento')).toBeVisible();
      await expect(page.getByTestId('selo-prazo-documento')).toBeVisible();
    },
  },
  {
    caminho: '/autuacoes',
    pronta: async (page) => {
      await expect(page.getByRole('combobox', { name: 'Unidade de procedência', exact: true })).toHaveValue(/ — /);
    },
  },
];

const TAMANHOS = [
  { nome: 'tela larga', viewport: { width: 1350, height: 940 } },
  { nome: 'celular', viewport: { width: 412, height: 823 } },
] as const;

for (const { nome, viewport } of TAMANHOS) {
  test.describe(`estabilidade da primeira carga (${nome})`, () => {
    test.use({ viewport });

    for (const { caminho, pronta } of TELAS) {
      test(`${caminho} chega sem deslocar o que já está na tela`, async ({ page }) => {
        await page.addInitScript(registrarDeslocamentos);
        await entrar(page, 'ana', 'ana', caminho);
        await pronta(page);
        await page.waitForLoadState('networkidle');
        // Two frames let a render caused by the last answer be laid out and observed.
        await page.evaluate(
          () => new Promise<void>((pronto) => requestAnimationFrame(() => requestAnimationFrame(() => pronto()))),
        );
        expect(await page.evaluate(() => PerformanceObserver.supportedEntryTypes.includes('layout-shift'))).toBe(true);
        const deslocamentos = await page.evaluate(() => window.deslocamentos);
        const cls = deslocamentos.reduce((soma, deslocamento) => soma + deslocamento.valor, 0);
        expect(cls, JSON.stringify(deslocamentos, null, 2)).toBeLessThanOrEqual(CLS_MAXIMO);
      });
    }
  });
}
