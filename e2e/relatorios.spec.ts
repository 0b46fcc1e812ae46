import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { MENSAGENS } from '@tramite/shared';
import { conferirAcessibilidade, entrar } from './apoio.ts';

// Generating a PDF on a busy machine can take a while.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

/** Types a date and time (DD/MM/YYYY HH:mm) into a pt-BR date-time field, section by section as a person does. */
async function preencherDataHora(page: Page, rotulo: string, digitos: string) {
  await page.getByRole('group', { name: rotulo, exact: true }).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(digitos);
  await page.keyboard.press('Tab');
}

async function escolherUnidade(page: Page, texto: string, opcao: RegExp) {
  const combo = page.getByRole('combobox', { name: /^Unidades de procedência/ });
  await combo.click();
  await combo.fill(texto);
  await page.getByRole('option', { name: opcao }).click();
  await page.keyboard.press('Escape');
}

/** Submits the form and checks the answer the browser received: a non-empty PDF, opened or offered for download. */
async function gerarEConferirPdf(page: Page, caminho: string) {
  const [resposta] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === caminho),
    page.getByRole('button', { name: 'Gerar relatório' }).click(),
  ]);
  expect(resposta.status()).toBe(200);
  expect(resposta.headers()['content-type']).toBe('application/pdf');
  expect(resposta.headers()['content-disposition']).toMatch(/^inline; filename="relatorio-/);
  const params = new URL(resposta.url()).searchParams;
  expect(params.getAll('idsUnidades').length).toBeGreaterThan(0);
  expect(params.get('inicio')).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
  const pronto = page.getByTestId('relatorio-pronto');
  const abrir = pronto.getByRole('link', { name: 'Abrir o relatório gerado' });
  await expect(abrir).toHaveAttribute('href', /^blob:/);
  await expect(pronto.getByRole('link', { name: /^Baixar/ })).toHaveAttribute('download', /^relatorio-.*\.pdf$/);
  // Chromium does not keep the body of a streamed answer for Playwright: save the file the page received instead.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    pronto.getByRole('link', { name: /^Baixar/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^relatorio-.*\.pdf$/);
  const arquivo = await readFile(await download.path());
  expect(arquivo.length).toBeGreaterThan(1000);
  expect(arquivo.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(arquivo.subarray(-6).toString('latin1')).toContain('%%EOF');
  // The loading indicator left the stack once the PDF arrived.
  await expect(page.getByRole('button', { name: 'Gerar relatório' })).toBeEnabled();
}

test('o menu de relatórios só aparece para quem tem a permissão RELATORIOS', async ({ page }) => {
  // bruno (Pró-Reitoria de Graduação) holds no permission in the demo; the Protocolo Central's staff hold RELATORIOS.
  await entrar(page, 'bruno', 'bruno', '/caixa-postal');
  await expect(page.getByRole('link', { name: 'Malote' })).toHaveCount(0);
  await page.goto('/relatorios/malote');
  await expect(page.getByText(MENSAGENS.geral.semPermissaoPagina)).toBeVisible();
  // It says who grants the permission, and where.
  await expect(page.getByTestId('sem-permissao')).toContainText('administrador do sistema');
  await expect(page.getByTestId('sem-permissao')).toContainText('Administração › Usuários');
  await expect(page.getByRole('button', { name: 'Gerar relatório' })).toHaveCount(0);
});

test('malote: valida a unidade, gera o PDF das tramitações da unidade e passa no axe', async ({ page }) => {
  await entrar(page, 'admin', 'admin', '/caixa-postal');
  await page.getByRole('link', { name: 'Malote' }).first().click();
  await page.waitForURL('**/relatorios/malote');
  await expect(page.getByRole('heading', { level: 1, name: 'Relatório de malote' })).toBeVisible();
  await conferirAcessibilidade(page);

  await page.getByRole('button', { name: 'Gerar relatório' }).click();
  await expect(page.getByTestId('erro-relatorio')).toHaveText(MENSAGENS.relatorios.filtroObrigatorio);
  await conferirAcessibilidade(page);

  await escolherUnidade(page, 'PROT', /^PROT — Protocolo Central/);
  await preencherDataHora(page, 'Data e hora inicial', '010120000000');
  await gerarEConferirPdf(page, '/api/relatorios/malote');
  await expect(page.getByTestId('erro-relatorio')).toHaveCount(0);
  await conferirAcessibilidade(page);
});

test('desarquivados: gera o PDF do Arquivo Central', async ({ page }) => {
  await entrar(page, 'admin', 'admin', '/relatorios/documentos-desarquivados');
  await expect(page.getByRole('heading', { level: 1, name: 'Relatório de documentos desarquivados' })).toBeVisible();
  await conferirAcessibilidade(page);

  await escolherUnidade(page, 'Arquivo', /^ARQ — Arquivo Central/);
  await preencherDataHora(page, 'Data e hora inicial', '010120000000');
  // An end before the start is refused before calling the server.
  await preencherDataHora(page, 'Data e hora final', '311219991200');
  await page.getByRole('button', { name: 'Gerar relatório' }).click();
  await expect(page.getByTestId('erro-relatorio')).toHaveText(MENSAGENS.relatorios.fimAntesDoInicio);

  await preencherDataHora(page, 'Data e hora final', '311221002359');
  await gerarEConferirPdf(page, '/api/relatorios/desarquivados');
});
