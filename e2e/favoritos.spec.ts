import { type APIRequestContext, expect, test } from '@playwright/test';
import { MENSAGENS } from '@tramite/shared';
import { conferirAcessibilidade, dataBrasilia, entrar, paginaDocumentos, preencherData, snackbar } from './apoio.ts';

interface Resumo {
  idDocumento: number;
  numero: string;
  tipo: string;
  situacao: string;
  resumoAssunto: string | null;
}

/** A received document with a summary that is not yet one of the logged-in user's favourites. */
async function documentoNaoFavorito(request: APIRequestContext): Promise<Resumo & { palavra: string }> {
  const favoritos = await request.get('/api/documentos-favoritos', { params: { tamanhoPagina: '100' } });
  expect(favoritos.ok()).toBe(true);
  const jaFavoritos = new Set(((await favoritos.json()).itens as Resumo[]).map((f) => f.idDocumento));
  for (const item of await paginaDocumentos<Resumo>(request)) {
    if (item.situacao !== 'RECEBIDO' || jaFavoritos.has(item.idDocumento) || !item.resumoAssunto) continue;
    // A long word of the summary, for the text filter.
    const palavra = item.resumoAssunto
      .split(/[^\p{L}]+/u)
      .filter((p) => p.length >= 6)
      .at(0);
    if (palavra) return { ...item, palavra };
  }
  throw new Error('Nenhum documento recebido fora dos favoritos na semente');
}

test.describe.configure({ mode: 'serial', timeout: 180_000 });

