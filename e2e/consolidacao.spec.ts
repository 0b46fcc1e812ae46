import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { PREFIXO_CONSOLIDACAO } from '@tramite/shared';
import { PDFDocument } from 'pdf-lib';
import { CONTEUDO_DEMO } from '../apps/api/src/db/seed/conteudo.ts';
import { conferirAcessibilidade, documentosDaDemonstracao, entrar } from './apoio.ts';

/**
 * A seeded document with at least two PDF peças, all of them public and none the demo's password-protected PDF (issue
 * 21: a consolidation cannot include it, by design): a consolidation of it holds nothing more than an
 * anonymous reader may see, so it is not bound to its requester and its uuid opens it for anyone.
 */
async function documentoComPecas(request: APIRequestContext): Promise<{ id: number; numero: string }> {
  for await (const item of documentosDaDemonstracao<{ idDocumento: number; numero: string }>(request)) {
    const pecas = (await (await request.get(`/api/documentos/${item.idDocumento}/anexos`)).json()) as {
      podeVisualizar: boolean;
      tipoMime: string;
      nome: string | null;
    }[];
    const todasPublicas = pecas.every((p) => p.podeVisualizar && p.nome !== CONTEUDO_DEMO.nomePecaProtegida);
    if (todasPublicas && pecas.filter((p) => p.tipoMime === 'application/pdf').length >= 2) {
      return { id: item.idDocumento, numero: item.numero };
    }
  }
  throw new Error('Nenhum documento com peças em PDF na semente');
}

test.describe('consolidação', () => {
  test('solicitada no documento, acompanhada em /consolidacao e baixada como PDF', async ({ page, browser }) => {
    test.setTimeout(90_000);
    const documento = await documentoComPecas(page.request);
    await entrar(page, 'ana', 'ana', `/documentos/${documento.id}`);
    await page.getByRole('button', { name: 'Solicitar consolidação' }).click();
    const linkConsolidacao = page.getByRole('link', { name: /tela de consolidação/ });
    const aviso = page.getByRole('alert').filter({ has: linkConsolidacao });
    await expect(aviso).toContainText('Consolidação solicitada');
    await linkConsolidacao.click();
    await expect(page).toHaveURL('/consolidacao');

    const linha = page.getByTestId('linha-consolidacao').filter({ hasText: documento.numero }).first();
    await expect(linha).toBeVisible();
    // The queue runs every 2 s in the server; the page polls while the request is pending.
    await expect(linha.getByText('Concluída')).toBeVisible({ timeout: 45_000 });
    await conferirAcessibilidade(page);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      linha.getByRole('link', { name: `Baixar a consolidação de ${documento.numero}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`consolidacao-${documento.numero.replace('/', '-')}.pdf`);
    const bytes = await readFile((await download.path()) as string);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await PDFDocument.load(bytes)).getPageCount()).toBeGreaterThan(1);

    // Without logging in, the consolidations remembered by the browser (keys PROTOCOLO...) are looked up.
    const guardadas = await page.evaluate(
      (prefixo) =>
        Object.keys(localStorage)
          .filter((chave) => chave.startsWith(prefixo))
          .map((chave) => [chave, localStorage.getItem(chave) ?? ''] as const),
      PREFIXO_CONSOLIDACAO,
    );
    expect(guardadas.length).toBeGreaterThan(0);
    const anonimo = await browser.newContext();
    const paginaAnonima = await anonimo.newPage();
    await paginaAnonima.goto('/ajuda');
    await paginaAnonima.evaluate((itens) => {
      for (const [chave, valor] of itens) localStorage.setItem(chave, valor);
    }, guardadas);
    await paginaAnonima.goto('/consolidacao');
    const linhaAnonima = paginaAnonima.getByTestId('linha-consolidacao').filter({ hasText: documento.numero });
    await expect(linhaAnonima.getByText('Concluída')).toBeVisible();
    await expect(linhaAnonima.getByRole('link', { name: /Baixar a consolidação/ })).toBeVisible();
    await anonimo.close();
  });

  test('sair do sistema esquece as consolidações guardadas no navegador', async ({ page }) => {
    const documento = await documentoComPecas(page.request);
    await entrar(page, 'bruno', 'bruno', `/documentos/${documento.id}`);
    await page.getByRole('button', { name: 'Solicitar consolidação' }).click();
    await page.getByRole('link', { name: /tela de consolidação/ }).click();
    await expect(page).toHaveURL('/consolidacao');
    await expect(page.getByTestId('linha-consolidacao').filter({ hasText: documento.numero }).first()).toBeVisible();
    const chaves = () =>
      page.evaluate(
        (prefixo) => Object.keys(localStorage).filter((chave) => chave.startsWith(prefixo)),
        PREFIXO_CONSOLIDACAO,
      );
    expect((await chaves()).length).toBeGreaterThan(0);

    await page.getByRole('button', { name: /Sair/i }).click();
    await page.waitForURL('**/home');
    expect(await chaves()).toEqual([]);
    await page.goto('/consolidacao');
    await expect(page.getByText('Nenhuma consolidação solicitada')).toBeVisible();
    await expect(page.getByTestId('linha-consolidacao')).toHaveCount(0);
  });

  test('sem consolidações, a tela explica como solicitar', async ({ page }) => {
    await page.goto('/consolidacao');
    await expect(page.getByRole('heading', { level: 1, name: 'Consolidação' })).toBeVisible();
    await expect(page.getByText('Nenhuma consolidação solicitada')).toBeVisible();
    await conferirAcessibilidade(page);
  });
});