test('favoritos: favoritar, listar, filtrar, marcar, acompanhar por e-mail e remover', async ({ page }) => {
  await entrar(page, 'ana', 'ana', '/documentos-favoritos');
  await expect(page.getByRole('heading', { level: 1, name: 'Documentos favoritos' })).toBeVisible();
  await expect(page.getByTestId('tabela-favoritos')).toBeVisible();
  await conferirAcessibilidade(page);

  const documento = await documentoNaoFavorito(page.request);

  // Favourite it from its own screen.
  await page.goto(`/documentos/${documento.idDocumento}`);
  // The action bar's Favorito is a toggle: pressed once the document is a favourite.
  const favorito = page.getByRole('button', { name: 'Favorito', exact: true });
  await expect(favorito).toHaveAttribute('aria-pressed', 'false');
  await favorito.click();
  await expect(snackbar(page)).toContainText(MENSAGENS.favoritos.adicionado);
  await expect(favorito).toHaveAttribute('aria-pressed', 'true');

  // It is in the list, its number linking to the document.
  await page.goto('/documentos-favoritos');
  const linha = page.getByTestId(`favorito-${documento.idDocumento}`);
  await expect(linha).toBeVisible();
  await expect(linha.getByRole('link', { name: documento.numero })).toHaveAttribute(
    'href',
    `/documentos/${documento.idDocumento}`,
  );

  // Filters: an incomplete date range and a short summary are refused with the rule's message.
  await preencherData(page, 'Última alteração inicial', '2000-01-01');
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page.getByTestId('erro-filtros')).toHaveText(MENSAGENS.favoritos.dataAlteracaoIncompleta);
  await preencherData(page, 'Última alteração final', dataBrasilia());
  await page.getByLabel('Resumo do documento').fill('ab');
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page.getByTestId('erro-filtros')).toHaveText(MENSAGENS.busca.resumoCurto);

  await page.getByLabel('Resumo do documento').fill(documento.palavra);
  const tipo = page.getByRole('combobox', { name: 'Tipo documental', exact: true });
  await tipo.click();
  await tipo.fill(documento.tipo.replace(' (Digitalizado)', ''));
  await page.getByRole('option', { name: documento.tipo.replace(' (Digitalizado)', ''), exact: true }).click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page).toHaveURL(/resumoDocumento=/);
  await expect(page).toHaveURL(/idTipoDocumento=\d+/);
  await expect(page.getByTestId('erro-filtros')).toHaveCount(0);
  await expect(linha).toBeVisible();
  // Only documents of the chosen type are left (once the filtered page replaced the previous one).
  const tipos = page.getByTestId('tabela-favoritos').locator('tbody tr td:nth-child(2)');
  await expect.poll(async () => [...new Set(await tipos.allTextContents())]).toEqual([documento.tipo]);
  // A range in the past leaves nothing.
  await preencherData(page, 'Última alteração inicial', '2000-01-01');
  await preencherData(page, 'Última alteração final', '2000-01-31');
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page.getByTestId('nenhum-favorito')).toHaveText(MENSAGENS.favoritos.nenhumFavorito);
  await page.getByRole('button', { name: 'Limpar', exact: true }).click();
  await expect(page).toHaveURL(/\/documentos-favoritos$/);
  await expect(linha).toBeVisible();

  // Tags, in a dialog.
  await linha.getByRole('button', { name: `Editar marcadores do documento ${documento.numero}` }).click();
  const dialogo = page.getByTestId('dialogo-marcadores');
  await expect(dialogo).toBeVisible();
  const campo = dialogo.getByRole('combobox', { name: 'Marcadores' });
  await campo.fill('conferir e2e');
  await campo.press('Enter');
  await campo.fill('Prazo LAI, prazo lai');
  await campo.press('Enter');
  await expect(dialogo.locator('.MuiChip-root')).toHaveCount(2);
  await conferirAcessibilidade(page);
  await dialogo.getByRole('button', { name: 'Salvar marcadores' }).click();
  await expect(snackbar(page)).toContainText(MENSAGENS.documento.marcadoresSalvos);
  await expect(dialogo).toHaveCount(0);
  await expect(linha.getByTestId('marcador-favorito')).toHaveText(['conferir e2e', 'Prazo LAI']);

  // E-mail follow, kept after a reload.
  const acompanhar = linha.getByRole('switch', { name: `Acompanhar por e-mail o documento ${documento.numero}` });
  await expect(acompanhar).not.toBeChecked();
  await acompanhar.click();
  await expect(snackbar(page)).toContainText(MENSAGENS.favoritos.acompanhamentoLigado);
  await expect(acompanhar).toBeChecked();
  await page.reload();
  await expect(
    page
      .getByTestId(`favorito-${documento.idDocumento}`)
      .getByRole('switch', { name: `Acompanhar por e-mail o documento ${documento.numero}` }),
  ).toBeChecked();
  await expect(page.getByTestId(`favorito-${documento.idDocumento}`).getByTestId('marcador-favorito')).toHaveCount(2);
  await conferirAcessibilidade(page);

  // Removal asks first; cancelling keeps it.
  const remover = page
    .getByTestId(`favorito-${documento.idDocumento}`)
    .getByRole('button', { name: `Remover o documento ${documento.numero} dos favoritos` });
  await remover.click();
  const confirmacao = page.getByTestId('dialogo-confirmacao');
  await expect(confirmacao).toContainText(documento.numero);
  await confirmacao.getByRole('button', { name: 'Cancelar' }).click();
  await expect(confirmacao).toHaveCount(0);
  await expect(page.getByTestId(`favorito-${documento.idDocumento}`)).toBeVisible();
  await remover.click();
  await page.getByTestId('dialogo-confirmacao').getByRole('button', { name: 'Remover' }).click();
  await expect(snackbar(page)).toContainText(MENSAGENS.favoritos.removido);
  await expect(page.getByTestId(`favorito-${documento.idDocumento}`)).toHaveCount(0);

  // The document screen agrees, and its tags stayed (one store).
  await page.goto(`/documentos/${documento.idDocumento}`);
  await expect(page.getByRole('button', { name: 'Favorito', exact: true })).toHaveAttribute('aria-pressed', 'false');
});
